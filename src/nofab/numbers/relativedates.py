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

A span the words count ("in two weeks", "dentro de dos semanas", "dans deux semaines", "in 2
Wochen", "14 days") names that many units, not one: it explains no date one unit (a week, a
month) from an evidence date. The count is a digit or a number word (``number_words`` of
``numbers.json``) right before the span word, or the number a phrase opens with in days ("14
days" is two weeks); a span with no count ("next week", "a week", "weeks") names any.

Risk: a date a week after an evidence date stated with the span implied but not named
("the Thursday after", "every Thursday") is reported; and a span word in the sentence about
something else ("this week's other reminder") still loosens a miscopied date. A date one week
from an evidence date stated beside a counted span about something else ("two weeks from now
... and a week before, on the 17th") passes through the uncounted "a week", but is reported
when the sentence words no uncounted span of its own.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from nofab.language import vocabulary
from nofab.numbers.lexicon import RunGate, first_letters, number_words

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
        # the words' first letters first: most positions fail that one test (same matches)
        patterns[unit] = re.compile(rf"{first_letters(words)}(?<!\w)(?:{alternation})(?!\w)")
    return patterns


@cache
def _gates() -> dict[str, RunGate]:
    """unit -> the gate of its span words (``_spans``' words)."""
    data = vocabulary.load("date_spans")
    return {
        unit: RunGate({w.lower() for ws in table.values() for w in ws})
        for unit, table in data.items()
        if not unit.startswith("_")
    }


#: Days per unit, to read a phrase counted in days ("14 days") in the span's unit.
_DAYS = {"week": 7, "month": 30}
#: The count right before a span word: digits or a word ("dos semanas", "2 weeks", "two-week").
_COUNT_BEFORE = re.compile(r"(?<!\w)(\d{1,3}|[^\W\d_]+)[\s\-]+$")
_COUNT_OPENING = re.compile(r"(\d{1,3}|[^\W\d_]+)\s")


def _count(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return number_words().number_words.get(word)


def counted_spans(text: str, unit: str) -> list[tuple[int, int, int | None]]:
    """(start, end, count in that unit) of each span of ``unit`` ``text`` names, from its
    count when one leads it (None: no count)."""
    pattern = _spans().get(unit)
    if pattern is None or _gates()[unit].excludes(text):
        return []  # gate: no letter run of the text starts a span word of the unit
    lower = text.lower()
    out: list[tuple[int, int, int | None]] = []
    for m in pattern.finditer(lower):
        opening = _COUNT_OPENING.match(m.group(0))
        if opening is not None and (days := _count(opening.group(1))) is not None:
            out.append((m.start(), m.end(), max(1, round(days / _DAYS.get(unit, 1)))))  # "14 days": two weeks
            continue
        before = _COUNT_BEFORE.search(lower, max(0, m.start() - 24), m.start())
        count = _count(before.group(1)) if before is not None else None
        out.append(
            (before.start(1) if before is not None and count is not None else m.start(), m.end(), count)
        )
    return out


def span_counts(text: str, unit: str) -> list[int | None]:
    """The count of each span of ``unit`` ``text`` names, in that unit (None: no count)."""
    return [count for _s, _e, count in counted_spans(text, unit)]


def names_span(text: str, unit: str, count: int | None = None) -> bool:
    """Does ``text`` name a span of ``unit`` ("week", "month")? With ``count``: a span of
    that many units, or one the words do not count."""
    return any(c is None or count is None or c == count for c in span_counts(text, unit))


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
        # (every offset read is one unit: a counted span of two weeks explains none of them)
        if names_span(sentence, unit, 1) or names_span(evidence.turn.user_message, unit, 1):
            return how
    return None


__all__ = ["counted_spans", "names_span", "relative_date", "span_counts"]
