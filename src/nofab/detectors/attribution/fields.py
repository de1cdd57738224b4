"""Which field a number speaks of: the phrase after it, a label before it, a made/attempted pair.

"24 points" names ``PTS`` through the profile's ``field_aliases``; "Economy Price: $131"
names ``prices.economy`` through ``field_labels``; "8-of-15" and "110-102" are pairs read
against the profile's ``pair_fields``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, count
from operator import itemgetter, or_

from nofab.detectors.attribution.vocabulary import DASHES, Vocabulary
from nofab.evidence.records import as_number
from nofab.language.sentences import Token

#: Words joining a made/attempted pair: "8-of-15", "9 for 15".
_PAIR_WORDS = frozenset({"of", "for"})
#: Field phrases are looked for in this many words after the number.
LOOKAHEAD = 8
#: Between a label and its value: "Price: $79", "**Total:** 3".
_LABEL_MARKS = frozenset(":*$€£=")
#: A token's text; a text's first character.
_TEXT = _FIRST = itemgetter(0)


def value_at(vocabulary: Vocabulary, tokens: Sequence[Token], i: int) -> float | None:
    """The number token ``i`` states: digits, or a number word of the profile."""
    text = tokens[i].text
    if text[0].isdigit():
        if i > 0 and tokens[i - 1].text == "#":
            return None  # "#3": a rank or an item number, not a value
        return as_number(text)
    return vocabulary.number_words.get(text.casefold())


def numeric_tokens(vocabulary: Vocabulary, tokens: Sequence[Token]) -> list[int]:
    """Indices of the tokens ``value_at`` may read a number from (digits first, or a number
    word of the profile), in order: the detector visits these instead of every token."""
    # Each token's test is made by C iterators over the token texts (no Python statement per
    # token: a long answer has tens of thousands, and this runs on every answer naming a record).
    words = vocabulary.number_words
    texts = list(map(_TEXT, tokens))
    digits = map(str.isdigit, map(_FIRST, texts))
    flags = map(or_, digits, map(words.__contains__, map(str.casefold, texts))) if words else digits
    return list(compress(count(), flags))


def pair_end(tokens: Sequence[Token], i: int) -> int | None:
    """Index of the second number of "N-M", "N - of - M" or "N of M", else None."""
    if not tokens[i].text[0].isdigit():
        return None
    j = i + 1
    if j < len(tokens) and tokens[j].text in DASHES:
        j += 1
        if j + 1 < len(tokens) and tokens[j].text.casefold() in _PAIR_WORDS and tokens[j + 1].text in DASHES:
            j += 2
    elif j < len(tokens) and tokens[j].text.casefold() in _PAIR_WORDS:
        j += 1
    else:
        return None
    if (
        j < len(tokens)
        and tokens[j].sentence == tokens[i].sentence
        and tokens[j].text[0].isdigit()
        and as_number(tokens[j].text) is not None
    ):
        return j
    return None


def field_after(
    vocabulary: Vocabulary, tokens: Sequence[Token], j: int, multiword: bool = False, comma: bool = False
) -> tuple[tuple[str, ...], int]:
    """The fields named by the phrase starting at token ``j`` (dashes and fillers skipped;
    with ``comma``, one leading comma too: "outscored them 37-20, in the fourth quarter")."""
    if not vocabulary.aliases:
        return (), j
    words: list[str] = []
    k = j
    sentence = tokens[j - 1].sentence if j > 0 else 0
    if comma and k < len(tokens) and tokens[k].text == "," and tokens[k].sentence == sentence:
        k += 1
    while k < len(tokens) and len(words) < LOOKAHEAD and tokens[k].sentence == sentence:
        text = tokens[k].text.casefold()
        if text not in DASHES:
            if text in (",", "(", ")") or (text[0].isdigit() and words):
                break
            words.append(text)
        k += 1
    skipped = 0
    while skipped < len(words) and words[skipped] in vocabulary.fillers:
        skipped += 1
    # The phrase as written first ("of their last"), then without its fillers ("a pair of steals").
    for start in dict.fromkeys((0, skipped)):
        for length in range(min(vocabulary.alias_len, len(words) - start), 1 if multiword else 0, -1):
            key = tuple(words[start : start + length])
            if key in vocabulary.aliases:
                return vocabulary.aliases[key], k
    return (), k


def phrase_at(vocabulary: Vocabulary, tokens: Sequence[Token], i: int) -> bool:
    """Does a field phrase of two words or more start at token ``i`` itself?"""
    fields, _end = field_after(vocabulary, tokens, i, multiword=True)
    return bool(fields)


def field_before(vocabulary: Vocabulary, tokens: Sequence[Token], i: int) -> tuple[str, ...]:
    """Fields named by a label just before the number ("Economy Price: $131")."""
    k = i - 1
    while k >= 0 and tokens[k].sentence == tokens[i].sentence and tokens[k].text in _LABEL_MARKS:
        k -= 1
    words: list[str] = []
    while k >= 0 and tokens[k].sentence == tokens[i].sentence and len(words) < LOOKAHEAD:
        text = tokens[k].text.casefold()
        if not text[0].isalpha():
            break
        words.insert(0, text)
        k -= 1
    # The whole label, not its tail: "Available Seats in Economy: 12" is no "Economy" price.
    return vocabulary.labels.get(tuple(words), ())


def bound_before(vocabulary: Vocabulary, tokens: Sequence[Token], i: int) -> str | None:
    """``"above"`` or ``"below"`` when a bound word stands just before the number ("over 50
    percent", "sub-40 percent", "under $200"), else None. Dashes between are skipped."""
    if not vocabulary.bounds:
        return None
    words: list[str] = []
    k = i - 1
    while k >= 0 and len(words) < vocabulary.bound_len and tokens[k].sentence == tokens[i].sentence:
        if tokens[k].text not in DASHES:
            words.insert(0, tokens[k].text.casefold())
        k -= 1
    for length in range(len(words), 0, -1):
        direction = vocabulary.bounds.get(tuple(words[len(words) - length :]))
        if direction is not None:
            return direction
    return None


__all__ = ["LOOKAHEAD", "bound_before", "field_after", "field_before", "pair_end", "phrase_at", "value_at"]
