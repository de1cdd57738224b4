"""The nights (or days) of a stay a record states by its dates: check-in 2025-06-03 and
check-out 2025-06-06 make 3 nights.

Principle: a record holding two dates (a stay's check-in and check-out, a rental's pick-up
and return) states the number of nights between them as surely as a "nights" field would;
a per-night or per-day figure may divide a held total by that count
(``nofab.numbers.perunit``). Risk: a record with several dates (created, updated) gives a few
more differences; a split still has to land on the total divided by one of them, for a count
of 2-9, beside a per-unit cue naming nights or days.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date
from itertools import combinations

from nofab.evidence.records import Record

#: A value that starts with an ISO date ("2025-06-03", "2025-06-03T15:00:00Z").
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:$|[T ])")
#: At most this many dates of one record are paired.
MAX_DATES = 6
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
    found.discard(0)
    return frozenset(found)


__all__ = ["CONCEPTS", "stay_lengths"]
