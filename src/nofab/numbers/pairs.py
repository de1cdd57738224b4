"""Pairwise derivations of a turn's related numbers: "is anything derived within [lo, hi]?".

``DerivedTable`` takes the groups of every ``Derivable`` of a turn (the fields of one
record, the values of one field across records) and answers whether a sum, difference,
ratio or percentage of two related numbers lands in an interval, and how densely such
values crowd the interval's neighbourhood (a derivation among dense values proves nothing).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache
from heapq import merge
from typing import cast

from nofab.numbers.derive import Derivable
from nofab.numbers.index import MONEY_KEY
from nofab.numbers.kinds import column_kind
from nofab.numbers.pairscan import OVER, SUM
from nofab.numbers.pairscan import ratios as _ratios
from nofab.numbers.pairscan import sums as _sums
from nofab.numbers.pairtable import PairValues, build_pairs
from nofab.numbers.rounding import format_number

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
#: Scanning one operand (four binary searches keyed by the pair value) costs about as much
#: as building four pair values into the table and sorting them (measured on prices and
#: counts): the table is built once scanning has cost as much as building it would.
SCAN_WEIGHT = 4


#: A group as the table holds it: (what, operands, of amounts, the kind its keys name, its
#: operands under keys naming no kind).
_Kinded = tuple[str, tuple[float, ...], bool, str | None, tuple[float, ...]]

#: What ``DerivedTable`` holds for a question not asked yet.
_UNASKED = object()


def _kinds_of(money_only: bool, ratios: bool, percents: bool, sums: bool = True) -> tuple[str, ...]:
    """The pair kinds a question reads: amounts only, or sums (unless ``sums`` is False: a
    question whose sums are asked of ``DerivedTable.of_kind``) with ratios and percentages."""
    if money_only:
        return ("money",)
    return (*(("sum",) if sums else ()), *(("ratio",) if ratios else ()), *(("percent",) if percents else ()))


#: Every question's kinds, built once: asked twice for nearly every number of an answer.
_KINDS = {
    (m, r, p, s): _kinds_of(m, r, p, s)
    for m in (False, True)
    for r in (False, True)
    for p in (False, True)
    for s in (False, True)
}


@lru_cache(maxsize=4096)
def _money_group(what: str) -> bool:
    """Is the group ("values of field 'price'", "amount fields of $.rows[*]") one of amounts?
    The same description recurs for every record of a result: each is read once."""
    return MONEY_KEY.search(what) is not None


class DerivedTable:
    """Every pairwise derivation of a turn's results, for questions of the form "is anything
    derived within ``[lo, hi]``?".

    A turn asks few questions as a rule, and a sorted table of all P pair values (P bounded
    by ``MAX_PAIR_VALUES``) costs O(P log P) to build; so questions are first answered by
    scanning each group (O(n log n) per group, n <= ``PAIR_OPERANDS``), and the table is
    built only once the scanning has cost about as much as building would. Either way the
    total work is O(P log P) per turn and each later question O(log P).

    Scanning and the table give the same answers, descriptions included (the smallest pair
    value in the interval; among equal values, the first pair the table holds), so when
    the table is built, and how many questions other detectors asked before, never changes
    what a finding says.
    """

    __slots__ = (
        "_aggregates", "_answers", "_build_at", "_built", "_fares", "_groups", "_kinded", "_kinds",
        "_landing", "_money", "_plain", "_scanned", "_size",
    )  # fmt: skip

    def __init__(
        self,
        derivables: Sequence[Derivable],
        build_after: float = 1.0,
        groups: Sequence[_Kinded] | None = None,
    ) -> None:
        """``build_after``: build the table once scanning has cost this share of building it
        (0: build at the first question; infinity: always scan). ``groups``: the groups
        themselves, with their kinds (``of_kind``), instead of those of ``derivables``."""
        if groups is None:
            kept: list[_Kinded] = []
            budget = MAX_PAIR_VALUES
            for derivable in derivables:
                for g, (what, group) in enumerate(derivable.groups):
                    ops = group[:PAIR_OPERANDS]
                    if 4 * len(ops) ** 2 > budget:
                        continue
                    budget -= 4 * len(ops) ** 2
                    kind = derivable.kinds[g] if g < len(derivable.kinds) else None
                    plain = derivable.plain[g][:PAIR_OPERANDS] if g < len(derivable.plain) else ops
                    kept.append((what, ops, _money_group(what), kind, plain))
            groups = kept
        self._groups: list[tuple[str, tuple[float, ...], bool]] = [(w, o, m) for w, o, m, _k, _p in groups]
        self._kinds = [k for _w, _o, _m, k, _p in groups]  # the kind each group's keys name, if one
        self._plain = [p for _w, _o, _m, _k, p in groups]  # its values under keys naming no kind
        self._kinded: dict[str, DerivedTable] = {}
        self._money = [g for g, (_w, _ops, money) in enumerate(self._groups) if money]
        self._size = sum(3 * len(ops) ** 2 for _w, ops, _m in self._groups)
        self._build_at = self._size * build_after
        self._scanned = 0
        self._built: dict[str, PairValues] | None = None
        # every question asked, with its answer (as many as the numbers asked about)
        self._answers: dict[tuple[float, float, bool, bool, bool, bool, bool], str | int | None] = {}
        self._aggregates = sorted(
            ((value, how) for d in derivables for value, how in d.aggregates), key=lambda e: e[0]
        )
        self._fares = sorted((value, how) for d in derivables for value, how in d.fares)
        self._landing: list[float] | None = None  # ``quiet``'s values, merged once the table is built

    def of_kind(self, kind: str) -> DerivedTable:
        """The derivations among the groups whose fields may be of ``kind`` (a group whose keys
        name another kind left out: a chance of rain and a low in Celsius add up to no
        temperature, ``nofab.numbers.kinds``), built once per kind at its first question.
        Aggregates stay out: a column sum is asked of the whole table."""
        table = self._kinded.get(kind)
        if table is None:
            if all(k in (None, kind) for k in self._kinds):
                table = self  # no group names another kind: the same questions, the same table
            else:
                groups: list[_Kinded] = []
                seen: set[tuple[str, tuple[float, ...]]] = set()
                held = zip(self._groups, self._kinds, self._plain, strict=True)
                for (what, ops, money), named, plain in held:
                    if named in (None, kind):
                        groups.append((what, ops, money, named, plain))
                    elif len(plain) > 1 and (what, plain) not in seen:  # its fields of no named kind
                        seen.add((what, plain))
                        groups.append((what, plain, money, None, plain))
                table = DerivedTable((), self._build_at / max(self._size, 1), groups)
            self._kinded[kind] = table
        return table

    def _table(self) -> dict[str, PairValues] | None:
        """The sorted pair values, once scanning has cost as much as building them."""
        if self._built is None and self._scanned >= self._build_at:
            self._built = build_pairs(self._groups)
        return self._built

    def __len__(self) -> int:
        """How many pair values the turn's groups yield (sums, differences, ratios, percentages)."""
        return sum(len(p.values) for k, p in build_pairs(self._groups).items() if k != "money")

    def quiet(self, lo: float, hi: float) -> bool:
        """Is it known that no question lands in ``[lo, hi]``: no aggregate, no fare, no pair
        value of any kind there? One binary search over all of them merged (sorted lists,
        merged once), asked before ``aggregate`` and ``pair`` by a number that most likely
        lands on none (each is then None: every value either reads is among them). Known once
        the table is built (False before: questions then scan, and scanning decides when to
        build, so nothing is skipped then); never with a NaN among them (no order)."""
        landing = self._landing
        if landing is None:
            if self._built is None:
                return False
            lists = [[v for v, _how in self._aggregates], [v for v, _how in self._fares]]
            landing = list(merge(*lists, *(table.values for table in self._built.values())))
            self._landing = landing = [] if any(v != v for v in landing) else landing
        if not landing:
            return False
        i = bisect_left(landing, lo)
        return i == len(landing) or landing[i] > hi

    def aggregate(self, lo: float, hi: float, money_only: bool = False) -> str | None:
        """A count or column sum within ``[lo, hi]`` (amounts only, with ``money_only``), or a
        booking's fares for its people (``nofab.numbers.fares``)."""
        for aggregates in (self._aggregates, self._fares):
            i = bisect_left(aggregates, (lo, ""))
            if i == len(aggregates) or aggregates[i][0] > hi:
                continue  # nearly every question: no slice of the next eight is built
            for value, how in aggregates[i : i + 8]:
                if value > hi:
                    break
                if not money_only or MONEY_KEY.search(how):
                    return how
        return None

    def aggregate_values(self) -> list[float]:
        """Every positive aggregate, sorted (the totals an answer may build on)."""
        return [value for value, _how in self._aggregates if value > 0]

    def aggregate_kinds(self) -> list[str | None]:
        """The kind of each of ``aggregate_values``: a column of records ("sum of
        $.forecast[*].high_c") is of the kind its key names (``nofab.numbers.kinds``)."""
        return [column_kind(how) for value, how in self._aggregates if value > 0]

    def pair(
        self,
        lo: float,
        hi: float,
        money_only: bool = False,
        ratios: bool = True,
        percents: bool = False,
        sums: bool = True,
    ) -> str | None:
        """A sum or difference (of amounts only, with ``money_only``), a ratio (``ratios``)
        or a percentage (``percents``) of two related numbers landing in ``[lo, hi]``.
        Numbers of equal value ask the same question: it is answered once (by the built
        table, a binary search per kind: cheaper than remembering every answer)."""
        kinds = _KINDS[money_only, ratios, percents, sums]
        built = self._built
        if built is not None:
            for kind in kinds:
                hit = built[kind].find(lo, hi)
                if hit:
                    return hit
            return None
        key = (lo, hi, money_only, ratios, percents, sums, False)
        held = self._answers.get(key, _UNASKED)
        if held is not _UNASKED:
            return cast("str | None", held)
        answer = None
        table = self._table()
        for kind in kinds:
            found = table[kind].find(lo, hi) if table else self._scan(kind, lo, hi, count=False)
            if found:
                answer = str(found)
                break
        self._answers[key] = answer
        return answer

    def dense(
        self,
        lo: float,
        hi: float,
        money_only: bool = False,
        ratios: bool = True,
        percents: bool = False,
        sums: bool = True,
    ) -> bool:
        """Would a number near ``[lo, hi]`` be derivable by chance? True when, within
        ``DENSITY_SPAN`` display units either side, at least ``DENSITY`` of the unit slots
        hold a derived value of the same kinds: then a derivation landing here proves
        nothing (10-40 prices combine into most nearby integers). Answered once per question."""
        return self.crowd(lo, hi, money_only, ratios, percents, sums) >= DENSITY * (2 * DENSITY_SPAN + 1)

    def crowd(
        self,
        lo: float,
        hi: float,
        money_only: bool = False,
        ratios: bool = True,
        percents: bool = False,
        sums: bool = True,
    ) -> int:
        """How many derived values of the question's kinds lie within ``DENSITY_SPAN`` display
        units of ``[lo, hi]`` (what ``dense`` weighs; two tables' counts add up)."""
        kinds = _KINDS[money_only, ratios, percents, sums]
        span = DENSITY_SPAN * max(hi - lo, 1e-9)
        built = self._built
        if built is not None:  # two binary searches per kind
            return sum(built[kind].count(lo - span, hi + span) for kind in kinds)
        key = (lo, hi, money_only, ratios, percents, sums, True)
        held = self._answers.get(key, _UNASKED)
        if held is not _UNASKED:
            return int(cast("int", held))
        table = self._table()
        count = 0
        for kind in kinds:
            if table:
                count += table[kind].count(lo - span, hi + span)
            else:
                count += int(self._scan(kind, lo - span, hi + span, count=True) or 0)
        self._answers[key] = count
        return count

    def _scan(self, kind: str, lo: float, hi: float, count: bool) -> str | int | None:
        """What the table would answer, found by scanning each group: the smallest pair
        value of ``kind`` in ``[lo, hi]`` (equal values: the first the table holds),
        described; or with ``count`` how many there are.

        For each operand binary searches find its partners (the pairs the table holds:
        i < j, and no difference or ratio of equals), keyed by the pair value computed as
        the table computes it, so that the two never disagree at a rounding boundary."""
        total = 0
        best: tuple[float, int, int, int, int] | None = None  # (value, group, i, j, entry)
        ratio = kind in ("ratio", "percent")
        groups = self._groups
        # Amounts are asked about only against the groups of amounts (often none at all):
        # never a pass over every group to find them.
        for g in self._money if kind == "money" else range(len(groups)):
            ops = groups[g][1]
            self._scanned += SCAN_WEIGHT * len(ops)
            found = _ratios(ops, lo, hi, kind == "percent", count) if ratio else _sums(ops, lo, hi, count)
            if isinstance(found, int):
                total += found
            elif found is not None and (best is None or (found[0], g, *found[1:]) < best):
                best = (found[0], g, *found[1:])
        if count:
            return total
        if best is None:
            return None
        _found, g, i, j, entry = best
        what = self._groups[g][0]
        a, b = self._groups[g][1][i], self._groups[g][1][j]
        if not ratio:
            if entry == SUM:
                return f"sum {format_number(b)} + {format_number(a)} ({what})"
            return f"difference {format_number(b)} - {format_number(a)} ({what})"
        label = "ratio" if kind == "ratio" else "percentage"
        top, bottom = (b, a) if entry == OVER else (a, b)
        return f"{label} {format_number(top)} / {format_number(bottom)} ({what})"


__all__ = ["DENSITY", "DENSITY_SPAN", "MAX_PAIR_VALUES", "PAIR_OPERANDS", "DerivedTable"]
