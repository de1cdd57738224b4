"""A span from now the answer counts beside the date it leads to: "in three weeks, on July 24"
when today is July 10 (two weeks), "dentro de dos semanas (el 17 de julio)", "il y a deux
mois, le 3 mai".

The count of such a span is small (a number word, or digits up to ``structural_max``), so the
number check never reads it; the date beside it is held, so nothing is flagged.

Principle: a span of days, weeks or months (``date_spans.json``) whose count is led by a word
that counts from now (``from_now`` in ``numbers.json``: "in", "dentro de", "dans", "daqui a";
"ago", "hace", "il y a", "vor" back), or followed by one ("11 days from today", "3 weeks
away", "a partir de hoy": ``now_after``), states the distance from today (the one date the
turn's context gives as now) to the date its sentence names. When that sentence names exactly
one date on that side of today, and the evidence holds it, the count must be that distance in
the span's unit: exactly for days, within ``WEEK_SLACK`` days for weeks (a span said on a
Wednesday for the Thursday two weeks on), within ``MONTH_SLACK`` days for months. A wrong
count is reported on the count. Words that relate the span to another anchor ("2 days
before the flight", "until", "bis") are not read as counting from now.

A sentence that names no date but one weekday ("next Friday, in 11 days", "vendredi prochain,
dans 11 jours") names one of its next two occurrences: the evidence must hold that date, and a
count of days must be the distance to it (either occurrence: "next" is read both ways).

A sentence that names no date nor weekday ("That's 15 days from today.") speaks of the dates
the answer named just before it (``BACK_REACH`` characters): a count equal to the distance to one of them
is derived (never a finding, since which date was meant is not known).

Risk: a sentence whose span counts from another date than today ("in two weeks from the
booking, on July 24") is read from today; such sentences name their anchor with a word no
list here holds, so they are rare, and two dates on the span's side of today leave it unread.
A span of hours or years is not read; a date the evidence does not hold is left to the date
check. A count of days from now said late in the evening for "tomorrow's" date is exact to
the calendar day, as the date is.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from nofab.numbers.dayrows import context_today
from nofab.numbers.lexicon import by_language, word_pattern
from nofab.numbers.nextweekday import weekday_names
from nofab.numbers.relativedates import counted_spans

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.model.finding import Finding
    from nofab.numbers.numeral import Numeral

#: A counted span whose date is another distance from today.
CONFIDENCE = 0.8
#: How far back a sentence that names no date is read for the dates it speaks of.
BACK_REACH = 600
#: Days a span of weeks may be off its date (said mid-week) and a span of months.
WEEK_SLACK = 3
MONTH_SLACK = 10
#: The spans read: a count of days must be the distance exactly.
UNITS = ("day", "week", "month")
#: How far before a span's count its from-now word is read.
_LEAD = 16


@cache
def _leads() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """(words before a count from now forward, the same back, words after a span back, words
    after a span forward: "from today", "away", "a partir de hoy")."""
    tables = by_language("from_now").values()
    forward = {w for t in tables for w in t.get("before", ())}
    back = {w for t in tables for w in t.get("since_before", ())}
    after = {w for t in tables for w in t.get("since_after", ())}
    ahead = {w for t in tables for w in t.get("now_after", ())}
    return (
        word_pattern(tuple(forward)),
        word_pattern(tuple(back)),
        word_pattern(tuple(after)),
        word_pattern(tuple(ahead)),
    )


def _direction(text: str, start: int, end: int) -> int:
    """+1 when a from-now word leads the count at ``start`` or follows the span ending at
    ``end``, -1 when a word of the past does, 0 otherwise."""
    forward, back, after, ahead = _leads()
    lead = text[max(0, start - _LEAD) : start].rstrip()
    for pattern, sign in ((forward, 1), (back, -1)):
        found = list(pattern.finditer(lead))
        if found and found[-1].end() == len(lead):
            return sign
    if end < len(text) and text[end] == " ":
        if after.match(text, end + 1) is not None:
            return -1
        if ahead.match(text, end + 1) is not None:
            return 1
    return 0


def _months(today: _dt.date, count: int) -> _dt.date:
    index = today.year * 12 + today.month - 1 + count
    year, month = divmod(index, 12)
    day = min(today.day, 28)
    return _dt.date(year, month + 1, day)


#: How far either side of a span its weekday is read (characters).
WEEKDAY_REACH = 120
#: A word of the answer (a weekday name is one).
_WORD = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True, slots=True)
class Reading:
    """A counted span from now read against the one held date of its sentence."""

    start: int
    end: int
    today: _dt.date
    date: _dt.date
    days: int  # the distance from today to the date
    right: bool  # does the count state that distance (within the unit's slack)?


def readings(evidence: Evidence) -> Iterator[Reading]:
    """Each counted span from now whose sentence names one date on its side of today that the
    evidence holds, with whether its count is that distance (module doc)."""
    answer = evidence.answer
    dates = [n for n in evidence.numerals if n.kind == "date" and n.date is not None]
    spans = [(unit, *span) for unit in UNITS for span in counted_spans(answer, unit) if span[2]]
    if not spans:
        return
    today = context_today(evidence.turn.context or "")
    if today is None:
        return
    for unit, start, end, count in spans:
        assert count is not None
        sign = _direction(answer, start, end)
        if not sign:
            continue
        lo, hi = evidence.sentence_at(start)
        found = _side_dates(evidence, dates, lo, hi, today, sign)
        if unit == "day":
            expected, slack = count, 0
        elif unit == "week":
            expected, slack = 7 * count, WEEK_SLACK
        else:
            expected, slack = abs((_months(today, sign * count) - today).days), MONTH_SLACK
        if not found and unit == "day":
            # "next Friday, in 11 days": a weekday is the sentence's date, one of its next two
            # occurrences the evidence holds (``_weekday_dates``)
            # the weekday is read near the span (a hostile sentence may be long)
            near = (max(lo, start - WEEKDAY_REACH), min(hi, end + WEEKDAY_REACH))
            on_weekday = _weekday_dates(evidence, *near, today, sign)
            if on_weekday:
                right = any(abs((d - today).days) == expected for d in on_weekday)
                first = on_weekday[0]
                yield Reading(start, end, today, first, abs((first - today).days), right)
                continue
        if not found:
            # A sentence that names no date ("That's 15 days from today.") speaks of the dates
            # the answer named just before it: a count equal to one's distance is derived from
            # the calendar (no finding is made this way: which date was meant is not known).
            for date, held in _side_dates(evidence, dates, max(0, lo - BACK_REACH), lo, today, sign):
                if held and abs(abs((date - today).days) - expected) <= slack:
                    yield Reading(start, end, today, date, abs((date - today).days), True)
                    break
            continue
        if len(found) != 1 or not found[0][1]:
            continue  # several, or a date no evidence holds (the date check's)
        days = abs((found[0][0] - today).days)
        yield Reading(start, end, today, found[0][0], days, abs(days - expected) <= slack)


def _side_dates(
    evidence: Evidence, dates: list[Numeral], lo: int, hi: int, today: _dt.date, sign: int
) -> list[tuple[_dt.date, bool]]:
    """The dates written within ``[lo, hi)`` on the span's side of today, each with whether
    the evidence holds it."""
    found: list[tuple[_dt.date, bool]] = []
    for numeral in dates:
        written = numeral.date
        if written is None or not lo <= numeral.span[0] < hi:
            continue
        year, month, day = written
        try:
            date = _dt.date(year or today.year, month, day)
            if year is None and (date - today).days * sign < 0:
                date = _dt.date(today.year + sign, month, day)
        except ValueError:
            continue
        if (date - today).days * sign > 0:
            found.append((date, evidence.dates.has_date(written)))
    return found


def _weekday_dates(evidence: Evidence, lo: int, hi: int, today: _dt.date, sign: int) -> list[_dt.date]:
    """The dates a weekday named in ``[lo, hi)`` may be, on the span's side of today ("next
    Friday": the coming one or the one after), that the evidence holds; none when the
    sentence names no weekday or two."""
    names = weekday_names()
    words = _WORD.finditer(evidence.answer, lo, hi)
    named = {i for w in words if (i := names.get(w.group().lower())) is not None}
    if len(named) != 1:
        return []
    (weekday,) = named
    ahead = (weekday - today.weekday()) * sign % 7 or 7
    candidates = [today + _dt.timedelta(days=sign * (ahead + 7 * k)) for k in (0, 1)]
    return [d for d in candidates if evidence.dates.has_date((d.year, d.month, d.day))]


def counts_from_today(evidence: Evidence) -> frozenset[int]:
    """Where the counts of spans from now start that state the distance to their sentence's
    held date ("21 days from today" for a date 21 days on): such a count is derived from the
    calendar, not invented, whatever its size. Read once per answer by the caller."""
    return frozenset(r.start for r in readings(evidence) if r.right)


def span_findings(finding: Callable[..., Finding], evidence: Evidence) -> Iterator[Finding]:
    """``unverified_number`` findings for each counted span from now whose sentence's one held
    date lies another distance from today."""
    answer = evidence.answer
    for r in readings(evidence):
        if r.right:
            continue
        word = answer[r.start : r.end].split()[0]
        yield finding(
            "unverified_number",
            word,
            CONFIDENCE,
            (r.start, r.start + len(word)),
            f"'{answer[r.start : r.end]}' is not the distance from today ({r.today}) to {r.date} "
            f"({r.days} days)",
            evidence={"literal_kind": "span", "today": str(r.today), "date": str(r.date)},
        )


__all__ = [
    "CONFIDENCE",
    "MONTH_SLACK",
    "UNITS",
    "WEEK_SLACK",
    "Reading",
    "counts_from_today",
    "readings",
    "span_findings",
]
