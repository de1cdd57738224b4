"""A number the answer gives for a day of a dated list ("Saturday will be sunny, 75°F", "a low
of 54°F tomorrow") that is another day's value: the value of the wrong row.

Principle: a tool result that lists rows by date (a forecast, a schedule, daily balances)
gives each value a day. An answer that names a day — a weekday that exactly one row falls on,
"today"/"tomorrow" (``nofab.numbers.relativedays``, five languages) counted from the
one date the turn's context gives as now, or the row's date itself — speaks of that row
until it names another day or the sentence ends. A number in that stretch that the named
row holds in none of its fields, while another row of the same list holds it in a field
the named row also has (with another value), is that other row's value: a finding at 0.8
naming both rows.

Risk: a number of the day's stretch about something else that happens to equal another
row's field (a count, "2 options", beside daily rows of small values), so only numbers above
``structural_max`` are read, and only a field both rows have decides; a day named in one
stretch whose numbers compare it with another day ("Saturday, 77°F, warmer than Thursday's
75°F") is split at the second day's name, so each number is read against its own day.

A range of days ("Nov 24 – Nov 26", "Monday to Wednesday", "du 24 au 26", "Montag bis
Mittwoch": ``date_ranges.json``) names every day from its first end to its last: a figure after
it is bound to no single day (its last end's row would hold it against one record of several,
"Nov 24 – Nov 26: fares $96 + $104" against Nov 26 alone), so the range is one mention of no
row. Risk: a figure after a range that is one day's wrong value is not held to that day.
"""

from __future__ import annotations

import datetime as _dt
import re
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from nofab.language import vocabulary
from nofab.model.finding import Finding
from nofab.numbers.datepairs import range_link
from nofab.numbers.dates import after_weekday
from nofab.numbers.extract import Numeral
from nofab.numbers.lexicon import RunGate
from nofab.numbers.relativedays import relative_days

if TYPE_CHECKING:
    from nofab.evidence.records import Record
    from nofab.numbers.anchored import RecordFields

#: The confidence of a number another row of the named day's list holds.
CONFIDENCE_ROW = 0.8
#: At most this many rows per dated list are read (a long history is not a forecast).
MAX_ROWS = 62
#: At most this many dated lists per turn are read: each day the answer names is looked up
#: in each, so the cost stays linear in the answer.
MAX_LISTS = 8

_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_WORD = re.compile(r"[^\W\d_]+")
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")
_ROW = re.compile(r"^(.*)\[\d+\]$")


@cache
def _weekdays() -> dict[str, int]:
    return dict(vocabulary.load("weekdays")["names"])


@cache
def _weekday_runs() -> RunGate:
    return RunGate(_weekdays())


@cache
def _weekday_gate() -> re.Pattern[str]:
    """Any weekday name that is one run of letters (the only ones ``_WORD`` can read), searched
    in the lowered answer: a word whose lowered form is such a name is in the lowered answer
    too, so an answer where this finds nothing names no weekday (most answers)."""
    names = [w for w in _weekdays() if _WORD.fullmatch(w)]
    firsts = "".join(sorted({re.escape(w[0]) for w in names}))
    return re.compile(rf"(?=[{firsts}])(?:{'|'.join(map(re.escape, names))})")


#: A mention of a range of days (``what`` of ``day_mentions``): it names no single row.
DAY_RANGE = "range"


def _ranges(answer: str, mentions: list[tuple[int, int, object]]) -> list[tuple[int, int, object]]:
    """``mentions`` with each two joined by a range link merged into one mention of no row."""
    out: list[tuple[int, int, object]] = []
    for mention in mentions:
        last = out[-1] if out else None
        if (
            last is not None
            and last[2] != DAY_RANGE
            and type(last[2]) is type(mention[2])  # "Monday - Nov 24" is a day and its date
            and last[2] != mention[2]
            and range_link().fullmatch(answer, last[1], mention[0])
        ):
            out[-1] = (out[-1][0], mention[1], DAY_RANGE)
        else:
            out.append(mention)
    return out


def row_date(record: Record) -> _dt.date | None:
    """The one date a row's fields hold as a whole value ("date": "2023-09-16")."""
    found: set[_dt.date] = set()
    for text in record.values.values():
        if len(text) < 10 or text[4] != "-" or text[7] != "-":
            continue  # the cheap test first: most values are no date
        m = _ISO.fullmatch(text[:10])
        if m is not None:
            try:
                found.add(_dt.date(int(m[1]), int(m[2]), int(m[3])))
            except ValueError:
                continue
    return found.pop() if len(found) == 1 else None


def dated_lists(records: tuple[Record, ...]) -> list[dict[_dt.date, Record]]:
    """Rows of one list (``...forecast[3]``) by their date, for lists of two or more rows
    with distinct dates."""
    lists: dict[str, dict[_dt.date, Record]] = defaultdict(dict)
    spoiled: set[str] = set()
    for record in records:
        parent = _ROW.match(record.where)
        date = row_date(record) if parent else None
        if parent is None or date is None:
            continue
        rows = lists[parent[1]]
        if date in rows or len(rows) >= MAX_ROWS:
            spoiled.add(parent[1])
        rows[date] = record
    return [rows for key, rows in lists.items() if key not in spoiled and len(rows) >= 2][:MAX_LISTS]


#: Contexts whose date is remembered: the context (a policy of many kilobytes and the user's
#: earlier messages) comes back on every turn, and four readings ask for its date.
_CONTEXTS_KEPT = 64


@lru_cache(maxsize=_CONTEXTS_KEPT)
def context_today(context: str) -> _dt.date | None:
    """The one date the turn's context gives ("Current time: 2024-05-15 15:00")."""
    found: set[_dt.date] = set()
    for m in _ISO.finditer(context):
        try:
            found.add(_dt.date(int(m[1]), int(m[2]), int(m[3])))
        except ValueError:
            continue
    return found.pop() if len(found) == 1 else None


def day_mentions(answer: str, numerals: list[Numeral], context: str) -> list[tuple[int, int, object]]:
    """(start, end, what) for each day the answer names, in order: a weekday name (what: its
    index), a relative day (what: its date; the context is read for today only then), a date
    written out (what: (month, day)), a range of days (what: ``DAY_RANGE``, module doc)."""
    weekdays = _weekdays()
    mentions: list[tuple[int, int, object]] = []
    # gate: most answers name no weekday; reading every word of the answer cost most of this
    if not _weekday_runs().excludes(answer) and _weekday_gate().search(answer.lower()) is not None:
        for m in _WORD.finditer(answer):
            word = m.group().lower()
            if word in weekdays:
                mentions.append((m.start(), m.end(), weekdays[word]))
    relative = relative_days(answer)  # "tomorrow", "pasado mañana"; not "esta mañana"
    today = context_today(context) if relative else None
    if today is not None:
        mentions.extend((start, end, today + _dt.timedelta(days=offset)) for start, end, offset in relative)
    mentions.extend((n.span[0], n.span[1], n.date[1:]) for n in numerals if n.kind == "date" and n.date)
    return _ranges(answer, sorted(mentions, key=lambda m: m[0]))


def row_of(rows: dict[_dt.date, Record], what: object) -> tuple[_dt.date, Record] | None:
    """The row a day mention names: the row of that date, or the only row on that weekday (none
    for a range of days)."""
    if what == DAY_RANGE:
        return None
    if isinstance(what, _dt.date):
        return (what, rows[what]) if what in rows else None
    if isinstance(what, tuple):
        matching = [(d, r) for d, r in rows.items() if (d.month, d.day) == what]
    else:
        matching = [(d, r) for d, r in rows.items() if d.weekday() == what]
    return matching[0] if len(matching) == 1 else None


def _holds(record: Record, value: float) -> bool:
    return any(abs(v - value) < 1e-9 for _k, v in record.numeric_fields())


def _other_row(rows: dict[_dt.date, Record], named: Record, value: float) -> tuple[str, _dt.date, str] | None:
    """(key, date, the named row's value of that key) for another row holding ``value`` in
    a field the named row also has; or None."""
    for date, record in rows.items():
        if record is named:
            continue
        for key, v in record.numeric_fields():
            mine = named.number(key)
            if abs(v - value) < 1e-9 and mine is not None and abs(mine - value) > 1e-9:
                return key, date, named.values[key]
    return None


_CLAUSE_END = re.compile(r",(?!\d)|[;:]|[.!?](?:\s|$)|\n")  # "3,2 mm": a decimal comma


def _not_of(answer: str, numeral: Numeral, mentions: list[tuple[int, int, object]], i: int) -> bool:
    """Is ``numeral`` not a figure of the day mention ``i`` whose stretch it stands in?

    Principle: a clause that names its day after its figures ("17 °C y lluvia el sábado, 18 °C
    el domingo") gives them that day, not the one named before the clause; and a number right
    after a weekday ("el domingo 19") is that day's day of the month, no figure of a row. Risk:
    a clause that names a second day after a figure of the first ("Saturday 75°F, warmer than
    Sunday") leaves that figure unchecked."""
    if after_weekday(answer, numeral):
        return True
    stop = _CLAUSE_END.search(answer, numeral.span[1])
    end = stop.start() if stop else len(answer)
    return any(numeral.span[1] <= m[0] < end for m in mentions[i + 1 :])


def day_row_findings(
    finding: Callable[..., Finding], fields: RecordFields, structural_max: int
) -> Iterator[Finding]:
    """``unverified_number`` findings for numbers given for a named day of a dated list that
    another day's row holds instead."""
    evidence = fields.evidence
    checked = [
        n for n in evidence.numerals if n.kind in ("number", "money") and abs(n.value) > structural_max
    ]
    if not checked or not evidence.records:
        return
    answer = evidence.answer
    mentions = day_mentions(answer, evidence.numerals, evidence.turn.context or "")
    lists = dated_lists(evidence.records) if mentions else []  # the answer's days first: cheap
    if not lists:
        return
    at = [n.span[0] for n in checked]
    for i, (start, end, what) in enumerate(mentions):
        stop = _SENTENCE_END.search(answer, end)
        limit = min(
            stop.start() if stop else len(answer),
            mentions[i + 1][0] if i + 1 < len(mentions) else len(answer),
        )
        for rows in lists:
            named = row_of(rows, what)
            if named is None:
                continue
            for numeral in checked[bisect_left(at, end) : bisect_left(at, limit)]:
                if _holds(named[1], abs(numeral.value)) or _not_of(answer, numeral, mentions, i):
                    continue
                other = _other_row(rows, named[1], abs(numeral.value))
                if other is None:
                    continue
                key, date, mine = other
                yield finding(
                    "unverified_number",
                    numeral.text,
                    CONFIDENCE_ROW,
                    numeral.span,
                    f"{numeral.text} is given for {answer[start:end]} ({named[0]}), but it is the {key} of "
                    f"{date}; {named[0]}'s {key} is {mine}",
                    evidence={"literal_kind": numeral.kind, "row": str(named[0]), "other_row": str(date)},
                )


__all__ = [
    "CONFIDENCE_ROW",
    "DAY_RANGE",
    "MAX_LISTS",
    "MAX_ROWS",
    "context_today",
    "dated_lists",
    "day_mentions",
    "day_row_findings",
    "row_of",
]
