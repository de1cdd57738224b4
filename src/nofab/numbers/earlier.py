"""Figures the agent stated in its own earlier answers, and how well the evidence explained them.

Principle: an agent's earlier answer is never evidence for a claim, but a figure the agent
*derived* there from tool evidence ("$725 - $503 = $222") stays derived when a later answer
repeats it unchanged without the operands ("... the $222 price difference"). So each earlier
answer is checked with the same number rules against the same evidence, and a repeated
figure inherits the verdict its first statement got: explained there, explained here; loose
there (0.5), loose here; flagged there, still flagged here — an agent repeating its own
fabrication is caught every time.

Risk: an earlier answer is checked against the evidence of this turn, which holds every tool
result the earlier answer had and possibly more (transcripts only accumulate). A figure that
only a later result explains is then explained directly anyway; only shown arithmetic on
operands that a later result grounded could pass where it did not at the time.

Only derivable kinds (amounts, plain numbers, percentages) are carried over: dates, times,
codes and years are checked against the evidence alone, so an earlier answer cannot explain
them better than the evidence does now.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nofab.numbers.extract import Numeral
from nofab.numbers.index import any_within
from nofab.numbers.rounding import display_interval

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: The most recent earlier answers read (a figure repeated from far back in a long
#: conversation is rare; the cost of checking stays bounded).
MAX_EARLIER = 8
#: Longer earlier answers are not read: the extra work per turn stays bounded (at most
#: ``MAX_EARLIER`` x this many characters), whatever a transcript holds.
MAX_EARLIER_CHARS = 20_000
#: A run of digits as an answer writes a number ("2,210", "222.50").
_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")
#: The kinds of literal whose explanation an earlier answer can carry over.
CARRIED_KINDS = frozenset({"money", "number", "percent"})

#: ``explain(evidence)`` -> (numeral, confidence) for every numeral of the evidence's answer:
#: 0 when the evidence explained it, else the confidence of the finding it got.
Explain = Callable[["Evidence"], Iterable[tuple[Numeral, float]]]


@dataclass(frozen=True, slots=True)
class EarlierFigure:
    """One figure of an earlier answer: its kind, value interval and verdict there."""

    kind: str
    value: float  # as written (absolute, times its scale word)
    lo: float
    hi: float
    confidence: float  # 0 when the evidence explained it
    answer: int  # which earlier answer (0 = oldest read)


class EarlierFigures:
    """The carried-over figures of a turn's earlier answers. An earlier answer is checked
    only when its digits could hold the repeated number (a scan of its digit runs), and at
    most once, so a turn whose numbers no earlier answer holds costs one scan per answer."""

    __slots__ = ("_answers", "_digits", "_evidence", "_explain", "_figures")

    def __init__(self, evidence: Evidence, explain: Explain) -> None:
        self._evidence = evidence
        self._explain = explain
        recent = evidence.turn.earlier_answers[-MAX_EARLIER:]
        self._answers = [text for text in recent if len(text) <= MAX_EARLIER_CHARS]
        self._digits: list[list[float]] | None = None
        self._figures: dict[int, list[EarlierFigure]] = {}

    def _may_hold(self, lo: float, hi: float) -> list[int]:
        """The earlier answers with a digit run near ``[lo, hi]`` (a scale word, "1.2
        million", is not read here: such a repeat is missed, never invented)."""
        if self._digits is None:
            self._digits = [
                sorted(float(run.replace(",", "")) for run in _DIGITS.findall(text)) for text in self._answers
            ]
        return [i for i, runs in enumerate(self._digits) if any_within(runs, lo - 1, hi + 1)]

    def _read(self, position: int) -> list[EarlierFigure]:
        found = self._figures.get(position)
        if found is None:
            found = []
            evidence = self._evidence.for_answer(self._answers[position])
            for numeral, confidence in self._explain(evidence):
                if numeral.kind in CARRIED_KINDS:
                    value, scale = abs(numeral.value), numeral.scale
                    lo, hi = display_interval(value, numeral.decimals, scale, 0.0)
                    found.append(EarlierFigure(numeral.kind, value * scale, lo, hi, confidence, position))
            self._figures[position] = found
        return found

    def repeated(self, kind: str, value: float, lo: float, hi: float) -> EarlierFigure | None:
        """The best-explained earlier figure of the same kind that the number written as
        ``value`` (standing for ``[lo, hi]``) repeats, or None when no earlier answer stated
        it. A repeat is the same value up to the rounding of the less precise of the two
        ("$222" and "$222.00"); touching intervals ("$130" and "$131") are not a repeat."""
        if kind not in CARRIED_KINDS:
            return None
        best: EarlierFigure | None = None
        for position in self._may_hold(lo, hi):
            for figure in self._read(position):
                same = lo <= figure.value <= hi or figure.lo <= value <= figure.hi
                if figure.kind == kind and same and (best is None or figure.confidence < best.confidence):
                    best = figure
        return best


__all__ = ["CARRIED_KINDS", "MAX_EARLIER", "MAX_EARLIER_CHARS", "EarlierFigure", "EarlierFigures", "Explain"]
