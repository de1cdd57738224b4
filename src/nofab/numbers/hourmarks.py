"""An hour written with a bare "h" and no minutes, as French, Spanish and Portuguese write a
time of day: "à 14 h", "entre 14 h et 16 h", "vers 9h", "às 14h", "a las 14 h".

Principle: "14 h" is a time of day (14:00) when a word that places a time stands right before
it ("à", "vers", "jusqu'à", "a las", "às", "at": ``before`` in ``hour_marks.json``), when a
range opener stands before it and a link joins it to another time ("de 14 h à 16 h", "entre
14 h et 16 h": ``openers``, ``links``), or when it closes a range a time opened ("9 h 30 à
11 h"). It is then checked as a time, against the times the evidence holds, not as a bare
number 14. The same mark is also a length ("un trajet de 3 h", "2 h de route", "1h 25m"): a
mark with no such word before it, with minutes after it ("1h 25m", left to the two-part
durations of ``numbers.units``), or followed by a word that makes it a length ("de", "d'":
``length_after``, also after a range's end: "entre 2 h et 3 h de route") stays a number.

Risk: a length written as a range after an opener with no length word after it ("comptez
entre 2 h et 3 h") is read as two times and checked as such; an hour after "à" that is a
distance in time with its place elided ("c'est à 2 h") likewise.
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from nofab.language.vocabulary import load
from nofab.numbers.lexicon import alternation


class _Patterns(NamedTuple):
    before: re.Pattern[str]
    opener: re.Pattern[str]
    link: re.Pattern[str]
    next_time: re.Pattern[str]
    length_after: re.Pattern[str]


#: An hour of the day, a bare "h", and no minutes or word after it ("14 h", "9h"; not "14 h 30",
#: "1h 25m", "14 heures").
_MARK = re.compile(r"([01]?\d|2[0-3]) ?[hH](?![\w'’])(?! ?\d)")
#: How far before the hour its cue word is looked for (the longest cue and a space or two).
_REACH = 24


@cache
def _patterns() -> _Patterns:
    table = {lang: entry for lang, entry in load("hour_marks").items() if not lang.startswith("_")}

    def words(key: str) -> str:
        return alternation(tuple({w.lower(): None for entry in table.values() for w in entry.get(key, ())}))

    link = rf"\s*(?:{words('links')})\s*"
    time = r"(?:[01]?\d|2[0-3])(?::[0-5]\d| ?[hH] ?[0-5]\d(?!\d)| ?[hH](?![\w'’]))"
    return _Patterns(
        before=re.compile(rf"(?<![^\W\d_])(?:{words('before')})\s+$", re.IGNORECASE),
        opener=re.compile(rf"(?<![^\W\d_])(?:{words('openers')})\s+$", re.IGNORECASE),
        link=re.compile(link, re.IGNORECASE),
        next_time=re.compile(link + time, re.IGNORECASE),
        length_after=re.compile(rf"\s*(?:{words('length_after')})(?:\s|(?<=['’]))", re.IGNORECASE),
    )


def hour_mark(text: str, start: int, previous_time_end: int | None = None) -> tuple[int, int] | None:
    """(end, hour) when the bare-"h" hour at ``start`` is a time of day (module doc), else None.
    ``previous_time_end``: where the time read right before it ends, if one was."""
    mark = _MARK.match(text, start)
    if mark is None:
        return None
    patterns = _patterns()
    end = mark.end()
    if patterns.length_after.match(text, end):
        return None  # "2 h de route": a length
    hour = int(mark.group(1))
    if previous_time_end is not None and patterns.link.fullmatch(text, previous_time_end, start):
        return end, hour  # closes a range a time opened: "14 h et 16 h", "9 h 30 à 11 h"
    before = text[max(0, start - _REACH) : start]
    following = patterns.next_time.match(text, end)
    if following is not None and patterns.length_after.match(text, following.end()):
        return None  # "entre 2 h et 3 h de route": a range of lengths
    if patterns.before.search(before):
        return end, hour
    if following is not None and patterns.opener.search(before):
        return end, hour
    return None


#: A German clock time: an hour, perhaps its minutes after a dot or a colon, then "Uhr" ("um 15
#: Uhr", "bis 9.30 Uhr", "ab 18:45 Uhr").
_UHR = re.compile(r"([01]?\d|2[0-4])(?:[.:]([0-5]\d))? ?[Uu]hr(?![^\W\d_])")


def uhr_time(text: str, start: int) -> tuple[int, int, int] | None:
    """(end, hour, minute) when the number at ``start`` is a time written with "Uhr".

    Principle: German writes a time of day with "Uhr" after it ("um 15 Uhr", "auf 9.30 Uhr
    verschoben") whatever word stands before it, and a length never so (that is "Stunden"):
    such a number is a time, checked against the times the evidence holds, not a bare number
    15 or a decimal 9.3. An hour up to 12 may be morning or evening in speech ("um 8 Uhr
    abends"), so it is read as either, as a bare "8:00" is. Risk: none known beyond that of
    any time reading; "24 Uhr" is midnight."""
    found = _UHR.match(text, start)
    if found is None:
        return None
    return found.end(), int(found.group(1)) % 24, int(found.group(2) or 0)


__all__ = ["hour_mark", "uhr_time"]
