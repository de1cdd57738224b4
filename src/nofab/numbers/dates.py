"""Dates and times in evidence text, each kind read once, on its first question.

Numeric dates (``2024-03-03``, ``3/3/2024``) and clock times (``18:30``, ``6:30 pm``,
``6 am``) are harvested in one linear pass each; a month written as a word ("March 3", "3rd
of March", "5 de mayo") is read when an answer first asks about that month: every place
the month's names occur, with the day beside them. Each answer date or time is then a few
set lookups, so cost grows with the answer plus the evidence, never with their product.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from functools import cache

from nofab.language import vocabulary
from nofab.numbers.datepairs import days_after, days_before
from nofab.numbers.extract import DAY_MONTH_LINK, ISO_DATE, MONTHS, SLASH_DATE, Numeral
from nofab.numbers.lexicon import by_language
from nofab.numbers.nextmonthday import day_alone

Date = tuple[int | None, int, int]

_DAY_AFTER_MONTH = re.compile(r"\.?\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?(?!\d)(?:,?\s+(\d{4})(?!\d))?")
_DAY_BEFORE_MONTH = re.compile(rf"(?<!\d)(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:(?:{DAY_MONTH_LINK})\s+)?$")
_YEAR_AFTER_MONTH = re.compile(r"\.?,?\s+(\d{4})(?!\d)")
_CLOCK = re.compile(r"(?<!\d)(\d{1,2}):(\d{2})(?!\d)(?::\d{2}(?:\.\d+)?)?\s*(?:([ap])(?:\.\s?m\.|m\b))?")
_HOUR_AMPM = re.compile(r"(?<![\d:])(\d{1,2}) ?([ap])(?:\.\s?m\.|m)", re.IGNORECASE)

#: The month names (every language) by their first three letters, and each month's
#: prefixes. Scanning for the 31 distinct prefixes finds every name with a third of the
#: passes of scanning for the 72 names (a context of a few KB was read once per name, the
#: slowest part of a cold turn); one regex alternation of the names was slower still.
_PREFIX = 3
_BY_PREFIX: dict[str, tuple[tuple[str, int], ...]] = {}
_PREFIXES: dict[int, tuple[str, ...]] = {}
for _name, _month in MONTHS.items():
    _head = _name[:_PREFIX]
    _BY_PREFIX[_head] = (*_BY_PREFIX.get(_head, ()), (_name, _month))
    if _head not in _PREFIXES.get(_month, ()):
        _PREFIXES[_month] = (*_PREFIXES.get(_month, ()), _head)


_DASH = re.compile(r"-(?=\d)")
_SLASH = re.compile(r"/(?=\d)")
_DOT = re.compile(r"\.(?=\d)")
#: A dotted date with a four-digit year ("14.11.2025", "3.4.2025"), as German, Dutch, Russian
#: and many other locales write it: day first. Principle: a tool writing "fällig am
#: 14.11.2025" holds the date 14 November 2025 as surely as one writing "2025-11-14". A
#: four-digit year is required: "1.2.3" or "14.11.25" may be a version or a section number.
#: Risk: a dotted month-first date (rare outside US software) is read as another date, so it
#: grounds nothing it should not; a dotted date is never read as a number here.
_DOTTED_DATE = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?![\d]|\.\d)")
#: A day and month written with a slash and no year ("Deposit received (10/06)", "due 3/15").
#: Principle: a tool's "10/06" names a day of the year as surely as "2025-10-06" does; which
#: order it uses is the writer's locale, so both readings are held (month/day and day/month,
#: each where valid), with no year. At least one part has two digits: "1/2" or "3/4" is a
#: fraction more often than a date. Risk: a ratio or a score in evidence ("12/15 seats")
#: grounds a date of the same two numbers.
_YEARLESS = re.compile(r"(?<![\w/.,:-])(\d{1,2})/(\d{1,2})(?![\w/%]|[.,:]\d)")
_COLON = re.compile(r":(?=\d)")
#: A time of day written with "h" (French, Spanish, Portuguese: "10h", "16h45", "à 14 h 30"),
#: read in evidence as the answer's reader (``numbers.extract``) reads it there. Principle: the
#: same written form reads the same on both sides. Risk: a length written so in evidence ("a
#: 3 h flight") also grounds the time 3:00 or 15:00.
_H_TIME = re.compile(r"(?<![\w.,:])([01]?\d|2[0-3]) ?h(?: ?([0-5]\d))?(?![\w%])")
_AM_PM = ("am", "pm", "a.m.", "p.m.", "a. m.", "p. m.")


def _anchored(
    text: str, separator: re.Pattern[str], pattern: re.Pattern[str], back: tuple[int, ...]
) -> Iterator[re.Match[str]]:
    """What ``pattern.finditer(text)`` finds, for a pattern whose first separator stands
    ``back`` characters (one of them) after its start: the separators are found by a fast
    scan and the pattern is tried only there, leftmost first and without overlaps."""
    covered = 0
    for sep in separator.finditer(text):
        i = sep.start()
        if i < covered:
            continue
        for offset in back:
            start = i - offset
            if start >= covered:
                found = pattern.match(text, start)
                if found:
                    covered = found.end()
                    yield found
                    break


def _hours_with_am_pm(text: str) -> Iterator[tuple[int, str]]:
    """Every "6 am", "6pm", "6 p.m." (an hour of one or two digits, not part of a longer
    number or a clock time): (hour, "a" or "p")."""
    for mark in _AM_PM:
        i = text.find(mark)
        while i != -1:
            end = i
            if end > 0 and text[end - 1] == " ":
                end -= 1
            start = end
            while start > 0 and text[start - 1].isdigit() and end - start < 3:
                start -= 1
            if 0 < end - start <= 2 and (start == 0 or text[start - 1] not in "0123456789:"):
                yield int(text[start:end]), mark[0]
            i = text.find(mark, i + 1)


def _hours_after_at(text: str) -> Iterator[int]:
    """Every bare hour after a time preposition ("at 3", "a las 3", "um 3 Uhr"): a time of
    day with no minutes and no half given. Not a number with more after it ("at 3:30",
    "at 3.5%", "at 3 locations"): the hour must end the phrase, or come before a word that
    goes with a time ("o'clock", "Uhr", "tomorrow", "and", ...)."""
    for mark in _hour_words()[0]:
        i = text.find(mark)
        while i != -1:
            start = end = i + len(mark)
            if i == 0 or not text[i - 1].isalnum():
                while end < len(text) and text[end].isdigit() and end - start < 3:
                    end += 1
                if 0 < end - start <= 2 and _ends_hour(text, end):
                    yield int(text[start:end])
            i = text.find(mark, i + 1)


@cache
def _hour_words() -> tuple[tuple[str, ...], frozenset[str]]:
    """(words before a bare hour, with their space; words that may follow it): every
    language's ``hour_words`` (lexicon data)."""
    tables = by_language("hour_words").values()
    before = tuple(sorted({f"{w} " for t in tables for w in t["before"]}, key=len, reverse=True))
    return before, frozenset(w for t in tables for w in t["after"])


def _ends_hour(text: str, end: int) -> bool:
    nxt = text[end : end + 1]
    if nxt.isalnum() or (nxt in ":.,%" and text[end + 1 : end + 2].isdigit()) or nxt == "%":
        return False
    words = text[end : end + 12].split()
    return not words or not words[0][:1].isalnum() or words[0].strip(".,;!?") in _hour_words()[1]


def _valid(month: int, day: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= 31


class DateTimeIndex:
    """The dates and clock times of a body of (case-folded) evidence text."""

    __slots__ = (
        "_dates",
        "_days",
        "_mdays",
        "_numeric",
        "_scanned",
        "_text",
        "_timed",
        "_times",
        "_years",
    )

    def __init__(self, folded_text: str) -> None:
        self._text = folded_text
        self._dates: set[Date] = set()
        self._days: set[tuple[int, int]] = set()  # (month, day) of every date, any year
        self._mdays: set[int] = set()  # days of the month
        self._years: set[int] = set()
        self._numeric = False  # ISO and slashed dates read
        self._scanned: set[str] = set()  # month-name prefixes whose places have been read
        # (hour as written, minute) -> am/pm suffixes seen with it ("" for none)
        self._times: dict[tuple[int, int], set[str]] = defaultdict(set)
        self._timed = False

    def _add(self, year: int | None, month: int, day: int) -> None:
        if _valid(month, day):
            self._dates.add((year, month, day))
            self._days.add((month, day))
            self._mdays.add(day)
            if year is not None:
                self._years.add(year)

    def _read(self, month: int | None) -> None:
        """Read the numeric dates (once) and, for ``month`` (all months when None), the
        places its names occur with a day beside them."""
        text = self._text
        if not self._numeric:
            self._numeric = True
            for m in _anchored(text, _DASH, ISO_DATE, (4,)):
                self._add(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            for m in _anchored(text, _SLASH, SLASH_DATE, (2, 1)):
                year = int(m.group(3))
                year = year + 2000 if year < 100 else year
                a, b = int(m.group(1)), int(m.group(2))
                self._add(year, a, b)
                self._add(year, b, a)
            for m in _anchored(text, _DOT, _DOTTED_DATE, (2, 1)):
                self._add(int(m.group(3)), int(m.group(2)), int(m.group(1)))
            for m in _anchored(text, _SLASH, _YEARLESS, (2, 1)):
                if len(m.group(1)) == 2 or len(m.group(2)) == 2:
                    a, b = int(m.group(1)), int(m.group(2))
                    self._add(None, a, b)
                    self._add(None, b, a)
        for wanted in range(1, 13) if month is None else (month,):
            for prefix in _PREFIXES.get(wanted, ()):
                if prefix not in self._scanned:
                    self._scanned.add(prefix)
                    self._names_at(text, prefix)

    def _names_at(self, text: str, prefix: str) -> None:
        """Read every month name starting with ``prefix`` (whichever month it names) that
        stands as a whole word: not after a letter, not before one."""
        names = _BY_PREFIX[prefix]
        size = len(text)
        i = text.find(prefix)
        while i != -1:
            if i == 0 or not text[i - 1].isalpha():
                for name, month in names:
                    end = i + len(name)
                    if text.startswith(name, i) and (end == size or not text[end].isalpha()):
                        self._day_beside(text, i, end, month)
                        break  # names are letters only: one more letter breaks a shorter one's end
            i = text.find(prefix, i + 1)

    def _day_beside(self, text: str, start: int, end: int, month: int) -> None:
        """The day (and year) beside a month name, and the days that share the month with it
        ("october 17 to 20", "20 et 23 novembre": ``nofab.numbers.datepairs``)."""
        after = _DAY_AFTER_MONTH.match(text, end, min(len(text), end + 24))
        if after:
            year = int(after.group(2)) if after.group(2) else None
            day = int(after.group(1))
            self._add(year, month, day)
            if not after.group(2):
                for other in days_after(text, after.end(), day):
                    self._add(year, month, other)
        before = _DAY_BEFORE_MONTH.search(text, max(0, start - 16), start)
        if before:
            found = _YEAR_AFTER_MONTH.match(text, end, min(len(text), end + 10))
            year = int(found.group(1)) if found else None
            day = int(before.group(1))
            self._add(year, month, day)
            for other in days_before(text, before.start(1), day):
                self._add(year, month, other)

    def has_date(self, date: Date) -> bool:
        """Is ``date`` in the evidence? A missing year on either side matches any year."""
        year, month, day = date
        self._read(month)
        if year is None:
            return (month, day) in self._days
        return (year, month, day) in self._dates or (None, month, day) in self._dates

    def written(self) -> set[Date]:
        """Every date the text writes (a missing year is None)."""
        self._read(None)
        return set(self._dates)

    def has_year(self, year: int) -> bool:
        """Is ``year`` the year of an evidence date?"""
        self._read(None)
        return year in self._years

    def has_day(self, day: int) -> bool:
        """Is ``day`` the day of the month of an evidence date ("the 20th")?"""
        self._read(None)
        return day in self._mdays

    def _harvest_times(self) -> None:
        if self._timed:
            return
        self._timed = True
        for m in _anchored(self._text, _COLON, _CLOCK, (2, 1)):
            hour, minute = int(m.group(1)), int(m.group(2))
            if hour <= 24 and minute < 60:
                self._times[(hour, minute)].add((m.group(3) or "").lower())
        for hour, half in _hours_with_am_pm(self._text):
            if hour <= 12:
                self._times[(hour, 0)].add(half)
        for hour in _hours_after_at(self._text):
            if 1 <= hour <= 12:
                self._times[(hour, 0)].add("")
        if "h" in self._text:
            for m in _H_TIME.finditer(self._text):
                self._times[(int(m.group(1)), int(m.group(2) or 0))].add("")

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
        return next((how for how, _unit in self.near_dates(date)), None)

    def near_dates(self, date: Date) -> Iterator[tuple[str, str]]:
        """Every relative-date reading of ``date``, nearest first: (how, unit), the unit of
        the offset "day", "week" or "month" (``nofab.numbers.relativedates`` asks which
        one the answer's words name)."""
        year, month, day = date
        try:
            target = _dt.date(year or 2000, month, day)
        except ValueError:
            return
        probes: list[tuple[_dt.date, int, str]] = []
        for delta, unit in ((1, "day"), (-1, "day"), (7, "week"), (-7, "week")):
            probes.append((target + _dt.timedelta(days=delta), abs(delta), unit))
        for step in (1, -1):
            index = target.year * 12 + target.month - 1 + step
            try:
                other = _dt.date(index // 12, index % 12 + 1, day)
            except ValueError:
                continue
            probes.append((other, abs((target - other).days), "month"))
        for seen, delta, unit in probes:
            if self.has_date((seen.year if year else None, seen.month, seen.day)):
                yield f"{delta} day(s) from {seen.isoformat()}", unit


#: The word before an ordinal, past "the"/"le"/"el" ("Thursday the 22nd", "jeudi le 22e").
_WORD_BEFORE = re.compile(r"([^\W\d_]+)\.?,?\s+(?:(?:the|le|el|der|den|o)\s+)?$", re.IGNORECASE)
#: A weekday directly before a day number (markup and one space between): "miércoles 20".
_WEEKDAY_BEFORE = re.compile(r"([^\W\d_]+(?:-[^\W\d_]+)?)[*_]*\s[*_]*$")


@cache
def _weekday_names() -> frozenset[str]:
    return frozenset(vocabulary.load("weekdays")["names"])


def held_day(answer: str, numeral: Numeral, has_day: Callable[[int], bool]) -> bool:
    """Is the ordinal or number a day of the month ("the 20th", "am 17.": written alone with its
    mark, ``nofab.numbers.nextmonthday.day_alone``; "miércoles 20", "Friday 21": right after a
    weekday, ``after_weekday``) that an evidence date has (``has_day``)?"""
    if not 1 <= numeral.value <= 31:
        return False  # no day of a month (the test below, asked first: most numbers end here)
    if numeral.kind != "ordinal" and (
        numeral.decimals or not (day_alone(answer, numeral.span) or after_weekday(answer, numeral))
    ):
        return False
    return has_day(int(numeral.value))


def after_weekday(answer: str, numeral: Numeral) -> bool:
    """Is the plain number right after a weekday name ("mañana, miércoles 20, a las 20:00",
    "Friday 21", "jeudi 3")?

    Principle: a weekday before a number of 1-31 names a day by its day of the month, as
    before an ordinal (``ordinal_day``); it is held to the evidence as a day is. Risk: a count
    after a weekday ("on Monday 3 people came") is held as a day, and passes when an evidence
    date falls on that day of the month."""
    if numeral.kind != "number" or not 1 <= numeral.value <= 31 or numeral.text != str(int(numeral.value)):
        return False
    return _weekday_before(answer, numeral.span[0], _WEEKDAY_BEFORE)


def ordinal_day(answer: str, numeral: Numeral) -> bool:
    """Is the ordinal a day of the month: a weekday right before it ("Thursday the 22nd",
    "on Friday, the 3rd")? (With a month beside it, "the 22nd of September" is read as a
    date already.)

    Principle: a weekday before an ordinal of 1-31 makes it a date, so it is held to the
    evidence as a date is (and at a date's confidence), not as a loose ordinal ("the 3rd
    attempt", 0.6). Risk: a weekday ending one phrase and an ordinal starting the next ("on
    Monday 2nd place went to ..."), rare in agent answers."""
    if numeral.kind != "ordinal" or not 1 <= numeral.value <= 31:
        return False
    return _weekday_before(answer, numeral.span[0], _WORD_BEFORE)


def _weekday_before(answer: str, start: int, pattern: re.Pattern[str]) -> bool:
    """Is the word ``pattern`` finds right before ``start`` a weekday name?"""
    before = pattern.search(answer, max(0, start - 24), start)
    return before is not None and before.group(1).lower() in _weekday_names()


__all__ = ["Date", "DateTimeIndex", "after_weekday", "held_day", "ordinal_day"]
