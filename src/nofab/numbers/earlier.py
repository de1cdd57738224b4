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

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nofab.numbers.extract import Numeral
from nofab.numbers.rounding import display_interval

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: The most recent earlier answers read (a figure repeated from far back in a long
#: conversation is rare; the cost of checking stays bounded).
MAX_EARLIER = 8
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
    """The carried-over figures of a turn's earlier answers, computed on first use."""

    __slots__ = ("_evidence", "_explain", "_figures")

    def __init__(self, evidence: Evidence, explain: Explain) -> None:
        self._evidence = evidence
        self._explain = explain
        self._figures: list[EarlierFigure] | None = None

    def figures(self) -> list[EarlierFigure]:
        if self._figures is None:
            answers = self._evidence.turn.earlier_answers[-MAX_EARLIER:]
            self._figures = [
                figure
                for position, text in enumerate(answers)
                if text.strip()
                for figure in self._read(text, position)
            ]
        return self._figures

    def _read(self, text: str, position: int) -> Iterator[EarlierFigure]:
        for numeral, confidence in self._explain(self._evidence.for_answer(text)):
            if numeral.kind in CARRIED_KINDS:
                value = abs(numeral.value)
                lo, hi = display_interval(value, numeral.decimals, numeral.scale, 0.0)
                yield EarlierFigure(numeral.kind, value * numeral.scale, lo, hi, confidence, position)

    def repeated(self, kind: str, value: float, lo: float, hi: float) -> EarlierFigure | None:
        """The best-explained earlier figure of the same kind that the number written as
        ``value`` (standing for ``[lo, hi]``) repeats, or None when no earlier answer stated
        it. A repeat is the same value up to the rounding of the less precise of the two
        ("$222" and "$222.00"); touching intervals ("$130" and "$131") are not a repeat."""
        if kind not in CARRIED_KINDS:
            return None
        best: EarlierFigure | None = None
        for figure in self.figures():
            same = lo <= figure.value <= hi or figure.lo <= value <= figure.hi
            if figure.kind == kind and same and (best is None or figure.confidence < best.confidence):
                best = figure
        return best


__all__ = ["CARRIED_KINDS", "MAX_EARLIER", "EarlierFigure", "EarlierFigures", "Explain"]
