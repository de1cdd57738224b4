"""A date one day after a record's date, written as the day of a time the record marks as
the next day: an overnight flight's arrival day, not a slip of its date (for
``nofab.numbers.recorddates``).

Principle: a record's date is the day the flight or event starts. A time of the record that
the record itself marks as falling on the next day falls on that date plus one day; marked
means a value written with a next-day suffix ("00:31:00+1", "00:31 (+1)"), or a time of an
end field (arrival, end, check-out: ``end_keys`` of ``time_roles``) earlier on the clock than
every time of a start field of the same record (departure 21:15, arrival 00:31). So a date
one day after the record's date is that record's arrival day, not a slip of its date, when
the answer writes it:

- beside that time: the time of the date's sentence (a table row is one) nearest the date,
  in the same table cell, at most ``BESIDE`` characters away, is that time ("12:31 AM (Thu,
  May 15)", "lands at 12:31 AM on Thursday, May 15", "arrivée le 15 mai à 0 h 31"); a date
  beside another time is that other time's day;
- or, with no time beside it, with an arrival word: the role word (``time_roles`` of five
  languages: arrives, lands, llega, arrivée, Ankunft, chega ...) nearest the date in its
  sentence is an end word ("the flight lands just after midnight, on May 15").
  Only ``nofab.numbers.recorddates`` reads this way, for the record the sentence names;
  ``nofab.numbers.dayslip`` reads the time alone (the time names the record, the date of any
  record of the evidence that marks it) and its own arrival cues.

Never when the date's own clause gives it the start role ("departs on May 15"): a departure
date a day off the record's date is the slip this check exists for.

Risk: a real one-day slip written beside an arrival time of an overnight flight, or with an
arrival word, passes (the answer meant the departure day and wrote the next one). A date a
day after a same-day flight (no next-day mark, its arrival later than its departure) is still
flagged, beside its arrival time or not, and so is a date a day before the record's date.
"""

from __future__ import annotations

import datetime as _dt
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeAlias

from nofab.numbers.dayrows import row_date
from nofab.numbers.roles import key_role, role_before, role_words

if TYPE_CHECKING:
    from nofab.evidence.records import Record
    from nofab.numbers.numeral import Numeral

#: The farthest (characters between them) a time is still written beside a date.
BESIDE = 40
#: A value's clock time with a next-day mark after it ("00:31:00+1", "00:31 (+1)").
_MARKED = re.compile(r"(?<!\d)(\d{1,2}):(\d{2})(?::\d{2})?\s*(?:\(\s*\+1\s*\)|\+1(?!\d))")
#: A value's clock time; a value that writes its own date too ("2025-05-15T00:31") is read by
#: that date, the evidence holds it.
_CLOCK = re.compile(r"(?<!\d)(\d{1,2}):(\d{2})(?!\d)")
#: a cell or line edge: a time across one is another cell's
_EDGE = re.compile(r"[|\n]")
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
#: the answer's numerals with a clock time in order of their start, and those starts
Timed: TypeAlias = "tuple[list[Numeral], list[int]]"


def next_day_clocks(record: Record) -> frozenset[tuple[int, int]]:
    """The (hour, minute) of each time the record marks as falling on the day after its date:
    marked "+1", or an end field's time earlier than every start field's time."""
    marked: set[tuple[int, int]] = set()
    starts: list[tuple[int, int]] = []
    ends: list[tuple[int, int]] = []
    for key, text in record.values.items():
        if len(text) > 40 or ":" not in text:
            continue  # the cheap test first: most values hold no time
        found = _MARKED.search(text)
        if found is not None:
            marked.add((int(found[1]), int(found[2])))
            continue
        clock = _CLOCK.search(text)
        if clock is None or _ISO.search(text) is not None:
            continue
        hour, minute = int(clock[1]), int(clock[2])
        if hour > 23 or minute > 59:
            continue
        role = key_role(key)
        if role == "start":
            starts.append((hour, minute))
        elif role == "end":
            ends.append((hour, minute))
    if starts:
        first = min(starts)
        marked.update(end for end in ends if end < first)
    return frozenset(marked)


def _same_clock(time: tuple[int, int, bool], clock: tuple[int, int]) -> bool:
    """Is the answer's time the record's clock? A time without am/pm ("0:31") may be either
    half of the day."""
    hour, minute, exact = time
    return minute == clock[1] and (hour == clock[0] or (not exact and hour % 12 == clock[0] % 12))


def _beside(answer: str, numeral: Numeral, bounds: tuple[int, int], timed: Timed) -> Numeral | None:
    """The time of the date's sentence nearest it, when it is in the same cell and at most
    ``BESIDE`` characters away, else None (a nearer time further off or in another cell is
    not skipped for a farther one: the date is not that one's)."""
    times, starts = timed
    lo, hi = bisect_left(starts, bounds[0]), bisect_right(starts, bounds[1])
    best: tuple[int, int, int, Numeral] | None = None  # (gap, between start, between end, time)
    for time in times[lo:hi]:
        if time.span[1] <= numeral.span[0]:
            a, b = time.span[1], numeral.span[0]
        elif time.span[0] >= numeral.span[1]:
            a, b = numeral.span[1], time.span[0]
        else:
            continue  # overlapping spans: no time beside the date, part of it
        if best is None or b - a < best[0]:
            best = (b - a, a, b, time)
    if best is None or best[0] > BESIDE or _EDGE.search(answer, best[1], best[2]) is not None:
        return None
    return best[3]


def _nearest_role(answer: str, numeral: Numeral, bounds: tuple[int, int]) -> str | None:
    """The role ("start" or "end") of the role word of the sentence nearest the date (not a
    word of the date itself: the "de" of "15 de mayo"), or None."""
    best: tuple[int, str] | None = None
    for start, end, role in role_words(answer, *bounds):
        if start >= numeral.span[0] and end <= numeral.span[1]:
            continue
        gap = numeral.span[0] - end if end <= numeral.span[0] else start - numeral.span[1]
        if best is None or gap < best[0]:
            best = (gap, role)
    return best[1] if best is not None else None


def one_day_after(date: tuple[int | None, int, int], own: _dt.date) -> bool:
    """Is the answer's date (its year possibly unsaid: the record's) the day after ``own``?"""
    year, month, day = date
    try:
        return (_dt.date(year or own.year, month, day) - own).days == 1
    except ValueError:
        return False


def arrival_day(
    answer: str,
    numeral: Numeral,
    clocks: frozenset[tuple[int, int]],
    timed: Timed,
    bounds: tuple[int, int],
    words: bool = True,
) -> bool:
    """Is the date ``numeral`` (the caller has read it as one day after a record's date) the
    day of one of ``clocks``, the times that record marks as the next day: written beside
    one, or (``words``) with an arrival word and no time beside it? ``bounds``: the date's
    sentence (``nofab.numbers.dayslip.sentence_bounds``; a table row is one)."""
    if not clocks or role_before(answer, numeral.span[0]) == "start":
        return False
    time = _beside(answer, numeral, bounds, timed)
    if time is not None and time.time is not None:
        # the date written beside a time is that time's day: the next-day time's, or (a
        # departure's, "departs at 9:15 PM on May 15 and lands at 12:31 AM") another's
        return any(_same_clock(time.time, c) for c in clocks)
    return words and _nearest_role(answer, numeral, bounds) == "end"


def answer_times(numerals: Iterable[Numeral]) -> Timed:
    """The answer's numerals with a clock time, in order of their start, and those starts."""
    times = sorted((n for n in numerals if n.time is not None), key=lambda n: n.span[0])
    return times, [n.span[0] for n in times]


def record_date(record: Record) -> _dt.date | None:
    """The one date the record's fields hold as whole values, or None (none, or several):
    the date of its row, as ``nofab.numbers.dayrows`` reads it."""
    return row_date(record)


def overnight_clocks(records: Iterable[Record]) -> dict[_dt.date, frozenset[tuple[int, int]]]:
    """Each date of a record that marks times as the next day, with those times (of every
    such record of that date)."""
    out: dict[_dt.date, frozenset[tuple[int, int]]] = {}
    for record in records:
        clocks = next_day_clocks(record)
        own = record_date(record) if clocks else None
        if own is not None:
            out[own] = out.get(own, frozenset()) | clocks
    return out


def beside_next_day(
    answer: str,
    numeral: Numeral,
    bounds: tuple[int, int],
    overnight: dict[_dt.date, frozenset[tuple[int, int]]],
    timed: Timed,
) -> bool:
    """Is the date ``numeral`` the day after the date of a record of the evidence, written
    beside a time that record marks as the next day? (For a date no named record anchors:
    the time names the record.)"""
    assert numeral.date is not None
    return any(
        one_day_after(numeral.date, own) and arrival_day(answer, numeral, clocks, timed, bounds, words=False)
        for own, clocks in overnight.items()
    )


__all__ = [
    "BESIDE",
    "Timed",
    "answer_times",
    "arrival_day",
    "beside_next_day",
    "next_day_clocks",
    "one_day_after",
    "overnight_clocks",
    "record_date",
]
