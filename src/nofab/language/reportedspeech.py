"""Reported speech in an answer: the words of a message, a note or a person, quoted.

Principle: an answer that quotes a text ('Message: "the barbecue moved to Sunday"', 'I wrote
to her: 'the meeting was cancelled'', a blockquote after "Message:") reports that text's
words; a verb inside the quotation is the quoted text's, not a deed the answer claims. So a
claim whose span lies wholly inside a quotation is no claim of the answer (the deed of
sending the text is the answer's, and is read outside the quotation).

A quotation here is a run of at least ``_MIN_WORDS`` words between paired quotation marks
(straight or curly double quotes, guillemets, or single quotes that open after a space or a
colon and close before a space or a stop, so "I've" and "Aiko's" open nothing), or a
Markdown blockquote line ("> ...") right after a line that ends with a colon, the way an
answer introduces the text it sent, or the rest of a sentence after a colon that follows a
verb of saying or writing in its clause ("I texted her: the party moved to 4", "the message
reads: ..."; each language's ``speech_verbs``; a label's colon, "Note:", opens nothing).

Risk: an answer that puts its own report inside quotation marks ('"I've cancelled your
booking"') or after a colon of speech ("I told the airline: your flight is cancelled") is not
read as claiming it; a scare-quoted single word ('I "cancelled" it') is too
short to be a quotation and stays a claim.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import accumulate
from typing import Protocol, TypeVar

from nofab.language.casefree import ascii_twin
from nofab.language.vocabulary import LANGUAGES, load

#: Paired quotation marks around up to 400 characters of one line.
_QUOTED = re.compile(
    r'"[^"\n]{1,400}"'
    r"|“[^”\n]{1,400}”"
    r"|«[^»\n]{1,400}»"
    r"|„[^“”\n]{1,400}[“”]"
    # single quotes: opened after a line start, a space, a colon or a bracket, closed before
    # a space, a stop or the line's end (an apostrophe inside a word is neither). Each branch
    # opens with its quotation mark and looks behind it (not "(?<=^)|(?<=[...])" first), so
    # ``re`` skips ahead to the marks instead of trying every branch at every character.
    r"|'(?<![^\s:(\[—–]')(?=\w)[^\n]{1,400}?(?<=\S)['’](?=[\s.,;:!?)\]—–]|$)"
    r"|‘(?<![^\s:(\[—–]‘)(?=\w)[^\n]{1,400}?(?<=\S)['’](?=[\s.,;:!?)\]—–]|$)",
    re.MULTILINE,
)
#: A blockquote line right after a line that ends with a colon ("Message:\n> ...").
_BLOCKQUOTE = re.compile(r"(?<=:)[ \t]*\*{0,2}[ \t]*\n(?:[ \t]*\n)?(?P<quote>[ \t]*>[^\n]*)")
_MARKS = re.compile(r"[\"“«„'‘>]")
_WORD = re.compile(r"\w+")
#: Fewer words than this between quotation marks are a title or a scare quote, not speech.
_MIN_WORDS = 3


@cache
def _speech() -> re.Pattern[str]:
    """A verb of saying, the rest of its clause, a colon, then the words said (to a stop)."""
    verbs = sorted(
        {w for code in LANGUAGES for w in load(code).get("speech_verbs", ())}, key=len, reverse=True
    )
    # Grouped by first letter ("a(?:ntwortete|nswered)|r(?:espondeu|eplied)|..."): at one place
    # only the group of its letter can match, and each group keeps the longest-first order, so
    # the matches are the same; but the engine tries one group per word, not each of 55 verbs
    # with IGNORECASE (2.6x faster over τ-bench's answers, scanned whenever one has a colon).
    by_first: dict[str, list[str]] = {}
    for verb in verbs:
        by_first.setdefault(verb[:1].lower(), []).append(verb)
    alternatives = "|".join(
        re.escape(first) + "(?:" + "|".join(re.escape(v[1:]) for v in group) + ")"
        for first, group in by_first.items()
    )
    return re.compile(
        rf"(?<![\w'’])(?:{alternatives})(?![\w'’])[^.!?;\n:]{{0,60}}:[ \t]*"
        r"(?P<speech>[^\s*>][^\n]*?)(?=[.!?](?:\s|$)|\n|$)",
        re.IGNORECASE,
    )


class _Spanned(Protocol):
    @property
    def span(self) -> tuple[int, int]: ...


_C = TypeVar("_C", bound=_Spanned)


def quotation_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) spans of ``text``'s quotations (reported speech), in order."""
    if _MARKS.search(text) is None and ":" not in text:
        return []
    spans = [
        m.span()
        for m in _QUOTED.finditer(text)
        if len(_WORD.findall(m.group(), 0, _MIN_WORDS * 40)) >= _MIN_WORDS
    ]
    spans.extend(m.span("quote") for m in _BLOCKQUOTE.finditer(text))
    if ":" in text:
        spans.extend(m.span("speech") for m in _speech_in(text))
    return sorted(spans)


def _speech_in(text: str) -> Iterator[re.Match[str]]:
    """``_speech()``'s matches in ``text``. An ASCII text is read lower-cased by the pattern's
    twin without IGNORECASE (``casefree.ascii_twin``: the same matches on lower-case ASCII,
    and lower-casing ASCII keeps every offset), which ``re`` scans twice as fast: with
    IGNORECASE it folds every character it tests."""
    if text.isascii() and (twin := _speech_twin()) is not None:
        return twin.finditer(text.lower())
    return _speech().finditer(text)


@cache
def _speech_twin() -> re.Pattern[str] | None:
    return ascii_twin(_speech())


def outside_quotations(claims: Sequence[_C], text: str) -> list[_C]:
    """``claims`` without those whose span lies wholly inside a quotation of ``text``."""
    if not claims:
        return list(claims)
    spans = quotation_spans(text)
    if not spans:
        return list(claims)
    # A claim lies inside some quotation when the furthest end among the quotations opened at
    # or before it reaches its end: one binary search per claim, not a scan of every quotation.
    starts = [s for s, _e in spans]
    reach = list(accumulate((e for _s, e in spans), max))
    kept = []
    for claim in claims:
        i = bisect_right(starts, claim.span[0])
        if not (i and reach[i - 1] >= claim.span[1]):
            kept.append(claim)
    return kept
