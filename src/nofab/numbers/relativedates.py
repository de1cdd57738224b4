"""A date a whole week or month from an evidence date: a relative date only when the words
say so.

An answer date the evidence does not hold is read loosely (0.5, not blocking) when it is a
day, a week or a month from one it does hold: "the next day", "a week later", "a month
ago" are relative dates the answer computed. A week's offset keeps the weekday, though, so
a date miscopied by a week ("Thursday, March 16" for Thursday the 9th) looks as right as a
date can, and passed as "loosely explained".

Principle: a date a whole number of weeks (or months) from an evidence date is explained
by that offset only when the sentence that states it, or the user's request, names a span
of that unit ("next week", "in two weeks", "monthly", "la semana que viene", "le mois
prochain", "in zwei Wochen": ``date_spans.json``, five languages). Otherwise it is an
unexplained date, reported at a date's confidence. A day's offset stays loose ("the day
after", "the next morning" are worded too many ways to list).

Risk: a date a week after an evidence date stated with the span implied but not named
("the Thursday after", "every Thursday") is reported; and a span word in the sentence about
something else ("this week's other reminder") still loosens a miscopied date.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from nofab.language import vocabulary

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.numbers.extract import Numeral


@cache
def _spans() -> dict[str, re.Pattern[str]]:
    """unit -> a pattern of every language's words naming a span of it (lower-case text)."""
    data = vocabulary.load("date_spans")
    patterns: dict[str, re.Pattern[str]] = {}
    for unit, table in data.items():
        if unit.startswith("_"):
            continue
        words = sorted({w.lower() for ws in table.values() for w in ws}, key=len, reverse=True)
        alternation = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)
        patterns[unit] = re.compile(rf"(?<!\w)(?:{alternation})(?!\w)")
    return patterns


def names_span(text: str, unit: str) -> bool:
    """Does ``text`` name a span of ``unit`` ("week", "month")?"""
    pattern = _spans().get(unit)
    return pattern is not None and pattern.search(text.lower()) is not None


def relative_date(evidence: Evidence, numeral: Numeral) -> str | None:
    """How the date ``numeral`` is a relative date of an evidence date, or None: a day's
    offset always, a week's or a month's only when the numeral's sentence or the user's
    request names a span of that unit."""
    if numeral.date is None:
        return None
    sentence: str | None = None
    for how, unit in evidence.dates.near_dates(numeral.date):
        if unit == "day":
            return how
        if sentence is None:
            start, end = evidence.sentence_at(numeral.span[0])
            sentence = evidence.answer[start:end]
        if names_span(sentence, unit) or names_span(evidence.turn.user_message, unit):
            return how
    return None


__all__ = ["names_span", "relative_date"]
