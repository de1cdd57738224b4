"""A duration counted from the turn's current time to a clock time the answer states: "Your
next alarm is at 8:30 AM tomorrow — about 13 hours from now", "the flight boards at 4:10 PM, in
2 hours", "faltan 5 horas y 20 minutos para la reunión", "noch 2 Stunden bis ...", or back from
a clock time to now: "the message came 2 hours ago", "il y a 2 heures".

Principle: the turn's context gives the current time ("Current time: 2024-06-11 14:30",
"timestamp: 2023-06-16 19:30:00"; read only when it holds exactly one date with a time). A
duration the answer announces as the time until a clock time (``from_now`` in
``numbers.json``, five languages: "13 hours from now", "in 2 hours", "7 hours until", "dans 3
heures", "faltan 7 horas", "noch 2 Stunden", "daqui a 2 horas") is derived, not invented, when
it is the time from now forward to a clock time the answer states, and one announced as the
time since one ("2 hours ago", "hace 2 horas", "vor 2 Stunden": ``since_before`` /
``since_after``) when it is the time back from now to it; a later time earlier on the clock
wraps past midnight (23:10 to 6:45 is 7 hours 35 minutes). It must match within the
duration's display rounding as one quantity (hours and minutes together, "7 hours and 35
minutes"), widened only when a rounding word leads it ("about 13 hours"), as every number's
interval is. A 12-hour time with no AM/PM is read both ways. The clock times read are those
of the duration's sentence; a duration written the way a clock difference is, in hours and minutes
to the minute (two parts, an interval at most ``NARROW_SECONDS`` wide), may also count to a
time another sentence of the answer states ("alarm at 6:45. ... 7 hours and 35 minutes until
it rings"), while the answer states at most ``MAX_ANSWER_TIMES`` of them (one difference per
time: linear, and informative only while few). A one-part figure ("in 150 minutes") is as
often the length of something else the next sentence tells of, so it keeps to its sentence.

Risk: a sentence with several clock times offers one difference per time, so an invented
duration passes when it lands on one of them (a few values per sentence, each exact to the
unit shown; beyond the sentence only minute-exact durations, each time covering one minute of
the day's 1440). A duration of a day or more is never derived here (a time of day is read
modulo a day), so "61 hours from now" to a time two days on keeps its finding: a miss, never a
false explanation. A time of the evidence the answer does not state is not read.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from nofab.numbers.lexicon import alternation, by_language, word_pattern
from nofab.numbers.numeral import Numeral
from nofab.numbers.units import UNITS, Quantity

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: At most this many characters between the end of a duration's number and a phrase after it
#: ("13 hours from now"; "2 hours and 22 minutes from now" read from its first number).
AFTER_REACH = 32
#: At most this many characters before a duration's number are read for a word leading it.
BEFORE_REACH = 48
#: A sentence is read at most this far either side of the duration for the times it states.
SENTENCE_REACH = 300
#: A duration in hours and minutes written to the minute (its interval at most this wide, in
#: seconds) may count to a clock time another sentence of the answer states.
NARROW_SECONDS = 150.0
#: Beyond this many clock times in the answer, only the duration's own sentence is read.
MAX_ANSWER_TIMES = 8
#: The context's current time: a date and a clock time written together.
_NOW = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?!\d)")
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")
_DAY = 1440
#: The lexicon's keys per direction: +1 counts forward from now to a time, -1 back to now.
_KEYS = {1: ("before", "after"), -1: ("since_before", "since_after")}


def _words(key: str) -> frozenset[str]:
    return frozenset(w for table in by_language("from_now").values() for w in table.get(key, ()))


@cache
def _after(direction: int) -> re.Pattern[str]:
    words = _words(_KEYS[direction][1])
    return word_pattern(words)


@cache
def _before(direction: int) -> re.Pattern[str]:
    """A word leading the duration ("in", "dans", "daqui a"), perhaps with one rounding word
    between it and the number ("in about 13 hours": ``approximations``), ending right before it."""
    words = _words(_KEYS[direction][0])
    rounding = {w for words in by_language("approximations").values() for w in words}
    return re.compile(
        rf"(?<![^\W\d_])(?:{alternation(words)})(?:\s+(?:{alternation(frozenset(rounding))}))?\s+\Z",
        re.IGNORECASE,
    )


def current_minute(context: str) -> int | None:
    """The minute of the day the turn's context gives as now, when it writes exactly one date
    with a time; else None."""
    found = {(m[1], m[2], m[3], int(m[4]) * 60 + int(m[5])) for m in _NOW.finditer(context)}
    if len(found) != 1:
        return None
    minute = found.pop()[3]
    return minute if minute < _DAY else None


def counted_from_now(answer: str, numerals: Sequence[Numeral], index: int, parts: int) -> bool:
    """Does the answer count the duration whose number is at ``index`` (``parts``: how many
    numbers write it, "2 hours 22 minutes") from now, forward or back?"""
    return direction_from_now(answer, numerals, index, parts) != 0


def direction_from_now(answer: str, numerals: Sequence[Numeral], index: int, parts: int) -> int:
    """How the answer counts the duration whose number is at ``index`` (``parts`` as in
    ``counted_from_now``): 1 from now to a time, -1 from a time to now, 0 not from now."""
    first = max(0, index - parts + 1)
    start = numerals[first].span[0]
    lo = max(0, start - BEFORE_REACH)
    lo = max(answer.rfind("\n", lo, start), lo)
    end = numerals[index].span[1]
    stop = _SENTENCE_END.search(answer, end)
    limit = min(stop.start() if stop else len(answer), end + AFTER_REACH)
    for direction in (1, -1):
        if _before(direction).search(answer, lo, start) or _after(direction).search(answer, end, limit):
            return direction
    return 0


def _minutes(numeral: Numeral) -> tuple[int, ...]:
    """The minutes of the day a clock time stands for (both readings of "6:30" without AM/PM)."""
    if numeral.kind != "time" or numeral.time is None:
        return ()
    hour, minute, exact = numeral.time
    return (hour * 60 + minute,) if exact else ((hour % 12) * 60 + minute, (hour % 12 + 12) * 60 + minute)


def minutes_until(answer: str, numerals: Sequence[Numeral], index: int, now: int) -> list[int]:
    """The minutes from ``now`` forward to each clock time stated in the sentence of the
    numeral at ``index`` (both readings of a 12-hour time without AM/PM)."""
    at, after = numerals[index].span
    lo = max(0, at - SENTENCE_REACH)
    start = max((m.end() for m in _SENTENCE_END.finditer(answer, lo, at)), default=lo)
    stop = _SENTENCE_END.search(answer, after, after + SENTENCE_REACH)
    end = stop.start() if stop else min(len(answer), after + SENTENCE_REACH)
    out: list[int] = []
    first = bisect_left(numerals, start, key=lambda n: n.span[0])
    for i in range(first, len(numerals)):
        if numerals[i].span[0] >= end:
            break
        out.extend((m - now) % _DAY for m in _minutes(numerals[i]))
    return out


def _answer_minutes(numerals: Sequence[Numeral], now: int) -> list[int]:
    """The minutes from ``now`` forward to each clock time the answer states, while it states
    at most ``MAX_ANSWER_TIMES``."""
    times = [n for n in numerals if n.kind == "time" and n.time is not None]
    if len(times) > MAX_ANSWER_TIMES:
        return []
    return [(m - now) % _DAY for n in times for m in _minutes(n)]


def from_now(evidence: Evidence, index: int, q: Quantity) -> tuple[str, bool] | None:
    """How the duration ``q`` of the answer's numeral at ``index`` is the time between the
    context's now and a clock time the answer states, when the answer counts it from (or
    back to) now: (described, informative); or None (also for a quantity that is no duration)."""
    answer, numerals = evidence.answer, evidence.numerals
    if UNITS[q.unit][0] != "duration":
        return None
    direction = direction_from_now(answer, numerals, index, q.parts)
    now = current_minute(evidence.turn.context or "") if direction else None
    if now is None:
        return None
    ahead = minutes_until(answer, numerals, index, now)
    if q.parts > 1 and q.hi - q.lo <= NARROW_SECONDS:
        ahead += _answer_minutes(numerals, now)
    for minutes in ahead:
        minutes = minutes if direction > 0 else (_DAY - minutes) % _DAY
        if minutes and q.lo - 1e-9 <= minutes * 60.0 <= q.hi + 1e-9:
            way = "from now" if direction > 0 else "back to now from"
            return f"the time {way} ({now // 60:02d}:{now % 60:02d}) to a time the answer states", True
    return None


__all__ = [
    "AFTER_REACH",
    "BEFORE_REACH",
    "MAX_ANSWER_TIMES",
    "NARROW_SECONDS",
    "SENTENCE_REACH",
    "counted_from_now",
    "current_minute",
    "direction_from_now",
    "from_now",
    "minutes_until",
]
