"""Derivations a cue word of the figure's clause announces, asked of the answer's written
arithmetic (``nofab.numbers.passes.written``) after its other readings: a net of the signed
figures shown (``nofab.numbers.netsums``), a mean (``nofab.numbers.averages``) and a cost,
value or gain of the positions the user states (``nofab.numbers.positions``) and a part's
share of a total the answer shows (``nofab.numbers.shares``); principle and
risk in each module."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nofab.numbers.averages import Averages
from nofab.numbers.netsums import NetSums
from nofab.numbers.positions import Positions
from nofab.numbers.shares import Shares

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence


class Cued:
    """The cued derivations of one answer, each reading the answer at its first question."""

    __slots__ = ("_nets", "_rules")

    def __init__(self, evidence: Evidence) -> None:
        self._nets = NetSums(evidence.answer, evidence.numerals)
        self._rules = (Averages(evidence), Positions(evidence), Shares(evidence))

    def explain(self, index: int, lo: float, hi: float, operand: Callable[[int], float | None]) -> str | None:
        """How the figure at ``index`` (true values ``[lo, hi]``) is a cued derivation, or None."""
        how = self._nets.explain(index, lo, hi)
        if how is not None:
            return how
        for rule in self._rules:
            how = rule.explain(index, lo, hi, operand)
            if how is not None:
                return how
        return None


__all__ = ["Cued"]
