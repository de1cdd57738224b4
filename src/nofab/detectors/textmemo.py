"""A reading of a source text kept by its content once the text keeps coming back.

A guard checks turn after turn against the same sources: the context (a policy of several
kilobytes) and every earlier tool result of the conversation. Each source's folded text is
the same string object on every turn that carries it (the guard's cache keeps its index),
so a reading of it (its words, its entity-shaped chunks) can be kept under the text and
found again by one dict lookup, the string's hash being cached by Python.

A reading is built on a text's ``SIGHTS``-th sight: building costs about ten searches of the
text, so it pays only for a text that keeps coming back, never for a one-off check's few
questions (those search the text instead). Readings are pure (the same text always gives
the same reading), so keeping them changes no answer; the memo is bounded in entries and in
characters, oldest first, and locked for writes (guards are shared between threads).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

#: Sights of a text before its reading is built (see the module doc).
SIGHTS = 3
#: Bounds: texts kept, and the characters of those texts (a reading is a set of the text's
#: pieces: at worst, a text of distinct short tokens, about 20 bytes per character).
ENTRIES = 4096
CHARS = 2_000_000

_R = TypeVar("_R")


class TextMemo(Generic[_R]):
    """``build(text)`` kept by content from a text's ``SIGHTS``-th sight, and a side table per
    kept text (a caller's further readings, dropped with the text)."""

    def __init__(self, build: Callable[[str], _R], entries: int = ENTRIES, chars: int = CHARS) -> None:
        self._build = build
        self._kept: dict[str, _R] = {}
        self._sides: dict[str, dict[str, Any]] = {}
        #: Sights of texts not kept yet, by hash only: a text is not kept alive for having
        #: been seen (a collision only builds a reading early, which changes no answer).
        self._seen: dict[int, int] = {}
        self._entries = entries
        self._chars = chars
        self._held_chars = 0
        self._lock = threading.Lock()

    def get(self, text: str) -> _R | None:
        """The text's reading if it is kept (a plain dict read: atomic, no lock)."""
        return self._kept.get(text)

    def reading(self, text: str, now: bool = False) -> _R | None:
        """The text's reading: kept, or built now when this is its ``SIGHTS``-th sight or
        ``now`` (the caller has enough questions to pay for it); else None (search it)."""
        held = self._kept.get(text)
        if held is None and (now or self._sighted(text) >= SIGHTS):
            held = self.build(text)
        return held

    def _sighted(self, text: str) -> int:
        key = hash(text)  # computed once per string object, then cached by Python
        with self._lock:
            sights = self._seen.pop(key, 0) + 1
            if len(self._seen) >= self._entries:
                del self._seen[next(iter(self._seen))]  # the oldest mark
            self._seen[key] = sights  # (re-inserted: the newest)
            return sights

    def of(self, text: str) -> _R:
        """The text's reading, kept or built now (for readings every turn needs whole: a
        kept one is one dict read; ``build`` alone would read the text again every time)."""
        held = self._kept.get(text)
        return self.build(text) if held is None else held

    def build(self, text: str) -> _R:
        """The text's reading, kept unless the text alone is over the bound (the oldest go
        first when the memo is full)."""
        built = self._build(text)
        if len(text) > self._chars:
            return built
        with self._lock:
            if text not in self._kept:
                self._kept[text] = built
                self._held_chars += len(text)
                while len(self._kept) > self._entries or self._held_chars > self._chars:
                    old = next(iter(self._kept))
                    del self._kept[old]
                    self._sides.pop(old, None)
                    self._held_chars -= len(old)
        return built

    def side(self, text: str, limit: int) -> dict[str, Any]:
        """A kept text's side table (filled by the caller; emptied past ``limit`` entries,
        its keys being untrusted input). A text not kept gets a table of its own."""
        known = self._sides.get(text)
        if known is None or len(known) > limit:
            known = {}
            with self._lock:
                if text in self._kept:
                    self._sides[text] = known
        return known


__all__ = ["CHARS", "ENTRIES", "SIGHTS", "TextMemo"]
