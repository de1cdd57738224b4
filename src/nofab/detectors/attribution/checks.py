"""Checking one number against the record it is bound to.

With a field phrase ("24 points"), the record's value of that field must match; a figure
about other occasions ("averaging 21 points") must not be credited to this record unless it
is this record's value; a rank ("second on the team") must be the record's rank in its
group. Without a field phrase, the number must be one of the record's values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet

from nofab.detectors.attribution.binding import CONF_FAR, Binding, in_clause, narrowed
from nofab.detectors.attribution.causes import took_no_part
from nofab.detectors.attribution.fields import bound_before
from nofab.detectors.attribution.membership import groups
from nofab.detectors.attribution.mentions import Mention
from nofab.detectors.attribution.relations import ends_with, words_before
from nofab.detectors.attribution.sums import group_total
from nofab.detectors.attribution.values import explained, fmt, is_difference, same
from nofab.detectors.attribution.vocabulary import BEYOND, DASHES, RANK, Vocabulary
from nofab.detectors.base import DetectorBase
from nofab.evidence.index import Evidence
from nofab.evidence.records import Record
from nofab.language.sentences import Token
from nofab.model.finding import Finding

CONF_NO_FIELD = 0.55  # no field phrase: the number is in none of the entity's fields
CONF_OTHER_GAMES = 0.6  # "averaging 21 points": a figure beyond what the records cover
#: An integer this small with no field word is structure ("Flight 2", "option 3"), not a claim.
_STRUCTURAL_MAX = 12
#: A following mention this close may be the one a number is about ("24 points from Gay").
_FOLLOWING_WINDOW = 4

#: (sentence, entity, fields) already given a number in the sentence; with ``LISTED`` as the
#: fields: the entity was given some figure with a field phrase in the sentence.
LISTED = ("\u2026listed",)
#: (sentence, entity, fields) already given a number in the sentence.
SaidOf = AbstractSet[tuple[int, frozenset[int], tuple[str, ...]]]


def check_single(
    maker: DetectorBase,
    vocabulary: Vocabulary,
    evidence: Evidence,
    tokens: Sequence[Token],
    mentions: Sequence[Mention],
    records: Sequence[Record],
    binding: Binding,
    i: int,
    value: float,
    fields: tuple[str, ...],
    said_of: SaidOf = frozenset(),
    everything: Callable[[], Sequence[Record]] | None = None,
    member_of: Callable[[], dict[int, set[int]]] | None = None,
) -> Finding | None:
    """A finding when the number at token ``i`` does not fit the record it is bound to.

    ``everything``: every record of the turn, out of scope too (default: ``records``);
    ``member_of``: ``membership.groups(records)`` when the caller holds it."""
    bound = [records[r] for r in sorted(binding.records)]
    singles = tuple(f for f in fields if "/" not in f)
    if fields and not singles:
        return None  # a pair phrase after a lone number: not a shape we read
    if len(singles) == 1 and singles[0].startswith(RANK):
        return check_rank(maker, tokens, records, binding, i, value, singles[0][len(RANK) :], member_of)
    if singles == (BEYOND,) or _skipped(vocabulary, tokens, binding, i):
        if _skipped(vocabulary, tokens, binding, i, vocabulary.unchecked_words):
            return None  # "averaging 21 points": nothing here confirms or contradicts it
        if group_total(vocabulary, tokens, mentions, records, i, value, singles):
            return None  # "A and B combined for 31 points": their values add up to it
        return other_occasions(maker, tokens, records, binding, i, value, singles)
    direction = bound_before(vocabulary, tokens, i)
    if direction is not None:
        return _check_bound(maker, tokens, bound, binding, i, value, singles, direction)
    # Any entity named earlier in the sentence may be the one meant ("Davis led the way
    # for the Pelicans with 34 points"): the number must fit none of them, unless the
    # sentence's words chose the bound entity ("held Orlando to", "the former").
    sentence = tokens[i].sentence
    others = (
        set()
        if _is_chosen(vocabulary, tokens, binding, (sentence, binding.records, LISTED) in said_of)
        else {
            r
            for m in mentions
            if m.last < i
            and tokens[m.last].sentence == sentence
            and (sentence, m.records, singles) not in said_of
            for r in m.records
        }
        - binding.records
    )
    if singles and any(same(records[r].number(f), value) for r in others for f in singles):
        return None
    if singles:
        if len(bound) == 1 and took_no_part(vocabulary, bound[0]):
            return None  # one finding on the name, not one per number (``causes``)
        holders = [r for r in bound if any(r.number(f) is not None for f in singles)]
        bound = narrowed(evidence.answer, tokens, binding.at, holders)
        relevant = [(r, f) for r in bound for f in singles if r.number(f) is not None]
        if not relevant:
            return None  # the entity has no such field (a team named before a player's stat)
        if any(same(r.number(f), value) for r, f in relevant):
            return None
        margins = tuple(f for f in singles if (f, f) in vocabulary.pairs)
        if is_difference(records, margins, value):
            return None  # a margin between two records' scores: "a 6-point win"
        if _following_matches(tokens, mentions, records, i, singles, value):
            return None
        # Several records under one name that agree on these fields (a flight listed once
        # per itinerary it is in) are one reading, not an ambiguity.
        agree = len({tuple(r.values.get(f) for f in singles) for r in bound}) == 1
        confidence = binding.confidence(agree)
        said = "; ".join(dict.fromkeys(f"{r.label}: {f}={r.values[f]}" for r, f in relevant))
    else:
        if not tokens[i].text[0].isdigit() or value < vocabulary.min_value:
            return None
        unbound = vocabulary.unbound_numbers
        if value.is_integer() and abs(value) <= _STRUCTURAL_MAX and not unbound:
            return None  # "Flight 2", "option 3": numbering, not a quantity
        if not unbound and not in_clause(tokens, binding, i):
            return None  # "... Ivan Garcia\n- $209 was charged": nothing binds it
        if not unbound and explained(evidence, tokens[i].text, value):
            # Without a field word nothing says which of the record's values it should
            # be; a number the turn explains (a policy's "24 hours", 2 x a fare) is the
            # presence check's to judge, not a misattribution.
            return None
        if any(same(v, value) for r in bound for _f, v in r.numeric_fields()):
            return None
        if any(same(v, value) for r in others for _f, v in records[r].numeric_fields()):
            return None
        confidence = min(CONF_NO_FIELD, binding.confidence())
        said = "; ".join(f"{r.label}: no field holds {fmt(value)}" for r in bound[:3])
    everywhere = everything() if everything is not None else records
    anywhere = any(same(v, value) for r in everywhere for _f, v in r.numeric_fields())
    # With a field, the record states that field's value, so the number contradicts it;
    # without one, a number no record holds at all is only unverified.
    kind = "misattributed_value" if singles or anywhere else "unverified_number"
    token = tokens[i]
    what = f"{binding.mention}'s {'/'.join(singles)}" if singles else binding.mention
    return maker.finding(
        kind,
        token.text,
        confidence,
        (token.start, token.end),
        f"{token.text} is given as {what}, but the record says {said}",
        evidence={
            "category": "NUMBER",
            "entity": binding.mention,
            "fields": list(singles),
            "record": said,
            "binding": binding.note(),
        },
    )


def _check_bound(
    maker: DetectorBase,
    tokens: Sequence[Token],
    bound: Sequence[Record],
    binding: Binding,
    i: int,
    value: float,
    fields: tuple[str, ...],
    direction: str,
) -> Finding | None:
    """A bound ("over 50 percent", "sub-40 percent") holds when the record's value is on its side.

    A number after a bound word is a limit, not a value: "shot over 50 percent" is right for
    any figure above 50, so it is checked as an inequality (the limit itself counts as within
    it: writers round). Without a field nothing says which value it limits: no finding.
    Risk: "nearly" or "almost" read as "below" accept any lower figure, however far.
    """
    relevant = [(r, f, v) for r in bound for f in fields if (v := r.number(f)) is not None]
    if not relevant:
        return None
    if any((v >= value) if direction == "above" else (v <= value) for _r, _f, v in relevant):
        return None
    token = tokens[i]
    said = "; ".join(dict.fromkeys(f"{r.label}: {f}={r.values[f]}" for r, f, _v in relevant))
    what = f"{binding.mention}'s {'/'.join(fields)}"
    return maker.finding(
        "misattributed_value",
        token.text,
        binding.confidence(),
        (token.start, token.end),
        f"{what} is said to be {direction} {token.text}, but the record says {said}",
        evidence={"category": "NUMBER", "entity": binding.mention, "fields": list(fields), "record": said},
    )


def check_rank(
    maker: DetectorBase,
    tokens: Sequence[Token],
    records: Sequence[Record],
    binding: Binding,
    i: int,
    rank: float,
    name: str,
    member_of: Callable[[], dict[int, set[int]]] | None = None,
) -> Finding | None:
    """Is the entity really ``rank``-th by ``name`` among the records of its group?
    (``member_of``: ``membership.groups(records)`` when the caller holds it.)"""
    groups_of = groups(records) if member_of is None else member_of()
    for r in sorted(binding.records):
        own = records[r].number(name)
        mine = groups_of.get(r)
        if own is None or not mine:
            continue
        peers = [v for k, g in groups_of.items() if g == mine and (v := records[k].number(name)) is not None]
        best, worst = 1 + sum(v > own for v in peers), sum(v >= own for v in peers)
        if best <= rank <= worst:
            return None
        token = tokens[i]
        group = ", ".join(sorted(records[g].label for g in mine))
        said = f"{records[r].label}: {name}={records[r].values[name]}, rank {best} in {group}"
        return maker.finding(
            "misattributed_value",
            token.text,
            CONF_FAR,
            (token.start, token.end),
            f"{token.text} is given as {binding.mention}'s rank by {name}, but the record says {said}",
            evidence={"category": "NUMBER", "entity": binding.mention, "fields": [name], "record": said},
        )
    return None


def other_occasions(
    maker: DetectorBase,
    tokens: Sequence[Token],
    records: Sequence[Record],
    binding: Binding,
    i: int,
    value: float,
    fields: tuple[str, ...],
) -> Finding | None:
    """A figure about other games or a season ("averaging 21 points"): no record here backs it."""
    if not fields:
        return None
    if any(same(records[r].number(f), value) for r in binding.records for f in fields):
        return None  # "a season-high 106 points" that is this occasion's own value
    token = tokens[i]
    return maker.finding(
        "unverified_number",
        token.text,
        CONF_OTHER_GAMES,
        (token.start, token.end),
        (
            f"{token.text} is a figure about {binding.mention} beyond these records "
            "(an average or a total over other occasions); no tool result backs it"
        ),
        evidence={"category": "NUMBER", "entity": binding.mention, "fields": list(fields)},
    )


def _is_chosen(vocabulary: Vocabulary, tokens: Sequence[Token], binding: Binding, listing: bool) -> bool:
    """Does the sentence itself say which entity the figure is about?

    Three ways, each a choice the words make and proximity must not undo:
    - the sentence is already listing the bound entity's figures ("Nowitzki chipped in 11
      points, five rebounds, one assist and one steal": the list stays with its entity);
    - the bound mention is the object of a verb that puts figures on it ("Atlanta held
      Orlando to 43 percent": the subject did the holding, the figure is the object's);
    - it is a back reference ("A and B, with the former adding two steals": A, chosen).
    Then an earlier mention (Atlanta, B) holding the same value does not explain the number.
    Risk: a list that switches entity without naming it ("Davis had 30 points and the team 12
    steals") is read against the first; a figure later in the same sentence that is the
    subject's ("..., while shooting 53 percent") is then read against the object too; an
    object link must stand right before the name (``object_links``).
    """
    if listing:  # the sentence already gave the bound entity a figure with a field phrase
        return True
    if binding.at < 0 or binding.carried:
        return False
    if vocabulary.back_references:
        longest = max(len(p) for p in vocabulary.back_references)
        ahead = tuple(t.text.casefold() for t in tokens[binding.at : binding.at + longest])
        if any(ahead[: len(p)] == p for p in vocabulary.back_references):
            return True
    if not vocabulary.object_links:
        return False
    before = words_before(tokens, binding.at, max(len(p) for p in vocabulary.object_links))
    return any(ends_with(before, p) for p in vocabulary.object_links)


def _skipped(
    vocabulary: Vocabulary,
    tokens: Sequence[Token],
    binding: Binding,
    i: int,
    words: frozenset[str] | None = None,
) -> bool:
    """A skip word ("averaging") between the entity and the number: not this occasion's value.

    ``words``: look for these instead of the profile's skip words (its ``unchecked_words``).

    Unless the skip word opens a record phrase ("a season-high 30 points", "a career-best
    12 assists"): a record set on this occasion is this occasion's figure, so it is checked
    like any other. Risk: "his season high is 40" states an earlier record, which is then
    read against this occasion's value.
    """
    skip = vocabulary.skip_words if words is None else words
    if not skip:
        return False
    first = max(0, i - binding.distance)
    for k in range(first, i):
        if tokens[k].text.casefold() in skip and not _opens_record(vocabulary, tokens, k, i):
            return True
    return False


def _opens_record(vocabulary: Vocabulary, tokens: Sequence[Token], k: int, end: int) -> bool:
    """Does a record phrase start at token ``k`` (dashes skipped), before token ``end``?"""
    if not vocabulary.record_phrases:
        return False
    words = tuple(t.text.casefold() for t in tokens[k:end] if t.text not in DASHES)
    return any(words[: len(p)] == p for p in vocabulary.record_phrases)


def _following_matches(
    tokens: Sequence[Token],
    mentions: Sequence[Mention],
    records: Sequence[Record],
    i: int,
    fields: tuple[str, ...],
    value: float,
) -> bool:
    """Does the mention just after the number ("24 points from Gay") hold it?"""
    for mention in mentions:
        if mention.first > i and mention.first - i <= _FOLLOWING_WINDOW and mention.records:
            if tokens[mention.first].sentence != tokens[i].sentence:
                return False
            return any(same(records[r].number(f), value) for r in mention.records for f in fields)
    return False


__all__ = ["LISTED", "SaidOf", "check_rank", "check_single", "other_occasions"]
