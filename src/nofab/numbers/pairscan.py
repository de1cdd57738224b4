"""The per-group scans of ``nofab.numbers.pairs``: a turn's questions are answered by them until
the sorted table of every pair value is built (``DerivedTable``: when, and why).

``sums`` and ``ratios`` find, in one group of related numbers (sorted operands), the pair values
of a kind within ``[lo, hi]`` by binary searches keyed by a bound method of the operand, so the
value searched is computed exactly as the table computes it (``nofab.numbers.pairtable``), and a
scan and the table never disagree at a rounding boundary: the smallest such value (equal values:
the first the table holds) as (value, i, j, entry), or with ``count`` how many there are.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

#: The entries the table holds for one pair (a, b) of a group, a <= b, in the order it
#: holds them: sum then difference; b / a then a / b (ratios and percentages).
SUM, DIFFERENCE = 0, 1
OVER, UNDER = 0, 1

#: One group's answer to a scan: how many pair values lie in the interval, or the smallest
#: of them as (value, i, j, entry), or None.
Found = int | tuple[float, int, int, int] | None


def sums(ops: tuple[float, ...], lo: float, hi: float, count: bool) -> Found:
    """Sums and differences of one group in ``[lo, hi]``. Each key is a bound method of the
    operand (``a.__add__`` is ``a + b``, ``a.__rsub__`` is ``b - a``): the values the table
    holds, computed in C while the binary search runs."""
    n = len(ops)
    total = 0
    best: tuple[float, int, int, int] | None = None
    if n < 2:
        return 0 if count else None
    # Rounding is monotonic: every sum lies between the two smallest and the two largest
    # operands summed, every difference under the largest minus the smallest.
    entries = []
    if ops[0] + ops[1] <= hi and lo <= ops[-2] + ops[-1]:
        entries.append(SUM)
    if lo <= ops[-1] - ops[0]:
        entries.append(DIFFERENCE)
    if not entries:
        return 0 if count else None
    for i in range(n - 1):
        a = ops[i]
        after_equal = bisect_right(ops, a, i + 1)  # first partner that differs from a
        for entry in entries:
            start, key = (i + 1, a.__add__) if entry == SUM else (after_equal, a.__rsub__)
            first = bisect_left(ops, lo, start, n, key=key)
            if count:
                total += bisect_right(ops, hi, first, n, key=key) - first
            elif (
                first < n
                and (value := key(ops[first])) <= hi
                and (best is None or (value, i, first, entry) < best)
            ):
                best = (value, i, first, entry)
    return total if count else best


def ratios(ops: tuple[float, ...], lo: float, hi: float, percent: bool, count: bool) -> Found:
    """Ratios (or percentages) of one group in ``[lo, hi]``: ``b / a`` rises along ``ops``
    and ``a / b`` along ``ops`` reversed, so each is a binary search keyed by a bound
    method of the operand, on the value as the table computes it (``100.0 * b / a``)."""
    n = len(ops)
    total = 0
    best: tuple[float, int, int, int] | None = None
    positive = bisect_right(ops, 0.0)  # the first operand above zero
    if positive == n:
        return 0 if count else None  # all zero: no ratio of different operands
    # Rounding is monotonic: b / a is at most the largest over the smallest positive
    # operand, and a / b (a < b) at most 1, or 100 (with a margin for the rounding of 100a).
    top = (100.0 * ops[-1] if percent else ops[-1]) / ops[positive]
    over_possible = lo <= top
    under_possible = lo <= (100.0 if percent else 1.0) * (1 + 1e-9)
    if not over_possible and not under_possible:
        return 0 if count else None
    scaled = [100.0 * b for b in ops] if percent else ops  # 100.0 * b, then / a
    reverse = ops[::-1]  # index r holds ops[n - 1 - r]
    for i in range(n - 1):
        a = ops[i]
        after_equal = bisect_right(ops, a, i + 1)  # first partner that differs from a
        if after_equal == n:
            continue
        if over_possible and a > 0:
            over = a.__rtruediv__
            first = bisect_left(scaled, lo, after_equal, n, key=over)
            if count:
                total += bisect_right(scaled, hi, first, n, key=over) - first
            elif (
                first < n
                and (value := over(scaled[first])) <= hi
                and (best is None or (value, i, first, OVER) < best)
            ):
                best = (value, i, first, OVER)
        if not under_possible:
            continue
        under = (100.0 * a if percent else a).__truediv__  # (100.0 * a) / b
        end = n - after_equal  # partners j >= after_equal are reverse[:end]
        first = bisect_left(reverse, lo, 0, end, key=under)
        if count:
            total += bisect_right(reverse, hi, first, end, key=under) - first
        elif first < end and (value := under(reverse[first])) <= hi:
            # among partners giving the same value the table holds the smallest j first
            j = n - bisect_right(reverse, value, first, end, key=under)
            if best is None or (value, i, j, UNDER) < best:
                best = (value, i, j, UNDER)
    return total if count else best


__all__ = ["DIFFERENCE", "OVER", "SUM", "UNDER", "Found", "ratios", "sums"]
