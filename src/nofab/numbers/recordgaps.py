"""The time from one record's end to the start of the record right after it in a result's
list: a layover between two legs of one itinerary, the gap between two meetings of a day; and
each record's own length, from its start to its end (``lengths_of``).

Principle: a duration the answer states ("a 40-minute layover", "1h 25m between flights",
"eine Lücke von 90 Minuten") is derived, not invented, when it equals the time from the end of
one record (a field whose key says the end role: arrival, end, check-out: ``end_keys`` of
``time_roles`` in ``numbers.json``) to the start (departure, start, check-in: ``start_keys``)
of the record that follows it in the same list of one tool result. Only consecutive records of
one list are paired, never any two times of the evidence: a list of n records gives at most
n - 1 gaps. A gap is read with the records' dates when both fields write one (an overnight
layover), else on one day's clock; a gap that is not positive, or longer than a day, is no gap.

Risk: an invented duration that happens to equal one of those gaps is excused, say the time
between two alternative flights a search lists one after the other. It is bounded: the gaps
are few (one per pair of neighbours), they are asked only of a number the answer writes as a
duration, and one crowded by ten others within 20 minutes proves nothing (``units``, as for the
differences of the clock times the answer shows).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from nofab.language.vocabulary import load
from nofab.numbers.lexicon import alternation
from nofab.numbers.roles import key_role

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.numbers.units import Quantity

#: The longest gap read, in minutes (a day).
LONGEST = 1440
#: A gap with this many gaps within 20 minutes of it proves nothing (as for the differences
#: of the clock times an answer shows, ``numbers.units``).
_DENSE_MINUTES, _DENSE_COUNT = 20, 10
#: How deep a result is walked, how many values are visited, how many gaps one result gives.
_MAX_DEPTH = 8
_MAX_VALUES = 20000
_MAX_GAPS = 500
#: A field's time, with the date before it when the field writes one ("2024-03-14 09:30",
#: "2024-09-05T15:00:00+02:00", "08:25:00").
_FIELD_TIME = re.compile(r"(?:(\d{4})-(\d{2})-(\d{2})[T ])?(?<!\d)(\d{1,2}):(\d{2})(?!\d)")

_Moment = tuple[_dt.date | None, int]


def _moments(record: dict[str, Any], role: str) -> list[_Moment]:
    """The (date or None, minute of the day) of each field of ``role`` holding a time."""
    out: list[_Moment] = []
    for key, value in record.items():
        if not isinstance(value, str) or len(value) > 40 or key_role(str(key)) != role:
            continue
        found = _FIELD_TIME.search(value)
        if found is None:
            continue
        hour, minute = int(found[4]), int(found[5])
        if hour > 23 or minute > 59:
            continue
        day: _dt.date | None = None
        if found[1]:
            try:
                day = _dt.date(int(found[1]), int(found[2]), int(found[3]))
            except ValueError:
                continue
        out.append((day, hour * 60 + minute))
    return out


def _gap(end: _Moment, start: _Moment) -> int | None:
    """Minutes from ``end`` to ``start``: with both dates when both are written, else on one
    day's clock; None unless positive and at most ``LONGEST``."""
    (end_day, end_minute), (start_day, start_minute) = end, start
    gap = start_minute - end_minute
    if end_day is not None and start_day is not None:
        gap += (start_day - end_day).days * 1440
    return gap if 0 < gap <= LONGEST else None


def _containers(result: Any) -> Iterator[dict[Any, Any] | list[Any]]:
    """Every object and list of one result, each once (bounded in depth and in count)."""
    stack: list[tuple[Any, int]] = [(result, 0)]
    steps = 0
    while stack and steps < _MAX_VALUES:
        value, depth = stack.pop()
        steps += 1
        if depth > _MAX_DEPTH:
            continue
        if isinstance(value, dict):
            yield value
            stack.extend((v, depth + 1) for v in value.values() if isinstance(v, dict | list))
        elif isinstance(value, list):
            yield value
            stack.extend((v, depth + 1) for v in value if isinstance(v, dict | list))


def gaps_of(result: Any) -> tuple[int, ...]:
    """The gaps (minutes) between each record's end and its next neighbour's start, in every
    list of one result. Built once per result (``Evidence.per_result``)."""
    found: list[int] = []
    for value in _containers(result):
        if not isinstance(value, list):
            continue
        ends: list[_Moment] = []  # the end fields of the record before, if it was one
        for item in value:
            if not isinstance(item, dict):
                ends = []
                continue
            starts = _moments(item, "start")
            found.extend(g for e in ends[:4] for s in starts[:4] if (g := _gap(e, s)) is not None)
            ends = _moments(item, "end")
        if len(found) >= _MAX_GAPS:
            break
    return tuple(sorted(set(found[:_MAX_GAPS])))


def lengths_of(result: Any) -> tuple[int, ...]:
    """Each record's own length (minutes): from its start field to its end field.

    Principle: a flight from 15:05 to 16:40, a meeting from 10:00 to 11:30, lasts the time
    between its own start and end (``start_keys`` and ``end_keys`` of ``time_roles``), so a
    duration the answer states ("the flight takes 1 hour 35 minutes", "dura 1 h 35") that
    equals it is derived, not invented; as for the gaps, with both dates when both fields
    write one, and never more than a day. Risk: a wrong duration equal to another record's
    length is excused (one length per record, and a crowd of them proves nothing)."""
    found: list[int] = []
    for value in _containers(result):
        if isinstance(value, dict):
            starts, ends = _moments(value, "start"), _moments(value, "end")
            found.extend(g for s in starts[:4] for e in ends[:4] if (g := _gap(s, e)) is not None)
            if len(found) >= _MAX_GAPS:
                break
    return tuple(sorted(set(found[:_MAX_GAPS])))


#: The names ``record_gaps``' and ``record_lengths``' readings are kept under in the guard's
#: cache (the result alone shapes them).
_READ_GAPS = ("numbers.recordgaps",)
_READ_LENGTHS = ("numbers.recordgaps", "lengths")


def record_gaps(evidence: Evidence) -> list[int]:
    """The gaps between consecutive records of every result of the turn (module doc)."""
    return sorted({g for _label, _call, gaps in evidence.per_result(_READ_GAPS, gaps_of) for g in gaps})


def record_lengths(evidence: Evidence) -> list[int]:
    """Each record's own length in every result of the turn (``lengths_of``)."""
    return sorted({g for _label, _call, held in evidence.per_result(_READ_LENGTHS, lengths_of) for g in held})


@cache
def _gap_words() -> re.Pattern[str]:
    table = load("hour_marks")
    entries = [entry for lang, entry in table.items() if not lang.startswith("_")]
    words = [w for entry in entries for w in entry.get("gap_words", ())]
    return re.compile(rf"(?<![^\W\d_])(?:{alternation(tuple(words))})(?![^\W\d_])", re.IGNORECASE)


def length_of(
    lengths: list[int], q: Quantity, answer: str, sentence: tuple[int, int]
) -> tuple[str, bool] | None:
    """The record length of ``lengths`` equal to the duration ``q``, unless the number's
    ``sentence`` (its bounds in ``answer``) calls it a gap ("layover", "escale", "Umstieg":
    ``gap_words`` in hour_marks.json): a layover is the time between two records, never one
    record's length. Risk: a record's length stated in a sentence that also names a layover
    of another leg ("a 2 h flight, then a 1 h layover") is not read as a length."""
    if _gap_words().search(answer, *sentence):
        return None
    found = _equal(lengths, q)
    return (
        None
        if found is None
        else (f"a record's own length, from its start to its end ({found[0]} min)", found[1])
    )


def gap_of(gaps: list[int], q: Quantity) -> tuple[str, bool] | None:
    """The gap of ``gaps`` (sorted minutes) equal to the duration ``q`` (seconds), and whether
    it is informative (no crowd of gaps around it), or None."""
    found = _equal(gaps, q)
    return (
        None
        if found is None
        else (f"time from one record's end to the next one's start ({found[0]} min)", found[1])
    )


def _equal(minutes: list[int], q: Quantity) -> tuple[int, bool] | None:
    """The value of ``minutes`` equal to the duration ``q`` (seconds), and whether it is
    informative (no crowd of values around it), or None."""
    lo, hi = q.lo / 60.0, q.hi / 60.0
    hit = next((m for m in minutes if lo <= m <= hi), None)
    if hit is None:
        return None
    return hit, sum(1 for m in minutes if abs(m - hit) <= _DENSE_MINUTES) < _DENSE_COUNT


__all__ = ["LONGEST", "gap_of", "gaps_of", "length_of", "lengths_of", "record_gaps", "record_lengths"]
