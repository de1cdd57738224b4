"""A figure in a table column headed by a day, held against that day's record: in

    | | Tomorrow | July 21, 2023 |
    |---|---|---|
    | Low | 72°F | 69°F |

the 69 is the low of the record dated 2023-07-21, which holds ``low_f`` 66.

Principle: a markdown table whose header cell names a day (a date, a weekday, "tomorrow":
``nofab.numbers.dayrows.day_mentions``; several in one cell must agree) that exactly one
dated record of the results falls on (its one whole date value, ``dayrows.row_date``) is a
column of that record; a body row whose first cell is a label whose words are all words of
some of that record's numeric field keys ("Low" for ``observed.low_f``) is a row of those
fields. The first figure of a cell where such a row meets such a column is that record's
field, read: when none of those fields holds it (within the display rounding), it is a misread
of the record, whether another day's record holds it (the value of the wrong column) or a
difference or sum of the record's other fields lands on it (a coincidence, not a derivation).
Reported at ``CONFIDENCE`` beside the number check's own pass (``nofab.numbers.facts``).

Risk: a row of figures computed from the day's record whose label's words are all words of a
field's key ("Low" over a low converted to another unit the key does not say) is reported;
a label that names a derived quantity in other words ("Range", "Change") names no field and
keeps its derivations. Only the
first figure of a cell is read (a conversion after it, "72°F (22°C)", is left to other
rules), and a figure whose unit says another kind than the field's key (°C under ``low_f``)
is not read. At most ``MAX_TABLES`` tables of ``MAX_ROWS`` rows are read.
"""

from __future__ import annotations

import datetime as _dt
import re
from bisect import bisect_left
from collections.abc import Callable, Iterator
from itertools import pairwise
from typing import TYPE_CHECKING

from nofab.language.text import strip_accents
from nofab.numbers.dayrows import day_mentions, row_date
from nofab.numbers.kinds import answer_kind, key_kind
from nofab.numbers.rounding import display_interval

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.evidence.records import Record
    from nofab.model.finding import Finding
    from nofab.numbers.anchored import RecordFields

#: A cell's figure that its column's record holds otherwise: a misread of a labelled field.
CONFIDENCE = 0.8

#: Tables of one answer read at most, and body rows of one table.
MAX_TABLES = 8
MAX_ROWS = 64
_SEPARATOR = re.compile(r"\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)+\|?\s*")
_WORD = re.compile(r"[^\W\d_]+")
_DIGIT = re.compile(r"\d")
_KEY_WORD = re.compile(r"[A-Za-z]+")

#: A cell: (start, end) in the answer.
Cell = tuple[int, int]


def _cells(answer: str, start: int, end: int) -> list[Cell]:
    """The cells of the table line ``answer[start:end]``, by position (outer pipes dropped)."""
    bars = [i for i in range(start, end) if answer[i] == "|"]
    if not bars:
        return []
    edges = ([] if answer[start : bars[0]].strip() == "" else [start - 1]) + bars
    if answer[bars[-1] + 1 : end].strip():
        edges.append(end)
    return [(a + 1, b) for a, b in pairwise(edges)]


def tables(answer: str) -> list[tuple[list[Cell], list[list[Cell]]]]:
    """(header cells, body rows' cells) of each markdown table of the answer."""
    lines: list[tuple[int, int]] = []
    at = 0
    for line in answer.split("\n"):
        lines.append((at, at + len(line)))
        at += len(line) + 1
    out: list[tuple[list[Cell], list[list[Cell]]]] = []
    i = 1
    while i < len(lines) and len(out) < MAX_TABLES:
        start, end = lines[i]
        head = lines[i - 1]
        if "|" in answer[head[0] : head[1]] and _SEPARATOR.fullmatch(answer, start, end):
            body: list[list[Cell]] = []
            j = i + 1
            while j < len(lines) and "|" in answer[lines[j][0] : lines[j][1]] and len(body) < MAX_ROWS:
                body.append(_cells(answer, *lines[j]))
                j += 1
            out.append((_cells(answer, *head), body))
            i = j
        i += 1
    return out


def day_column_findings(
    finding: Callable[..., Finding], fields: RecordFields, structural_max: int
) -> Iterator[Finding]:
    """``unverified_number`` findings for the first figure of each cell of a day-headed
    column whose row's fields, in that day's record, hold another value."""
    evidence = fields.evidence
    answer = evidence.answer
    if "|" not in answer or not evidence.numerals or not evidence.records:
        return
    found = tables(answer)
    cells = _bound(evidence, found) if found else []
    if not cells:
        return
    numerals = sorted(evidence.numerals, key=lambda n: n.span[0])
    starts = [n.span[0] for n in numerals]
    for start, end, record, label in cells:
        i = bisect_left(starts, start)
        if i == len(numerals) or numerals[i].span[1] > end:
            continue
        numeral = numerals[i]
        if _DIGIT.search(answer, start, numeral.span[0]) is not None:
            continue  # a figure whose digits the numbers do not read comes first
        if numeral.kind not in ("number", "money") or abs(numeral.value) <= structural_max:
            continue  # (a small count, a date, a time: not a field's reading)
        kind = answer_kind(answer, numeral)
        held = [
            (key, value)
            for key, value in record.numeric_fields()
            if set(label) <= {w.lower() for w in _KEY_WORD.findall(key)}
            and (kind is None or key_kind(key) in (None, kind))
        ]
        lo, hi = display_interval(numeral.value, numeral.decimals, numeral.scale, 0.0)
        if not held or any(lo - 1e-9 <= abs(value) <= hi + 1e-9 for _k, value in held):
            continue
        key, value = held[0]
        day = row_date(record)
        yield finding(
            "unverified_number",
            numeral.text,
            CONFIDENCE,
            numeral.span,
            f"{numeral.text} is given in the column of {day}, but that day's record holds {key} = {value:g}",
            evidence={"literal_kind": numeral.kind, "row": str(day), "field": key},
        )


def _bound(
    evidence: Evidence, found: list[tuple[list[Cell], list[list[Cell]]]]
) -> list[tuple[int, int, Record, tuple[str, ...]]]:
    """(cell start, cell end, the column's record, the row's label words) of every cell where
    a labelled row meets a day's column."""
    dated: dict[_dt.date, list[Record]] = {}
    for record in evidence.records:
        if (date := row_date(record)) is not None:
            dated.setdefault(date, []).append(record)
    if not dated:
        return []
    answer = evidence.answer
    mentions = day_mentions(answer, list(evidence.numerals), evidence.turn.context or "")
    dates = {n.span[0]: n.date for n in evidence.numerals if n.kind == "date" and n.date}
    out: list[tuple[int, int, Record, tuple[str, ...]]] = []
    for head, body in found:
        columns = {k: r for k, cell in enumerate(head) if (r := _record(cell, mentions, dates, dated))}
        if not columns:
            continue
        for row in body:
            label = tuple(strip_accents(w.lower()) for w in _WORD.findall(answer, *row[0])) if row else ()
            if label:
                out.extend((*row[k], record, label) for k, record in columns.items() if 0 < k < len(row))
    return out


def _record(
    cell: Cell,
    mentions: list[tuple[int, int, object]],
    dates: dict[int, tuple[int | None, int, int]],
    dated: dict[_dt.date, list[Record]],
) -> Record | None:
    """The one dated record every day the header cell names falls on, or None."""
    start, end = cell
    said = [what for s, e, what in mentions if start <= s and e <= end]
    if not said:
        return None
    fits = []
    for date, records in dated.items():
        if all(_falls_on(date, what, dates, start, end) for what in said) and len(records) == 1:
            fits.append(records[0])
        elif all(_falls_on(date, what, dates, start, end) for what in said):
            return None  # two records of that date: which one the column means is unknown
    return fits[0] if len(fits) == 1 else None


def _falls_on(
    date: _dt.date, what: object, dates: dict[int, tuple[int | None, int, int]], start: int, end: int
) -> bool:
    if isinstance(what, _dt.date):
        return date == what
    if isinstance(what, tuple):
        # a written date: its year too, when the answer gives one
        years = {d[0] for s, d in dates.items() if start <= s < end and d[1:] == what and d[0] is not None}
        return (date.month, date.day) == what and (not years or date.year in years)
    return isinstance(what, int) and date.weekday() == what


__all__ = ["CONFIDENCE", "MAX_ROWS", "MAX_TABLES", "day_column_findings", "tables"]
