"""A count followed by a comparison is the difference of two figures: "1 bag below the limit
of 15" with 14 bags held, "2 Koffer unter dem Limit von 8", "3 de moins que les 10 prévus".

Principle: a count bound to a noun and followed, within a few words, by a comparative
("below", "under", "short of", "more than", "fewer than", "unter", "weniger als", "de moins
que", "por debajo de" ...: ``comparatives`` in ``numbers.json``, five languages) does not
count records: it is the gap between the figure the comparison names (the first number after
the comparative in the same sentence: the limit) and a figure the records hold for that noun
or the answer states. It is explained when it equals that gap exactly; otherwise it stays
held against the records as a count.

A comparison that names its figure by a noun instead ("1 bag over the free allowance", "2
Nächte mehr als geplant") is a gap against a figure stated elsewhere: it is explained when it
equals the difference of two figures the records hold or the answer states (5 bags against
the 4 free ones); the rule is weaker there (with many small figures, most small gaps are some
difference), so it reads only counts the comparative follows within the clause.

Risk: a wrong gap that happens to equal the distance from the limit to another held figure
of the noun (a count of an earlier state of the record) passes; a comparison whose named
figure is written as a word, or more than ``REACH`` characters after the comparative, is not
read and the count stays a count.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence

from nofab.numbers.lexicon import listed_pattern
from nofab.numbers.numeral import Numeral

#: How many characters after the count its comparative may start (the noun between).
CUE_REACH = 30
#: What ends the comparison's clause before the figure it names.
_STOP = re.compile(r"[.,;!?\n]")
#: How many characters after the comparative the figure it names may stand.
REACH = 40


def stated_difference(
    answer: str, numerals: Sequence[Numeral], span: tuple[int, int], count: int, held: Iterable[float]
) -> bool:
    """Is the count at ``span`` followed by a comparative and equal to the gap between the
    figure the comparison names and one of ``held`` or another figure of the answer?"""
    window = answer[span[1] : span[1] + CUE_REACH]
    stop = re.search(r"[.;:!?\n]", window)
    cue = listed_pattern("comparatives").search(window, 0, stop.start() if stop else len(window))
    if cue is None:
        return False
    after = span[1] + cue.end()
    at = bisect_left(numerals, after, key=lambda n: n.span[0])  # numerals are in answer order
    named = numerals[at] if at < len(numerals) and numerals[at].span[0] <= after + REACH else None
    if named is not None and (named.kind != "number" or _STOP.search(answer, after, named.span[0])):
        named = None  # another clause's figure, or no count ("over the allowance, at $45")
    shown = {n.value for n in numerals if n.kind == "number" and n.span != span and n is not named}
    figures = set(held) | shown
    if named is None:  # "over the free allowance": a gap between two figures given elsewhere
        return any(abs(abs(a - b) - count) < 1e-9 for a in figures for b in figures)
    return any(abs(abs(named.value - value) - count) < 1e-9 for value in figures)


__all__ = ["stated_difference"]
