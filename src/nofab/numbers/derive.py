"""Derived values: sums, differences, ratios and counts of related numbers in one tool result.

``Derivable`` reads one structured result into groups of related numbers (the fields of one
record, the values of one field across records) and aggregates (counts, column sums).
``DerivedTable`` turns the groups of a whole turn into sorted arrays of every pairwise sum,
difference, ratio and percentage, built once, so each question "is anything derived within
``[lo, hi]``?" is a binary search and a number costs a bounded number of probes.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nofab.evidence.records import keyed_rows
from nofab.numbers.index import MONEY_KEY
from nofab.numbers.rounding import format_number

#: Cap on the numbers kept per group of a result (the smallest).
MAX_DERIVATION_OPERANDS = 400
#: Cap on the numbers of one group combined pairwise by ``DerivedTable``: a group of n
#: numbers gives about 3n² pair values, and beyond a few dozen operands pairs cover every
#: nearby value anyway (see ``DerivedTable.dense``).
PAIR_OPERANDS = 64
#: Cap on the pair values of one turn: groups past it are not combined pairwise.
MAX_PAIR_VALUES = 120_000
#: The density test: how many display units either side of a number are looked at, and
#: the share of those unit slots that must hold a derived value for a derivation to count
#: as uninformative (a changed number would then be "derived" that often by chance).
DENSITY_SPAN = 20
DENSITY = 0.25

# Numbers under these keys are labels, not quantities: summing card digits or zip codes
# explains nothing ("percentage 2604 / 8413 of field 'last_four'").
_ID_KEY = re.compile(
    r"(?:^|_)(?:id|ids|zip|zipcode|postal|phone|last_four|dob|code|number|no|year)$", re.IGNORECASE
)


def pair_derivation(ops: Sequence[float], lo: float, hi: float, ratios: bool = True) -> str | None:
    """A sum, difference, ratio or percentage of two different entries of ``ops`` (sorted
    absolute values) landing in ``[lo, hi]``, described; or None. O(n log n): for a few
    operands only (``DerivedTable`` serves repeated questions)."""
    n = len(ops)

    def other(j: int, i: int, bound: float) -> int:
        # the first index >= j that is not i and stays <= bound, or -1
        if j == i:
            j += 1
        return j if j < n and ops[j] <= bound else -1

    for i, a in enumerate(ops):
        j = other(bisect_left(ops, a - hi), i, a - lo)  # a - b in [lo, hi]
        if j >= 0 and ops[j] != a:
            return f"difference {format_number(a)} - {format_number(ops[j])}"
        j = other(bisect_left(ops, lo - a), i, hi - a)  # a + b in [lo, hi]
        if j >= 0:
            return f"sum {format_number(a)} + {format_number(ops[j])}"
        if ratios and a > 0:
            for factor, label in ((1.0, "ratio"), (100.0, "percentage")):
                # b / a * factor in [lo, hi]  <=>  b in [lo * a / factor, hi * a / factor]
                j = other(bisect_left(ops, lo * a / factor), i, hi * a / factor)
                if j >= 0 and ops[j] != a:
                    return f"{label} {format_number(ops[j])} / {format_number(a)}"
    return None


@dataclass(frozen=True, slots=True)
class Derivable:
    """The numbers of one structured result that may meaningfully be combined.

    Numbers combine only with related numbers: the fields of one record ("signups / visits",
    "new - old") and the values of one field across records ("price" of each flight).
    Combining any two numbers of a large result would explain almost any number.
    """

    groups: tuple[tuple[str, tuple[float, ...]], ...]  # (what, sorted absolute values)
    aggregates: tuple[tuple[float, str], ...]  # (value, how): list sums, per-field sums, counts

    @classmethod
    def from_value(cls, value: Any) -> Derivable:
        groups: list[tuple[str, list[float]]] = []
        columns: dict[str, list[float]] = {}
        aggregates: list[tuple[float, str]] = []
        _walk(value, groups, columns, aggregates, "$", 0)
        groups.extend((f"values of field {key!r}", nums) for key, nums in columns.items())
        kept = tuple(
            (what, tuple(sorted(abs(v) for v in nums if math.isfinite(v))[:MAX_DERIVATION_OPERANDS]))
            for what, nums in groups
            if len(nums) > 1
        )
        return cls(kept, tuple(aggregates))

    def derive(self, lo: float, hi: float, money_only: bool = False, ratios: bool = True) -> str | None:
        """A description of a derivation landing in ``[lo, hi]``, or None. With
        ``money_only``, only amounts combine (a sum of prices, not of seat counts)."""
        how = self.aggregate(lo, hi, money_only)
        if how:
            return how
        for what, ops in self.groups:
            if money_only and not MONEY_KEY.search(what):
                continue
            pair = pair_derivation(ops, lo, hi, ratios)
            if pair:
                return f"{pair} ({what})"
        return None

    def aggregate(self, lo: float, hi: float, money_only: bool = False) -> str | None:
        """A count or column sum of this result within ``[lo, hi]``, described, or None."""
        for value, how in self.aggregates:
            if lo <= value <= hi and (not money_only or MONEY_KEY.search(how)):
                return how
        return None


class _Pairs:
    """Sorted pair values with what made each, for one kind of combination."""

    __slots__ = ("how", "values")

    def __init__(self, entries: list[tuple[float, str, float, float, str]]) -> None:
        entries.sort(key=lambda e: e[0])
        self.values = [e[0] for e in entries]
        self.how = [e[1:] for e in entries]

    def find(self, lo: float, hi: float) -> str | None:
        i = bisect_left(self.values, lo)
        if i < len(self.values) and self.values[i] <= hi:
            label, a, b, what = self.how[i]
            sign = {"sum": "+", "difference": "-"}.get(label, "/")
            return f"{label} {format_number(a)} {sign} {format_number(b)} ({what})"
        return None

    def count(self, lo: float, hi: float) -> int:
        """How many pair values lie within ``[lo, hi]`` (two binary searches)."""
        return bisect_right(self.values, hi) - bisect_left(self.values, lo)


class DerivedTable:
    """Every pairwise derivation of a turn's results, sorted for binary search.

    Built once per turn (on the first number that needs it) in O(P log P) for the P pair
    values, P bounded by ``MAX_PAIR_VALUES``; each question is O(log P).
    """

    __slots__ = ("_aggregates", "_any", "_money", "_percents", "_ratios")

    def __init__(self, derivables: Sequence[Derivable]) -> None:
        sums: list[tuple[float, str, float, float, str]] = []
        money: list[tuple[float, str, float, float, str]] = []
        ratios: list[tuple[float, str, float, float, str]] = []
        percents: list[tuple[float, str, float, float, str]] = []
        budget = MAX_PAIR_VALUES
        for derivable in derivables:
            for what, group in derivable.groups:
                ops = group[:PAIR_OPERANDS]
                n = len(ops)
                if 4 * n * n > budget:
                    continue
                budget -= 4 * n * n
                mine: list[tuple[float, str, float, float, str]] = []
                for i, a in enumerate(ops):
                    for j in range(i + 1, n):
                        b = ops[j]
                        mine.append((a + b, "sum", b, a, what))
                        if b != a:
                            mine.append((b - a, "difference", b, a, what))
                            if a > 0:
                                ratios.append((b / a, "ratio", b, a, what))
                                percents.append((100.0 * b / a, "percentage", b, a, what))
                            ratios.append((a / b, "ratio", a, b, what))
                            percents.append((100.0 * a / b, "percentage", a, b, what))
                sums.extend(mine)
                if MONEY_KEY.search(what):
                    money.extend(mine)
        self._any = _Pairs(sums)
        self._money = _Pairs(money)
        self._ratios = _Pairs(ratios)
        self._percents = _Pairs(percents)
        self._aggregates = sorted(
            ((value, how) for d in derivables for value, how in d.aggregates), key=lambda e: e[0]
        )

    def __len__(self) -> int:
        """How many pair values the table holds (sums and differences, ratios, percentages)."""
        return len(self._any.values) + len(self._ratios.values) + len(self._percents.values)

    def aggregate(self, lo: float, hi: float, money_only: bool = False) -> str | None:
        """A count or column sum within ``[lo, hi]`` (of amounts only, with ``money_only``)."""
        i = bisect_left(self._aggregates, (lo, ""))
        for value, how in self._aggregates[i : i + 8]:
            if value > hi:
                break
            if not money_only or MONEY_KEY.search(how):
                return how
        return None

    def aggregate_values(self) -> list[float]:
        """Every positive aggregate, sorted (the totals an answer may build on)."""
        return [value for value, _how in self._aggregates if value > 0]

    def pair(
        self, lo: float, hi: float, money_only: bool = False, ratios: bool = True, percents: bool = False
    ) -> str | None:
        """A sum or difference (of amounts only, with ``money_only``), a ratio (``ratios``)
        or a percentage (``percents``) of two related numbers landing in ``[lo, hi]``."""
        found = (self._money if money_only else self._any).find(lo, hi)
        if found is None and ratios and not money_only:
            found = self._ratios.find(lo, hi)
        if found is None and percents and not money_only:
            found = self._percents.find(lo, hi)
        return found

    def dense(
        self, lo: float, hi: float, money_only: bool = False, ratios: bool = True, percents: bool = False
    ) -> bool:
        """Would a number near ``[lo, hi]`` be derivable by chance? True when, within
        ``DENSITY_SPAN`` display units either side, at least ``DENSITY`` of the unit slots
        hold a derived value of the same kinds: then a derivation landing here proves
        nothing (10-40 prices combine into most nearby integers)."""
        width = max(hi - lo, 1e-9)
        span = DENSITY_SPAN * width
        arrays = [self._money if money_only else self._any]
        if ratios and not money_only:
            arrays.append(self._ratios)
        if percents and not money_only:
            arrays.append(self._percents)
        slots = 2 * DENSITY_SPAN + 1
        count = sum(p.count(lo - span, hi + span) for p in arrays)
        return count >= DENSITY * slots


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str) and 0 < len(value) < 32:
        try:
            return float(value.replace(",", ""))
        except ValueError:
            return None
    return None


def _walk(
    value: Any,
    groups: list[tuple[str, list[float]]],
    columns: dict[str, list[float]],
    aggregates: list[tuple[float, str]],
    path: str,
    depth: int,
) -> None:
    if depth > 64:
        return
    if isinstance(value, dict):
        siblings: list[float] = []
        amounts: list[float] = []
        # A column is named with its parent ("prices.economy"), so that economy fares of
        # two legs combine — and are known to be amounts — while seat counts stay apart.
        parent = path.rsplit(".", 1)[-1].removesuffix("[*]") if "." in path else ""
        for key, item in value.items():
            number = _as_number(item)
            if number is not None and not _ID_KEY.search(str(key)):
                siblings.append(number)
                if MONEY_KEY.search(str(key)):
                    amounts.append(number)
                columns.setdefault(f"{parent}.{key}" if parent else str(key), []).append(number)
        # The amounts of one record ("old_price", "new_price") combine as money.
        if siblings and len(amounts) == len(siblings):
            groups.append((f"amount fields of {path}", siblings))
        elif siblings:
            groups.append((f"fields of {path}", siblings))
            if len(amounts) > 1:
                groups.append((f"amount fields of {path}", amounts))
        keyed = keyed_rows(value)
        if keyed is not None:
            # Records keyed by id ({"gift_card_1": {...}, "certificate_2": {...}}) are one
            # table, like a list of records: their fields form columns and are summed.
            rows = [row for _key, row in keyed]
            _aggregate_records(rows, aggregates, f"{path}[*]")
            for row in rows:
                _walk(row, groups, columns, aggregates, f"{path}[*]", depth + 1)
            return
        for key, item in value.items():
            if isinstance(item, (dict, list)):
                _walk(item, groups, columns, aggregates, f"{path}.{key}", depth + 1)
        return
    if isinstance(value, list):
        aggregates.append((float(len(value)), f"count of items in {path}"))
        numbers = [n for n in map(_as_number, value) if n is not None]
        if len(numbers) > 1:
            aggregates.append((abs(math.fsum(numbers)), f"sum of {path}"))
            groups.append((f"items of {path}", numbers))
        if value and all(isinstance(item, dict) for item in value):
            _aggregate_records(value, aggregates, f"{path}[*]")
        for item in value:
            if isinstance(item, (dict, list)):
                _walk(item, groups, columns, aggregates, f"{path}[*]", depth + 1)


def _aggregate_records(records: list[Any], aggregates: list[tuple[float, str]], path: str) -> None:
    """Sum each numeric field over records (all records, and those sharing a field)."""
    columns: dict[str, list[float]] = {}
    for item in records:
        for key, field_value in item.items():
            number = _as_number(field_value)
            if number is not None and not _ID_KEY.search(str(key)):
                columns.setdefault(key, []).append(number)
    for key, numbers in columns.items():
        if len(numbers) > 1:
            aggregates.append((abs(math.fsum(numbers)), f"sum of {path}.{key}"))


__all__ = ["MAX_DERIVATION_OPERANDS", "Derivable", "DerivedTable", "pair_derivation"]
