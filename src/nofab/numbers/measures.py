"""A number followed by a unit of measure ("1 h 35 min", "12 km", "3 kg", "2 Stunden",
"4 horas", "20 °C") is a measure, not a count of items.

Principle: a count of items names the items ("3 flights:", "4 reminders"); a number whose
next word is a unit of measure — a unit symbol ("h", "min", "km", "kg", "°C": the units
``nofab.numbers.plain`` leaves a number as it is with) or a duration word of one of the
languages ("hours", "Stunden", "heures", "horas": ``duration_units`` in
``calendar_words.json``) — measures a length of time, a distance, a weight or a temperature
of each item, and says nothing about how many items follow ("three flights, each about
1 h 35 min:" announces three flights, not one). Such a number is therefore never read as a
count announcing a list, nor as the count of a list's items or of records in a state.

Risk: a count written before a unit-like word that is in fact the counted noun ("2 min
walks") is no longer held against a list; the units are symbols and duration words only,
none of which names an item an answer lists, so a count of items is still read.
"""

from __future__ import annotations

import re
from functools import cache

from nofab.language import vocabulary
from nofab.numbers.plain import UNITS

#: The word right after a number, with at most one space or no-break space before it; a
#: degree sign may stand glued or spaced ("20°C", "20 °C").
_NEXT_WORD = re.compile(r"[ \u00a0\u202f]?(°[CF]?|[^\W\d_]+)(?![^\W\d_])")


@cache
def _unit_words() -> frozenset[str]:
    durations = vocabulary.load("calendar_words")["duration_units"]
    words = {w.casefold() for table in durations.values() for w in table}
    return frozenset(words | {u.casefold() for u in UNITS})


def measured(text: str, end: int) -> bool:
    """Is the number that ends at ``end`` in ``text`` followed by a unit of measure?"""
    match = _NEXT_WORD.match(text, end)
    return match is not None and match.group(1).casefold() in _unit_words()


__all__ = ["measured"]
