"""Arithmetic across tool results that the answer announces but does not show.

Principle: "the fare difference is $38" after one result held a reservation whose fares total
$174 and another a new fare of $136 is arithmetic across sources: a total of one result
plus or minus an amount of the evidence. Without an operand in the answer, nothing shows
which numbers were combined, so the derivation never explains the number fully; but when
the clause announces the arithmetic (difference, remaining, refund, total ... the lexicon's
cues) and the derivation is informative, it is a plausible account, and the number is
reported at 0.5 with the derivation as evidence instead of as an invention.

Informative: within ``DENSITY_SPAN`` display units either side of the number, fewer than
``DENSITY`` of the unit slots hold such a derivation — with many totals and amounts, most
nearby values would be derivable by chance, and then the derivation proves nothing and the
number keeps its confidence.

Risk: a changed amount (off by a few dollars) that lands on another total-minus-amount is
let through at 0.5 when the clause carries a cue word; the density test bounds how often.

With an operand shown (``shown_across``): "$50 was paid with your gift card, so $14 remains on
it" after one result held the card's $64 is the same arithmetic with one operand the answer
writes beside the number. An amount the answer shows (grounded) subtracted from an amount the
evidence holds, or the other way round, in a clause with a remainder cue (remaining, left,
balance, refund, difference ...: ``remainder_cues`` in ``numbers.json``, five languages) and
informative (the density test over the shown operands and the evidence's amounts) explains
the number fully: the answer names one operand and the cue names the operation, so only the
second operand is searched for. Only a difference, and only under a remainder cue: a total
names its parts, so a sum of one shown part and one unshown amount, or a difference under
"total", is the shape of a changed total landing on a coincidence (measured on the tuning
half: "Total Price: $216" as $295 - $79). The second operand is an amount the evidence holds
(a balance, a fare, a fee of a record or a text), never a bare figure a tool computed (a
calculator's 450): that figure is the number the answer is meant to relay, and the figure
minus one shown item is the classic slip of a total (an item left out), not an account of it.
Risk: a changed remainder that lands on the shown amount minus another amount of the
evidence; bounded by the remainder cue, by taking only the few operands shown nearest the
number, and by the density test (a result of many amounts makes most values near it
derivable).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from nofab.numbers.balances import Balances
from nofab.numbers.context import AnswerContext
from nofab.numbers.lexicon import by_language
from nofab.numbers.pairs import DENSITY, DENSITY_SPAN
from nofab.numbers.passes import LOOSE, Pending
from nofab.numbers.rounding import format_number

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: How far either side of a number its clause is read for a remainder cue (characters).
REMAINDER_REACH = 80
_CLAUSE_END = re.compile(r"[.;!?\n]\s")
_WORD = re.compile(r"[^\W\d_]+")

#: At most this many totals are combined (the smallest: totals of a few rows, not counts).
MAX_TOTALS = 64


def _count(values: Sequence[float], lo: float, hi: float) -> int:
    return bisect_right(values, hi) - bisect_left(values, lo)


def across(
    totals: Sequence[float],
    amounts: Sequence[float],
    lo: float,
    hi: float,
    what: str = "result total",
    sums: bool = True,
) -> str | None:
    """A total (``totals`` sorted; ``what`` says what they are) plus (with ``sums``) or minus
    an amount (``amounts`` sorted) landing in ``[lo, hi]``, described; or None."""
    for t in totals[:MAX_TOTALS]:
        probes = (
            (t - hi, t - lo, f"the {what} {{t}} minus the amount {{a}}"),
            (t + lo, t + hi, f"the amount {{a}} minus the {what} {{t}}"),
            (lo - t, hi - t, f"the {what} {{t}} plus the amount {{a}}"),
        )
        for a_lo, a_hi, how in probes if sums else probes[:2]:
            k = bisect_left(amounts, a_lo)
            if k < len(amounts) and amounts[k] <= a_hi and amounts[k] != t:
                return how.format(t=format_number(t), a=format_number(amounts[k]))
    return None


def dense(totals: Sequence[float], amounts: Sequence[float], lo: float, hi: float, sums: bool = True) -> bool:
    """Would a value near ``[lo, hi]`` be a total plus (with ``sums``) or minus an amount by
    chance?"""
    width = max(hi - lo, 1e-9)
    span = DENSITY_SPAN * width
    wlo, whi = lo - span, hi + span
    count = 0
    for t in totals[:MAX_TOTALS]:
        count += _count(amounts, t - whi, t - wlo)  # t - a
        count += _count(amounts, t + wlo, t + whi)  # a - t
        count += _count(amounts, wlo - t, whi - t) if sums else 0  # t + a
    slots = (whi - wlo) / width
    return count >= DENSITY * slots


def informative_across(totals: Sequence[float], amounts: Sequence[float], lo: float, hi: float) -> str | None:
    """``across`` when it is informative (not ``dense``), else None."""
    found = across(totals, amounts, lo, hi)
    return found if found and not dense(totals, amounts, lo, hi) else None


def shown_across(shown: Sequence[float], amounts: Sequence[float], lo: float, hi: float) -> str | None:
    """An amount the answer shows nearby (``shown``, sorted) subtracted from an amount of the
    evidence (``amounts``, sorted) or the reverse, landing in ``[lo, hi]``, when that is
    informative (the caller asks only for a clause with a remainder cue); else None."""
    found = across(shown, amounts, lo, hi, "amount shown", sums=False)
    return found if found and not dense(shown, amounts, lo, hi, sums=False) else None


@cache
def _remainder_cues() -> frozenset[str]:
    return frozenset(w.lower() for words in by_language("remainder_cues").values() for w in words)


def remainder_cue(answer: str, span: tuple[int, int]) -> bool:
    """Does the number's sentence, within ``REMAINDER_REACH`` either side, announce a part
    taken from a whole (remaining, left, balance, refund, difference ...)?"""
    lo = max(0, span[0] - REMAINDER_REACH)
    lo = max((m.end() for m in _CLAUSE_END.finditer(answer, lo, span[0])), default=lo)
    hi = min(len(answer), span[1] + REMAINDER_REACH)
    end = _CLAUSE_END.search(answer, span[1], hi)
    hi = end.start() if end else hi
    return not _remainder_cues().isdisjoint(w.lower() for w in _WORD.findall(answer, lo, hi))


class Across:
    """The two cross-source readings of one answer's amounts, asked per unexplained amount
    in a clause with a cue (the evidence's held amounts are collected once, on first use)."""

    __slots__ = ("_balances", "_context", "_evidence", "_held")

    def __init__(self, evidence: Evidence, context: AnswerContext) -> None:
        self._evidence = evidence
        self._context = context
        self._held: list[float] | None = None
        self._balances = Balances(evidence)

    def shown(self, item: Pending, lo: float, hi: float, window: Sequence[float]) -> bool:
        """Is the amount a shown amount (``window``: the operands the answer shows near it)
        taken from an amount the evidence holds, or the reverse, in a clause with a remainder
        cue (``shown_across``)? Or, with no operand shown, the balance left on a payment method
        after a charge to that same method (``nofab.numbers.balances``)?"""
        numeral = item.numeral
        if numeral.kind != "money":
            return False
        if self._balances.left(numeral.span, lo, hi) is not None:
            return True
        if self._balances.topped(numeral.span, lo, hi, window) is not None:
            return True  # a method's balance plus a refund shown (numbers/refunds.py)
        if not remainder_cue(self._evidence.answer, numeral.span):
            return False
        if self._held is None:  # texts' and structured results' amounts; no bare computed figure
            sources = self._evidence.sources
            self._held = sorted({v for s in sources if s.index is not None for v in s.index.money})
        return shown_across(sorted(window), self._held, lo, hi) is not None

    def announced(
        self, item: Pending, lo: float, hi: float, totals: Sequence[float], misread: Callable[[], str]
    ) -> None:
        """An amount the clause announces as arithmetic, across results, with no operand
        shown: at most 0.5 when the derivation is informative (``informative_across``), unless
        it is a slip of a named record's field (``misread``)."""
        numeral = item.numeral
        if numeral.kind == "money" and item.confidence > LOOSE and self._context.cue(numeral.span):
            found = informative_across(totals, self._evidence.money, lo, hi)
            if found and not misread():
                item.confidence, item.how = LOOSE, f"{found}, with no operand in the answer"


__all__ = [
    "MAX_TOTALS",
    "REMAINDER_REACH",
    "Across",
    "across",
    "dense",
    "informative_across",
    "remainder_cue",
    "shown_across",
]
