"""Relations between named records: membership, and the two sides of a contest.

A record belongs to the records one of its values names (a player row whose team city is
"Washington" belongs to the team record named "Washington"). Two relations are checked:

- a record named on both sides of an opposing word ("the Nets beat the Nets");
- a member credited to a group it does not belong to ("Beal led the way for Brooklyn").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from nofab.detectors.attribution.mentions import Mention
from nofab.detectors.attribution.vocabulary import DASHES, Phrase, Vocabulary
from nofab.detectors.base import DetectorBase
from nofab.evidence.records import Record
from nofab.language.sentences import Token
from nofab.model.finding import Finding

CONF_RELATION = 0.8  # a name in the wrong relation ("Beal led the way for Brooklyn")
#: A name is related to at most this many mentions before it in its sentence.
NEAR_MENTIONS = 12


def groups(records: Sequence[Record]) -> dict[int, set[int]]:
    """record -> the records it belongs to: those named by one of its (non-name) values.

    Only values naming exactly one record count (a city two teams share names neither).
    """
    owners: dict[str, set[int]] = {}
    for index, record in enumerate(records):
        for _field, name in record.names:
            owners.setdefault(name, set()).add(index)
    out: dict[int, set[int]] = {}
    for index, record in enumerate(records):
        for text in record.values.values():
            found = owners.get(text.strip())
            if found and len(found) == 1 and index not in found:
                out.setdefault(index, set()).update(found)
    return out


def words_before(tokens: Sequence[Token], first: int, limit: int = 5) -> Phrase:
    """Up to ``limit`` folded words just before token ``first`` in its sentence (no "the", no dashes)."""
    out: list[str] = []
    k = first - 1
    while k >= 0 and len(out) < limit and tokens[k].sentence == tokens[first].sentence:
        text = tokens[k].text.casefold()
        if text not in DASHES and text != "the":
            out.append(text)
        k -= 1
    return tuple(reversed(out))


def ends_with(words: Phrase, phrase: Phrase) -> bool:
    return len(phrase) <= len(words) and words[len(words) - len(phrase) :] == phrase


def wrong_relations(
    maker: DetectorBase,
    vocabulary: Vocabulary,
    answer: str,
    tokens: Sequence[Token],
    mentions: Sequence[Mention],
    records: Sequence[Record],
) -> Iterator[Finding]:
    """Names in the wrong relation: a record opposing itself, a member credited to another group."""
    if not vocabulary.opposing and not vocabulary.member_links:
        return
    named = [m for m in mentions if m.records]
    member_of = groups(records) if vocabulary.member_links else {}
    group_records = {g for gs in member_of.values() for g in gs}
    sentence_start = 0  # index in ``named`` of the first mention of the current sentence
    for index, mention in enumerate(named):
        sentence = tokens[mention.first].sentence
        while sentence_start < index and tokens[named[sentence_start].last].sentence != sentence:
            sentence_start += 1
        earlier = named[max(sentence_start, index - NEAR_MENTIONS) : index]
        if not earlier:
            continue
        between = words_before(tokens, mention.first)
        previous = earlier[-1]
        if (
            vocabulary.opposing
            and previous.records == mention.records
            and any(ends_with(between, p) for p in vocabulary.opposing)
        ):
            yield name_finding(
                maker,
                answer,
                tokens,
                mention,
                f"{mention.text} is named on both sides of a contest with itself",
            )
            continue
        if not vocabulary.member_links or not mention.records <= group_records:
            continue
        if not any(ends_with(between, p) for p in vocabulary.member_links):
            continue
        member = next((m for m in reversed(earlier) if any(r in member_of for r in m.records)), None)
        if member is None:
            continue
        belongs = {g for r in member.records for g in member_of.get(r, ())}
        if belongs and not (belongs & mention.records):
            owner = ", ".join(sorted({records[g].label for g in belongs}))
            yield name_finding(
                maker,
                answer,
                tokens,
                mention,
                f"{member.text} is credited to {mention.text}, but the records put them with {owner}",
            )


def name_finding(
    maker: DetectorBase,
    answer: str,
    tokens: Sequence[Token],
    mention: Mention,
    reason: str,
    confidence: float = CONF_RELATION,
    evidence: dict[str, object] | None = None,
) -> Finding:
    """A ``misattributed_value`` on the name itself (category NAME)."""
    start, end = tokens[mention.first].start, tokens[mention.last].end
    return maker.finding(
        "misattributed_value",
        answer[start:end],
        confidence,
        (start, end),
        reason,
        evidence={"category": "NAME", **(evidence or {})},
    )


__all__ = ["groups", "name_finding", "words_before", "wrong_relations"]
