"""The items a colon introduces when they are not a bulleted list: the rows of a markdown
table, or an inline enumeration ("...: Barcelona, Rome and Athens").

Principle: a markdown table starting right after the colon (a header line of cells, a
separator line of dashes, then rows) shows one item per row; the rows end at the first line
that is not a table line. An enumeration on the colon's own line whose last two items are
joined by a conjunction (``conjunctions`` in ``counted_lists.json``: and/y/et/und/e ...) and
the others by commas names one item per member, when each member is short (a name, not a
clause). The colon may stand inside the sentence ("Two of the four are above 30 °C: A, B and
C.").

A closing row that sums the others is none of the items: the table's last rows (or a list's
last items, ``nofab.numbers.announced``) whose label — the first non-empty cell, or the
item's text — starts with a total word ("Total", "Subtotal", "Gesamt", "Summe", "Total
général", "Sous-total", "Suma", a compound "Gesamtbetrag"; ``total_labels`` in
``counted_lists.json``) are not counted (``total_row``). Only closing rows are: a total word
in the middle of a table ("| Total Fitness | gym |") labels an item.

Risk: a row per day for a count of events counts one item too many or too few; an item
named by a total word that closes its table ("| Total Wine | 3 bottles |") is not counted,
so a count of all the rows would be flagged (one item short), and a wrong count equal to the
rows without it passes; an enumeration of clauses or of a name with a
comma inside ("Paris, Texas") is miscounted — members longer than ``MAX_MEMBER_WORDS`` words
or holding a digit end the reading, and nothing is read then.
"""

from __future__ import annotations

import re
from functools import cache

from nofab.language import vocabulary
from nofab.numbers.lexicon import alternation, listed

#: Lines and characters of a table read at most.
MAX_ROWS = 400
MAX_CHARS = 40_000
#: An enumeration member longer than this many words is a clause, not an item.
MAX_MEMBER_WORDS = 4
#: Characters of the colon's line read at most for an enumeration.
MAX_LINE = 400

_SEPARATOR = re.compile(r"[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$")
_ROW = re.compile(r"[ \t]*\|")
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
#: What may stand before a row's label: table bars, spaces, emphasis and code markers.
_LEAD = re.compile(r"[\s|*_`]*")


@cache
def _conjunctions() -> frozenset[str]:
    data = vocabulary.load("counted_lists")
    return frozenset(w.lower() for words in data["conjunctions"].values() for w in words)


@cache
def _links() -> frozenset[str]:
    return frozenset(w.lower() for w in vocabulary.load("counted_lists")["part_links"])


@cache
def _total_label() -> re.Pattern[str]:
    """A total word at the start of a label, whole word, or a compound of a total prefix."""
    data = vocabulary.load("counted_lists")["total_labels"]
    labels = alternation(frozenset(w.lower() for words in data.values() for w in words))
    prefixes = alternation(frozenset(w.lower() for w in listed("total_prefixes")))
    return re.compile(rf"(?:{labels})(?![^\W\d_])|(?:{prefixes})[^\W\d_]", re.IGNORECASE)


def total_row(line: str) -> bool:
    """Is ``line`` (a table row, or a list item past its bullet) labelled by a total word: its
    first non-empty cell or its text starts with one ("| **Total** | | 338 € |", "Gesamt: 12")?"""
    start = _LEAD.match(line)
    return bool(_total_label().match(line, start.end() if start else 0))


def closing_totals(lines: list[str]) -> int:
    """How many of ``lines`` (a block's rows or items, in order) are closing total rows: the
    run of total-labelled rows at the block's end, never the whole block."""
    closing = 0
    for line in reversed(lines):
        if not total_row(line):
            break
        closing += 1
    return closing if closing < len(lines) else 0


@cache
def _openers() -> frozenset[str]:
    data = vocabulary.load("counted_lists")
    return _conjunctions() | frozenset(w.lower() for words in data["clause_openers"].values() for w in words)


def joins_clause(text: str, start: int, end: int) -> bool:
    """Does a comma and a conjunction ("..., and", "..., so", "..., mais") between ``start``
    and ``end`` open another clause? A count before it is then that earlier clause's, not the
    announcing one. Principle: a list is announced by the clause that ends in the colon; a
    clause the comma and a coordinator close before it states something else ("SC0145 has 8
    seats left, so here is the booking:"). Risk: a count the writer meant for the list, put
    before such a clause ("3 options, so here they are:"), is not read."""
    for found in re.finditer(r",[ \t]*([^\W\d_]+)", text[start:end]):
        if found.group(1).lower() in _openers():
            return True
    return False


def part_of(text: str, end: int, start: int) -> bool:
    """Do only words linking a part to its whole stand between the count ending at ``end`` and
    the count starting at ``start`` ("2 **of the** 4")?"""
    between = text[end:start]
    if len(between) > MAX_LINE or re.search(r"[^\w\s'’*_]", between):
        return False
    said = _WORD.findall(between.replace("’", "'"))
    return bool(said) and all(w.lower() in _links() for w in said)


def table_rows(text: str, start: int) -> int:
    """The rows of the markdown table starting at the first non-blank line from ``start``
    (0 when no table starts there), its closing total rows left out."""
    lines = text[start : start + MAX_CHARS].split("\n", MAX_ROWS)[:MAX_ROWS]
    if lines and not lines[0].strip():
        lines = lines[1:]  # the rest of the colon's own line
    while lines and not lines[0].strip():
        lines = lines[1:]
    if len(lines) < 3 or not _ROW.match(lines[0]) or not _SEPARATOR.match(lines[1]):
        return 0
    rows: list[str] = []
    for line in lines[2:]:
        if not _ROW.match(line):
            break
        rows.append(line)
    return len(rows) - closing_totals(rows)


def inline_items(text: str, colon: int) -> int:
    """The members of the enumeration right after the colon (``colon`` is just past it), on
    its line up to the sentence's end ("A, B and C." -> 3), or 0 when what follows is not one."""
    line = text[colon : colon + MAX_LINE].split("\n", 1)[0]
    end = re.search(r"[.;!?](?:\s|$)", line)
    line = line[: end.start()] if end else line
    if not line.strip() or any(ch.isdigit() for ch in line):
        return 0
    members = [m.strip(" \t*_") for m in line.split(",")]
    last = _WORD.findall(members[-1])
    joined = [i for i, w in enumerate(last) if w.lower() in _conjunctions()]
    if len(joined) != 1 or joined[0] == 0 or joined[0] == len(last) - 1:
        return 0  # no "X and Y" at the end: a clause, not an enumeration
    members[-1:] = [" ".join(last[: joined[0]]), " ".join(last[joined[0] + 1 :])]
    if any(not _WORD.search(m) or len(_WORD.findall(m)) > MAX_MEMBER_WORDS for m in members):
        return 0
    return len(members)


__all__ = ["closing_totals", "inline_items", "joins_clause", "part_of", "table_rows", "total_row"]
