"""The days of a weekly series the answer lists after a month: "Tuesdays: Oct 3, 10, 17, 24,
31", "les mardis : 3, 10, 17 oct." read back from a series that starts on a held date.

The number check reads the bare days after the first ("17", "24") as numbers no evidence
holds. Principle: a run of days of one month, written after a date and joined by commas or
"and", that steps by exactly a week from a date the evidence holds is the series' own
calendar when the evidence makes the series weekly: it says so ("weekly", "FREQ=WEEKLY",
"hebdomadaire", "jede Woche": ``weekly`` in ``calendar_words.json``), names a recurring weekday
("every Tuesday", "chaque mardi", "jeden Dienstag": ``recurrence``), or holds two dates of the
run a week apart. Each day of such a run is then grounded; a run that breaks the
step (a slipped "Oct 4" between "3" and "10") is left to the number check.

A run that goes past the last date the evidence gives the series under an end key ("until":
"2023-10-24", "UNTIL=20231024": ``series_end_keys``) is not grounded.

Risk: a series' end given as a count of occurrences, or in prose, does not bound the run, so
an occurrence listed past it, or past the month the user asked about, is excused; daily,
fortnightly and monthly series are not read.
"""

from __future__ import annotations

import datetime as _dt
import re
from functools import cache, lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING

from nofab.language import vocabulary
from nofab.numbers.datepairs import shared_day
from nofab.numbers.numeral import Numeral

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

_WEEK = 7
#: What joins the days of a run: a comma, an ampersand, a middle dot, or "and" in five
#: languages (after a German day's period: "2., 9.").
_JOIN = re.compile(r"\.?\s*(?:[,&·]|,?\s+(?:and|y|et|und|e)\s)\s*", re.IGNORECASE)


def _alternation(words: list[str]) -> str:
    ordered = sorted(set(words), key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in ordered)


@cache
def _weekly() -> re.Pattern[str]:
    """A weekly word ("weekly", "jede Woche"), or a recurrence word before a weekday name
    ("every tuesday", "chaque mardi"), on case-folded text."""
    table = vocabulary.load("calendar_words")
    weekly = [w for ws in table["weekly"].values() for w in ws]
    every = [w for ws in table["recurrence"].values() for w in ws]
    days = list(vocabulary.load("weekdays")["names"])
    return re.compile(
        rf"(?<!\w)(?:{_alternation(weekly)}|(?:{_alternation(every)})\s+(?:{_alternation(days)}))(?!\w)"
    )


def _day(numeral: Numeral) -> bool:
    """A bare day of the month: a whole number or an ordinal of 1-31, or a day read as a date of
    its neighbour's month (``nofab.numbers.datepairs``)."""
    if numeral.kind == "date":
        return shared_day(numeral)
    return numeral.kind in ("number", "ordinal") and not numeral.decimals and 1 <= numeral.value <= 31


def _date(numeral: Numeral) -> bool:
    return (
        numeral.kind == "date"
        and numeral.date is not None
        and numeral.time is None
        and not shared_day(numeral)
    )


def run_of(numerals: list[Numeral], index: int, answer: str) -> tuple[Numeral, list[int]] | None:
    """(the date that opens or closes it, its days in order) for the run of bare days the
    numeral at ``index`` belongs to ("Oct 3, 10, 17", "2, 9 et 16 avril"), or None when no
    date is joined to either end."""
    if not _day(numerals[index]):
        return None

    def joined(a: int, b: int) -> bool:
        return _JOIN.fullmatch(answer, numerals[a].span[1], numerals[b].span[0]) is not None

    first = last = index
    while (
        first > 0
        and joined(first - 1, first)
        and _day(numerals[first - 1])
        and not _date(numerals[first - 1])
    ):
        first -= 1
    while last + 1 < len(numerals) and joined(last, last + 1) and _day(numerals[last + 1]):
        last += 1
    days = [int(n.value) for n in numerals[first : last + 1]]
    if first > 0 and _date(numerals[first - 1]) and joined(first - 1, first):
        opener = numerals[first - 1]
        assert opener.date is not None
        return opener, [opener.date[2], *days]
    if last + 1 < len(numerals) and _date(numerals[last + 1]) and joined(last, last + 1):
        closer = numerals[last + 1]
        assert closer.date is not None
        return closer, [*days, closer.date[2]]
    return None


@cache
def _end_key() -> re.Pattern[str]:
    """A series-end key and its date: '"until": "2023-10-24"', 'until=20231024'."""
    keys = "|".join(map(re.escape, vocabulary.load("calendar_words")["series_end_keys"]))
    return re.compile(rf"(?<![\w])(?:{keys})[\"']?\s*[:=]\s*[\"']?(\d{{4}})-?(\d{{2}})-?(\d{{2}})")


@lru_cache(maxsize=8)
def _series_end(folded: str) -> tuple[int, int, int] | None:
    """The earliest last date a series key gives in the evidence, or None (read once per
    evidence text: every day of every run asks it)."""
    ends = [(int(m[1]), int(m[2]), int(m[3])) for m in _end_key().finditer(folded)]
    return min(ends) if ends else None


def _valid(year: int | None, month: int, day: int) -> bool:
    try:
        _dt.date(year or 2000, month, day)  # 2000: a leap year, so 29 February is a date
    except ValueError:
        return False
    return True


def weekly_series_day(evidence: Evidence, index: int) -> bool:
    """Is the numeral at ``index`` a day (or the date that opens or closes a run) of a weekly
    run of one month anchored on a held date of a series the evidence makes weekly (module doc)?"""
    numerals, answer = evidence.numerals, evidence.answer
    day = index
    if _date(numerals[index]):  # a date that opens or closes a run: asked through its neighbour
        day = next((i for i in (index + 1, index - 1) if 0 <= i < len(numerals) and _day(numerals[i])), -1)
        if day < 0:
            return False
    found = run_of(numerals, day, answer)
    if found is None or (day != index and found[0].span != numerals[index].span):
        return False
    opener, days = found
    assert opener.date is not None
    if len(days) < 2 or any(b - a != _WEEK for a, b in pairwise(days)):
        return False
    year, month, _ = opener.date
    if not all(_valid(year, month, d) for d in days):
        return False  # "Nov 31": no such day, whatever the step
    held = [d for d in days if evidence.dates.has_date((year, month, d))]
    if not held:
        return False
    end = _series_end(evidence.folded)
    if end is not None and (year or end[0], month, days[-1]) > end:
        return False  # a day past the series' held last date
    if any(d + _WEEK in held for d in held):
        return True
    return _says_weekly(evidence.folded)


@lru_cache(maxsize=8)
def _says_weekly(folded: str) -> bool:
    """Does the evidence make a series weekly in words (read once per evidence text)?"""
    return _weekly().search(folded) is not None


__all__ = ["run_of", "weekly_series_day"]
