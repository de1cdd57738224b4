"""Sentences of an answer: one split, shared by every detector through ``Evidence``.

A sentence ends at a terminator (``.``, ``!``, ``?``, ``…``, with any closing quotes or
brackets) that is followed by whitespace or by the end of the text, at a full-width
terminator (``。``, ``！``, ``？``: Chinese and Japanese put no space after them), and at
every line break (a list item, a table row and a heading are each a sentence
of their own). The whitespace must be seen: the full stop in "42.73", "manage.py" or
"v1.2" ends nothing.

Risk: an abbreviation followed by a space ("e.g. the fee", "Mr. Smith") ends a sentence
too. Detectors use sentences as the scope of a claim, so an early cut makes a scope
smaller, never larger; guessing abbreviations per language would make the split depend
on a lexicon.

Spans are ``(start, end)`` offsets into the text, with surrounding whitespace excluded,
in order and never overlapping; blank stretches give no sentence. One linear regex pass.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

#: The end of a sentence: a terminator with its closing quotes/brackets and the whitespace
#: after it, or a line break with the whitespace after it. (Whitespace before a break is
#: trimmed afterwards, not matched: ``\s*\n`` would rescan a long run of spaces from
#: every position, quadratic on hostile input.)
_BOUNDARY = re.compile(r"[.!?…][\"'”’»)\]]*(?:\s+|\Z)|[。！？][」』”’)）]*\s*|\n\s*")

Span = tuple[int, int]


def split_sentences(text: str) -> list[Span]:
    """The sentences of ``text`` as (start, end) spans (see the module's docstring)."""
    spans: list[Span] = []
    start = 0
    for match in _BOUNDARY.finditer(text):
        # A terminator stays in its sentence; the whitespace after it does not.
        end = match.start() if match.group()[0].isspace() else match.end() - _trailing_space(match.group())
        _add(text, start, end, spans)
        start = match.end()
    _add(text, start, len(text), spans)
    return spans


def _trailing_space(boundary: str) -> int:
    return len(boundary) - len(boundary.rstrip())


def _add(text: str, start: int, end: int, spans: list[Span]) -> None:
    """Append ``text[start:end]`` without its surrounding whitespace, unless it is blank."""
    piece = text[start:end]
    kept = piece.strip()
    if kept:
        start += len(piece) - len(piece.lstrip())
        spans.append((start, start + len(kept)))


def sentence_at(spans: Sequence[Span], position: int) -> Span:
    """The sentence holding ``position`` (O(log n)); between two sentences, the one before
    it; before the first, the first. ``spans`` must come from ``split_sentences``."""
    if not spans:
        return (position, position)
    i = bisect_right(spans, position, key=lambda span: span[0]) - 1
    return spans[max(i, 0)]


__all__ = ["Span", "sentence_at", "split_sentences"]
