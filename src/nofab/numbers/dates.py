"""Dates and times in evidence text, harvested once into sets.

Every date an evidence text writes (``2024-03-03``, ``3/3/2024``, ``March 3``, ``3rd of
March``) and every clock time (``18:30``, ``6:30 pm``, ``6 am``) is read in one linear pass;
each answer date or time is then a few set lookups, so cost grows with the answer plus the
evidence, never with their product.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections import defaultdict
from functools import cache

from nofab.numbers.extract import DAY_MONTH_LINK, ISO_DATE, MONTH_ALT, MONTHS, SLASH_DATE

Date = tuple[int | None, int, int]

_ORD = r"(?:st|nd|rd|th)?"


@cache
def _month_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """ "March 3" and "3 of March" in every language (compiled on first use: the month
    alternation is large, and many processes never read an evidence date)."""
    # Any word before a day, checked against the month names afterwards: a large
    # alternation of month names is several times slower to scan with.
    month_day = re.compile(
        rf"(?<![^\W\d_])([^\W\d_]{{3,10}})\.?\s+(?:the\s+)?(\d{{1,2}}){_ORD}(?!\d)(?:,?\s+(\d{{4}})(?!\d))?",
        re.IGNORECASE,
    )
    day_month = re.compile(
        rf"(?<!\d)(\d{{1,2}}){_ORD}\s+(?:(?:{DAY_MONTH_LINK})\s+)?({MONTH_ALT})(?![^\W\d_])\.?"
        r"(?:,?\s+(\d{4})(?!\d))?",
        re.IGNORECASE,
    )
    return month_day, day_month


_CLOCK = re.compile(r"(?<!\d)(\d{1,2}):(\d{2})(?!\d)(?::\d{2}(?:\.\d+)?)?\s*(?:([ap])(?:\.\s?m\.|m\b))?")
_HOUR_AMPM = re.compile(r"(?<![\d:])(\d{1,2}) ?([ap])(?:\.\s?m\.|m)", re.IGNORECASE)


#: Every month name contains one of these (the shortest names and abbreviations): a text
#: without any of them has no month-name date.
_SHORTEST_NAMES = tuple(sorted({name for name in MONTHS if not any(o != name and o in name for o in MONTHS)}))


def _valid(month: int, day: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= 31


class DateTimeIndex:
    """The dates and clock times of a body of (case-folded) evidence text."""

    __slots__ = ("_dated", "_dates", "_days", "_text", "_timed", "_times", "_years")

    def __init__(self, folded_text: str) -> None:
        self._text = folded_text
        self._dates: set[Date] = set()
        self._days: set[tuple[int, int]] = set()  # (month, day) of every date, any year
        self._years: set[int] = set()
        # (hour as written, minute) -> am/pm suffixes seen with it ("" for none)
        self._times: dict[tuple[int, int], set[str]] = defaultdict(set)
        # each half harvested on its first question: many turns ask only one kind
        self._dated = self._timed = False

    def _add(self, year: int | None, month: int, day: int) -> None:
        if _valid(month, day):
            self._dates.add((year, month, day))
            self._days.add((month, day))
            if year is not None:
                self._years.add(year)

    def _harvest_dates(self) -> None:
        if self._dated:
            return
        self._dated = True
        text = self._text
        for m in ISO_DATE.finditer(text):
            self._add(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        for m in SLASH_DATE.finditer(text):
            year = int(m.group(3))
            year = year + 2000 if year < 100 else year
            a, b = int(m.group(1)), int(m.group(2))
            self._add(year, a, b)
            self._add(year, b, a)
        if not any(name in text for name in _SHORTEST_NAMES):
            return  # no month name anywhere: spare the two word scans
        month_day, day_month = _month_patterns()
        for m in month_day.finditer(text):
            month = MONTHS.get(m.group(1).lower())
            if month is not None:
                self._add(int(m.group(3)) if m.group(3) else None, month, int(m.group(2)))
        for m in day_month.finditer(text):
            self._add(int(m.group(3)) if m.group(3) else None, MONTHS[m.group(2).lower()], int(m.group(1)))

    def _harvest_times(self) -> None:
        if self._timed:
            return
        self._timed = True
        for m in _CLOCK.finditer(self._text):
            hour, minute = int(m.group(1)), int(m.group(2))
            if hour <= 24 and minute < 60:
                self._times[(hour, minute)].add((m.group(3) or "").lower())
        for m in _HOUR_AMPM.finditer(self._text):
            hour = int(m.group(1))
            if hour <= 12:
                self._times[(hour, 0)].add(m.group(2).lower())

    def has_date(self, date: Date) -> bool:
        """Is ``date`` in the evidence? A missing year on either side matches any year."""
        self._harvest_dates()
        year, month, day = date
        if year is None:
            return (month, day) in self._days
        return (year, month, day) in self._dates or (None, month, day) in self._dates

    def has_year(self, year: int) -> bool:
        """Is ``year`` the year of an evidence date?"""
        self._harvest_dates()
        return year in self._years

    def has_day(self, day: int) -> bool:
        """Is ``day`` the day of the month of an evidence date ("the 20th")?"""
        self._harvest_dates()
        return any((month, day) in self._days for month in range(1, 13))

    def has_time(self, hour: int, minute: int, exact_hour: bool) -> bool:
        """Is ``hour:minute`` in the evidence, in 24-hour or am/pm form?

        With ``exact_hour`` false (the answer said "6:30" with no am/pm) either half of
        the day matches.
        """
        self._harvest_times()
        for h in {hour, hour % 12 or 12, (hour + 12) % 24}:
            for suffix in self._times.get((h, minute), ()):
                if suffix == "p":
                    seen = {h % 12 + 12}
                elif suffix == "a":
                    seen = {h % 12}
                else:
                    seen = {h % 24} if h >= 12 or h == 0 else {h, h + 12}
                if hour in seen or (not exact_hour and hour % 12 in {x % 12 for x in seen}):
                    return True
        return False

    def near_date(self, date: Date) -> str | None:
        """A relative-date reading: ``date`` is a day, a week or a month away from an
        evidence date ("the next day", "a month ago"). Returns how, or None. A date
        written without a year is compared in any year (a leap year, so 29 February is one)."""
        year, month, day = date
        try:
            target = _dt.date(year or 2000, month, day)
        except ValueError:
            return None
        probes: list[tuple[_dt.date, int]] = []
        for delta in (1, -1, 7, -7):
            probes.append((target + _dt.timedelta(days=delta), abs(delta)))
        for step in (1, -1):
            index = target.year * 12 + target.month - 1 + step
            try:
                other = _dt.date(index // 12, index % 12 + 1, day)
            except ValueError:
                continue
            probes.append((other, abs((target - other).days)))
        for seen, delta in probes:
            if self.has_date((seen.year if year else None, seen.month, seen.day)):
                return f"{delta} day(s) from {seen.isoformat()}"
        return None


__all__ = ["Date", "DateTimeIndex"]
