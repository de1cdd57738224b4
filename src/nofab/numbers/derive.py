"""Derived values: sums, differences, ratios and counts of related numbers in one tool result.

``Derivable`` reads one structured result into groups of related numbers (the fields of one
record, the values of one field across records) and aggregates (counts, column sums);
``nofab.numbers.pairs.DerivedTable`` answers questions about their pairwise combinations.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from nofab.evidence.records import keyed_rows
from nofab.numbers.breakdowns import breakdown_keys
from nofab.numbers.changefields import point_keys
from nofab.numbers.currencyrecords import amount_keys
from nofab.numbers.fares import fare_totals
from nofab.numbers.index import MONEY_KEY
from nofab.numbers.kinds import MONEY, key_kind, split_by_kind
from nofab.numbers.rounding import format_number

#: Cap on the numbers kept per group of a result (the smallest).
MAX_DERIVATION_OPERANDS = 400

# Numbers under these keys are labels, not quantities: summing card digits or zip codes
# explains nothing ("percentage 2604 / 8413 of field 'last_four'").
_ID_KEY = re.compile(
    r"(?:^|_)(?:id|ids|zip|zipcode|postal|phone|last_four|dob|code|number|no|year)$", re.IGNORECASE
)


#: A group as it is read: (what, values, the kind its keys name, its values of no named kind).
_Group = tuple[str, list[float], str | None, list[float]]


def _operands(values: list[float]) -> tuple[float, ...]:
    """A group's values as operands: finite, absolute, sorted, capped."""
    return tuple(sorted(abs(v) for v in values if math.isfinite(v))[:MAX_DERIVATION_OPERANDS])


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
    #: per group, the one kind its keys name ("percent", "unit:c", "money"), or None
    #: (``nofab.numbers.kinds``): what ``DerivedTable.of_kind`` keeps apart
    kinds: tuple[str | None, ...] = ()
    #: per group, its values under keys that name no kind (sorted absolute values): what
    #: of a group of another kind still combines for a question of one kind
    plain: tuple[tuple[float, ...], ...] = ()
    #: a booking's fares for all its people (``nofab.numbers.fares``): asked as aggregates are,
    #: but never an operand of further arithmetic (each one more would make sums denser)
    fares: tuple[tuple[float, str], ...] = ()

    @classmethod
    def from_value(cls, value: Any) -> Derivable:
        groups: list[_Group] = []
        columns: dict[str, tuple[list[float], str | None]] = {}
        aggregates: list[tuple[float, str]] = []
        fares: list[tuple[float, str]] = []
        _walk(value, groups, columns, aggregates, "$", 0, fares)
        for key, (nums, kind) in columns.items():
            groups.append((f"values of field {key!r}", nums, kind, [] if kind else nums))
        kept = [(w, _operands(n), kind, _operands(rest)) for w, n, kind, rest in groups if len(n) > 1]
        return cls(
            tuple((w, n) for w, n, _k, _p in kept),
            tuple(aggregates),
            tuple(k for _w, _n, k, _p in kept),
            tuple(p for _w, _n, _k, p in kept),
            tuple(fares),
        )

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
        for value, how in (*self.aggregates, *self.fares):
            if lo <= value <= hi and (not money_only or MONEY_KEY.search(how)):
                return how
        return None


@lru_cache(maxsize=4096, typed=True)
def _id_key(key: object) -> bool:
    """Is ``key`` a label's key (an id, a zip code)? Keys repeat in every record of a
    result: each is read once."""
    return _ID_KEY.search(str(key)) is not None


@lru_cache(maxsize=4096, typed=True)
def _money_key(key: object) -> bool:
    """Does ``key`` name an amount of money? (each key read once, as above)"""
    return MONEY_KEY.search(str(key)) is not None


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
    groups: list[_Group],
    columns: dict[str, tuple[list[float], str | None]],
    aggregates: list[tuple[float, str]],
    path: str,
    depth: int,
    fares: list[tuple[float, str]] | None = None,
) -> None:
    if depth > 64:
        return
    if isinstance(value, dict):
        siblings: list[float] = []
        fields: list[tuple[str, float]] = []  # the siblings with their keys: what kind each is
        amounts: list[float] = []
        # A column is named with its parent ("prices.economy"), so that economy fares of
        # two legs combine — and are known to be amounts — while seat counts stay apart.
        parent = path.rsplit(".", 1)[-1].removesuffix("[*]") if "." in path else ""
        priced = amount_keys(value) or ()  # a record naming its currency: numbers/currencyrecords.py
        points = point_keys(value, MONEY_KEY)  # a priced record's open, change ...: changefields.py
        for key, item in value.items():
            number = _as_number(item)
            if number is not None and not _id_key(key):
                siblings.append(number)
                fields.append((str(key), number))
                if _money_key(key) or key in priced or key in points:
                    amounts.append(number)
                column = f"{parent}.{key}" if parent else str(key)
                held = columns.get(column)
                if held is None:
                    held = columns[column] = ([], key_kind(str(key), key in priced or key in points))
                held[0].append(number)
        if 0 < len(amounts) < len(siblings) and not priced:  # a split of amounts: breakdowns.py
            split = breakdown_keys(value, _money_key) or ()
            amounts = [n for k in split if (n := _as_number(value.get(k))) is not None] or amounts
        # The amounts of one record ("old_price", "new_price") combine as money.
        if siblings and len(amounts) == len(siblings):
            groups.append((f"amount fields of {path}", siblings, MONEY, []))
        elif siblings:
            # Fields of different kinds ("high_c", "precip_chance") never add up: numbers/kinds.py
            by_kind, plain = split_by_kind(fields, priced)
            groups.extend((f"fields of {path}", group, kind, plain) for kind, group in by_kind)
            if len(amounts) > 1:
                groups.append((f"amount fields of {path}", amounts, MONEY, []))
        if fares is not None:
            fares.extend(fare_totals(value, path))  # a booking's fares for its people: numbers/fares.py
        keyed = keyed_rows(value)
        if keyed is not None:
            # Records keyed by id ({"gift_card_1": {...}, "certificate_2": {...}}) are one
            # table, like a list of records: their fields form columns and are summed.
            rows = [row for _key, row in keyed]
            _aggregate_records(rows, aggregates, f"{path}[*]")
            for row in rows:
                _walk(row, groups, columns, aggregates, f"{path}[*]", depth + 1, fares)
            return
        for key, item in value.items():
            if isinstance(item, (dict, list)):
                _walk(item, groups, columns, aggregates, f"{path}.{key}", depth + 1, fares)
        return
    if isinstance(value, list):
        aggregates.append((float(len(value)), f"count of items in {path}"))
        numbers = [n for n in map(_as_number, value) if n is not None]
        if len(numbers) > 1:
            aggregates.append((abs(math.fsum(numbers)), f"sum of {path}"))
            groups.append((f"items of {path}", numbers, None, numbers))
        if value and all(isinstance(item, dict) for item in value):
            _aggregate_records(value, aggregates, f"{path}[*]")
        for item in value:
            if isinstance(item, (dict, list)):
                _walk(item, groups, columns, aggregates, f"{path}[*]", depth + 1, fares)


def _aggregate_records(records: list[Any], aggregates: list[tuple[float, str]], path: str) -> None:
    """Sum each numeric field over records (all records, and those sharing a field)."""
    columns: dict[str, list[float]] = {}
    for item in records:
        for key, field_value in item.items():
            number = _as_number(field_value)
            if number is not None and not _id_key(key):
                columns.setdefault(key, []).append(number)
    for key, numbers in columns.items():
        if len(numbers) > 1:
            aggregates.append((abs(math.fsum(numbers)), f"sum of {path}.{key}"))


__all__ = ["MAX_DERIVATION_OPERANDS", "Derivable", "pair_derivation"]
