"""Dates the answer counts in business days: "card refunds take 5–7 business days, so expect it
between Tuesday, March 25 and Thursday, March 27", "Erstattung in 3 Werktagen, also bis
Freitag, 14. März", "sous 2 jours ouvrés, soit le 12 mars".

Principle: a date no evidence holds is resolved, not invented, when the text right before it
(``REACH`` characters: its sentence and the one before) counts a span of business days ("N
business days", "N–M working days", "N Werktage", "N jours ouvrés", "N días hábiles", "N dias
úteis": ``business_days.json``) and the date is that many weekdays (Monday to Friday) after the
turn's reference date, the one date the context gives as now
(``nofab.numbers.dayrows.context_today``); a range gives each of its ends, and any count in
between. The weekend is skipped as every business-day promise does; the answer did the calendar
arithmetic the policy's wording asks for.

Risk: public holidays are not known, so a date that skips one (the right date) is flagged and
a date that should have skipped one passes; a wrong date that lands on another count of the
same range passes (at most the few days of the range). A span that counts calendar days
("7 days") is not read here.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from nofab.language import vocabulary
from nofab.numbers.lexicon import number_words

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.numbers.numeral import Numeral

#: A count of business days is read at most this large (a policy's refund window, a delivery).
MAX_DAYS = 60
#: How far back from a date its span is looked for (its sentence and the one before).
REACH = 300


@cache
def _pattern() -> re.Pattern[str]:
    """One pattern for a business-day span in any language: count, optional range end, day."""
    data = vocabulary.load("business_days")
    qualifiers = sorted({w for ws in data["qualifiers"].values() for w in ws}, key=len, reverse=True)
    days = sorted({w for ws in data["day_words"].values() for w in ws}, key=len, reverse=True)
    compounds = sorted({w for ws in data["compounds"].values() for w in ws}, key=len, reverse=True)
    dashes = "|".join(re.escape(j) for j in data["range_joiners"] if not j.isalpha())
    words = "|".join(j for j in sorted(data["range_joiners"], key=len, reverse=True) if j.isalpha())
    joiner = rf"\s*(?:{dashes})\s*|\s+(?:{words})\s+"
    # a count is digits or a number word, never any word: "tarda 5 días" counts 5
    named = sorted(number_words().number_words, key=len, reverse=True)
    count = rf"(\d{{1,2}}|{'|'.join(re.escape(w) for w in named)})"
    day, qualifier = "|".join(days), "|".join(qualifiers)
    # "5 business days", "5 días hábiles" (either order), or one word: "5 Werktage"
    unit = rf"(?:{day})\s+(?:{qualifier})|(?:{qualifier})\s+(?:{day})|{'|'.join(compounds)}"
    span = rf"(?<![\w.,]){count}(?:(?:{joiner}){count})?\s+(?:{unit})(?!\w)"
    return re.compile(span, re.IGNORECASE)


def _count(word: str) -> int | None:
    value = int(word) if word.isdigit() else number_words().number_words.get(word.lower())
    return value if value is not None and 0 < value <= MAX_DAYS else None


def spans(text: str) -> list[tuple[int, int]]:
    """(fewest, most) business days of each span ``text`` counts."""
    out: list[tuple[int, int]] = []
    for found in _pattern().finditer(text):
        first = _count(found.group(1))
        last = _count(found.group(2)) if found.group(2) else first
        if first is not None and last is not None:
            out.append((min(first, last), max(first, last)))
    return out


def add_workdays(start: _dt.date, count: int) -> _dt.date:
    """The date ``count`` weekdays (Monday to Friday) after ``start``."""
    date = start
    while count > 0:
        date += _dt.timedelta(days=1)
        if date.weekday() < 5:
            count -= 1
    return date


def resolves_workdays(evidence: Evidence, numeral: Numeral, today: Callable[[], _dt.date | None]) -> bool:
    """Is the date ``numeral`` a count of business days after today, the count one named in
    the ``REACH`` characters before it (module doc)?"""
    if numeral.kind != "date" or numeral.date is None:
        return False
    counted = spans(evidence.answer[max(0, numeral.span[0] - REACH) : numeral.span[0]])
    now = today() if counted else None
    if now is None:
        return False
    year, month, day = numeral.date
    for first, last in counted:
        for count in range(first, last + 1):
            end = add_workdays(now, count)
            if (end.month, end.day) == (month, day) and year in (None, end.year):
                return True
    return False


__all__ = ["MAX_DAYS", "add_workdays", "resolves_workdays", "spans"]
