"""Two days of one month written with the month once: "November 20 and 23", "20 et 23 novembre",
"20. und 23. November", "20 y 23 de noviembre" — the bare day is a date of that month.

Principle: a day number joined to a date by a list link ("and", "or", "y", "et", "und", "e",
"ou", "oder", a comma, "&") or a range link ("to", "al", "au", "bis": ``date_ranges.json``) and
written on the side of it away from the month ("November 20 and **23**", "**20** et 23
novembre") shares that date's month (and year), when it is a later day than the date's for a
month before them or an earlier one for a month after them (a pair or a list or a range of days
in order; "20-23" is read as one range numeral elsewhere): it is read as a date, and checked
like any date. Read as a bare number, it was held to nothing but a quantity the evidence happens
to hold, or flagged as a number.

Risk: a count right after a date and "and" ("on November 20 and 25 guests"), so the day after a
month-first date must end its phrase (punctuation, a line end, or a year; not a word); a count
right before "and" and a month-last date ("3 rooms, 20 and 23 May") is a day only when nothing
but the link stands between them. A day read as a date is held to the evidence's dates, so a
misreading can only flag a number the evidence holds as a quantity and as no date, which the
order and phrase tests make rare.
"""

from __future__ import annotations

import re
from functools import cache

from nofab.language import vocabulary
from nofab.numbers.numeral import Numeral

#: The words that join the days of a list ("and", "y", "et", "und", "e", "or", "ou", "oder").
_JOIN = r"(?:and|or|y|o|et|ou|und|oder|e)\s+"
#: Between the two days of a pair: a list link, with the first day's mark before it ("20." in
#: German, "20th" in English), and an article after it ("and the 23rd").
_LINK = re.compile(
    rf"(?:st|nd|rd|th|er|º)?\.?\s*(?:,\s*(?:{_JOIN})?|&\s*|{_JOIN})(?:(?:the|el|le|den|dem|o)\s+)?",
    re.IGNORECASE,
)
#: What may end the phrase after a day that follows a month-first date: its mark, then
#: punctuation, a line end, the end of the text, or a year.
_PHRASE_END = re.compile(r"(?:st|nd|rd|th)?(?:\s*(?:[.,;:!?()\]|*_]|\n|$)|,?\s+\d{4}(?!\d))", re.IGNORECASE)
#: The text of a day read as a date of its neighbour's month: the day alone, with its mark.
_DAY_TEXT = re.compile(r"\d{1,2}(?:st|nd|rd|th|er|º)?", re.IGNORECASE)


def shared_day(numeral: Numeral) -> bool:
    """Is ``numeral`` a bare day read as a date of its neighbour's month ("23" of "November 20
    and 23")? (A run of such days is a weekly series' too: ``nofab.numbers.dateseries``.)"""
    return numeral.kind == "date" and _DAY_TEXT.fullmatch(numeral.text) is not None


def _month_first(numeral: Numeral) -> bool:
    return numeral.text[:1].isalpha()


def _as_date(numeral: Numeral, date: tuple[int | None, int, int]) -> Numeral:
    day = (date[0], date[1], int(numeral.value))
    return Numeral(numeral.span, numeral.text, "date", numeral.value, date=day)


def _day(numeral: Numeral) -> bool:
    return (
        numeral.kind in ("number", "ordinal")
        and numeral.decimals == 0
        and numeral.scale == 1.0
        and 1 <= numeral.value <= 31
    )


@cache
def range_link() -> re.Pattern[str]:
    """The text between the two ends of a range of days ("Nov 24 – Nov 26", "24th to the 26th",
    "del 24 al 26", "24. bis 26."): a range link (``date_ranges.json``), with the first day's mark,
    markup and an article around it."""
    table = vocabulary.load("date_ranges")
    symbols = sorted(table["any"], key=len, reverse=True)
    words = sorted(
        {w for k, ws in table.items() if k not in ("_comment", "any") for w in ws}, key=len, reverse=True
    )
    spaced = (re.escape(w).replace(r"\ ", r"\s+") for w in words)
    bounded = (rf"(?<![^\W\d_]){w}(?![^\W\d_])" for w in spaced)
    link = "|".join([*(re.escape(w) for w in symbols), *bounded])
    return re.compile(rf"[\s*_,.]*(?:{link})[\s*_]*(?:(?:the|el|le|den|dem|o)\s+)?", re.IGNORECASE)


def _linked(text: str, first: Numeral, second: Numeral) -> bool:
    """Are the two joined by a list link ("20 and 23") or a range link ("20 to 23")?"""
    start, end = first.span[1], second.span[0]
    return (
        _LINK.fullmatch(text, start, end) is not None or range_link().fullmatch(text, start, end) is not None
    )


def _ends(text: str, numerals: list[Numeral], j: int) -> bool:
    """Does the day ``numerals[j]`` end its phrase, or link to a next day ("20, 23 and 27.")?"""
    if _PHRASE_END.match(text, numerals[j].span[1]):
        return True
    nxt = numerals[j + 1] if j + 1 < len(numerals) else None
    return nxt is not None and _day(nxt) and _linked(text, numerals[j], nxt)


@cache
def _next_day() -> re.Pattern[str]:
    """A day joined after a day by a list or range link ("..., 23", " to 20", " et 23")."""
    return re.compile(rf"(?:{_LINK.pattern}|{range_link().pattern})(\d{{1,2}})(?!\d)", re.IGNORECASE)


@cache
def _previous_day() -> re.Pattern[str]:
    """A day joined before a day by a list or range link, up to it ("20 et ", "20. bis ")."""
    return re.compile(rf"(?<![\d.,])(\d{{1,2}})(?:{_LINK.pattern}|{range_link().pattern})$", re.IGNORECASE)


def days_after(text: str, end: int, day: int) -> list[int]:
    """The days written after a month-first date's day ending at ``end`` that share its month
    ("october 17 to 20.", "november 20, 23 and 27."), for evidence text: the same reading as
    ``shared_month_days`` gives the answer, so that both sides read a pair alike."""
    days: list[int] = []
    while len(days) < 31:
        m = _next_day().match(text, end, min(len(text), end + 24))
        if m is None or not day < int(m.group(1)) <= 31:
            break
        nxt = _next_day().match(text, m.end(), min(len(text), m.end() + 24))
        if not _PHRASE_END.match(text, m.end()) and (nxt is None or int(nxt.group(1)) <= int(m.group(1))):
            break
        day, end = int(m.group(1)), m.end()
        days.append(day)
    return days


def days_before(text: str, start: int, day: int) -> list[int]:
    """The days written before a month-last date's day starting at ``start`` that share its
    month ("20 et 23 novembre", "20. und 23. november"), for evidence text (``days_after``)."""
    days: list[int] = []
    while len(days) < 31:
        m = _previous_day().search(text, max(0, start - 24), start)
        if m is None or not 1 <= int(m.group(1)) < day:
            break
        day, start = int(m.group(1)), m.start()
        days.append(day)
    return days


def shared_month_days(text: str, numerals: list[Numeral]) -> list[Numeral]:
    """``numerals`` with each bare day that shares a neighbouring date's month read as a date
    of that month (module doc); the list itself when there is none."""
    out = numerals
    for i, numeral in enumerate(numerals):
        if numeral.kind != "date" or numeral.date is None or not numeral.text[:1].isalnum():
            continue
        date = numeral.date
        if _month_first(numeral):
            j, last, day = i + 1, numeral, date[2]
            while j < len(out) and _day(out[j]) and out[j].value > day:
                if not _linked(text, last, out[j]) or not _ends(text, out, j):
                    break
                out = out if out is not numerals else list(numerals)
                out[j] = last = _as_date(out[j], date)
                j, day = j + 1, int(last.value)
        else:
            j, first, day = i - 1, numeral, date[2]
            while j >= 0 and _day(out[j]) and out[j].value < day:
                if not _linked(text, out[j], first):
                    break
                out = out if out is not numerals else list(numerals)
                out[j] = first = _as_date(out[j], date)
                j, day = j - 1, int(first.value)
    return out


__all__ = ["days_after", "days_before", "range_link", "shared_day", "shared_month_days"]
