"""The sorted table of every pair value of a turn's groups (``nofab.numbers.pairs``), built
once a turn has asked enough questions to pay for it.

``build_pairs`` makes the entries of each kind (sums and differences, the same for groups
of amounts, ratios, percentages) in the order that breaks ties between equal values, and
sorts them by value. An entry is made as a value only, by list comprehensions over an
operand's partners; what made it (the two operands, the label, the group) is read back
from its position when a question lands on it, which only a hit does. The table answers
exactly as a list of (value, label, operands, group) sorted by value would: the same values
in the same order, the same description for each.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from nofab.numbers.rounding import format_number

#: What the entries of one run of a table hold, per partner: (label, whether the larger
#: operand comes first in the description) for each entry the table holds for the pair.
_Entries = tuple[tuple[str, bool], ...]
_SUM_ONLY: _Entries = (("sum", True),)
_SUM_DIFFERENCE: _Entries = (("sum", True), ("difference", True))
_RATIO_BOTH: _Entries = (("ratio", True), ("ratio", False))
_RATIO_UNDER: _Entries = (("ratio", False),)
_PERCENT_BOTH: _Entries = (("percentage", True), ("percentage", False))
_PERCENT_UNDER: _Entries = (("percentage", False),)


class _Made:
    """Entries of one kind made in runs: operand ``i`` of a group with its partners ``j0``
    onwards, the same ``entries`` per partner. A run's entries are made by list
    comprehensions (the values only); what made an entry is read back from its position
    when a question lands on it."""

    __slots__ = ("info", "starts", "values")

    def __init__(self) -> None:
        self.values: list[float] = []
        self.starts: list[int] = []  # where each run begins among ``values``
        self.info: list[tuple[str, tuple[float, ...], int, int, _Entries]] = []

    def add(
        self, what: str, ops: tuple[float, ...], i: int, j0: int, entries: _Entries, made: list[float]
    ) -> None:
        self.starts.append(len(self.values))
        self.info.append((what, ops, i, j0, entries))
        self.values.extend(made)


class PairValues:
    """Sorted pair values with what made each, for one kind of combination."""

    __slots__ = ("_made", "_order", "values")

    def __init__(self, made: _Made) -> None:
        # a stable sort of the positions: equal values keep the order they were made in
        raw = made.values
        self._order = sorted(range(len(raw)), key=raw.__getitem__)
        self.values = [raw[k] for k in self._order]
        self._made = made

    def _how(self, i: int) -> tuple[str, float, float, str]:
        made = self._made
        k = self._order[i]
        run = bisect_right(made.starts, k) - 1
        what, ops, first, j0, entries = made.info[run]
        offset = k - made.starts[run]
        label, larger_first = entries[offset % len(entries)]
        a, b = ops[first], ops[j0 + offset // len(entries)]
        return (label, b, a, what) if larger_first else (label, a, b, what)

    def find(self, lo: float, hi: float) -> str | None:
        i = bisect_left(self.values, lo)
        if i < len(self.values) and self.values[i] <= hi:
            label, a, b, what = self._how(i)
            sign = {"sum": "+", "difference": "-"}.get(label, "/")
            return f"{label} {format_number(a)} {sign} {format_number(b)} ({what})"
        return None

    def count(self, lo: float, hi: float) -> int:
        """How many pair values lie within ``[lo, hi]`` (two binary searches)."""
        return bisect_right(self.values, hi) - bisect_left(self.values, lo)


def build_pairs(groups: list[tuple[str, tuple[float, ...], bool]]) -> dict[str, PairValues]:
    """Every pair value of every group, sorted, by kind.

    The entries of a group, in the order they are made (the order that breaks ties between
    equal values): for each operand ``a`` (operands sorted) and each later partner ``b``,
    ``a + b``, then ``b - a`` unless equal; ratios ``b / a`` (when ``a > 0``) then ``a / b``,
    and the same for percentages, unless equal. Equal partners follow ``a`` at once (the
    operands are sorted), so each operand's partners make at most two runs, each built by
    list comprehensions."""
    sums, money, ratios, percents = _Made(), _Made(), _Made(), _Made()
    for what, ops, is_money in groups:
        n = len(ops)
        group_start = len(sums.starts)
        for i in range(n - 1):
            a = ops[i]
            differ = bisect_right(ops, a, i + 1)  # the first partner that differs from a
            if differ > i + 1:
                sums.add(what, ops, i, i + 1, _SUM_ONLY, [a + b for b in ops[i + 1 : differ]])
            if differ == n:
                continue
            rest = ops[differ:]
            both = [a] * (2 * len(rest))
            both[0::2] = [a + b for b in rest]
            both[1::2] = [b - a for b in rest]
            sums.add(what, ops, i, differ, _SUM_DIFFERENCE, both)
            under = [a / b for b in rest]
            under_percent = [100.0 * a / b for b in rest]
            if a > 0:
                over, over_percent = [a] * (2 * len(rest)), [a] * (2 * len(rest))
                over[0::2], over[1::2] = [b / a for b in rest], under
                over_percent[0::2], over_percent[1::2] = [100.0 * b / a for b in rest], under_percent
                ratios.add(what, ops, i, differ, _RATIO_BOTH, over)
                percents.add(what, ops, i, differ, _PERCENT_BOTH, over_percent)
            else:
                ratios.add(what, ops, i, differ, _RATIO_UNDER, under)
                percents.add(what, ops, i, differ, _PERCENT_UNDER, under_percent)
        if is_money:  # the same entries as sums, in the same order
            for run in range(group_start, len(sums.starts)):
                end = sums.starts[run + 1] if run + 1 < len(sums.starts) else len(sums.values)
                money.add(*sums.info[run], sums.values[sums.starts[run] : end])
    return {
        "sum": PairValues(sums),
        "money": PairValues(money),
        "ratio": PairValues(ratios),
        "percent": PairValues(percents),
    }


__all__ = ["PairValues", "build_pairs"]
