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
    """Every pairwise derivation of a turn's results, for questions of the form "is anything
    derived within ``[lo, hi]``?".

    A turn asks few questions as a rule, and a sorted table of all P pair values (P bounded
    by ``MAX_PAIR_VALUES``) costs O(P log P) to build; so questions are first answered by
    scanning each group (O(n log n) per group, n <= ``PAIR_OPERANDS``), and the table is
    built only once the scanning has cost about as much as building would. Either way the
    total work is O(P log P) per turn and each later question O(log P).
    """

    __slots__ = ("_aggregates", "_build_at", "_built", "_groups", "_scanned", "_size")

    def __init__(self, derivables: Sequence[Derivable], build_after: float = 1.0) -> None:
        """``build_after``: build the table once scanning has visited this share of the pair
        values (0: build at the first question; infinity: always scan)."""
        self._groups: list[tuple[str, tuple[float, ...], bool]] = []
        budget = MAX_PAIR_VALUES
        for derivable in derivables:
            for what, group in derivable.groups:
                ops = group[:PAIR_OPERANDS]
                if 4 * len(ops) ** 2 > budget:
                    continue
                budget -= 4 * len(ops) ** 2
                self._groups.append((what, ops, bool(MONEY_KEY.search(what))))
        self._size = sum(3 * len(ops) ** 2 for _w, ops, _m in self._groups)
        self._build_at = self._size * build_after
        self._scanned = 0
        self._built: dict[str, _Pairs] | None = None
        self._aggregates = sorted(
            ((value, how) for d in derivables for value, how in d.aggregates), key=lambda e: e[0]
        )

    def _table(self) -> dict[str, _Pairs] | None:
        """The sorted pair values, once scanning has cost as much as building them."""
        if self._built is None and self._scanned >= self._build_at:
            self._built = _build(self._groups)
        return self._built

    def __len__(self) -> int:
        """How many pair values the turn's groups yield (sums, differences, ratios, percentages)."""
        return sum(len(p.values) for k, p in _build(self._groups).items() if k != "money")

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

    def _kinds(self, money_only: bool, ratios: bool, percents: bool) -> list[str]:
        kinds = ["money" if money_only else "sum"]
        if ratios and not money_only:
            kinds.append("ratio")
        if percents and not money_only:
            kinds.append("percent")
        return kinds

    def pair(
        self, lo: float, hi: float, money_only: bool = False, ratios: bool = True, percents: bool = False
    ) -> str | None:
        """A sum or difference (of amounts only, with ``money_only``), a ratio (``ratios``)
        or a percentage (``percents``) of two related numbers landing in ``[lo, hi]``."""
        table = self._table()
        for kind in self._kinds(money_only, ratios, percents):
            found = table[kind].find(lo, hi) if table else self._scan(kind, lo, hi, count=False)
            if found:
                return str(found)
        return None

    def dense(
        self, lo: float, hi: float, money_only: bool = False, ratios: bool = True, percents: bool = False
    ) -> bool:
        """Would a number near ``[lo, hi]`` be derivable by chance? True when, within
        ``DENSITY_SPAN`` display units either side, at least ``DENSITY`` of the unit slots
        hold a derived value of the same kinds: then a derivation landing here proves
        nothing (10-40 prices combine into most nearby integers)."""
        span = DENSITY_SPAN * max(hi - lo, 1e-9)
        table = self._table()
        count = 0
        for kind in self._kinds(money_only, ratios, percents):
            if table:
                count += table[kind].count(lo - span, hi + span)
            else:
                count += int(self._scan(kind, lo - span, hi + span, count=True) or 0)
        return count >= DENSITY * (2 * DENSITY_SPAN + 1)

    def _scan(self, kind: str, lo: float, hi: float, count: bool) -> str | int | None:
        """The first pair value of ``kind`` in ``[lo, hi]`` (described), or with ``count``
        how many there are, scanning each group: for each operand a binary search finds its
        partners (the pairs the table would hold: i < j, and no difference or ratio of equals)."""
        total = 0
        for what, ops, money in self._groups:
            if kind == "money" and not money:
                continue
            self._scanned += len(ops)
            n = len(ops)
            for i, a in enumerate(ops):
                after_equal = bisect_right(ops, a, i + 1)  # first partner that differs from a
                if kind in ("sum", "money"):
                    spans = [(bisect_left(ops, lo - a, i + 1), bisect_right(ops, hi - a, i + 1), "sum")]
                    spans.append(
                        (
                            max(bisect_left(ops, a + lo, i + 1), after_equal),
                            bisect_right(ops, a + hi, i + 1),
                            "difference",
                        )
                    )
                else:
                    f = 100.0 if kind == "percent" else 1.0
                    spans = []
                    if a > 0:  # b / a
                        spans.append(
                            (
                                max(bisect_left(ops, lo * a / f, i + 1), after_equal),
                                bisect_right(ops, hi * a / f, i + 1),
                                "over",
                            )
                        )
                        # a / b, b > a: b in [a f / hi, a f / lo]
                        top = bisect_right(ops, a * f / lo, i + 1) if lo > 0 else n
                        spans.append((max(bisect_left(ops, a * f / hi, i + 1), after_equal), top, "under"))
                    elif lo <= 0 <= hi:  # 0 / b
                        spans.append((after_equal, n, "under"))
                for start, stop, how in spans:
                    if stop <= start:
                        continue
                    if count:
                        total += stop - start
                        continue
                    b = ops[start]
                    label = (
                        {"over": "ratio", "under": "ratio"}.get(how, how)
                        if kind != "percent"
                        else "percentage"
                    )
                    if how == "sum":
                        return f"sum {format_number(b)} + {format_number(a)} ({what})"
                    if how == "difference":
                        return f"difference {format_number(b)} - {format_number(a)} ({what})"
                    top_, bottom = (b, a) if how == "over" else (a, b)
                    return f"{label} {format_number(top_)} / {format_number(bottom)} ({what})"
        return total if count else None


def _build(groups: list[tuple[str, tuple[float, ...], bool]]) -> dict[str, _Pairs]:
    """Every pair value of every group, sorted, by kind."""
    sums: list[tuple[float, str, float, float, str]] = []
    money: list[tuple[float, str, float, float, str]] = []
    ratios: list[tuple[float, str, float, float, str]] = []
    percents: list[tuple[float, str, float, float, str]] = []
    for what, ops, is_money in groups:
        mine: list[tuple[float, str, float, float, str]] = []
        for i, a in enumerate(ops):
            for j in range(i + 1, len(ops)):
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
        if is_money:
            money.extend(mine)
    return {"sum": _Pairs(sums), "money": _Pairs(money), "ratio": _Pairs(ratios), "percent": _Pairs(percents)}


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
