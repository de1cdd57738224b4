"""Plain numbers of a generic statement: world knowledge, not a claim about the tools' results.

An answer often adds advice beside what the tools returned: "Most American oven dials go
in 25-degree steps", "Checked bags usually weigh up to 23 kg", "La plupart des fours
chauffent 10 degrés de trop". Those figures come from what the model knows, not from the
turn; holding them to the evidence as claimed facts reports a fabrication where there is
none.

Principle: a sentence whose first words make it generic (a generic subject or frequency
adverb: "most", "typically", "in general", "la mayoría", "die meisten" ... in
``generics.json``, five languages, before any figure of the sentence) and that holds
no word tying it to the user's data or the tools' results (second person, "found", "the
results", "today", a partitive "most of them") states world knowledge: its plain numbers
("number" and "range" literals) are weak, reported at 0.5, below the default threshold.
Amounts of money, percentages, dates, times, codes and ids keep their own check whatever
the sentence says.

Risk: a fabricated plain figure stated in a generic voice ("Flights on this route usually
take 9 hours" for a 6-hour flight) is reported at 0.5 only; a sentence with a reference
word is never weakened, and a superlative ("the most expensive ...") is not generic.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from nofab.language import vocabulary
from nofab.numbers.lexicon import RunGate

if TYPE_CHECKING:
    from nofab.numbers.passes import Pending, Run

#: The literal kinds a generic statement weakens: plain numbers, never money, dates or ids.
PLAIN = frozenset({"number", "range"})
#: The confidence of a plain number in a generic statement (the loose confidence).
WEAK = 0.5
#: A generic cue counts when it starts within this many words of the sentence's start.
LEAD_WORDS = 5
#: What a finding says of a weakened number.
HOW = "a generic statement of world knowledge, not a claim about the tools' results"

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_DIGIT = re.compile(r"\d")


def _pattern(words: set[str]) -> re.Pattern[str]:
    ordered = sorted(words, key=len, reverse=True)
    alternation = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in ordered)
    return re.compile(rf"(?<![\w'’])(?:{alternation})(?![\w'’])")


@cache
def _generic_words() -> frozenset[str]:
    data = vocabulary.load("generics")
    return frozenset(w.lower() for words in data["generic"].values() for w in words)


@cache
def _lexicon() -> tuple[re.Pattern[str], re.Pattern[str]]:
    data = vocabulary.load("generics")
    reference = {w.lower() for words in data["reference"].values() for w in words}
    # a superlative is a claim about one item of the data, not a generic subject
    reference.update({"the most", "at most", "the many"})
    return _pattern(set(_generic_words())), _pattern(reference)


@cache
def _gate() -> RunGate:
    """The first letter runs of the generic cues: the cue pattern matches with no letter
    before or after (its look-arounds), so an ASCII answer none of whose runs of letters is
    such a first run holds no cue (``lexicon.RunGate``: principle there), read from the
    answer's runs (one pass, shared) instead of the pattern tried at every character."""
    return RunGate(_generic_words())


def is_generic(sentence: str) -> bool:
    """Is ``sentence`` a generic statement: a generic cue among its first words and no word
    tying it to the user's data or the tools' results?"""
    generic, reference = _lexicon()
    text = sentence.lower().replace("’", "'")
    lead = [m.start() for m in _WORD.finditer(text)][:LEAD_WORDS]
    if not lead:
        return False
    cue = generic.search(text, 0, len(text))
    if cue is None or cue.start() > lead[-1]:
        return False
    digit = _DIGIT.search(text)
    if digit is not None and digit.start() < cue.start():
        return False  # a figure before the cue: "the 45 most popular", not a generic subject
    return reference.search(text) is None


def generic_statements(run: Run, pending: list[Pending]) -> list[Pending]:
    """Weaken the plain numbers of generic sentences to ``WEAK`` (they stay pending)."""
    plain = [item for item in pending if item.numeral.kind in PLAIN and item.confidence > WEAK]
    if not plain:
        return pending
    evidence = run.evidence
    if _gate().excludes(evidence.answer) or _lexicon()[0].search(evidence.answer.lower()) is None:
        return pending  # no generic cue anywhere: nothing to ask per sentence
    decided: dict[tuple[int, int], bool] = {}
    for item in plain:
        span = evidence.sentence_at(item.numeral.span[0])
        generic = decided.get(span)
        if generic is None:
            generic = decided[span] = is_generic(evidence.answer[span[0] : span[1]])
        if generic:
            item.confidence = WEAK
            item.how = HOW
    return pending


__all__ = ["HOW", "PLAIN", "WEAK", "generic_statements", "is_generic"]
