"""Forward binding: a figure whose sentence names its records only after it.

"A pair of 23-point efforts from Wall and Beal", "Ten points from Smith kept them close":
the sentence names nobody before the figure, so the nearest earlier mention is in the
sentence before — but this sentence says whose figure it is, after the number. Carrying the
figure back to the previous sentence's entity reads a true statement against the wrong
record. Instead, the names after the figure in its clause are the candidates:

- if every one of them whose record has the field holds the value, the figure is explained
  (no finding): "a pair of 10-point games from A and B" is true only when both had 10;
- otherwise it is bound to the first of them that does not hold it, at the confidence of a
  distant binding (``CONF_FAR``): the reading is less direct than a name before it.

Risk: a figure that really continues the previous sentence's entity, with a later name that
is only mentioned in passing ("He added 10 rebounds against Jokic"), is read against that
later name; a figure whose later names hold other fields only is left to the carried binding.
"""

from __future__ import annotations

from collections.abc import Sequence

from nofab.detectors.attribution.binding import FAR_TOKENS, Binding
from nofab.detectors.attribution.mentions import Mention
from nofab.detectors.attribution.values import same
from nofab.evidence.records import Record
from nofab.language.sentences import Token

#: The names after a figure are read this many tokens ahead, in its clause.
REACH = 10
#: These end the clause the names are read in.
_CLAUSE_ENDS = frozenset(",;:")


def forward_binding(
    tokens: Sequence[Token],
    mentions: Sequence[Mention],
    records: Sequence[Record],
    i: int,
    value: float,
    fields: Sequence[str],
) -> tuple[Binding | None, bool]:
    """(binding to the first later name holding a field, whether a later name holds the value)."""
    sentence = tokens[i].sentence
    end = i + 1
    while end < len(tokens) and end - i <= REACH and tokens[end].sentence == sentence:
        if tokens[end].text in _CLAUSE_ENDS or tokens[end].text[0].isdigit():
            break  # another clause, or another figure with names of its own
        end += 1
    later = [m for m in mentions if i < m.first and m.last < end and m.records]
    holders = [m for m in later if any(records[r].number(f) is not None for r in m.records for f in fields)]
    if not holders:
        return None, False
    wrong = [
        m for m in holders if not any(same(records[r].number(f), value) for r in m.records for f in fields)
    ]
    if not wrong:
        return None, True
    first = wrong[0]
    return Binding(first.records, FAR_TOKENS + 1, False, first.text, first.first), False


__all__ = ["REACH", "forward_binding"]
