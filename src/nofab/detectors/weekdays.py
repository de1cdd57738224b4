"""A weekday written beside a date it does not fall on (``unverified_number``).

Principle: "Thursday, May 24, 2024" states two things, and the calendar decides whether
they agree. Tools hand out dates ("2024-05-24") far more often than weekdays, so the agent
usually works the weekday out itself, and that arithmetic is a classic slip: the date is
then grounded and the weekday is not. A weekday joined to a date ("Friday, May 24",
"24 mai (vendredi)", "Freitag, 24. Mai 2024", "2024-05-24 (Friday)") is checked against
the date's year: the year written, or else the one year the evidence gives that month and
day in an ISO date. With no year to go by, nothing is said.

Risk: a weekday that only sits next to a date without naming it ("Friday, May 24 was
too late, so ..."); the join must be tight (a comma, a space, "the", parentheses), and the
very pair copied from the evidence (a tool that printed its own weekday) is never flagged.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterator
from functools import cache

from nofab.config.policy import Profile
from nofab.config.rules import Rules
from nofab.detectors.base import DetectorBase
from nofab.evidence.index import Evidence
from nofab.language import vocabulary
from nofab.language.text import fold
from nofab.model.finding import Finding
from nofab.numbers.plain import MONTHS

CONFIDENCE = 0.85
_NAMES_OF = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _alternation(words: list[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@cache
def _weekdays() -> dict[str, int]:
    return dict(vocabulary.load("weekdays")["names"])


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(weekday then date, date then weekday), both case-insensitive."""
    weekday = _alternation(list(_weekdays()))
    month = _alternation(list(MONTHS))
    date = (
        r"(?:(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})(?![\d-])"
        rf"|(?P<mn>{month})\.?\s(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?(?!\d)(?:,?\s(?P<y2>\d{{4}})(?!\d))?"
        rf"|(?P<d3>\d{{1,2}})(?:st|nd|rd|th|\.|º)?\s(?:(?:de|of)\s)?(?P<mn3>{month})\b\.?"
        r"(?:,?\s(?:de\s)?(?P<y3>\d{4})(?!\d))?)"
    )
    before = re.compile(
        rf"(?<![\w-])(?P<wd>{weekday})(?![\w-])\.?,?\s{{1,3}}(?:(?:the|le|el|den|der|am|o|a)\s)?{date}",
        re.IGNORECASE,
    )
    after = re.compile(rf"{date}\s?(?:,\s?|\(\s?)(?P<wd>{weekday})(?![\w-])", re.IGNORECASE)
    return before, after


def _month_day(m: re.Match[str]) -> tuple[int | None, int, int] | None:
    """(year or None, month, day) of the date part of a match, if it is a real date."""
    if m.group("m"):
        year: int | None = int(m.group("y"))
        month, day = int(m.group("m")), int(m.group("d"))
    elif m.group("mn"):
        month, day = MONTHS[m.group("mn").lower()], int(m.group("d2"))
        year = int(m.group("y2")) if m.group("y2") else None
    else:
        month, day = MONTHS[m.group("mn3").lower()], int(m.group("d3"))
        year = int(m.group("y3")) if m.group("y3") else None
    if not 1 <= month <= 12 or not 1 <= day <= 31:
        return None
    return year, month, day


def _years(folded_evidence: str, month: int, day: int) -> set[int]:
    """Years of the ISO dates in the evidence with this month and day."""
    pattern = re.compile(rf"(?<!\d)(\d{{4}})-0?{month}-0?{day}(?!\d)")
    return {int(y) for y in pattern.findall(folded_evidence)}


def _weekday(year: int, month: int, day: int) -> int | None:
    try:
        return _dt.date(year, month, day).weekday()
    except ValueError:  # "February 30": an impossible date is the numbers detector's to report
        return None


class WeekdayDetector(DetectorBase):
    """``unverified_number`` on a weekday the calendar contradicts."""

    id = "weekdays"
    version = "1"
    kinds = ("unverified_number",)

    def __init__(self, profile: Profile) -> None:
        Rules(profile, self.id, ())  # no settings: any key under rules.weekdays is a typo

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        answer = evidence.answer
        if not any(c.isdigit() for c in answer):
            return
        seen: set[tuple[int, int]] = set()
        for pattern in _patterns():
            for m in pattern.finditer(answer):
                start, end = m.span("wd")
                if (start, end) in seen:
                    continue
                seen.add((start, end))
                yield from self._check(evidence, m)

    def _check(self, evidence: Evidence, m: re.Match[str]) -> Iterator[Finding]:
        date = _month_day(m)
        if date is None:
            return
        year, month, day = date
        stated = _weekdays()[m.group("wd").lower()]
        years = {year} if year is not None else _years(evidence.folded, month, day)
        actual = {w for y in years if (w := _weekday(y, month, day)) is not None}
        if not actual or stated in actual or fold(m.group(0)) in evidence.folded:
            return
        real = " or ".join(_NAMES_OF[w] for w in sorted(actual))
        dates = " and ".join(f"{y}-{month:02d}-{day:02d}" for y in sorted(years))
        yield self.finding(
            "unverified_number",
            m.group("wd"),
            CONFIDENCE,
            m.span("wd"),
            f"{m.group('wd')} does not match the date beside it: {dates} is a {real}",
            evidence={"date": f"{month:02d}-{day:02d}", "years": sorted(years), "weekday": real},
        )
