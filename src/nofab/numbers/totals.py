"""A total over the answer's own table column or list: "| Lisbon | 3 nights | ... | Porto | 2
nights |" then "5 nights in all", or "- Hotel: €420 / - Flights: €310" then "€730 insgesamt".

Principle: a number announced as a total (its sentence or table row holds a total cue:
"total", "in all", "altogether", "across", "that's", "insgesamt", "au total", "en total" ...,
``total_cues`` in ``numbers.json``, five languages) is explained when it equals, within its
display rounding, the sum of the figures of one column of a table the answer shows (each
row's first figure in that column) or of one list it shows (each item's one figure of the
total's kind), at least two of them, every one grounded or already explained (a small
count written in digits counts as written: a wrong count is the count's question), all of
one kind with the total (``nofab.numbers.kinds``: bags with bags, money with money; an
amount only of figures the answer writes as money, never of bare cells). The
answer shows its own work: the operands are on the page and the cue names the operation,
so only one value, the sum of the whole column, can explain the number — a changed total
(21 for a column adding up to 19) stays a finding. The table or list must stand before the
number or hold it (a "Total" row sums the rows above it), or follow the total's sentence
right after it (the block it introduces: ``ShownTotals._introduces``).

Risk: an invented figure that happens to equal a column's sum passes (one value per column
of the few tables and lists before it); a list whose items hold two figures of the total's
kind is read as no list (which of them counts is not known), so its true total is flagged.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import pairwise

from nofab.numbers.kinds import MONEY, answer_kind, commensurable
from nofab.numbers.lexicon import RunGate, alternation, ascii_runs, listed
from nofab.numbers.numeral import Numeral
from nofab.numbers.rounding import format_number
from nofab.numbers.rows import unit_starts, units

#: At most this many tables and lists before a number are read for its total.
MAX_BLOCKS = 3
#: At most this many characters between a total and the block it introduces.
INTRO_CHARS = 160
#: A block (a table's rows, a list's items) longer than this is no work to add up.
MAX_LINES = 40
#: At most this many columns of a table are summed (each question's cost stays bounded).
MAX_COLUMNS = 12
#: A small count written in digits counts as written up to this value.
SMALL_COUNT = 12
_OPERANDS = ("money", "number", "percent")
#: A list item: a bullet, or a number and a full stop or bracket, at the start of a line.
_ITEM = re.compile(r"[ \t]*(?:[-*•·–]|\d{1,2}[.)])[ \t]+")
#: A table's separator row ("|---|:---:|").
_SEPARATOR = re.compile(r"[ \t]*\|?[ \t]*:?-{2,}")


#: A word of the answer, with an elided part ("that's", "l'ensemble").
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


@cache
def _cue() -> tuple[frozenset[str], re.Pattern[str]]:
    """The first words of the total cues, and the cues themselves (matched at a word)."""
    cues = tuple(w.lower() for w in listed("total_cues"))
    firsts = frozenset(m.group() for w in cues if (m := _WORD.match(w)))
    words = alternation(cues).replace("'", "['’]")
    return firsts, re.compile(rf"(?:{words})(?![^\W\d_])", re.IGNORECASE)


@cache
def _prefixes() -> tuple[str, ...]:
    """Word beginnings that make a compound a total cue ("Gesamtwert", "Gesamtbetrag":
    ``total_prefixes``). Principle: a language that compounds writes "total value" as one
    word, whose first part is the cue. Risk: a compound of the prefix that names no sum
    ("Gesamtschule") announces one; only a figure equal to a column's or list's sum passes."""
    return tuple(w.lower() for w in listed("total_prefixes"))


def announced_units(answer: str, bounds: Sequence[int]) -> frozenset[int]:
    """The sentences and table rows of ``answer`` (by their place in ``bounds``, its
    ``units``) that hold a total cue, found in one pass."""
    if bounds == units(answer):  # one answer's own units (totals, shares): read once for both
        return _announced_units(answer)
    return _read_announced(answer, bounds)


def announced_at(answer: str, position: int) -> bool:
    """Does the sentence or table row of ``answer`` holding ``position`` hold a total cue?
    Both the units and the cues are read once per answer: asked per number, it is a binary
    search."""
    return bisect_right(unit_starts(answer), position) in _announced_units(answer)


@lru_cache(maxsize=4)
def _announced_units(answer: str) -> frozenset[int]:
    """``announced_units`` of an answer's own units: two readings (totals, shares) asked it
    of the same answer, a walk of every word of the answer each."""
    return _read_announced(answer, units(answer))


def _read_announced(answer: str, bounds: Sequence[int]) -> frozenset[int]:
    firsts, cue = _cue()
    runs = ascii_runs(answer)
    # gate: on ASCII text a word that is a cue's first word starts with the same letter run,
    # and one that begins with a prefix has a run that begins with it; an answer with neither
    # (most) holds no cue, and its words are not walked one by one
    prefixes = _run_prefixes() if runs is not None else None
    if (
        runs is not None
        and prefixes is not None
        and _first_runs().excludes(answer)
        and not any(run.startswith(prefixes) for run in runs)
    ):
        return frozenset()
    return frozenset(
        bisect_right(bounds, m.start())
        for m in _WORD.finditer(answer)
        if (m.group().lower().replace("’", "'") in firsts and cue.match(answer, m.start()))
        or m.group().lower().startswith(_prefixes())
    )


@cache
def _first_runs() -> RunGate:
    return RunGate(_cue()[0])


@cache
def _run_prefixes() -> tuple[bytes, ...] | None:
    """The prefixes as an ASCII letter run starts with them (None when one is not letters
    only: a run could not show it, so the gate is off)."""
    prefixes = _prefixes()
    if not all(p.isalpha() for p in prefixes):
        return None
    return tuple(p.encode() for p in prefixes if p.isascii())


class ShownTotals:
    """The tables and lists of one answer, asked per unexplained number."""

    __slots__ = ("_answer", "_blocks", "_cued", "_kinds", "_numerals", "_starts", "_sums", "_units")

    def __init__(self, answer: str, numerals: Sequence[Numeral]) -> None:
        self._answer = answer
        self._numerals = numerals
        self._starts = [n.span[0] for n in numerals]  # sorted, as the numerals are
        # (start, end, is_table, columns): each column the numeral indexes of its cells (a
        # table; a list has one column, its items); read at the first question
        self._blocks: list[tuple[int, int, bool, list[list[list[int]]]]] | None = None
        self._units: list[int] = []
        self._cued: frozenset[int] | None = None  # the sentences and rows holding a total cue
        self._kinds: dict[int, str | None] = {}  # each figure's kind, read once
        # per block (by its start) and kind asked: its columns' sums, with how many operands
        # were explained when they were made (they hold until one more is)
        self._sums: dict[tuple[int, str | None], tuple[int, list[tuple[float, int]]]] = {}

    def explain(
        self, index: int, lo: float, hi: float, operand: Callable[[int], float | None], explained: int = -1
    ) -> str | None:
        """How the numeral at ``index`` (true values ``[lo, hi]``) is the announced total of
        a column or list the answer shows (``operand(j)``: the value of a grounded or
        explained numeral, else None; ``explained``: how many operands are, when the caller
        counts them, so that a block's sums are made once until one more is); or None."""
        numeral = self._numerals[index]
        if numeral.kind not in _OPERANDS or not self._announced(numeral.span[0]):
            return None
        if self._blocks is None:
            self._blocks = self._read()
        kind = answer_kind(self._answer, numeral)
        start = numeral.span[0]
        before = bisect_left(self._blocks, start, key=lambda b: b[0])  # the blocks starting before it
        near = self._blocks[max(0, before - MAX_BLOCKS) : before]
        if before < len(self._blocks) and self._introduces(start, self._blocks[before][0]):
            near = [*near, self._blocks[before]]
        for first, end, table, columns in reversed(near):
            inside = start < end  # a "Total" row of the block: its own figure is left out
            held = None if inside else self._sums.get((first, kind))
            if held is not None and held[0] == explained >= 0:
                sums = held[1]  # the block's sums as for the last question
            else:
                sums = [t for cells in columns if (t := self._sum(index, cells, kind, operand, table))]
                if not inside:
                    self._sums[(first, kind)] = (explained, sums)
            for value, count in sums:
                if lo - 1e-9 <= value <= hi + 1e-9:
                    where = "a column of the answer's table" if table else "a list the answer shows"
                    return f"total {format_number(value)} of the {count} figures of {where}"
        return None

    def _introduces(self, start: int, block: int) -> bool:
        """Does the total at ``start`` introduce the block starting at ``block``: only the rest
        of its sentence and a short lead-in ("Sorted by due date:") stand between them?

        Principle: "three invoices came in, **€268.39** together. By due date:" then the
        table announces the sum of the block it leads into, as a "Total" row after it does.
        Risk: a total cue before a block that is not its parts (the sum of another list)
        reads one more block, whose sum must still land on the figure."""
        between = self._answer[start:block]
        return len(between) <= INTRO_CHARS and between.count("\n\n") <= 1

    def _announced(self, start: int) -> bool:
        """Does the sentence or table row holding ``start`` hold a total cue? (The cues of the
        whole answer are found in one pass, at the first question.)"""
        if self._cued is None:
            self._units = units(self._answer)
            self._cued = announced_units(self._answer, self._units)
        return bisect_right(self._units, start) in self._cued

    def _sum(
        self,
        index: int,
        cells: list[list[int]],
        kind: str | None,
        operand: Callable[[int], float | None],
        table: bool,
    ) -> tuple[float, int] | None:
        """The sum of one figure per cell (a table cell's first figure; a list item's one
        figure commensurable with ``kind``) and how many, when every figure is grounded and
        of one kind with the total; None otherwise."""
        total, count, seen = 0.0, 0, kind
        for cell in cells:
            figures = [j for j in cell if j != index]
            if not table:
                figures = [j for j in figures if commensurable(kind, self._kind(j))]
                if len(figures) > 1:
                    return None  # which of the item's figures counts is not known
            if not figures:
                continue
            j = figures[0]
            own = self._kind(j)
            if not commensurable(seen, own) or (kind == MONEY and own != MONEY):
                return None  # an amount is a total of amounts the answer writes as money
            seen = seen or own
            value = self._value(j, operand)
            if value is None:
                return None  # a figure nothing explains adds up to nothing
            total += abs(value)
            count += 1
        return (total, count) if count >= 2 else None

    def _read(self) -> list[tuple[int, int, bool, list[list[list[int]]]]]:
        """Every table and list of the answer, in order."""
        blocks: list[tuple[int, int, bool, list[list[list[int]]]]] = []
        answer = self._answer
        pos = 0
        current: tuple[int, bool, list[list[list[int]]]] | None = None
        last_end = 0
        for line in answer.splitlines(keepends=True):
            start, end = pos, pos + len(line)
            pos = end
            stripped = line.strip()
            table = stripped.startswith("|")
            marker = None if table else _ITEM.match(line)
            item = marker is not None
            if current is not None and (not (table or item) or table != current[1]):
                blocks.append((current[0], last_end, current[1], current[2]))
                current = None
            if not (table or item):
                continue
            if current is None:
                current = (start, table, [])
            last_end = end
            if table and _SEPARATOR.match(stripped):
                current[2].clear()  # the rows above a separator are the header
                continue
            if marker is not None:  # the item's text after its bullet or number ("2. ")
                current[2].append([self._indexes(start + marker.end(), end)])
            else:
                current[2].append(self._cells(start, end, line))
        if current is not None:
            blocks.append((current[0], last_end, current[1], current[2]))
        # a long run of rows is a listing, not a sum to check against
        return [(s, e, t, _columns(rows) if len(rows) <= MAX_LINES else []) for s, e, t, rows in blocks]

    def _value(self, j: int, operand: Callable[[int], float | None]) -> float | None:
        """The value of figure ``j`` when it is grounded or explained, or a small count
        written in digits ("3 nights": a wrong count is the count's question); else None."""
        value = operand(j)
        if value is None and _small_count(self._numerals[j]):
            return self._numerals[j].value
        return value

    def _kind(self, j: int) -> str | None:
        if j not in self._kinds:
            self._kinds[j] = answer_kind(self._answer, self._numerals[j])
        return self._kinds[j]

    def _cells(self, start: int, end: int, line: str) -> list[list[int]]:
        """The numeral indexes of each cell of a table row (between its bars)."""
        bars = [start + i for i, c in enumerate(line) if c == "|"]
        return [self._indexes(a + 1, b) for a, b in pairwise(bars)]

    def _indexes(self, start: int, end: int) -> list[int]:
        """The indexes of the numerals of operand kinds starting in ``[start, end)``."""
        first, last = bisect_left(self._starts, start), bisect_left(self._starts, end)
        return [j for j in range(first, last) if self._numerals[j].kind in _OPERANDS]


def _columns(rows: list[list[list[int]]]) -> list[list[list[int]]]:
    """The columns of a block's rows (a list's rows hold one cell, its item), at most
    ``MAX_COLUMNS``: each column the cells of the rows that reach it."""
    width = min(MAX_COLUMNS, max((len(r) for r in rows), default=0))
    return [[r[c] for r in rows if c < len(r)] for c in range(width)]


def _small_count(numeral: Numeral) -> bool:
    """Is the numeral a small count written in digits ("3 nights", "0 bags")?"""
    return numeral.kind == "number" and numeral.decimals == 0 and 0 <= numeral.value <= SMALL_COUNT


__all__ = ["ShownTotals", "announced_at", "announced_units"]
