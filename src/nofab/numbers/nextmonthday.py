"""A date the answer resolves from a day of the month the user named without its month: "on the
21st" said on Friday, November 7 is "Friday, November 21"; "el 3" said on May 28 is "3 de junio".

Principle: a date no evidence holds is grounded when the user's message names its day of the
month alone ("the 21st", "el 21", "le 21", "am 21.", "no dia 21": ``month_days.json``, five
languages) and the date is the first date with that day number on or after the turn's reference
date, the one date the context gives as now (``nofab.numbers.dayrows.context_today``): the
user's "the 21st" can only mean its next occurrence, and the answer did the calendar
arithmetic the request needed rather than copy a figure wrong. A year the answer writes must
be that date's year, and a weekday it writes beside the date must be that date's weekday.

Risk: a date the answer invents for another event that happens to be the next occurrence of
a day the user named ("your refund arrives November 21" when the user's 21st was the flight);
bounded by the exact match (one date per day named, at most a month ahead) and by reading
only the user's own message, never the tool results or the system prompt, where a day of the
month is a policy's ("on the 1st of each month"). A day number followed by a month name is a
full date, read as a date elsewhere, and is not a day alone.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from nofab.language import vocabulary
from nofab.numbers.extract import MONTHS
from nofab.numbers.nextweekday import joined_weekday
from nofab.numbers.numeral import Numeral

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: How many months ahead a day of the month is looked for (the 31st skips short months).
_MONTHS_AHEAD = 3
_NEXT_WORD = re.compile(r"\s*([^\W\d_]+)")
#: Words between a day and its month ("the 21st of November", "el 21 de noviembre").
_LINKS = frozenset({"of", "de", "del"})


@cache
def _patterns(marked_only: bool = False) -> tuple[re.Pattern[str], ...]:
    """One pattern per language: a day number after its words, with its mark (``month_days``);
    ``marked_only``: only the languages whose day takes its mark ("am 21.", "the 21st")."""
    out: list[re.Pattern[str]] = []
    for lang, entry in vocabulary.load("month_days").items():
        if lang.startswith("_") or (marked_only and not entry["mark_required"]):
            continue
        words = sorted(entry["before"], key=len, reverse=True)
        before = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)
        marks = "|".join(re.escape(m) for m in sorted(entry["marks"], key=len, reverse=True))
        mark = f"(?:{marks})" if entry["mark_required"] else f"(?:{marks})?"
        # not part of a longer number, a time, a decimal or a percentage ("am 21.11.", "el 21%")
        out.append(
            re.compile(
                rf"(?<![^\W\d_])(?:{before})\s+(\d{{1,2}}){mark}(?![^\W_]|[.,:/%-]?\d|\s*%)",
                re.IGNORECASE,
            )
        )
    return tuple(out)


def days_named(text: str) -> frozenset[int]:
    """The days of the month ``text`` names without a month ("the 21st", "am 21.")."""
    days: set[int] = set()
    for pattern in _patterns():
        for m in pattern.finditer(text):
            after = _NEXT_WORD.match(text, m.end())
            word, end = (after.group(1).lower(), after.end()) if after is not None else ("", m.end())
            if word in MONTHS or (word in _LINKS and _month_after(text, end)):
                continue  # "the 21st of November", "am 21. November": a full date
            day = int(m.group(1))
            if 1 <= day <= 31:
                days.add(day)
    return frozenset(days)


def day_alone(text: str, span: tuple[int, int]) -> bool:
    """Is the number at ``span`` a day of the month written alone with its mark, as German writes
    it ("am 17.", "bis zum 3.")?

    Principle: a day number after its words and closed by its mark is a day of the month, as
    "the 17th" is; it is held to the evidence as a day is (an evidence date with that day,
    ``DateTimeIndex.has_day``), not as a quantity 17. Only languages whose mark is required are
    read ("am 17" without its dot is an hour or a count; the Spanish "el 17" is any number).
    Risk: a count after "am"/"den" that ends a sentence ("Die Zahl stieg am Ende auf den 17.")
    is held as a day: a day the evidence holds grounds it."""
    start, end = span
    if _marks_after().match(text, end) is None:
        return False  # gate: the day's mark must follow its digits (most numbers have none)
    for pattern in _patterns(marked_only=True):
        for m in pattern.finditer(text, max(0, start - 12), min(len(text), end + 4)):
            if m.span(1) == span:
                after = _NEXT_WORD.match(text, m.end())
                return after is None or after.group(1).lower() not in MONTHS
    return False


@cache
def _marks_after() -> re.Pattern[str]:
    """Any mark of the languages whose day takes its mark, as ``_patterns`` reads it right
    after the day's digits (``day_alone``'s cheap test: one match per number, not a scan of
    a window per language)."""
    marks = {
        mark
        for lang, entry in vocabulary.load("month_days").items()
        if not lang.startswith("_") and entry["mark_required"]
        for mark in entry["marks"]
    }
    return re.compile("|".join(re.escape(m) for m in sorted(marks, key=len, reverse=True)), re.IGNORECASE)


def _month_after(text: str, end: int) -> bool:
    after = _NEXT_WORD.match(text, end)
    return after is not None and after.group(1).lower() in MONTHS


def next_month_day(day: int, today: _dt.date) -> _dt.date | None:
    """The first date with day of the month ``day`` on or after ``today``."""
    index = today.year * 12 + today.month - 1
    for step in range(_MONTHS_AHEAD):
        year, month = divmod(index + step, 12)
        try:
            candidate = _dt.date(year, month + 1, day)
        except ValueError:
            continue
        if candidate >= today:
            return candidate
    return None


def resolves_month_day(
    evidence: Evidence,
    numeral: Numeral,
    today: Callable[[], _dt.date | None],
    named: Callable[[], frozenset[int]],
) -> bool:
    """Is the date ``numeral`` the next occurrence of a day of the month the user named alone,
    counted from the turn's reference date, with its own weekday if one is written (module doc)?"""
    if numeral.kind != "date" or numeral.date is None:
        return False
    year, month, day = numeral.date
    if day not in named():
        return False
    now = today()
    if now is None:
        return False
    date = next_month_day(day, now)
    if date is None or date.month != month or (year is not None and year != date.year):
        return False
    weekday = joined_weekday(evidence.answer, numeral.span)
    return weekday is None or weekday == date.weekday()


__all__ = ["day_alone", "days_named", "next_month_day", "resolves_month_day"]
