"""A quote before a booking: the fares of the records the answer lists, for the people it names.

Principle: before a write call there is no record of the total yet; the agent prices what it
lists. An answer that names the items it is about to book (flights by number, rooms by id:
records of the results, each named once, unambiguously) and the people it books them for
(records of people: a user's name, a saved passenger) quotes, as its total, the sum of one
per-person price column over those items (``prices.economy`` of every flight) times the
number of people, plus an extra the same answer shows (insurance, a bag fee) once or once
per person: "HX130 ... HX147 ... Aisha Bello and Kemi Bello ... Total $654" for $156 and
$171 a person. Only a figure whose sentence or row announces a total (``total_cues``) is
read, and only the items and people named before it count: the answer chose the operands,
so one value per price column, party size and extra can explain the figure.

Risk: a wrong total that equals another column's sum (the business fares), the fare for
one person instead of the party, or the total with an extra the answer shows but did not
add passes; the candidates are a few dozen exact values per figure, none near a one-digit
slip of the right one unless the extras are that small. A person named who does not travel
(the account holder paying for a guest) makes the party one too large; the fare for one
person is always tried too.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import TYPE_CHECKING

from nofab.numbers.index import any_within
from nofab.numbers.nouns import FIRST_NAME_KEYS, LAST_NAME_KEYS
from nofab.numbers.totals import announced_at

if TYPE_CHECKING:
    from nofab.evidence.records import Record
    from nofab.numbers.anchored import RecordFields
    from nofab.numbers.numeral import Numeral

#: At most this many items make one quote (the legs of a trip, the rooms of a stay).
MAX_ITEMS = 6
#: At most this many extras the answer shows before the total are tried.
MAX_EXTRAS = 4
#: How far back (characters) the items and people of a quote are read.
REACH = 1500
#: Names read before the figure, at most.
MAX_MENTIONS = 40
#: A key of a per-person price ("price", "prices.economy", "base_fare"), never an amount
#: already paid for everyone ("amount", "total").
_PER_PERSON = re.compile(r"(?:^|[_.])(?:price|fare|cost)s?(?:$|\.)", re.IGNORECASE)
#: The naming fields of a person's record.
_PERSON_FIELDS = frozenset((*FIRST_NAME_KEYS, *LAST_NAME_KEYS))


def _is_person(record: Record) -> bool:
    return any(field.rsplit(".", 1)[-1] in _PERSON_FIELDS for field, _text in record.names)


def _columns(items: list[Record]) -> dict[str, float]:
    """The per-person price columns every item holds, summed over the items."""
    first, *rest = items
    shared = [k for k in first.values if _PER_PERSON.search(k) and all(k in r.values for r in rest)]
    out: dict[str, float] = {}
    for key in shared:
        values = [r.number(key) for r in items]
        if all(v is not None for v in values):
            out[key] = sum(v for v in values if v is not None)
    return out


def _extras(fields: RecordFields, start: int) -> list[float]:
    """The amounts the answer shows before ``start`` that the evidence holds as money, nearest
    last (an insurance fee, a bag fee: an extra the quote may add)."""
    evidence = fields.evidence
    numerals = evidence.numerals  # in the answer's order
    # the numerals before the figure, at most a few dozen back (bounded on a long answer)
    end = bisect_right(numerals, start, key=lambda n: n.span[0])
    shown = [n.value for n in numerals[max(0, end - 8 * MAX_EXTRAS) : end] if n.kind == "money"]
    return [v for v in shown if any_within(evidence.money, abs(v) - 1e-9, abs(v) + 1e-9)][-MAX_EXTRAS:]


def quoted_total(fields: RecordFields, answer: str, numeral: Numeral, lo: float, hi: float) -> str | None:
    """How the figure ``numeral`` (true values ``[lo, hi]``) is the quote of the items and
    people the answer names before it, with or without one extra it shows, or None."""
    start = numeral.span[0]
    if numeral.kind != "money" or not announced_at(answer, start):
        return None  # an amount with a total cue in its sentence or row only
    items: dict[str, Record] = {}
    people: set[str] = set()
    mentions = fields.named_between(max(0, start - REACH), start, MAX_MENTIONS)
    for _s, _e, records in mentions or ():
        if len(records) != 1:
            continue  # an ambiguous name could be any of its records
        record = records[0]
        if _is_person(record):
            people.add(record.where)
        elif any(_PER_PERSON.search(k) for k in record.values):
            items[record.where] = record
    if not 1 <= len(items) <= MAX_ITEMS:
        return None
    parties = sorted({1, len(people)} - {0})
    added = [0.0, *_extras(fields, start)]
    for key, fare in _columns(list(items.values())).items():
        for party in parties:
            for extra in added:
                for times in (1, party) if extra else (1,):
                    total = fare * party + extra * times
                    if lo - 1e-9 <= total <= hi + 1e-9:
                        what = " + ".join(r.label for r in items.values())
                        plus = f" + {extra:g} x {times}" if extra else ""
                        return f"the {key} of {what} x {party} people{plus} = {total:g}"
    return None


__all__ = ["quoted_total"]
