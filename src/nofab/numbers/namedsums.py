"""A figure that totals one field over the records its own row names: "| via Denver | HA0901 +
HA0455 | ... | $287 |", "the two legs, HA0620 and HA0377, come to $260".

Principle: when a table row, or the sentence before a figure, names two or more records of the
tool results (by their naming values: flight numbers, ids, names) as one group (written
together, joined only by "+", a comma, "and", "und", "et", "y", "e", "&", "/"), and the figure equals the
sum of one numeric field that every one of those records holds (``prices.economy``), the
figure is that total: the text chose the operands, so the derivation is informative however
many numbers the results hold (a search result of a dozen flights makes nearly every sum of
two prices "derivable", but only one sum per field is the sum over the records named).

Risk: a wrong figure that equals the sum of another field shared by the named records (their
seats rather than their prices) passes; bounded by the few fields records share and by the
display rounding. Names written apart ("the Hawks beat the Jazz 59-42") are no group: two
sides of a comparison are not the parts of one total. A row naming more than
``MAX_RECORDS`` records, or a name several records share, reads nothing.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import TYPE_CHECKING

from nofab.numbers.rounding import format_number

if TYPE_CHECKING:
    from nofab.evidence.records import Record
    from nofab.numbers.anchored import RecordFields

#: At most this many records make one total (the legs of a trip, the items of an order).
MAX_RECORDS = 6
#: A row or sentence is read at most this many characters back from the figure.
ROW_CHARS = 400
#: What may stand between two names of one group: a joiner, or nothing but a space.
JOINER = re.compile(r"\s*(?:[+,&/]|\band\b|\bund\b|\bet\b|\by\b|\be\b|\bplus\b)?\s*", re.IGNORECASE)


def named_sum(fields: RecordFields, answer: str, span: tuple[int, int], lo: float, hi: float) -> str | None:
    """How the figure at ``span`` (true values ``[lo, hi]``) totals a field over the records
    its row or sentence names before it, or None."""
    if not fields.names_two():
        return None  # fewer than two names in the whole answer (one length, read per answer)
    start = span[0]
    floor = max(0, start - ROW_CHARS)
    if fields.named_count(floor, start) < 2:
        return None  # fewer than two names in reach (the row starts at ``floor`` or later)
    line = answer.rfind("\n", floor, start) + 1 or floor
    # a table row: every cell before the figure; prose: the figure's sentence (the answer's split)
    row = line if answer.startswith("|", line) else max(line, fields.evidence.sentence_at(start)[0])
    mentions = fields.named_between(row, start, 2 * MAX_RECORDS)
    if not mentions or any(len(records) != 1 for _s, _e, records in mentions):
        return None  # an ambiguous name could be any of its records
    if any(not JOINER.fullmatch(answer, a[1], b[0]) for a, b in pairwise(mentions)):
        return None  # names written apart: not the parts of one total
    named: dict[str, Record] = {records[0].where: records[0] for _s, _e, records in mentions}
    if not 2 <= len(named) <= MAX_RECORDS:
        return None
    records = list(named.values())
    shared = set(records[0].values).intersection(*(r.values for r in records[1:]))
    for key in sorted(shared):
        values = [r.number(key) for r in records]
        if any(v is None for v in values):
            continue
        total = sum(v for v in values if v is not None)
        if lo <= total <= hi:
            labels = " + ".join(r.label for r in records)
            return f"sum of {key} over {labels} = {format_number(total)}"
    return None


__all__ = ["JOINER", "MAX_RECORDS", "named_sum"]
