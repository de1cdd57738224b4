"""A weekday written beside a date it does not fall on (``unverified_number``).

Principle: "Thursday, May 24, 2024" states two things, and the calendar decides whether
they agree. Tools hand out dates ("2024-05-24") far more often than weekdays, so the agent
usually works the weekday out itself, and that arithmetic is a classic slip: the date is
then grounded and the weekday is not. A weekday joined to a date ("Friday, May 24",
"24 mai (vendredi)", "Freitag, 24. Mai 2024", "2024-05-24 (Friday)") is checked against
the date's year: the year written, or else the one year the evidence gives that month and
day in an ISO date, or else the one year of the evidence's ISO dates in that month (a date
read back from a series or a list of that month the tool returned). With no year to go by,
or two, nothing is said.

Risk: a weekday that only sits next to a date without naming it ("Friday, May 24 was
too late, so ..."); the join must be tight (a comma, a space, "the", parentheses), and the
very pair copied from the evidence (a tool that printed its own weekday) is never flagged. A
date of the same month in another year than the evidence's ("next October") is judged in the
evidence's year.
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

CONFIDENCE = 0.85
#: Answers this long are searched for a weekday name before their numerals are read.
SEARCH_FIRST = 2_000
#: How far before a date a weekday may start ("Wednesday, the " is 15 characters).
_WINDOW = 24
_NAMES_OF = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@cache
def _weekdays() -> dict[str, int]:
    return dict(vocabulary.load("weekdays")["names"])


@cache
def _stems() -> tuple[str, ...]:
    """The weekday names no shorter name is part of ("mon" stands for "monday", "montag")."""
    names = sorted(_weekdays(), key=len)
    return tuple(n for i, n in enumerate(names) if not any(m in n for m in names[:i]))


def names_a_weekday(answer: str) -> bool:
    """Could the answer hold a weekday at all? A word that lower-cases to a weekday name
    (the test below) lies, lower-cased, inside the lower-cased answer, so when no name
    does the answer holds none: a few substring searches spare reading its numerals."""
    lowered = answer.lower()
    return any(stem in lowered for stem in _stems())


#: A word, Portuguese "quinta-feira" included; the weekday table decides whether it is one.
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)?")
#: What may stand between a weekday and the date after it: "Friday, May 24", "jeudi 24 mai",
#: "am Freitag, den 24. Mai", "Friday the 24th", and a date in brackets or after a dash that
#: names the same day ("Saturday (May 24)", "Sábado (24 de mayo)", "Friday – May 24"), as the
#: weekday after a date does ("May 24 (Saturday)").
_GAP_BEFORE = re.compile(r"\.?,?\s{1,3}(?:[(–—]\s?)?(?:(?:the|le|el|den|der|am|o|a)\s)?", re.IGNORECASE)
#: A weekday after the date: "2024-05-24 (Friday)", "May 24, 2024, Friday".
_AFTER = re.compile(r"\s?(?:,\s?|\(\s?)([^\W\d_]+(?:-[^\W\d_]+)?)")


def _before(answer: str, start: int) -> tuple[int, int] | None:
    """The span of a weekday that ends right before the date at ``start``."""
    words = list(_WORD.finditer(answer, max(0, start - _WINDOW), start))
    for w in reversed(words[-2:]):  # the last word, or the one before an article
        if w.group().lower() in _weekdays():
            gap = _GAP_BEFORE.fullmatch(answer, w.end(), start)
            if gap is not None and (w.start() == 0 or not _joined(answer[w.start() - 1])):
                return w.span()
    return None


def _after(answer: str, end: int) -> tuple[int, int] | None:
    """The span of a weekday right after the date ending at ``end``."""
    m = _AFTER.match(answer, end)
    if m is None or m.group(1).lower() not in _weekdays():
        return None
    return m.span(1)


def _joined(char: str) -> bool:
    return char.isalnum() or char in "-_"


def _years(folded_evidence: str, month: int, day: int) -> set[int]:
    """Years of the ISO dates in the evidence with this month and day; else the one year of
    the evidence's ISO dates in this month ("Thu, Oct 4" beside a series of 2023-10-03,
    2023-10-05: October is October 2023 in this turn)."""
    pattern = re.compile(rf"(?<!\d)(\d{{4}})-0?{month}-0?{day}(?!\d)")
    years = {int(y) for y in pattern.findall(folded_evidence)}
    if years:
        return years
    in_month = re.compile(rf"(?<!\d)(\d{{4}})-0?{month}-\d{{1,2}}(?!\d)")
    years = {int(y) for y in in_month.findall(folded_evidence)}
    return years if len(years) == 1 else set()


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
        # The answer's numerals are read once per answer for every number check; a weekday
        # is looked for only in the few characters beside each date among them. A long
        # answer is first searched for a weekday name at all (a few substring searches,
        # against reading every numeral); a short one's numerals cost less than the search.
        if len(evidence.answer) >= SEARCH_FIRST and not names_a_weekday(evidence.answer):
            return
        dates = [(n.span, n.date) for n in evidence.numerals if n.kind == "date" and n.date is not None]
        if not dates:
            return
        answer = evidence.answer
        for (start, end), date in dates:
            weekday = _before(answer, start) or _after(answer, end)
            if weekday is not None:
                yield from self._check(
                    evidence, weekday, date, (min(start, weekday[0]), max(end, weekday[1]))
                )

    def _check(
        self,
        evidence: Evidence,
        weekday: tuple[int, int],
        date: tuple[int | None, int, int],
        pair: tuple[int, int],
    ) -> Iterator[Finding]:
        year, month, day = date
        said = evidence.answer[weekday[0] : weekday[1]]
        stated = _weekdays()[said.lower()]
        years = {year} if year is not None else _years(evidence.folded, month, day)
        actual = {w for y in years if (w := _weekday(y, month, day)) is not None}
        written = evidence.answer[pair[0] : pair[1]]
        if not actual or stated in actual or fold(written) in evidence.folded:
            return
        real = " or ".join(_NAMES_OF[w] for w in sorted(actual))
        dates = " and ".join(f"{y}-{month:02d}-{day:02d}" for y in sorted(years))
        yield self.finding(
            "unverified_number",
            said,
            CONFIDENCE,
            weekday,
            f"{said} does not match the date beside it: {dates} is a {real}",
            evidence={"date": f"{month:02d}-{day:02d}", "years": sorted(years), "weekday": real},
        )
