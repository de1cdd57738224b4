"""Words and sentences of an answer: one tokeniser and one sentence splitter for detectors.

A token is a number ("24", "45.5", "1,200") when no letter is glued to it ("3Pt" and "24th"
are words), else a word (with inner apostrophes: "didn't", "O'Neal"), else one punctuation
character. Each token carries the index of its sentence: a sentence ends after ``.``, ``!``,
``?`` or ``;`` and at a line break (a list item or a heading is a sentence of its own).

Detectors read both from ``Evidence.tokens`` and ``Evidence.sentences`` (computed once per
answer), and find the sentence of a position with ``sentence_at`` (O(log n)).

Why one splitter: detectors that cut sentences differently disagree about what a sentence
says ("He added 10 rebounds" bound to a name one splitter puts in the same sentence and the
other does not). The rule is deliberately simple — abbreviations ("Mr.") end a sentence —
because detectors only use sentences to limit how far a binding reaches, where cutting too
often is the safe error.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from typing import NamedTuple

#: A number with no letter glued to it, a word (inner apostrophes kept), or one other character.
TOKEN = re.compile(r"\d+(?:[.,]\d+)*(?![\w])|\w+(?:['’]\w+)*|\S")
#: Tokens that end a sentence.
SENTENCE_END = frozenset(".!?;")


class Token(NamedTuple):
    """One token: its text, its character span in the answer, and its sentence index.

    A named tuple rather than a frozen dataclass: every answer makes hundreds of them, and a
    frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` (a third
    of the tokenizer's time)."""

    text: str
    start: int
    end: int
    sentence: int


_new_tuple = tuple.__new__
_INF = float("inf")
#: A token with the whitespace before it: ``findall`` hands back (space, token) pairs from C,
#: and the spans follow from their lengths (no match object, ``span`` or ``group`` per token:
#: a third of the tokenizer's time). Only whitespace lies between tokens (``\S`` is one).
_SPACED_TOKEN = re.compile(r"(\s*)(" + TOKEN.pattern + ")")


def tokenize(text: str) -> list[Token]:
    """The tokens of ``text`` in order, each with the index of its sentence.

    Indices increase along the text but may skip a value (a line break right after a full
    stop); compare them, do not count with them."""
    out: list[Token] = []
    append = out.append
    sentence = 0
    end = 0
    for space, token in _SPACED_TOKEN.findall(text):
        start = end + len(space)
        if space and out and "\n" in space:  # a line break since the previous token
            sentence += 1
        end = start + len(token)
        append(_new_tuple(Token, (token, start, end, sentence)))  # Token(...) without its __new__
        if token in SENTENCE_END:
            sentence += 1
    return out


def words(text: str) -> list[str]:
    """The token texts of ``text`` (a phrase from a profile read the way answers are read)."""
    return TOKEN.findall(text)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Character spans of the sentences of ``text`` as ``tokenize`` cuts them."""
    return spans_of(tokenize(text))


def spans_of(tokens: Sequence[Token]) -> list[tuple[int, int]]:
    """Character spans of the sentences of already tokenised text (from its first token to
    its last: no edge whitespace), in order."""
    spans: list[tuple[int, int]] = []
    last = -1
    for token in tokens:
        if token.sentence == last:
            spans[-1] = (spans[-1][0], token.end)
        else:
            spans.append((token.start, token.end))
            last = token.sentence
    return spans


def sentence_at(spans: Sequence[tuple[int, int]], position: int) -> tuple[int, int]:
    """The sentence holding ``position`` (O(log n)); between two sentences, the one before
    it; before the first, the first; ``(position, position)`` when there is none."""
    if not spans:
        return (position, position)
    # tuples compare in C: ``(position, inf)`` sorts after every span starting at or before
    # ``position`` (a key function was a Python call per comparison, per number asked)
    i = bisect_right(spans, (position, _INF)) - 1
    return spans[max(i, 0)]


__all__ = ["SENTENCE_END", "TOKEN", "Token", "sentence_at", "sentence_spans", "spans_of", "tokenize", "words"]
