"""Scoring against token-span gold labels, the way the INLG 2021 accuracy shared task does.

Spans are ranges of whitespace tokens of the generated text (1-based, inclusive, as the
task's ``DOC_TOKEN_START``/``DOC_TOKEN_END``). A gold error is found when a submitted span
overlaps it; gold errors are taken left to right and each submitted span can be used for one
gold error only. Recall = found / gold, precision = found / submitted. Per category, both
gold and submitted marks are first filtered to that category; overall ignores categories.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

_NON_SPACE = re.compile(r"\S+")


@dataclass(frozen=True, slots=True)
class Mark:
    """One error span: a document, a 1-based inclusive token range and a category."""

    doc: str
    first: int
    last: int
    category: str


@dataclass(frozen=True, slots=True)
class Score:
    found: int
    gold: int
    submitted: int

    @property
    def recall(self) -> float:
        return self.found / self.gold if self.gold else 0.0

    @property
    def precision(self) -> float:
        return self.found / self.submitted if self.submitted else 0.0


def token_offsets(text: str) -> list[tuple[int, int]]:
    """Character ``(start, end)`` of each whitespace token, in order."""
    return [(m.start(), m.end()) for m in _NON_SPACE.finditer(text)]


def tokens_of_span(offsets: Sequence[tuple[int, int]], span: tuple[int, int]) -> tuple[int, int] | None:
    """The 1-based inclusive token range a character span touches, or None if it touches none."""
    start, end = span
    touched = [i for i, (s, e) in enumerate(offsets, start=1) if s < end and start < e]
    if not touched:
        return None
    return touched[0], touched[-1]


def score(gold: Iterable[Mark], submitted: Iterable[Mark], category: str | None = None) -> Score:
    """Match gold to submitted marks as the shared task does (see the module docstring)."""
    golds = [m for m in gold if category is None or m.category == category]
    subs = [m for m in submitted if category is None or m.category == category]
    found = 0
    for doc in sorted({m.doc for m in golds}):
        available = sorted((m for m in subs if m.doc == doc), key=lambda m: (m.first, m.last))
        for g in sorted((m for m in golds if m.doc == doc), key=lambda m: (m.first, m.last)):
            for k, s in enumerate(available):
                if s.first <= g.last and g.first <= s.last:
                    found += 1
                    del available[k]
                    break
    return Score(found, len(golds), len(subs))


__all__ = ["Mark", "Score", "score", "token_offsets", "tokens_of_span"]
