"""The nights (or days) of a stay a record states by its dates: check-in 2025-06-03 and
check-out 2025-06-06 make 3 nights.

Principle: a record holding two dates (a stay's check-in and check-out, a rental's pick-up
and return) states the number of nights between them as surely as a "nights" field would;
a per-night or per-day figure may divide a held total by that count
(``nofab.numbers.perunit``). Risk: a record with several dates (created, updated) gives a few
more differences; a split still has to land on the total divided by one of them, for a count
of 2-9, beside a per-unit cue naming nights or days.

A record's prose states them too: a text value (a confirmation e-mail's body) that writes a
date right after an arrival word and another right after a departure word ("Check-in: Thu 24
July 2025 from 15:00. Check-out: Mon 28 July 2025", "Anreise: 3. März ... Abreise: 6. März",
``arrival_words`` / ``departure_words`` in ``numbers.json``, five languages) gives the nights
between them. Risk: narrow by construction: both words must stand in one text, each date
within ``WORD_REACH`` characters after its word and within its sentence, one date each; a
missing year is the other date's year (a stay crossing the new year counts forward).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date
from functools import cache
from itertools import combinations

from nofab.evidence.records import Record
from nofab.numbers.dates import DateTimeIndex
from nofab.numbers.lexicon import listed, listed_pattern, word_pattern

#: A value that starts with an ISO date ("2025-06-03", "2025-06-03T15:00:00Z").
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:$|[T ])")
#: At most this many dates of one record are paired.
MAX_DATES = 6
#: At most this many characters after an arrival or departure word are read for its date.
WORD_REACH = 48
#: What ends a word's stretch: a sentence end (a full stop before a space, but the "." of a
#: German day, "3. März"), a line break.
_STOP = re.compile(r"(?<!(?<![^\s(])\d)(?<!(?<![^\s(])\d\d)[.!?;](?=\s)|\n")
#: A German day of the month ("3. März"), read as "3 März".
_GERMAN_DAY = re.compile(r"(?<![\d.])(\d{1,2})\.\s+(?=[^\W\d_])")
#: The concepts a stay's length counts.
CONCEPTS = frozenset({"night", "day"})


def stay_lengths(records: Iterable[Record]) -> frozenset[int]:
    """The day differences between two dates of one record, for every record."""
    found: set[int] = set()
    for record in records:
        dates: list[date] = []
        for value in record.values.values():
            match = _ISO.match(value)
            if match is None or len(dates) >= MAX_DATES:
                continue
            try:
                dates.append(date(*(int(g) for g in match.groups())))
            except ValueError:
                continue
        found.update(abs((a - b).days) for a, b in combinations(dates, 2))
        found.update(n for value in record.values.values() if (n := text_nights(value)) is not None)
    found.discard(0)
    return frozenset(found)


def text_nights(text: str) -> int | None:
    """The nights between the date after an arrival word and the date after a departure word
    of ``text`` (a stay written in prose), or None."""
    if len(text) < 20 or not any(c.isdigit() for c in text):
        return None
    folded = text.casefold()
    arrival = _date_after(folded, listed_pattern("arrival_words"))
    if arrival is None:
        return None
    departure = _date_after(folded, listed_pattern("departure_words"))
    if departure is None:
        return None
    (y1, m1, d1), (y2, m2, d2) = arrival, departure
    year = y1 if y1 is not None else y2
    if year is None:
        return None
    try:
        first = date(year, m1, d1)
        last = date(y2 if y2 is not None else year, m2, d2)
        if last < first and y2 is None:
            last = date(year + 1, m2, d2)  # "28 Dec 2025 ... 2 Jan": the stay crosses the year
    except ValueError:
        return None
    nights = (last - first).days
    return nights if nights > 0 else None


@cache
def _any_word() -> re.Pattern[str]:
    return word_pattern((*listed("arrival_words"), *listed("departure_words")))


def _date_after(folded: str, words: re.Pattern[str]) -> tuple[int | None, int, int] | None:
    """The one date written right after the first of ``words`` in ``folded``, or None."""
    word = words.search(folded)
    if word is None:
        return None
    hi = min(len(folded), word.end() + WORD_REACH)
    stop = _STOP.search(folded, word.end(), hi)
    hi = stop.start() if stop else hi
    other = _any_word().search(folded, word.end(), hi)  # "arrival 3 May, departure 6 May"
    window = folded[word.end() : other.start() if other else hi]
    written = DateTimeIndex(_GERMAN_DAY.sub(r"\1 ", window)).written()
    if len(written) != 1:
        return None
    return next(iter(written))


__all__ = ["CONCEPTS", "WORD_REACH", "stay_lengths", "text_nights"]
