"""Completion idioms after a failed action: "Your payment went through — you're all set",
"Listo, se procesó el pago", "Die Zahlung ist durchgegangen" when the pay call failed.

Principle: an idiom that reports an action as done without naming its verb ("went
through", "is done", "all set", "se procesó", "c'est fait", "ist erledigt", "deu certo") can
only be about an action this turn attempted. When every call this turn that could change
something failed (no write succeeded, no retry of the failed tool succeeded), there is no
action the idiom could report, so it states the failure as a success.

An answer that opens with a bare completion word followed by punctuation ("Done! Here's your
updated trip", "¡Listo!", "Erledigt –", "Pronto!": ``openers``) reports the same: the word
says the turn's action is done, and it is read only there (elsewhere "done" says something
else: "when you're done").

Risk: the idiom may speak of something done in an earlier conversation ("your last payment
went through") while this turn's write failed, and an answer that says the failure only
in words none of the language's admission lists hold is flagged. An answer that admits a
failure (an inability phrase, "failed", "sorry", "leider") is left alone unless its
admissions name one failed call's object and the idiom's sentence another's
(``admittedcalls``): an admission excuses only the failure it describes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from nofab.detectors.admittedcalls import unadmitted_failure
from nofab.detectors.outcomelabels import failed_labels
from nofab.evidence.index import Evidence
from nofab.language.lexicon import LANGUAGES
from nofab.language.text import normalise
from nofab.language.vocabulary import load
from nofab.model.turn import ToolCall

_WORDS = re.compile(r"\w+(?:['’]\w+)?")
#: Where the clause that holds an idiom starts (its negation is looked for there).
_CLAUSE_START = re.compile(r"[.!?;,:\n—–]")


@dataclass(frozen=True, slots=True)
class Completion:
    """An idiom reporting as done an action whose only calls failed."""

    span: tuple[int, int]
    phrase: str
    call: ToolCall
    #: the finding's reason when the default one (every action call failed) does not fit
    why: str = ""


@cache
def _vocabulary() -> tuple[tuple[str, ...], tuple[str, ...], frozenset[str]]:
    """(idioms, admissions, negations) of every language, normalised."""
    phrases: list[str] = []
    admissions: list[str] = []
    negations: set[str] = set()
    for code in LANGUAGES:
        data = load(code)
        spec = data.get("completion_idioms", {})
        phrases.extend(normalise(p) for p in spec.get("phrases", ()))
        admissions.extend(normalise(a) for a in spec.get("admissions", ()))
        negations.update(normalise(n) for n in data.get("negations", ()))
    return tuple(sorted(set(phrases), key=len, reverse=True)), tuple(admissions), frozenset(negations)


@cache
def _openers() -> tuple[str, ...]:
    """The completion words read at the answer's start (``openers``), longest first."""
    words = {
        normalise(w) for code in LANGUAGES for w in load(code).get("completion_idioms", {}).get("openers", ())
    }
    return tuple(sorted(words, key=len, reverse=True))


def _opening(norm: str) -> tuple[int, str] | None:
    """(position, word) of a completion word that opens the answer before punctuation."""
    head = norm.lstrip(" \t\n*_#>•¡-")
    at = len(norm) - len(head)
    for word in _openers():
        rest = head[len(word) :].lstrip(" *_")
        if head.startswith(word) and (not rest or rest[0] in "!.,:;—–-"):
            return at, word
    return None


def _find(text: str, phrase: str) -> int:
    """Where ``phrase`` first stands in ``text`` at word boundaries, or -1."""
    start = text.find(phrase)
    while start != -1:
        end = start + len(phrase)
        if (start == 0 or not text[start - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
            return start
        start = text.find(phrase, start + 1)
    return -1


def admits_failure(evidence: Evidence) -> bool:
    """Does the answer say something went wrong (an inability phrase, "failed", "leider")?"""
    return _admits(evidence, evidence.answer)


def _admits(evidence: Evidence, text: str) -> bool:
    """Does ``text`` say something went wrong?"""
    norm = normalise(text)
    admissions = _vocabulary()[1]
    return evidence.lexicon.states_inability(text) or any(_find(norm, a) != -1 for a in admissions)


def failed_completion(evidence: Evidence) -> Completion | None:
    """The first completion idiom of an answer whose turn's every action call failed, or
    else its first outcome label a failed call contradicts (``outcomelabels``)."""
    return _failed_idiom(evidence) or _failed_label(evidence)


def _only_failed_writes(evidence: Evidence) -> list[ToolCall]:
    """This turn's failed action calls, when no action call of this turn succeeded (a write
    that succeeded may be what an idiom reports); else none."""
    lexicon = evidence.lexicon
    if any(not c.earlier and not lexicon.reads_only(c) for c in evidence.succeeded_calls):
        return []
    return [c for c in evidence.failed_calls if not c.earlier and not lexicon.reads_only(c)]


def failed_opener(evidence: Evidence) -> Completion | None:
    """A completion word opening an answer whose turn's every action call failed (asked
    last: idioms, labels and stated possessions name what was done)."""
    done = {c.name for c in evidence.succeeded_calls}  # an earlier turn's success: the deed stands
    failed = [c for c in _only_failed_writes(evidence) if c.name not in done]
    if not failed:
        return None
    opening = _opening(normalise(evidence.answer))
    if opening is None or admits_failure(evidence):
        return None
    at, word = opening
    return Completion((at, at + len(word)), word, failed[0])


def _failed_label(evidence: Evidence) -> Completion | None:
    """The first outcome label ("Password: changed") whose deed's own call failed."""
    for span, label, call in failed_labels(evidence):
        if admits_failure(evidence):
            return None
        why = (
            f"labels '{label.strip()}' as done, but the {call.name} call this turn failed "
            f"({(call.error or 'error')[:80]}) and the answer does not say so"
        )
        return Completion(span, label.strip(), call, why)
    return None


def _failed_idiom(evidence: Evidence) -> Completion | None:
    """The first completion idiom of an answer whose turn's every action call failed."""
    failed = _only_failed_writes(evidence)
    if not failed:
        return None
    phrases, _, negations = _vocabulary()
    norm = normalise(evidence.answer)
    # The answer reports a failure: an idiom is then held only to a failed call the
    # admissions do not describe (``admittedcalls``).
    admitted = admits_failure(evidence)
    for phrase in phrases:
        at = _find(norm, phrase)
        if at == -1 or "?" in norm[at : at + len(phrase) + 40].split(".")[0]:
            continue
        clause_start = max((m.end() for m in _CLAUSE_START.finditer(norm, 0, at)), default=0)
        if not negations.isdisjoint(_WORDS.findall(norm[clause_start:at])):
            continue
        if not admitted:
            return Completion((at, at + len(phrase)), phrase, failed[0])
        call = unadmitted_failure(evidence, failed, norm, at, lambda text: _admits(evidence, text))
        if call is not None:
            why = (
                f"says '{phrase}' of what the {call.name} call acted on, but that call failed "
                f"({(call.error or 'error')[:80]}) and the answer admits only another failure"
            )
            return Completion((at, at + len(phrase)), phrase, call, why)
    return None
