"""The changes between two values of one short field column, for every column of a turn,
indexed once: "which is the first column holding a change within ``[lo, hi]``?".

``nofab.numbers.change.field_change`` answers that question by reading every group of the
turn in order, which costs the number of groups per percentage asked: an answer of many
percentages against a result of many short columns (distinct field names, or many tool
results) was quadratic (6 s/MB at 0.01 MB, 24 s/MB at 0.08 MB). ``FieldChanges`` answers
it as ``field_change`` does — the same column, then ``percent_change`` on that column alone
for the description and the density rule — in logarithmic time: the changes of every
column sorted by value (each value kept with the first column holding it), and the first
column among a run of them found by a range-minimum query.

``WindowChanges`` does the same for the numbers an answer shows near a percentage: the
changes of the last window asked are kept sorted, so the percentages that share a window
(no explained number between them) settle a miss — nearly every question — by one binary
search, and a hit is described by ``percent_change`` itself.
"""

from __future__ import annotations

import math
import sys
from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from nofab.numbers.change import MAX_FIELD_VALUES, percent_change

#: Entries per block of the range-minimum index: a query reads at most two partial blocks
#: (two slices of at most this many) and two entries of the sparse table over whole blocks.
_BLOCK = 32


class _FirstOf:
    """Minimum of any slice of a fixed list of integers: two partial blocks scanned in C
    (``min`` of a slice) and a sparse table over the blocks' minima (O(1) per query, built
    in O(b log b) for b blocks)."""

    __slots__ = ("_levels", "_values")

    def __init__(self, values: list[int]) -> None:
        self._values = values
        level = [min(values[i : i + _BLOCK]) for i in range(0, len(values), _BLOCK)]
        self._levels = [level]
        width = 1
        while 2 * width <= len(level):
            level = [min(level[i], level[i + width]) for i in range(len(level) - width)]
            self._levels.append(level)
            width *= 2

    def min(self, i: int, j: int) -> int:
        """The minimum of ``values[i:j]`` (``i < j``)."""
        values = self._values
        first, last = -(-i // _BLOCK), j // _BLOCK  # whole blocks: first .. last - 1
        if first >= last:
            return min(values[i:j])
        best = min(values[i : first * _BLOCK], default=sys.maxsize)
        best = min(best, min(values[last * _BLOCK : j], default=best))
        k = (last - first).bit_length() - 1
        table = self._levels[k]
        return min(best, table[first], table[last - (1 << k)])


class FieldChanges:
    """Every short field column of a turn's results (``values of field ...``, at most
    ``MAX_FIELD_VALUES`` values), with the changes between two of its values indexed."""

    __slots__ = ("_changes", "_columns", "_first")

    def __init__(self, groups: Sequence[tuple[str, Sequence[float]]]) -> None:
        self._columns = [
            (what, values)
            for what, values in groups
            # a field across records, or the amounts of one record (a price and its previous
            # close, an old and a new fare: one measure at two moments)
            if what.startswith(("values of field", "amount fields of")) and len(values) <= MAX_FIELD_VALUES
        ]
        entries: list[tuple[float, int]] = []
        for k, (_what, values) in enumerate(self._columns):
            # computed as ``percent_change`` computes them, so the two agree at every boundary
            changes = {abs(b - a) / a * 100.0 for a in values if a > 0 for b in values if b != a}
            entries.extend((c, k) for c in changes if not math.isnan(c))
        entries.sort()
        self._changes: list[float] = []
        first: list[int] = []
        for c, k in entries:
            if not self._changes or c != self._changes[-1]:  # the first column holding c
                self._changes.append(c)
                first.append(k)
        self._first = _FirstOf(first) if first else None

    def find(self, lo: float, hi: float) -> tuple[str, bool] | None:
        """What ``field_change`` finds for ``[lo, hi]``: the change of the first column
        holding one there, described, and whether it is informative; or None."""
        i = bisect_left(self._changes, lo)
        j = bisect_right(self._changes, hi)
        if i >= j or self._first is None:
            return None
        what, values = self._columns[self._first.min(i, j)]
        return percent_change(values, lo, hi, what)


class WindowChanges:
    """``percent_change`` over the operands nearest each percentage: a miss is settled by
    binary searches over the window's operands sorted, a hit is ``percent_change``'s own.

    For an operand ``a`` the changes ``|b - a| / a`` rise with ``b`` above ``a`` and fall
    with ``b`` below it, so the partners whose change can land in ``[lo, hi]`` lie in two
    runs of the sorted operands, found by four binary searches on bounds widened by a
    relative margin; each candidate is then computed as ``percent_change`` computes it, so
    the two agree at every rounding boundary. The last window is kept sorted: consecutive
    percentages with no explained number between them share it."""

    __slots__ = ("_ops", "_sorted")

    def __init__(self) -> None:
        self._ops: tuple[float, ...] | None = None
        self._sorted: list[float] = []

    def find(self, ops: Sequence[float], lo: float, hi: float) -> tuple[str, bool] | None:
        key = tuple(ops)
        if key != self._ops:
            self._ops = key
            self._sorted = sorted(v for v in key if v == v)  # a NaN changes nothing
        if not _any_change(self._sorted, lo, hi):
            return None
        return percent_change(key, lo, hi)


def top_fields(value: object) -> tuple[tuple[str, float], ...]:
    """The numbers a result (one record) holds at its top level, by key: read once per result
    content (``Evidence.per_result``) for ``across_results``."""
    if not isinstance(value, dict):
        return ()
    return tuple(
        (str(k), float(v))
        for k, v in value.items()
        if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
    )


def across_results(
    readings: Sequence[tuple[tuple[str, float], ...]],
) -> list[tuple[str, Sequence[float]]]:
    """Columns of one field across the results of a turn, each result one record holding it
    once (a rate asked today and a month ago, by two calls).

    Principle: two calls that return the same field measure one thing at two moments, as
    two records of one result do ("values of field ..."), so a percentage announced as a
    change may be read between them. Risk: two results whose same-named fields mean
    different things ("count" of two searches) yield a change; a column is kept only when at
    least two and at most ``MAX_FIELD_VALUES`` results hold the field, so the density rule of
    ``percent_change`` still applies."""
    columns: dict[str, list[float]] = {}
    for fields in readings:
        for key, number in fields:
            columns.setdefault(key, []).append(number)
    return [
        (f"values of field {key!r} across results", tuple(values))
        for key, values in columns.items()
        if 2 <= len(values) <= MAX_FIELD_VALUES
    ]


#: Relative widening of the candidate bounds (far above the error of the few floating-point
#: operations a change takes, far below any display rounding).
_MARGIN = 1e-6


def _any_change(ops: list[float], lo: float, hi: float) -> bool:
    """Is some ``|b - a| / a * 100`` (``a > 0``, ``b != a``, both of the sorted ``ops``)
    within ``[lo, hi]``?"""
    if hi < 0 or lo != lo or hi != hi:
        return False
    margin = _MARGIN * (1.0 + abs(lo) / 100.0 + abs(hi) / 100.0)
    # b above a: a (1 + lo%) <= b <= a (1 + hi%); b below it: a (1 - hi%) <= b <= a (1 - lo%)
    up_first, up_last = 1.0 + lo / 100.0 - margin, 1.0 + hi / 100.0 + margin
    down_first, down_last = 1.0 - hi / 100.0 - margin, 1.0 - lo / 100.0 + margin
    # The bases: positive and finite (``ops`` holds no NaN, so an infinite base, which changes
    # by NaN, is one of the last); four binary searches each, and a candidate only where a
    # run is not empty (nearly never), so no range or pair of bounds is built per base.
    for a in ops[bisect_right(ops, 0.0) : bisect_left(ops, math.inf)]:
        for first, last in ((up_first, up_last), (down_first, down_last)):
            k, end = bisect_left(ops, a * first), bisect_right(ops, a * last)
            while k < end:
                b = ops[k]
                if b != a and lo <= abs(b - a) / a * 100.0 <= hi:
                    return True
                k += 1
    return False


__all__ = ["FieldChanges", "WindowChanges", "across_results", "top_fields"]
