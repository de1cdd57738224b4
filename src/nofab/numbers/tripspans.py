"""The whole length of one itinerary: from its first leg's departure to its last leg's arrival.

Principle: a duration the answer states as a whole ("durée totale 5 h 05", "4h 45m in total",
"Gesamtdauer 6 h 35", a table column "Durée totale") is derived, not invented, when it equals
the time from the start (departure, start: ``start_keys`` of ``time_roles``) of the first
record to the end (arrival, end: ``end_keys``) of the last record of one list of records in
one tool result, a list of at least two records, as a search returns the legs of one
connecting itinerary. Only the first and last record of each list are paired: a list gives one
span. Times are read with their dates when both fields write one, and in UTC when both write
an offset ("2025-06-10T08:00:00-07:00"), so a trip across time zones is measured as flown; a
span that is not positive or longer than two days is none. The whole is asked only when a word
of a total length stands in the number's clause, right after it, or heads its table column
(``total_lengths`` in ``hour_marks.json``).

Risk: an invented total that happens to equal the span of another itinerary of the same result
(one per list, so a few) is excused, and a list that is no itinerary (a day's meetings) gives
the length of the day it covers, which a total length word must still announce.
"""

from __future__ import annotations

import datetime as _dt
import re
from functools import cache
from typing import TYPE_CHECKING, Any

from nofab.language.vocabulary import load
from nofab.numbers.hourlengths import column_header
from nofab.numbers.lexicon import alternation
from nofab.numbers.roles import key_role

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.numbers.units import Quantity

#: The longest span read, in minutes (two days).
LONGEST = 2880
_MAX_DEPTH, _MAX_VALUES, _MAX_SPANS = 8, 20000, 200
#: A field's time, with its date and UTC offset when the field writes them.
_FIELD_TIME = re.compile(
    r"(?:(\d{4})-(\d{2})-(\d{2})[T ])?(?<!\d)(\d{1,2}):(\d{2})(?!\d)(?::\d{2}(?:\.\d+)?)?"
    r"(Z|[+-]\d{2}:?\d{2})?"
)
#: The clause around the number read for a total length word, and what ends a clause.
_REACH_BEFORE, _REACH_AFTER = 48, 24
_CLAUSE_END = re.compile(r"[;!?()\[\]|\n]|[.,](?=\s+\D)")  # not "Std. 25 Min."


@cache
def _total_words() -> re.Pattern[str]:
    table = {lang: entry for lang, entry in load("hour_marks").items() if not lang.startswith("_")}
    words = alternation(tuple({w.lower(): None for e in table.values() for w in e.get("total_lengths", ())}))
    return re.compile(rf"(?<![^\W\d_])(?:{words})(?![^\W\d_])", re.IGNORECASE)


def _moment(record: dict[str, Any], role: str) -> tuple[int, bool, bool] | None:
    """(minutes, dated, in UTC) of the first field of ``role`` holding a time, or None."""
    for key, value in record.items():
        if not isinstance(value, str) or len(value) > 40 or key_role(str(key)) != role:
            continue
        found = _FIELD_TIME.search(value)
        if found is None or int(found[4]) > 23 or int(found[5]) > 59:
            continue
        minutes = int(found[4]) * 60 + int(found[5])
        if found[1]:
            try:
                minutes += _dt.date(int(found[1]), int(found[2]), int(found[3])).toordinal() * 1440
            except ValueError:
                continue
        offset = found[6]
        if offset and offset != "Z":
            sign = -1 if offset[0] == "+" else 1
            minutes += sign * (int(offset[1:3]) * 60 + int(offset[-2:]))
        return minutes, bool(found[1]), bool(offset)
    return None


def spans_of(result: Any) -> tuple[int, ...]:
    """The span (minutes) from the first record's start to the last record's end of every list
    of two or more records of one result. Built once per result (``Evidence.per_result``)."""
    found: list[int] = []
    stack: list[tuple[Any, int]] = [(result, 0)]
    steps = 0
    while stack and steps < _MAX_VALUES and len(found) < _MAX_SPANS:
        value, depth = stack.pop()
        steps += 1
        if depth > _MAX_DEPTH or not isinstance(value, dict | list):
            continue
        items = list(value.values()) if isinstance(value, dict) else value
        steps += len(items)
        stack.extend((v, depth + 1) for v in items if isinstance(v, dict | list))
        if isinstance(value, list) and len(value) >= 2 and all(isinstance(v, dict) for v in value):
            first, last = _moment(value[0], "start"), _moment(value[-1], "end")
            if first is None or last is None or first[1:] != last[1:]:
                continue  # one written with a date or an offset, the other not: not comparable
            span = last[0] - first[0]
            if 0 < span <= LONGEST:
                found.append(span)
    return tuple(sorted(set(found)))


_READ_SPANS = ("numbers.tripspans",)


def trip_span(evidence: Evidence, span: tuple[int, int], q: Quantity) -> tuple[str, bool] | None:
    """The span of one itinerary equal to the duration ``q`` (seconds) at ``span`` of the
    answer, when a total length word announces it (module doc), or None."""
    answer = evidence.answer
    before = answer[max(0, span[0] - _REACH_BEFORE) : span[0]]
    ends = list(_CLAUSE_END.finditer(before))
    after = answer[span[1] : span[1] + _REACH_AFTER]
    cut = _CLAUSE_END.search(after)
    around = (before[ends[-1].end() :] if ends else before) + " " + (after[: cut.start()] if cut else after)
    words = _total_words()
    if not words.search(around) and not words.search(column_header(answer, span[0]) or ""):
        return None
    lo, hi = q.lo / 60.0, q.hi / 60.0
    for _label, _call, spans in evidence.per_result(_READ_SPANS, spans_of):
        hit = next((s for s in spans if lo <= s <= hi), None)
        if hit is not None:
            return f"time from an itinerary's first departure to its last arrival ({hit} min)", True
    return None


__all__ = ["LONGEST", "spans_of", "trip_span"]
