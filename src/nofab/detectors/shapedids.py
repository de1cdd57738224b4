"""Identifiers whose shape alone is too common to check, checked when the evidence itself
issues identifiers of that shape: version strings and lower-case prefixed ids.

Principle: a shape that is ambiguous in prose ("v2.15.0" could be general knowledge,
"rb-2270" could be a product name) becomes an identifier once this turn's tools hand out
strings of exactly that shape. The tool is then the answer's source for such strings, and
one the evidence does not hold was not copied but made up (a version bumped, two digits
swapped in a rollback id).

Risk: an answer that quotes a version or id from elsewhere (a release note it knows, a
ticket the user mentioned in an earlier conversation) beside tools that issued others.
Both gates keep that narrow: a version needs a ``v`` prefix or a version word before it,
and the evidence must hold a version too; a lower-case id needs the very prefix of an id
the evidence holds ("rb-" beside "rb-2207"), so "covid-19" or "utf-8" are never read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from nofab.detectors.lookup import Lookup
from nofab.evidence.index import Evidence
from nofab.language.text import fold

#: A ``v``-marked version is as plainly an issued string as a code (``ORD-1001``); a bare
#: triple leans on the version word before it, so it sits at the default threshold.
CONFIDENCE_VERSION = 0.85
CONFIDENCE_BARE_VERSION = 0.8
CONFIDENCE_LOWER_ID = 0.8

#: A version: "v2.15.0", "V3.1", or a bare dotted triple "2.15.0" (optionally "-rc.1").
#: Not after a word character or a dot, not before one: "10.0.0.1" (an address) and
#: "3.3.2026" (a date, four-digit part) are never read as versions.
_VERSION = re.compile(
    r"(?<![\w.\-/])(?P<v>[vV])?(?P<core>\d{1,3}\.\d{1,3}(?:\.\d{1,3})?)"
    r"(?P<pre>-[0-9A-Za-z]{1,16}(?:\.[0-9A-Za-z]{1,16}){0,3})?(?![\w/]|\.\d)"
)
#: Words that say the next dotted triple is a version, in the lexicon's languages.
_VERSION_WORDS = re.compile(
    r"(?:version|versión|versão|versione|release|build|tag|upgrade[ds]?|downgrade[ds]?|"
    r"rolled back|rollback|actualizad[oa]|atualizad[oa]|mise à jour)\W{0,12}(?:\w+\W{1,3}){0,2}$",
    re.IGNORECASE,
)
#: A lower-case id: a short letter prefix, a hyphen, three or more digits ("rb-2207").
_LOWER_ID = re.compile(r"(?<![\w\-])(?P<prefix>[a-z]{1,6})-\d{3,12}(?![\w]|-\w)")


#: What every candidate holds, as a literal first character: ``re`` finds these by a fast
#: substring scan, where the full patterns (a lookbehind first) are tried at every position.
_DOT_DIGIT = re.compile(r"\.\d")
_HYPHEN_DIGITS = re.compile(r"-\d\d\d")


def _from_marks(
    text: str, marks: re.Pattern[str], pattern: re.Pattern[str], back: str
) -> Iterator[re.Match[str]]:
    """``pattern``'s matches of ``text``, each tried only where a mark is: from the mark,
    back over the characters of ``back`` (the run a match may start with), then forward."""
    done = 0
    for mark in marks.finditer(text):
        start = mark.start()
        if start < done:
            continue  # inside the previous match (a triple's second dot)
        while start > 0 and text[start - 1] in back:
            start -= 1
        m = pattern.match(text, start)
        if m is not None and m.end() > mark.start():
            done = m.end()
            yield m


def _keep(start: int, end: int) -> bool:
    return False


def _version_shaped(text: str) -> Iterator[re.Match[str]]:
    """Every version candidate of ``text`` that a ``v`` marks or whose core is a triple."""
    for m in _from_marks(text, _DOT_DIGIT, _VERSION, "0123456789.vV"):
        if m.group("v") or m.group("core").count(".") == 2:
            yield m


def ungrounded_versions(
    evidence: Evidence, answer: str, skip: Callable[[int, int], bool] = _keep
) -> Iterator[tuple[str, tuple[int, int], float]]:
    """(shape, span, confidence) of each version in ``answer`` the evidence does not hold,
    when the evidence holds versions itself. ``skip(start, end)``: a span already read as
    another shape (a path holding "v2.1.0"), dropped before the evidence is asked."""
    candidates = [
        m
        for m in _version_shaped(answer)
        if not skip(*m.span())
        # a bare triple with no version word before it: a figure, a section number
        if m.group("v") or _VERSION_WORDS.search(answer[max(0, m.start() - 40) : m.start()])
    ]
    # The evidence is scanned only for an answer that cites a version.
    if not candidates or next(_version_shaped(evidence.folded), None) is None:
        return
    asked = []
    for m in candidates:
        bare = m.group(0)[1:] if m.group("v") else m.group(0)
        asked += [m.group(0), bare, "v" + bare, "v" + m.group("core"), m.group("core")]
    grounds = grounds_of(evidence, asked)
    for m in candidates:
        core = m.group("core")
        text = m.group(0)
        bare = text[1:] if m.group("v") else text
        if grounds(text) or grounds(bare) or grounds("v" + bare):
            continue
        if m.group("pre") is None and (grounds("v" + core) or grounds(core)):
            continue
        yield "version", m.span(), CONFIDENCE_VERSION if m.group("v") else CONFIDENCE_BARE_VERSION


def ungrounded_lower_ids(
    evidence: Evidence, answer: str, skip: Callable[[int, int], bool] = _keep
) -> Iterator[tuple[str, tuple[int, int], float]]:
    """(shape, span, confidence) of each lower-case prefixed id the evidence does not hold,
    when the evidence holds an id with the same prefix (``skip``: as for versions; "part-123"
    inside a file path is the path's)."""
    if "-" not in answer:
        return
    candidates = [
        m
        for m in _from_marks(answer, _HYPHEN_DIGITS, _LOWER_ID, "abcdefghijklmnopqrstuvwxyz")
        if not skip(*m.span())
    ]
    if not candidates:
        return
    prefixes = {
        m.group("prefix")
        for m in _from_marks(evidence.folded, _HYPHEN_DIGITS, _LOWER_ID, "abcdefghijklmnopqrstuvwxyz")
    }
    candidates = [m for m in candidates if m.group("prefix") in prefixes]
    grounds = grounds_of(evidence, [m.group(0) for m in candidates])
    for m in candidates:
        if not grounds(m.group(0)):
            yield "code", m.span(), CONFIDENCE_LOWER_ID


#: From this many questions on, the evidence is read once for all of them (``Lookup``)
#: instead of scanned once per question (answer x evidence on a long answer). A plain scan is
#: ``str.find`` (C) and ``Lookup`` a Python loop over every word run of the evidence, so the
#: scans stay cheaper up to about a hundred questions: eight ids against a τ-bench turn's
#: 12 KB of evidence cost 30 µs scanned and 1 ms through ``Lookup`` (at 8, the slowest turns'
#: largest single cost). The answers are the same either way (``Lookup`` is exact). Risk: a
#: scan steps once per occurrence of its question glued inside a longer token; two different
#: questions of one length never start at one place, so the steps stay under the evidence's
#: length times the distinct lengths asked (times repeats of a question), not the count.
_LOOKUP_FROM = 64


def grounds_of(evidence: Evidence, texts: list[str]) -> Callable[[str], bool]:
    """``evidence.grounds`` for ``texts``, answered in one pass when they are many."""
    if len(texts) < _LOOKUP_FROM:
        return evidence.grounds
    held = Lookup(evidence.folded, {fold(t) for t in texts}).tokens
    return lambda text: fold(text) in held
