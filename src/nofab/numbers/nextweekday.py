"""A date the answer resolves from a weekday the user or a tool named: "Sunday" said on Friday
July 12 is "this Sunday, July 14"; "Saturday the 16th" in a message of March 9 is "Saturday,
March 16".

Principle: a date no evidence holds is grounded when the answer writes it with its weekday
("Sunday, July 14", "dimanche 14 juillet", "Sonntag, 14. Juli"), that weekday is named in the
evidence (the user's message, a tool result, the context) without a date of its own, the date
falls on it, and it is that weekday's next occurrence (0 to 7 days) after the turn's reference
date, the one date the context gives as now (``nofab.numbers.dayrows.context_today``). When an
evidence mention gives the weekday a day of the month ("Saturday the 16th"), the date must be
that day. The answer then copied nothing wrong: it did the calendar arithmetic the request
needed, and the weekday beside the date shows the arithmetic.

Risk: a date the answer invents for another event that happens to fall on the named weekday
within the week ("your parcel comes Sunday, July 14" when only the barbecue was said to be on
Sunday); a weekday the context names for another reason (a system prompt's opening hours) is
counted as named. Short abbreviations ("sat", "sun", "wed") are not read in the evidence, where
they are common words; a weekday written with a full date there ("Wednesday 2024-08-07") is the
weekday of that date, not one to resolve.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from nofab.language import vocabulary
from nofab.numbers.numeral import Numeral

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: The farthest a weekday's next occurrence lies from the reference date ("Sunday" said on a Sunday).
_AHEAD = 7
#: How far before a date its weekday may start ("Wednesday, the **" is under 24 characters).
_WINDOW = 28
#: Between a weekday and its date: punctuation, markup, an article ("Sunday, **July 14",
#: "samedi le 16", "Freitag, den 24.", "this Sunday (July 14").
_GAP = re.compile(r"[\s,.*_(]{0,6}(?:(?:the|le|el|den|der|am|o|a)\s+)?[\s*_(]{0,4}", re.IGNORECASE)
#: A weekday after its date: "July 14 (Sunday)", "14 July, Sunday".
_AFTER = re.compile(r"[\s*_]{0,3}(?:,\s?|\(\s?)([^\W\d_]+(?:-[^\W\d_]+)?)")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)?")
#: Evidence names shorter than this are not read ("sat", "sun", "wed" are words too).
_SHORTEST_IN_EVIDENCE = 5
#: What may follow a weekday in the evidence before its day of the month ("Saturday the 16th").
_DAY_AFTER = re.compile(
    r"[,.]?\s{1,3}(?:(?:the|le|el|den|der|am|o)\s+)?(\d+)(?:st|nd|rd|th|er|e|º|\.)?(?![\d/:-])"
)


@cache
def weekday_names() -> dict[str, int]:
    return dict(vocabulary.load("weekdays")["names"])


@cache
def _evidence_pattern() -> re.Pattern[str]:
    names = sorted((n for n in weekday_names() if len(n) >= _SHORTEST_IN_EVIDENCE), key=len, reverse=True)
    return re.compile(rf"(?<![\w-])({'|'.join(map(re.escape, names))})(?![\w-])")


def joined_weekday(answer: str, span: tuple[int, int]) -> int | None:
    """The weekday (Monday 0) the answer writes right beside the date at ``span``, or None."""
    start, end = span
    weekdays = weekday_names()
    words = list(_WORD.finditer(answer, max(0, start - _WINDOW), start))
    for word in reversed(words[-2:]):  # the last word, or the one before an article
        index = weekdays.get(word.group().lower())
        if index is not None and _GAP.fullmatch(answer, word.end(), start):
            return index
    after = _AFTER.match(answer, end)
    return weekdays.get(after.group(1).lower()) if after else None


def evidence_mentions(folded: str) -> dict[int, set[int | None]]:
    """weekday -> the days of the month its evidence mentions give it (None: no day given).
    A mention with a full date after it ("Wednesday 2024-08-07") is left out."""
    out: dict[int, set[int | None]] = {}
    weekdays = weekday_names()
    for m in _evidence_pattern().finditer(folded):
        day_match = _DAY_AFTER.match(folded, m.end())
        if day_match is None:
            if re.match(r"[,.]?\s{0,3}\d", folded[m.end() : m.end() + 6]):
                continue  # a full date after it: that date's weekday
            day: int | None = None
        else:
            day = int(day_match.group(1))
            if not 1 <= day <= 31:
                continue
        out.setdefault(weekdays[m.group(1)], set()).add(day)
    return out


def next_occurrence(date: tuple[int | None, int, int], today: _dt.date) -> _dt.date | None:
    """The date (year possibly unsaid) as the first such day on or after ``today``, or None."""
    year, month, day = date
    for candidate_year in (year,) if year else (today.year, today.year + 1):
        try:
            candidate = _dt.date(candidate_year, month, day)
        except ValueError:
            continue
        if year or candidate >= today:
            return candidate
    return None


def resolves_weekday(
    evidence: Evidence,
    numeral: Numeral,
    today: Callable[[], _dt.date | None],
    mentions: Callable[[], dict[int, set[int | None]]],
) -> bool:
    """Is the date ``numeral`` the next occurrence of a weekday the evidence names, written
    with that weekday, counted from the turn's reference date (module doc)?"""
    if numeral.kind != "date" or numeral.date is None:
        return False
    weekday = joined_weekday(evidence.answer, numeral.span)
    if weekday is None:
        return False
    now = today()
    if now is None:
        return False
    date = next_occurrence(numeral.date, now)
    if date is None or date.weekday() != weekday or not 0 <= (date - now).days <= _AHEAD:
        return False
    days = mentions().get(weekday)
    if not days:
        return False
    given = {d for d in days if d is not None}
    return date.day in given if given else True


__all__ = ["evidence_mentions", "joined_weekday", "next_occurrence", "resolves_weekday", "weekday_names"]
