"""Binding: which record a number is attributed to.

The nearest preceding mention in the number's sentence (or, for a sentence that names
nobody, the sentence before: "He added 10 rebounds"), preferring the nearest mention whose
record has the field the number speaks of. How sure the binding is sets the confidence of
any finding on the number.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from nofab.detectors.attribution.mentions import Mention
from nofab.detectors.attribution.values import same
from nofab.evidence.records import Record, as_number
from nofab.language.sentences import Token

# Confidence of a finding by how sure the binding is.
CONF_BOUND = 0.9  # field phrase next to the number, entity named in the same sentence
CONF_FAR = 0.8  # entity named more than FAR_TOKENS tokens before
CONF_AMBIGUOUS = 0.75  # the mention names more than one record (two players called Jordan)
CONF_CARRIED = 0.7  # entity only named in an earlier sentence ("He added 10 rebounds")
FAR_TOKENS = 15
#: What a sentence states about a shared name is read this many tokens either side of it.
_NARROW_WINDOW = 40
#: A labelled value in a listing is read against at most this many mentions before it: a
#: listing written as one paragraph of thousands of lines must not make every value read
#: every name (quadratic).
PARAGRAPH_REACH = 64
#: Between an entity and a number with no field word, these end the clause that binds them.
_CLAUSE_BREAKS = frozenset(",;")


@dataclass(frozen=True, slots=True)
class Binding:
    records: frozenset[int]
    distance: int
    carried: bool
    mention: str
    #: Token index of the mention (-1: unknown), to read what else its sentence states.
    at: int = -1

    def confidence(self, agree: bool = False) -> float:
        """How sure the binding is; ``agree``: the records of a shared name agree on the value."""
        if self.carried:
            return CONF_CARRIED
        if len(self.records) > 1 and not agree:
            return CONF_AMBIGUOUS
        if self.distance > FAR_TOKENS:
            return CONF_FAR
        return CONF_BOUND

    def note(self) -> str:
        if self.carried:
            return "entity named in the previous sentence"
        if len(self.records) > 1:
            return f"name shared by {len(self.records)} records"
        return f"entity named {self.distance} tokens before"


def bind(
    tokens: Sequence[Token],
    mentions: Sequence[Mention],
    i: int,
    records: Sequence[Record] = (),
    fields: Sequence[str] = (),
) -> Binding | None:
    """The entity the number at token ``i`` is attributed to.

    The nearest preceding mention in the sentence, except that a field phrase picks the
    nearest mention whose record has the field, in the profile's order of preference:
    in "Davis led the way for the Pelicans with 34 points", "points" names a player's
    field before a team's, so 34 is Davis's.
    """
    sentence = tokens[i].sentence
    before = [m for m in mentions if m.last < i]
    if not before:
        return None
    nearest = before[-1]
    if not nearest.records:
        return None  # about a name no record carries: reported as that name
    carried = tokens[nearest.last].sentence != sentence
    if carried and tokens[nearest.last].sentence != sentence - 1:
        return None
    if not carried and fields:
        same_sentence = [m for m in reversed(before) if tokens[m.last].sentence == sentence and m.records]
        for name in fields:
            for mention in same_sentence:
                if any(records[r].number(name) is not None for r in mention.records):
                    return Binding(mention.records, i - mention.last, False, mention.text, mention.first)
    return Binding(nearest.records, i - nearest.last, carried, nearest.text, nearest.first)


def bind_in_paragraph(
    answer: str,
    tokens: Sequence[Token],
    mentions: Sequence[Mention],
    i: int,
    records: Sequence[Record],
    fields: Sequence[str],
    value: float | None = None,
) -> Binding | None:
    """For a labelled value in a listing: the nearest earlier mention of the paragraph whose
    record has the field ("**Flight HAT028** ... - Economy Price: $131"). None when no
    mention of the paragraph binds it, or when any record named in the paragraph holds the
    value in that field ("**Flight HAT136 & HAT039** ... Available Seats: 14" is HAT136's).
    ``mentions`` are those of the number's paragraph (the nearest ``PARAGRAPH_REACH``)."""
    found: Binding | None = None
    # Running totals per field over the entities named so far, nearest first: a price
    # under "HAT134 to PHX and HAT045 to SEA" is the two flights' prices added.
    totals: dict[str, float] = {}
    seen: set[frozenset[int]] = set()
    for mention in reversed([m for m in mentions if m.last < i]):
        if not mention.records:
            break
        holders = [
            records[r] for r in mention.records if any(records[r].number(f) is not None for f in fields)
        ]
        holders = narrowed(answer, tokens, mention.first, holders)
        if not holders:
            continue
        if value is not None and any(same(r.number(f), value) for r in holders for f in fields):
            return None
        if mention.records not in seen:
            seen.add(mention.records)
            for f in fields:
                own = holders[0].number(f)
                totals[f] = totals.get(f, 0.0) + (own or 0.0)
            if value is not None and len(seen) > 1 and any(same(t, value) for t in totals.values()):
                return None
        if found is None:
            same_sentence = tokens[mention.last].sentence == tokens[i].sentence
            found = Binding(
                mention.records,
                i - mention.last if same_sentence else FAR_TOKENS + 1,
                False,
                mention.text,
                mention.first,
            )
    return found


def narrowed(answer: str, tokens: Sequence[Token], at: int, candidates: list[Record]) -> list[Record]:
    """Records sharing one name narrowed to those whose other values the sentence of token
    ``at`` also states: "Flight HAT023 on 2024-05-26" is the HAT023 record of that date."""
    if len(candidates) < 2 or not 0 <= at < len(tokens):
        return candidates
    sentence = tokens[at].sentence
    first = last = at
    while first > 0 and at - first < _NARROW_WINDOW and tokens[first - 1].sentence == sentence:
        first -= 1
    while last + 1 < len(tokens) and last - at < _NARROW_WINDOW and tokens[last + 1].sentence == sentence:
        last += 1
    text = answer[tokens[first].start : tokens[last].end]
    stated = [
        sum(1 for v in record.values.values() if (p := _stated(v)) is not None and p.search(text))
        for record in candidates
    ]
    best = max(stated)
    return [r for r, n in zip(candidates, stated, strict=True) if n == best] if best else candidates


def _stated(value: str) -> re.Pattern[str] | None:
    """The whole-word pattern of a record's text value that a sentence may state (three
    characters or more, not a number), or None."""
    if len(value) < 3:
        return None
    if len(value) > _KEPT_PATTERN:
        return None if as_number(value) is not None else re.compile(rf"(?<!\w){re.escape(value)}(?!\w)")
    return _kept_pattern(value)


#: Patterns of values up to this long are kept (a listing narrows the same records for every
#: labelled figure of a paragraph); a longer value is rare and would hold memory.
_KEPT_PATTERN = 200


@lru_cache(maxsize=4096)
def _kept_pattern(value: str) -> re.Pattern[str] | None:
    if as_number(value) is not None:
        return None
    return re.compile(rf"(?<!\w){re.escape(value)}(?!\w)")


def in_clause(tokens: Sequence[Token], binding: Binding, i: int) -> bool:
    """Is the bound entity named in the number's own clause (same sentence, no comma between)?"""
    if binding.carried or binding.distance > FAR_TOKENS:
        return False
    return not any(t.text in _CLAUSE_BREAKS for t in tokens[max(0, i - binding.distance) : i])


__all__ = [
    "CONF_FAR",
    "FAR_TOKENS",
    "PARAGRAPH_REACH",
    "Binding",
    "bind",
    "bind_in_paragraph",
    "in_clause",
    "narrowed",
]
