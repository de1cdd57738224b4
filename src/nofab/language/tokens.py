"""Tokens of an answer: one tokenisation, shared by every detector through ``Evidence``.

A token is a number with its decimal or thousands separators ("42.73", "1,200"; not glued
to a following letter), a word with inner apostrophes ("don't", "O’Brien"), or any other
single visible character (punctuation, a currency sign). Each token carries the index of
its sentence in ``nofab.language.sentences``' split, so a detector asks "same sentence?"
by comparing two integers. One linear regex pass, plus one walk over the sentence spans.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from nofab.language.sentences import Span

#: Numbers first, so "42.73" is one token and not "42", ".", "73".
TOKEN = re.compile(r"\d+(?:[.,]\d+)*(?![\w])|\w+(?:['’]\w+)*|\S")


class Token(NamedTuple):
    text: str
    start: int
    end: int
    #: Index of the sentence holding the token (a token between sentences — never, as
    #: sentences cover every visible character — would take the one before).
    sentence: int


def tokenize(text: str, sentences: Sequence[Span]) -> list[Token]:
    """Every token of ``text``, with the index of its sentence in ``sentences``."""
    out: list[Token] = []
    append = out.append
    count, beyond = len(sentences), len(text) + 1
    index = 0
    following = sentences[1][0] if count > 1 else beyond
    for match in TOKEN.finditer(text):
        start, end = match.span()
        while start >= following:
            index += 1
            following = sentences[index + 1][0] if index + 1 < count else beyond
        # tuple.__new__ skips NamedTuple's Python-level __new__: a third of the cost here.
        append(_new(Token, (match.group(), start, end, index)))
    return out


_new = tuple.__new__


__all__ = ["TOKEN", "Token", "tokenize"]
