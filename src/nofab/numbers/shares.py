"""A part's share of a total the answer shows, in percent: "| MSFT | $13,062.00 | 53.2% |"
under "Share of total" with a "| Total | $24,550.60 | 100% |" row, or "Siemens, 5.580 €,
macht 45 % des Depots (Gesamtwert 12.400 €)".

Principle: a percentage announced as a share (a share cue in its sentence or table row, or in
its table column's header: "share", "weight", "of the portfolio", "Anteil", "part", "del
total", "do total", ``share_cues`` in ``numbers.json``, five languages) is derived when it
equals, within its display rounding, 100 x a figure of its own row or sentence over a total
the answer shows: a figure of one kind with it (money over money, a count over a count), in
a sentence or table row holding a total cue (``nofab.numbers.totals``). Both operands must
be grounded or already explained, and stand on the page: the row's figure beside the
percentage, the total where the answer announces it. A "Total" row's own "100%" is its
total over itself.

Risk: a wrong percentage that equals another figure of its row over one of the shown totals
passes; bounded by the cue, by the operands (the few explained figures of the row, at most
``MAX_TOTALS`` totals) and by the display rounding (a wrong "31.7%" for 29.7% stays a
finding). Totals the answer does not show (a sum the reader must make) are not read.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from nofab.numbers.lexicon import listed_pattern
from nofab.numbers.rounding import format_number
from nofab.numbers.rows import clause_at, units
from nofab.numbers.totals import announced_units

if TYPE_CHECKING:
    import re

    from nofab.evidence.index import Evidence

#: A figure's row or sentence is read at most this many numerals either side of it.
ROW_REACH = 12
#: At most this many shown totals are tried as the whole (the first ones of the answer).
MAX_TOTALS = 8
_PARTS = ("money", "number")


@cache
def _cue() -> re.Pattern[str]:
    return listed_pattern("share_cues")


class Shares:
    """The answer's rows, sentences and shown totals, read at the first question."""

    __slots__ = ("_evidence", "_starts", "_totals", "_units")

    def __init__(self, evidence: Evidence) -> None:
        self._evidence = evidence
        self._units: list[int] | None = None
        self._starts: list[int] = []
        self._totals: list[int] = []  # the figures in a sentence or row with a total cue

    def live(self) -> bool:
        """May a percentage still be a share here: True until the answer is read (at the
        first percentage asked) and shows no total with a total cue."""
        return self._units is None or bool(self._totals)

    def explain(self, index: int, lo: float, hi: float, operand: Callable[[int], float | None]) -> str | None:
        """How the percentage at ``index`` (true values ``[lo, hi]``) is a figure of its row
        over a total the answer shows, announced by a share cue; or None."""
        evidence = self._evidence
        numerals = evidence.numerals
        numeral = numerals[index]
        if numeral.kind != "percent":
            return None
        answer = evidence.answer
        if self._units is None:
            self._units = units(answer)
            self._starts = [n.span[0] for n in numerals]
            cued = announced_units(answer, self._units)
            self._totals = [
                j
                for j, n in enumerate(numerals)
                if n.kind in _PARTS and bisect_right(self._units, n.span[0]) in cued
            ][:MAX_TOTALS]
        if not self._totals:
            return None
        start, end, header = clause_at(answer, self._units, numeral.span[0])
        cue = _cue()
        if not (cue.search(answer, start, end) or (header and cue.search(header))):
            return None
        first = max(bisect_right(self._starts, start - 1), index - ROW_REACH)
        last = min(bisect_right(self._starts, end - 1), index + ROW_REACH + 1)
        totals = [(j, value) for j in self._totals if (value := operand(j))]
        for j in range(first, last):
            kind = numerals[j].kind
            part = operand(j) if kind in _PARTS else None
            if not part:
                continue
            part = abs(part)
            for t, total in totals:
                whole = abs(total)
                share = part / whole * 100 if whole else -1.0
                if numerals[t].kind == kind and part <= whole and lo - 1e-9 <= share <= hi + 1e-9:
                    return f"{format_number(part)} as a share of the total {format_number(whole)}"
        return None


__all__ = ["MAX_TOTALS", "ROW_REACH", "Shares"]
