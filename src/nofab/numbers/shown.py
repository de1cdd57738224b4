"""The numbers an answer shows and the evidence explains, by position: the operands of the
arithmetic an answer does itself ("$282 + $443, total $725").

Arithmetic an answer shows is local, so a number combines only with the few grounded
numbers nearest it (``before`` and ``after`` of them, counted among operands so that dates
and times in between do not push them away) and with the totals of the tool results. Each
question is a binary search plus a pass over that bounded window.

Principle: a number written with a unit of measure ("1h 15m", "3 hours", "12 km") is no
operand of money arithmetic, so an amount's window is counted among the operands that are
not measurements: an itinerary's leg times and layovers do not push the fares out of reach
of the price gap stated after them. Risk: an amount is then combined with fares further away
(a window of amounts is as wide, in operands, as any other).

Principle: only commensurable operands add up (``nofab.numbers.kinds``): a sum or difference
for a number whose kind the answer shows (money, a percentage, a unit, a counted noun) is made
of operands of that kind or of none; for a bare number, of the operands of one kind its
window shows (and the bare ones). Risk: an operand written bare (an amount with no currency
sign) still combines with anything, so a slip landing on such a sum passes as before.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right, insort
from collections.abc import Sequence

from nofab.numbers.index import any_within
from nofab.numbers.kinds import answer_kind
from nofab.numbers.numeral import Numeral
from nofab.numbers.rounding import format_number
from nofab.numbers.units import answer_unit


class ShownNumbers:
    """Grounded operands of one answer, added as they are explained."""

    __slots__ = (
        "_after", "_amounts", "_answer", "_at", "_before", "_derived", "_held_kinds", "_kind",
        "_numerals", "_of_kind", "_sorted", "_value", "_values",
    )  # fmt: skip

    def __init__(self, before: int, after: int, numerals: Sequence[Numeral] = (), answer: str = "") -> None:
        self._before = before
        self._after = after
        self._numerals = numerals  # the answer's numerals, by index: which are money, which measured
        self._answer = answer
        self._value: dict[int, float] = {}
        self._at: list[int] = []  # positions of the operands, sorted
        # their values, in the same order: a window is then one slice, not a lookup per operand
        self._values: list[float] = []
        # the same two lists without the measurements: the operands an amount's window counts
        self._amounts: tuple[list[int], list[float]] = ([], [])
        self._kind: dict[int, str | None] = {}  # the kind of a numeral, by index, read when asked
        self._derived: list[float] = []  # values explained by the answer's own arithmetic, sorted
        # The last window sorted, by where it starts among the operands: consecutive
        # unexplained numbers with no operand between them share it.
        self._sorted: tuple[int, list[float]] = (-1, [])
        #: the totals of one kind (or of none), by kind, for the totals and kinds they were
        #: filtered from: a filter of every total per question grew with the results
        self._of_kind: dict[str, tuple[Sequence[float], Sequence[str | None], list[float]]] = {}
        self._held_kinds: tuple[Sequence[str | None], frozenset[str]] = ((), frozenset())

    def add(self, index: int, value: float, derived: bool = False, masked: bool = False) -> None:
        """Add the explained numeral at ``index`` as an operand, unless it is the visible end
        of a masked identifier ("card ending in 7781"): those digits name a thing, they are no
        quantity, and as an operand they would break the run of a total and its parts (risk:
        none for arithmetic; a masked id is never summed)."""
        if masked:
            return
        self._value[index] = value
        at = bisect_right(self._at, index)  # after an equal position, as ``insort`` puts it
        self._at.insert(at, index)
        self._values.insert(at, value)
        if not self._measured(index):
            at = bisect_right(self._amounts[0], index)
            self._amounts[0].insert(at, index)
            self._amounts[1].insert(at, value)
        self._sorted = (-1, [])
        if derived:
            insort(self._derived, value)

    def __len__(self) -> int:
        """How many operands there are (it grows as numbers are explained)."""
        return len(self._value)

    def repeats(self, lo: float, hi: float) -> bool:
        """Is a value in ``[lo, hi]`` one the answer's own arithmetic already explained?"""
        return any_within(self._derived, lo, hi)

    def value(self, index: int) -> float | None:
        """The value of the operand at ``index``, or None when it is no operand."""
        return self._value.get(index)

    def _measured(self, index: int) -> bool:
        """Is the numeral at ``index`` a plain number with a unit of measure after it?"""
        if index >= len(self._numerals):
            return False
        numeral = self._numerals[index]
        if numeral.kind != "number":
            return False
        start, end = numeral.span
        while end > start and not self._answer[end - 1].isdigit():
            end -= 1  # a unit glued to the digits ("15m") is part of the numeral's text
        after = self._answer[end : end + 2]
        if not any(c.isalpha() or c in "°º" for c in after):
            return False  # the cheap test: no letter or degree sign right after the digits
        return answer_unit(self._answer, end) is not None

    def kind(self, index: int) -> str | None:
        """The kind of quantity of the numeral at ``index`` (``kinds.answer_kind``)."""
        if index not in self._kind:
            known = index < len(self._numerals)
            self._kind[index] = answer_kind(self._answer, self._numerals[index]) if known else None
        return self._kind[index]

    def _operands(self, index: int) -> tuple[list[int], list[float]]:
        """The operands a window around ``index`` counts: the amounts for an amount."""
        if index < len(self._numerals) and self._numerals[index].kind == "money":
            return self._amounts
        return self._at, self._values

    def _asked(self, index: int, window: list[int], kinds_of_totals: Sequence[str | None]) -> list[str]:
        """The kinds a sum or difference for the numeral at ``index`` may be made of, one
        search each (``nofab.numbers.kinds``): its own kind when the answer shows one; else
        each kind its window's operands (and the totals) show, when they show two or more;
        else none: any operands combine."""
        own = self.kind(index)
        if own is not None:
            return [own]
        named = {k for j in window if (k := self.kind(j)) is not None}
        named.update(self._kinds_held(kinds_of_totals))
        return sorted(named) if len(named) > 1 else []

    def _kinds_held(self, kinds: Sequence[str | None]) -> frozenset[str]:
        """The kinds ``kinds`` name (None left out), read once for the same sequence: a read
        of every total's kind per question grew with the results."""
        if self._held_kinds[0] is not kinds:
            self._held_kinds = (kinds, frozenset(k for k in kinds if k is not None))
        return self._held_kinds[1]

    def preceding(self, index: int, count: int) -> list[float]:
        """The values of the (at most ``count``) operands before ``index``, nearest last."""
        positions, values = self._operands(index)
        at = bisect_left(positions, index)
        return values[max(0, at - count) : at]

    def window(self, index: int) -> list[float]:
        """The operands nearest the numeral at ``index`` (itself excluded)."""
        positions, values = self._operands(index)
        return self._window(index, bisect_left(positions, index), positions, values)

    def _window(self, index: int, at: int, positions: list[int], values: list[float]) -> list[float]:
        first, last = max(0, at - self._before), at + self._after
        if index not in self._value:
            return values[first:last]  # most questions: a number not explained (yet)
        return [v for j, v in zip(positions[first:last], values[first:last], strict=True) if j != index]

    def pair(
        self,
        index: int,
        lo: float,
        hi: float,
        totals: Sequence[float],
        kinds_of_totals: Sequence[str | None] = (),
    ) -> str | None:
        """A sum or difference landing in ``[lo, hi]`` of a shown operand near ``index`` and
        another such operand or a result total (``totals`` sorted, ``kinds_of_totals`` the
        kind of each), described; or None. The operands are commensurable with the number
        and with each other (``nofab.numbers.kinds``): a percentage is no sum of a percentage
        and an amount, a temperature in °F none of a chance of rain and a °F figure.

        Each search is skipped when the smallest and largest operands rule it out (a sum of
        two operands lies between the two smallest and the two largest summed), so an
        answer dense with numbers pays for a search only where one can succeed."""
        positions, values = self._operands(index)
        at = bisect_left(positions, index)
        key = at if positions is self._at else -2 - at  # which operands the cached window counts
        shared = index not in self._value  # a window no operand of its own splits
        if shared and self._sorted[0] == key:
            ops = self._sorted[1]
        else:
            ops = sorted(self._window(index, at, positions, values))
            if shared:
                self._sorted = (key, ops)
        how = _sum_or_difference(ops, lo, hi, totals)
        if how is None:
            return None  # nearly every question: none of any kind, so none of one kind either
        first, last = max(0, at - self._before), at + self._after
        window = [j for j in positions[first:last] if j != index]
        asked = self._asked(index, window, kinds_of_totals)
        if not asked:
            return how  # operands and totals of one kind at most: any combine
        for kind in asked:
            same = sorted(self._value[j] for j in window if self.kind(j) in (None, kind))
            held = self._totals_of(kind, totals, kinds_of_totals) if kinds_of_totals else totals
            how = _sum_or_difference(same, lo, hi, held)
            if how is not None:
                return how
        return None

    def _totals_of(self, kind: str, totals: Sequence[float], kinds: Sequence[str | None]) -> list[float]:
        """The ``totals`` of ``kind`` or of no kind (``kinds``: the kind of each), filtered
        once per kind for the same two sequences (a run passes the same ones every time)."""
        kept = self._of_kind.get(kind)
        if kept is None or kept[0] is not totals or kept[1] is not kinds:
            held = [t for t, k in zip(totals, kinds, strict=True) if k in (None, kind)]
            kept = self._of_kind[kind] = (totals, kinds, held)
        return kept[2]


def _sum_or_difference(ops: list[float], lo: float, hi: float, totals: Sequence[float]) -> str | None:
    """A sum or difference of two of ``ops`` (sorted), or of one and a result total, landing
    in ``[lo, hi]``, described; or None."""
    if not ops:
        return None
    n = len(ops)
    smallest, largest = ops[0], ops[-1]
    if n > 1 and lo <= ops[-1] + ops[-2] and hi >= smallest + ops[1]:
        i, j = 0, n - 1
        while i < j:  # two pointers: a sum of two shown numbers
            total = ops[i] + ops[j]
            if total < lo:
                i += 1
            elif total > hi:
                j -= 1
            else:
                big = format_number(ops[j])
                return f"sum of {format_number(ops[i])} and {big}, numbers the answer shows"
    if n > 1 and lo <= largest - smallest:
        i, j = 0, 1
        while j < n:  # and a difference
            gap = ops[j] - ops[i]
            if gap < lo or i == j:
                j += 1
            elif gap > hi:
                i += 1
            else:
                big, small = format_number(ops[j]), format_number(ops[i])
                return f"difference of {big} and {small}, numbers the answer shows"
    # operand + total, operand - total, total - operand: bisect the longer list
    if len(totals) <= n:
        # ``any_within`` inlined (as below): three probes per total
        for t in totals:
            if lo - t <= largest and hi - t >= smallest:
                k = bisect_left(ops, lo - t)
                if k < n and ops[k] <= hi - t:
                    return f"sum of a number the answer shows and the result total {format_number(t)}"
            if lo + t <= largest and hi + t >= smallest:
                k = bisect_left(ops, lo + t)
                if k < n and ops[k] <= hi + t:
                    return f"a number the answer shows minus the result total {format_number(t)}"
            if t - hi <= largest and t - lo >= smallest:
                k = bisect_left(ops, t - hi)
                if k < n and ops[k] <= t - lo:
                    return f"the result total {format_number(t)} minus a number the answer shows"
        return None
    # ``any_within`` inlined: this loop runs for nearly every unexplained number of an
    # answer, three probes per operand, and the call overhead was most of its cost.
    m = len(totals)
    low, high = totals[0], totals[-1]
    for a in ops:
        if lo - a <= high and hi - a >= low:
            k = bisect_left(totals, lo - a)
            if k < m and totals[k] <= hi - a:
                return f"sum of {format_number(a)} and a result total"
        if a - hi <= high and a - lo >= low:
            k = bisect_left(totals, a - hi)
            if k < m and totals[k] <= a - lo:
                return f"{format_number(a)} minus a result total"
        if lo + a <= high and hi + a >= low:
            k = bisect_left(totals, lo + a)
            if k < m and totals[k] <= hi + a:
                return f"a result total minus {format_number(a)}"
    return None


__all__ = ["ShownNumbers"]
