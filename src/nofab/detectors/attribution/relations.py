"""Relations between named records: membership, and the two sides of a contest.

A record belongs to the records one of its values names (a player row whose team city is
"Washington" belongs to the team record named "Washington"). Two relations are checked:

- a record named on both sides of an opposing word ("the Nets beat the Nets");
- a member credited to a group it does not belong to ("Beal led the way for Brooklyn").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import pairwise

from nofab.detectors.attribution.membership import groups
from nofab.detectors.attribution.mentions import Mention
from nofab.detectors.attribution.values import fmt
from nofab.detectors.attribution.vocabulary import DASHES, Phrase, Vocabulary
from nofab.detectors.base import DetectorBase
from nofab.evidence.records import Record, as_number
from nofab.language.sentences import Token
from nofab.model.finding import Finding

CONF_RELATION = 0.8  # a name in the wrong relation ("Beal led the way for Brooklyn")
#: A contest's score is looked for within this many tokens after the second name.
_PAIR_REACH = 12
#: After a group link, its member is looked for within this many tokens ("the duo of X").
_GROUP_REACH = 8
#: A name is related to at most this many mentions before it in its sentence.
NEAR_MENTIONS = 12


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
    groups_of: Callable[[], dict[int, set[int]]] | None = None,
) -> Iterator[Finding]:
    """Names in the wrong relation: a record opposing itself, a member credited to another group.

    ``groups_of``: ``membership.groups(records)`` when the caller holds it (asked only when
    the profile links members to groups)."""
    if not (
        vocabulary.opposing or vocabulary.member_links or vocabulary.group_links or vocabulary.winning_words
    ):
        return
    named = [m for m in mentions if m.records]
    links = vocabulary.member_links or vocabulary.group_links
    member_of = {} if not links else groups(records) if groups_of is None else groups_of()
    group_records = {g for gs in member_of.values() for g in gs}
    if vocabulary.winning_words and vocabulary.pairs:
        yield from _wrong_winners(maker, vocabulary, answer, tokens, named, records)
    if vocabulary.group_links:
        yield from _groups_led_by_strangers(maker, vocabulary, answer, tokens, named, records, member_of)
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


def _groups_led_by_strangers(
    maker: DetectorBase,
    vocabulary: Vocabulary,
    answer: str,
    tokens: Sequence[Token],
    named: Sequence[Mention],
    records: Sequence[Record],
    member_of: dict[int, set[int]],
) -> Iterator[Finding]:
    """The relation read the other way: "The Nets were led by Beal", a group then its member.

    After a group's mention, a group link ("were led by", "paced by") names a member of
    that group: the first member mentioned within ``_GROUP_REACH`` tokens of the link, in the
    sentence ("were led by the duo of X and Y" is X's). When the records put that member in
    another group, the group's name is the wrong one (the finding is on it, as the member
    credited to the wrong group is). Risk: "were led by a strong bench, not by X" names X
    as a non-leader; the negation is not read.
    """
    group_records = {g for gs in member_of.values() for g in gs}
    for index, group in enumerate(named):
        if not group.records <= group_records:
            continue
        after = _words_after(tokens, group.last, max(len(p) for p in vocabulary.group_links))
        link = next((p for p in vocabulary.group_links if after[: len(p)] == p), None)
        if link is None:
            continue
        reach = group.last + len(link) + _GROUP_REACH
        member = next(
            (
                m
                for m in named[index + 1 :]
                if m.first <= reach
                and tokens[m.first].sentence == tokens[group.last].sentence
                and any(r in member_of for r in m.records)
            ),
            None,
        )
        if member is None:
            continue
        belongs = {g for r in member.records for g in member_of.get(r, ())}
        if belongs and not (belongs & group.records):
            owner = ", ".join(sorted({records[g].label for g in belongs}))
            reason = (
                f"{group.text} are said to be led by {member.text}, but the records put them with {owner}"
            )
            yield name_finding(maker, answer, tokens, group, reason)


def _wrong_winners(
    maker: DetectorBase,
    vocabulary: Vocabulary,
    answer: str,
    tokens: Sequence[Token],
    named: Sequence[Mention],
    records: Sequence[Record],
) -> Iterator[Finding]:
    """A winner named the wrong way round, resolved by the score the sentence gives.

    "A defeated B, 110-105": a winning word between two names says A's figure is the higher
    one. When the sentence's pair is the two records' values of a declared pair field, so
    the numbers themselves are right, but the records give the higher one to B, the names
    are swapped around the winning word: one finding on the word (category WORD), none on
    the numbers. Risk: a winning word about another occasion ("A, who beat B last week,
    lost 99-104 tonight") is read against this pair.
    """
    across = [fa for fa, *rest in vocabulary.pairs if rest and rest[0] == fa]
    for first, second in pairwise(named):
        if tokens[first.last].sentence != tokens[second.first].sentence:
            continue
        if len(first.records) != 1 or len(second.records) != 1 or first.records == second.records:
            continue
        between = words_before(tokens, second.first, limit=second.first - first.last - 1)
        won = next((p for p in vocabulary.winning_words if ends_with(between, p)), None)
        if won is None:
            continue
        pair = _pair_after(tokens, second.last)
        if pair is None:
            continue
        a, b = records[next(iter(first.records))], records[next(iter(second.records))]
        for name in across:
            mine, theirs = a.number(name), b.number(name)
            if mine is None or theirs is None or sorted((mine, theirs)) != sorted(pair):
                continue
            if mine < theirs:
                start, end = _span_of_words(tokens, second.first, len(won))
                word = answer[start:end]
                yield maker.finding(
                    "misattributed_value",
                    word,
                    CONF_RELATION,
                    (start, end),
                    f"{first.text} {word} {second.text}, but the records give {name} "
                    f"{a.label} {fmt(mine)}, {b.label} {fmt(theirs)}",
                    evidence={"category": "WORD", "fields": [name]},
                )
            break


def _span_of_words(tokens: Sequence[Token], first: int, count: int) -> tuple[int, int]:
    """Character span of the last ``count`` words before token ``first`` as ``words_before`` reads them."""
    k, seen, end = first - 1, 0, -1
    while k >= 0 and seen < count:
        if tokens[k].text not in DASHES and tokens[k].text.casefold() != "the":
            seen += 1
            end = tokens[k].end if end < 0 else end
        k -= 1
    return tokens[k + 1].start, end


def _pair_after(tokens: Sequence[Token], last: int) -> tuple[float, float] | None:
    """The first "N-M" after token ``last`` in its sentence, within ``_PAIR_REACH`` tokens, that is
    not in brackets (a record's own pair: "the Nets ( 6 - 15 )")."""
    sentence = tokens[last].sentence
    for k in range(last + 1, min(len(tokens) - 2, last + 1 + _PAIR_REACH)):
        if tokens[k].sentence != sentence:
            return None
        if tokens[k - 1].text in "([":
            continue
        if tokens[k].text[0].isdigit() and tokens[k + 1].text in DASHES and tokens[k + 2].text[0].isdigit():
            a, b = as_number(tokens[k].text), as_number(tokens[k + 2].text)
            if a is not None and b is not None and tokens[k + 2].sentence == sentence:
                return a, b
    return None


def _words_after(tokens: Sequence[Token], last: int, limit: int) -> Phrase:
    """Up to ``limit`` folded words just after token ``last`` in its sentence (no "the", no dashes)."""
    out: list[str] = []
    k = last + 1
    while k < len(tokens) and len(out) < limit and tokens[k].sentence == tokens[last].sentence:
        text = tokens[k].text.casefold()
        if text not in DASHES and text != "the":
            out.append(text)
        k += 1
    return tuple(out)


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


__all__ = ["name_finding", "words_before", "wrong_relations"]
