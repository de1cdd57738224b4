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
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from nofab.numbers.pairs import DENSITY, DENSITY_SPAN
from nofab.numbers.rounding import format_number

#: At most this many totals are combined (the smallest: totals of a few rows, not counts).
MAX_TOTALS = 64


def _count(values: Sequence[float], lo: float, hi: float) -> int:
    return bisect_right(values, hi) - bisect_left(values, lo)


def across(totals: Sequence[float], amounts: Sequence[float], lo: float, hi: float) -> str | None:
    """A total (``totals`` sorted) plus or minus an amount (``amounts`` sorted) landing in
    ``[lo, hi]``, described; or None."""
    for t in totals[:MAX_TOTALS]:
        probes = (
            (t - hi, t - lo, "the result total {t} minus the amount {a}"),
            (t + lo, t + hi, "the amount {a} minus the result total {t}"),
            (lo - t, hi - t, "the result total {t} plus the amount {a}"),
        )
        for a_lo, a_hi, how in probes:
            k = bisect_left(amounts, a_lo)
            if k < len(amounts) and amounts[k] <= a_hi and amounts[k] != t:
                return how.format(t=format_number(t), a=format_number(amounts[k]))
    return None


def dense(totals: Sequence[float], amounts: Sequence[float], lo: float, hi: float) -> bool:
    """Would a value near ``[lo, hi]`` be a total plus or minus an amount by chance?"""
    width = max(hi - lo, 1e-9)
    span = DENSITY_SPAN * width
    wlo, whi = lo - span, hi + span
    count = 0
    for t in totals[:MAX_TOTALS]:
        count += _count(amounts, t - whi, t - wlo)  # t - a
        count += _count(amounts, t + wlo, t + whi)  # a - t
        count += _count(amounts, wlo - t, whi - t)  # t + a
    slots = (whi - wlo) / width
    return count >= DENSITY * slots


def informative_across(totals: Sequence[float], amounts: Sequence[float], lo: float, hi: float) -> str | None:
    """``across`` when it is informative (not ``dense``), else None."""
    found = across(totals, amounts, lo, hi)
    return found if found and not dense(totals, amounts, lo, hi) else None


__all__ = ["MAX_TOTALS", "across", "dense", "informative_across"]
