"""Which sentences speak of a later occasion than the one the records describe.

A report about one occasion (a game, a trip) often ends with the next one: "The Jazz host the
Trail Blazers on Monday", "Minnesota's next game will be on Friday". The records of this turn
describe this occasion only, so such a sentence states a date the records do not hold; what
they still bound is that the next occasion comes after theirs. The profile's ``future_phrases`` mark such a
sentence (words of the future tense or of what comes next).

Risk: a sentence that mixes both occasions ("after beating the Nets on Friday, they will host
the Magic") is read as the later one, so a wrong weekday or name of this occasion in it is
only checked the later occasion's way (see ``names.wrong_weekdays``).
"""

from __future__ import annotations

from collections.abc import Sequence

from nofab.detectors.attribution.vocabulary import DASHES, Phrase, Vocabulary
from nofab.language.sentences import Token


def later_sentences(vocabulary: Vocabulary, tokens: Sequence[Token]) -> frozenset[int]:
    """Indices of the sentences holding one of the profile's ``future_phrases``."""
    if not vocabulary.future:
        return frozenset()
    by_sentence: dict[int, list[str]] = {}
    for token in tokens:
        if token.text not in DASHES:
            by_sentence.setdefault(token.sentence, []).append(token.text.casefold())
    future = vocabulary.future
    return frozenset(s for s, folded in by_sentence.items() if any(_holds(folded, p) for p in future))


def _holds(folded: Sequence[str], wanted: Phrase) -> bool:
    n = len(wanted)
    first = wanted[0]
    return any(folded[i] == first and tuple(folded[i : i + n]) == wanted for i in range(len(folded) - n + 1))


__all__ = ["later_sentences"]
