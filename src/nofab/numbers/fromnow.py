"""A duration counted from the turn's current time to a time the answer states: "Your next
alarm is at 8:30 AM tomorrow — about 13 hours from now", "the flight boards at 4:10 PM, in 2
hours".

Principle: the turn's context gives the current time ("Current time: 2024-06-11 14:30",
"timestamp: 2023-06-16 19:30:00"; read only when it holds exactly one date with a time). A
duration the answer announces as counted from now (``from_now`` in ``numbers.json``, five
languages: "13 hours from now", "in 2 hours", "dans 3 heures", "in 2 Stunden", "daqui a 2
horas") is derived, not invented, when it is the time from now forward to a clock time the
answer states in the same sentence, within the duration's display rounding — widened only
when a rounding word leads it ("about 13 hours"), as every number's interval is. A 12-hour
time with no AM/PM is read both ways.

Risk: a sentence with several clock times offers one difference per time, so an invented
duration passes when it lands on one of them (a few values per sentence, each exact to the
unit shown). A duration of a day or more is never derived here (a time of day is read modulo
a day), so "61 hours from now" to a time two days on keeps its finding: a miss, never a false
explanation.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from nofab.numbers.lexicon import alternation, by_language
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
#: The context's current time: a date and a clock time written together.
_NOW = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?!\d)")
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")
_DAY = 1440


@cache
def _after() -> re.Pattern[str]:
    words = {w for table in by_language("from_now").values() for w in table.get("after", ())}
    return re.compile(rf"(?<![^\W\d_])(?:{alternation(frozenset(words))})(?![^\W\d_])", re.IGNORECASE)


@cache
def _before() -> re.Pattern[str]:
    """A word leading the duration ("in", "dans", "daqui a"), perhaps with one rounding word
    between it and the number ("in about 13 hours": ``approximations``), ending right before it."""
    words = {w for table in by_language("from_now").values() for w in table.get("before", ())}
    rounding = {w for words in by_language("approximations").values() for w in words}
    return re.compile(
        rf"(?<![^\W\d_])(?:{alternation(frozenset(words))})(?:\s+(?:{alternation(frozenset(rounding))}))?\s+\Z",
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
    numbers write it, "2 hours 22 minutes") from now?"""
    first = max(0, index - parts + 1)
    start = numerals[first].span[0]
    lo = max(0, start - BEFORE_REACH)
    lo = max(answer.rfind("\n", lo, start), lo)
    if _before().search(answer, lo, start) is not None:
        return True
    end = numerals[index].span[1]
    stop = _SENTENCE_END.search(answer, end)
    limit = min(stop.start() if stop else len(answer), end + AFTER_REACH)
    return _after().search(answer, end, limit) is not None


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
        numeral = numerals[i]
        if numeral.span[0] >= end:
            break
        if numeral.kind != "time" or numeral.time is None:
            continue
        hour, minute, exact = numeral.time
        readings = (hour,) if exact else (hour % 12, hour % 12 + 12)
        out.extend((h * 60 + minute - now) % _DAY for h in readings)
    return out


def from_now(evidence: Evidence, index: int, q: Quantity) -> tuple[str, bool] | None:
    """How the duration ``q`` of the answer's numeral at ``index`` is the time from the
    context's now to a clock time its sentence states, when the answer counts it from now:
    (described, informative); or None (also for a quantity that is no duration)."""
    answer, numerals = evidence.answer, evidence.numerals
    if UNITS[q.unit][0] != "duration" or not counted_from_now(answer, numerals, index, q.parts):
        return None
    now = current_minute(evidence.turn.context or "")
    if now is None:
        return None
    for minutes in minutes_until(answer, numerals, index, now):
        if minutes and q.lo - 1e-9 <= minutes * 60.0 <= q.hi + 1e-9:
            return f"the time from now ({now // 60:02d}:{now % 60:02d}) to a time the answer states", True
    return None


__all__ = [
    "AFTER_REACH",
    "BEFORE_REACH",
    "SENTENCE_REACH",
    "counted_from_now",
    "current_minute",
    "from_now",
    "minutes_until",
]
