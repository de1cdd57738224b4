"""Mentions: where the answer names a record (or a known name that no record carries).

A record is named by any of its naming values ("Rudy Gay"), by the last word of a multi-word
name ("Gay"), and adjacent mentions of one record are one mention ("Los Angeles" + "Lakers").
A name from the profile's ``known_entities`` that no record carries is a mention with no
records: the answer names something the tool results do not hold.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from operator import attrgetter

from nofab.detectors.attribution.matcher import FormMatcher, whole_words
from nofab.detectors.attribution.membership import group_indices
from nofab.detectors.attribution.vocabulary import Vocabulary
from nofab.evidence.records import Record
from nofab.language.sentences import Token

#: Generational suffixes that follow a person's name ("Jr.", "III").
_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})


@dataclass(slots=True)
class Mention:
    """Tokens ``first``..``last`` (inclusive) name ``records`` (empty: a name no record carries)."""

    first: int
    last: int
    records: frozenset[int]
    text: str = ""


def name_forms(name: str) -> Iterator[str]:
    """The full name, and the last word of a multi-word name ("Gay" for "Rudy Gay").

    A generational suffix is not the name people are called by: "Otto Porter Jr." is also
    "Otto Porter" and "Porter". Risk: two people differing only by the suffix (a father and
    son in one table) share those forms, and a mention of either names both.
    """
    name = " ".join(name.split())
    if len(name) < 2:
        return
    yield name
    words = name.split(" ")
    while len(words) > 2 and words[-1].casefold().strip(".,") in _SUFFIXES:
        words = words[:-1]
        words[-1] = words[-1].rstrip(",")
        yield " ".join(words)
    if len(words) > 1 and len(words[-1]) >= 3 and words[-1][0].isupper():
        yield words[-1]


def singular(form: str) -> str | None:
    """The singular of a plural group name ("Nets" -> "Net", "Trail Blazers" -> "Trail Blazer").

    A group is named in the singular for one of its members: "the only other Net to score",
    "a Celtic". Only a capitalised last word ending in a single "s" after a letter, leaving at
    least three letters. Risk: the singular may be an ordinary capitalised word ("King"),
    which then reads as the group's mention.
    """
    last = form.rsplit(" ", 1)[-1]
    if len(last) < 4 or not last[0].isupper() or not last.endswith("s") or last.endswith("ss"):
        return None
    if not last[-2].isalpha():
        return None
    return form[:-1]


def record_forms(records: Sequence[Record]) -> dict[str, set[int]]:
    """Name form -> indices of the records it names, the singular forms of groups included."""
    forms: dict[str, set[int]] = {}
    collective = group_indices(records)
    for index, record in enumerate(records):
        for _field, name in record.names:
            for form in name_forms(name):
                forms.setdefault(form, set()).add(index)
                if index in collective and (one := singular(form)):
                    forms.setdefault(one, set()).add(index)
    return forms


def find_mentions(
    vocabulary: Vocabulary,
    answer: str,
    tokens: Sequence[Token],
    records: Sequence[Record],
    forms: Mapping[str, AbstractSet[int]] | None = None,
    matcher: FormMatcher | None = None,
) -> list[Mention]:
    """Every mention in ``answer``, in order, none overlapping another. ``forms``: the
    records' name forms (``record_forms``) when the caller holds them already, ``matcher``
    their prepared ``FormMatcher``."""
    if forms is None:
        forms = record_forms(records)
    if matcher is None:
        matcher = FormMatcher(forms)
    found: list[Mention] = []
    for start, end, text in matcher.find(answer):
        first, last = token_starting(tokens, start), token_ending(tokens, end)
        if first is None or last is None:
            continue
        found.append(Mention(first, last, frozenset(forms[text]), text))
    merged = _merge(found)
    if vocabulary.known is not None:
        for start, end, text in vocabulary.known.find(answer):
            first, last = token_starting(tokens, start), token_ending(tokens, end)
            if first is None or last is None:
                continue
            if any(m.first <= first and last <= m.last for m in merged):
                continue  # the record's own mention covers it
            if any(m.records and (m.first == last + 1 or m.last == first - 1) for m in merged):
                continue  # one name with a record's mention ("Los Angeles" + "Clippers" of "LA")
            merged = [m for m in merged if not (first <= m.first and m.last <= last)]
            merged.append(Mention(first, last, frozenset(), text))
    merged.sort(key=lambda m: m.first)
    if vocabulary.back_references:
        merged = _with_back_references(vocabulary, tokens, merged)
    return merged


def token_starting(tokens: Sequence[Token], offset: int) -> int | None:
    """Index of the token starting at character ``offset``, or None (a bisection: tokens are
    in order and never overlap, so a match costs log n, not a map of every token)."""
    k = bisect_left(tokens, offset, key=_start)
    return k if k < len(tokens) and tokens[k].start == offset else None


def token_ending(tokens: Sequence[Token], offset: int) -> int | None:
    """Index of the token ending at character ``offset``, or None."""
    k = bisect_left(tokens, offset, key=_end)
    return k if k < len(tokens) and tokens[k].end == offset else None


_start = attrgetter("start")
_end = attrgetter("end")


def _with_back_references(
    vocabulary: Vocabulary, tokens: Sequence[Token], mentions: list[Mention]
) -> list[Mention]:
    """Mentions of "the former" / "the latter": the first or second of the two names before.

    "A and B scored 23 each, with the former adding two steals": the phrase names A, so the
    figures after it are A's, not those of B, the nearest name. The two names are the last two
    record mentions before the phrase in its sentence, naming different records. Risk: a
    sentence naming three or more records ("A, B and C ... the former") is read as naming
    the last two.
    """
    folded = [t.text.casefold() for t in tokens]
    taken = {i for m in mentions for i in range(m.first, m.last + 1)}
    added: list[Mention] = []
    longest = max(len(p) for p in vocabulary.back_references)
    openers = {p[0] for p in vocabulary.back_references if p}  # a phrase starts only at these words
    firsts = [m.first for m in mentions]  # sorted: mentions come in order, none overlapping
    for start in range(len(tokens)):
        if folded[start] not in openers:
            continue
        for size in range(longest, 0, -1):
            which = vocabulary.back_references.get(tuple(folded[start : start + size]))
            if which is None or any(k in taken for k in range(start, start + size)):
                continue
            before = _last_two_before(tokens, mentions, firsts, start)
            if len(before) == 2 and before[0].records != before[1].records:
                named = before[which]
                added.append(Mention(start, start + size - 1, named.records, named.text))
            break
    return sorted([*mentions, *added], key=lambda m: m.first) if added else mentions


def _last_two_before(
    tokens: Sequence[Token], mentions: list[Mention], firsts: list[int], start: int
) -> list[Mention]:
    """The last two record mentions before token ``start`` in its sentence, in order: a
    bisect and a walk back that stops at the sentence's start (a scan of every mention per
    "the former" made an answer full of them quadratic)."""
    sentence = tokens[start].sentence
    found: list[Mention] = []
    for i in range(bisect_left(firsts, start) - 1, -1, -1):
        mention = mentions[i]
        if tokens[mention.first].sentence != sentence:
            break  # earlier mentions are in earlier sentences
        if mention.records and mention.last < start:
            found.append(mention)
            if len(found) == 2:
                break
    return found[::-1]


def _merge(mentions: list[Mention]) -> list[Mention]:
    """Join adjacent mentions of the same record ("Los Angeles" + "Lakers")."""
    mentions = sorted(mentions, key=lambda m: (m.first, -m.last))
    out: list[Mention] = []
    for mention in mentions:
        if out and mention.first <= out[-1].last:
            continue  # inside a longer match
        if out and mention.first == out[-1].last + 1:
            common = out[-1].records & mention.records
            if common:
                prev = out[-1]
                out[-1] = Mention(prev.first, mention.last, common, f"{prev.text} {mention.text}")
                continue
        out.append(mention)
    return out


__all__ = ["FormMatcher", "Mention", "find_mentions", "name_forms", "record_forms", "singular", "whole_words"]
