"""A booking's fares for all its people: the sum of its items' prices times its people.

Principle: a fare is per person. A record that holds a list of priced items (a reservation's
flights, a booking's nights) and a list of its people (``passengers``, ``guests``: a key
whose counted noun is a person, ``nofab.numbers.nouns``) costs, for those items, the sum of
their prices times the number of people: "flights $684 for 2 passengers" for legs at $168
and $174. Only a price per person is multiplied ("price", "fare", "cost"), never an amount
already paid for everyone (a payment history's "amount"). The product grounds a figure that
equals it, as a column sum does, but is never an operand of further arithmetic: each more
total would make loose sums and differences denser. Read for two people or more.

Risk: a wrong total that happens to equal the product of another priced list of the same
record (a second list of items) by its people count is excused; there are one or two such
lists per record.
"""

from __future__ import annotations

import re
from typing import Any

from nofab.evidence.records import as_number
from nofab.numbers.nouns import PARTY, key_concept

#: Lists longer than this are no booking's items or people (a search's results).
MAX_ITEMS = 50
#: A key that holds an item's price per person ("price", "fare", "base_fare"), never an amount
#: already paid for everyone ("amount", "payment", "total").
_PER_PERSON = re.compile(r"(?:^|[_\-.])(?:price|fare|cost)s?$", re.IGNORECASE)


def fare_totals(record: dict[Any, Any], path: str) -> list[tuple[float, str]]:
    """(product, description) for each priced list of ``record`` times its people count."""
    people = [
        (str(key), len(items))
        for key, items in record.items()
        if isinstance(items, list) and 2 <= len(items) <= MAX_ITEMS and key_concept(str(key)) in PARTY
    ]
    if not people:
        return []
    out: list[tuple[float, str]] = []
    for key, items in record.items():
        if not (isinstance(items, list) and 0 < len(items) <= MAX_ITEMS):
            continue
        if not all(isinstance(item, dict) for item in items):
            continue
        columns: dict[str, float] = {}
        for item in items:
            for column, value in item.items():
                number = isinstance(value, int | float | str) and not isinstance(value, bool)
                price = as_number(str(value)) if number and _PER_PERSON.search(str(column)) else None
                if price is not None:
                    columns[str(column)] = columns.get(str(column), 0.0) + price
        for column, total in columns.items():
            for who, count in people:
                out.append((total * count, f"sum of {path}.{key}[*].{column} x {count} ({who})"))
    return out


__all__ = ["fare_totals"]
