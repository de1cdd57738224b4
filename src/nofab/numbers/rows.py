"""Products and ratios within one table row or one sentence: "| NVTK | 40 | $182.50 |
$7,300.00 |", "40 shares at $182.50 come to $7,300", "3 Nächte à 120 € macht 360 €".

Principle: a table row, or a sentence of prose, is one line of work. A number in it that
equals the product of two numbers shown in the SAME row or sentence, each grounded or already
explained (a small count written in digits, such as the "3" of "3 nights", counts as written:
a wrong count is the count's question), is that product; a percentage that equals the ratio
of two such numbers (in percent) is that ratio. The operands must stand beside the number,
not anywhere in the answer or the evidence: that locality is what keeps this from being the
"derivable from anything" that proves nothing. A product of two amounts of money is no
amount, so at most one operand may be money; a ratio combines two numbers of one kind.

Sums and differences are not read here: among the few small numbers of a row they land on
most nearby values (a temperature table's 14 and 57 add up to a changed 71), and the
answer's sums are read with their cue words elsewhere (``nofab.numbers.shown``).

Risk: a changed number that happens to equal another product of its row's numbers passes;
bounded by reading only rows with at most ``MAX_OPERANDS`` operands (and ``MAX_MEMBERS``
numerals) (products among a few
numbers of a row are sparse) and by computing, not trusting, the product (a wrong product of
a row stays a finding).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from functools import lru_cache

from nofab.numbers.numeral import Numeral
from nofab.numbers.rounding import format_number

#: A row with more operands than this is too dense for its products to prove anything.
MAX_OPERANDS = 6
#: A row or sentence with more numerals than this (dates and times included) is read as none:
#: each question then costs a bounded scan, however long a run of numbers is.
MAX_MEMBERS = 24
#: A small count written in digits takes part as a factor up to this value.
SMALL_COUNT = 12
#: Where a sentence ends: a full stop, "!", "?" or ";" before a space, or a line break. A
#: decimal point ("182.50") is followed by a digit and ends nothing.
_END = re.compile(r"[.!?;]+(?=\s)|\n")


def units(answer: str) -> list[int]:
    """The start of each row or sentence of ``answer``, sorted (the first is 0). A table row
    is one line, so a line break always ends a unit."""
    return list(_units(answer))


#: Answers whose units are remembered: the readings of one answer (rows, totals, net sums,
#: averages ...) each asked for them, a pass over the answer each.
_ANSWERS_KEPT = 16


@lru_cache(maxsize=_ANSWERS_KEPT)
def _units(answer: str) -> tuple[int, ...]:
    return (0, *(m.end() for m in _END.finditer(answer)))


def unit_starts(answer: str) -> tuple[int, ...]:
    """``units`` as the kept tuple itself: a reading asked per number must not copy it."""
    return _units(answer)


def clause_at(answer: str, bounds: Sequence[int], at: int) -> tuple[int, int, str]:
    """(start, end) of the sentence or table row of ``answer`` holding ``at`` (``bounds``: the
    ``units`` of ``answer``), and the header of its table column ("" outside a table)."""
    i = bisect_right(bounds, at)
    start, end = bounds[i - 1], bounds[i] if i < len(bounds) else len(answer)
    line_start = answer.rfind("\n", 0, at) + 1
    line_end = answer.find("\n", at)
    line = answer[line_start : len(answer) if line_end == -1 else line_end]
    if not line.lstrip().startswith("|"):
        return start, end, ""
    column = answer.count("|", line_start, at)
    # the table's first line is its header: walk up while the lines are rows
    top = line_start
    while top > 0:
        above = answer.rfind("\n", 0, top - 1) + 1
        if not answer[above:top].lstrip().startswith("|"):
            break
        top = above
    header_end = answer.find("\n", top)
    cells = answer[top : len(answer) if header_end == -1 else header_end].split("|")
    header = cells[column] if column < len(cells) else ""
    return line_start, line_start + len(line), header


class Rows:
    """The rows and sentences of one answer, asked per unexplained number."""

    __slots__ = ("_answer", "_members", "_numerals", "_unit")

    def __init__(self, answer: str, numerals: Sequence[Numeral]) -> None:
        self._answer = answer
        self._numerals = numerals
        # the unit of each numeral (by position), and the numerals of each unit: read at the
        # first question (most answers explain every number before asking)
        self._unit: list[int] = []
        self._members: dict[int, list[int]] = {}

    def _read(self) -> None:
        starts = units(self._answer)
        self._unit = [bisect_right(starts, n.span[0]) for n in self._numerals]
        for i, unit in enumerate(self._unit):
            self._members.setdefault(unit, []).append(i)

    def explain(self, index: int, lo: float, hi: float, operand: Callable[[int], float | None]) -> str | None:
        """How the numeral at ``index`` (true values ``[lo, hi]``) is a product or ratio of
        two numbers of its row (``operand(j)``: the value of a grounded or explained numeral,
        else None); or None."""
        if not self._unit:
            self._read()
        members = self._members.get(self._unit[index], ())
        if len(members) < 3 or len(members) > MAX_MEMBERS:
            # the number and two operands at least; a run of numbers with no sentence end is
            # no row to read (and each question's cost stays bounded)
            return None
        numeral = self._numerals[index]
        ops: list[tuple[float, Numeral]] = []
        for j in members:
            if j == index:
                continue
            other = self._numerals[j]
            value = operand(j)
            if value is None and other.value <= SMALL_COUNT and _small_count(other):
                value = other.value
            if value is not None and value > 0 and other.kind in ("money", "number", "percent"):
                ops.append((value, other))
        if len(ops) < 2 or len(ops) > MAX_OPERANDS:
            return None
        for a, (x, first) in enumerate(ops):
            for y, second in ops[a + 1 :]:
                if numeral.kind == "percent":
                    if first.kind != second.kind or "percent" in (first.kind, second.kind):
                        continue
                    for top, bottom in ((x, y), (y, x)):
                        if lo <= 100.0 * top / bottom <= hi:
                            share = f"{format_number(top)} as a percentage of {format_number(bottom)}"
                            return f"{share} in its row"
                    continue
                if "percent" in (first.kind, second.kind):
                    continue
                if first.kind == "money" and second.kind == "money":
                    continue  # dollars times dollars are no amount
                if numeral.kind != "money" and "money" in (first.kind, second.kind):
                    continue  # an amount times a count is an amount
                if lo - 1e-9 <= x * y <= hi + 1e-9:
                    return f"product of {format_number(x)} and {format_number(y)} in its row"
        return None


def _small_count(numeral: Numeral) -> bool:
    """Is the numeral a small count written in digits ("3 nights")?"""
    return (
        numeral.kind == "number"
        and numeral.decimals == 0
        and numeral.scale == 1.0
        and 2 <= numeral.value <= SMALL_COUNT
    )


__all__ = ["MAX_MEMBERS", "MAX_OPERANDS", "Rows", "clause_at", "unit_starts", "units"]
