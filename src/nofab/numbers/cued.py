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
    """The cued derivations of one answer, each reading the answer at its first question.

    A rule whose reading of the answer (or of the user's message) finds nothing to build on
    (no net cue, no average cue, no positions, no total beside a share cue) explains no
    figure of that answer: after the first question such rules are left out, so that an answer
    dense with numbers and free of cues asks each figure nothing here."""

    __slots__ = ("_nets", "_pruned", "_rules")

    def __init__(self, evidence: Evidence) -> None:
        self._nets: NetSums | None = NetSums(evidence.answer, evidence.numerals)
        self._rules: tuple[Averages | Positions | Shares, ...] = (
            Averages(evidence),
            Positions(evidence),
            Shares(evidence),
        )
        self._pruned = False

    def live(self) -> bool:
        """May some rule still explain a figure of this answer?"""
        return self._nets is not None or bool(self._rules)

    def explain(self, index: int, lo: float, hi: float, operand: Callable[[int], float | None]) -> str | None:
        """How the figure at ``index`` (true values ``[lo, hi]``) is a cued derivation, or None."""
        nets = self._nets
        if nets is not None:
            how = nets.explain(index, lo, hi)
            if how is not None:
                return how
            if not nets.live():
                self._nets = None
        for rule in self._rules:
            how = rule.explain(index, lo, hi, operand)
            if how is not None:
                return how
        if not self._pruned:  # each rule has read what it builds on at its first question
            self._pruned = True
            self._rules = tuple(rule for rule in self._rules if rule.live())
        return None


__all__ = ["Cued"]
