"""Which words (runs of letters) the evidence holds: the name rules' one question about a word.

A name word is held when some source holds it as a whole run of letters ("silva" in
"sophia_silva_7557", not in "silvan"). The question is asked source by source (each
source's folded text is the one the guard's cache keeps, so it is the same string object
on every turn that carries it), and answered in one of two ways:

- a ``find`` in the source's text (a few microseconds on a 6 KB policy: cheap for the few
  words of one answer, and nothing to build);
- a lookup in the set of the source's letter runs, built once per source content and kept
  in a bounded memo (``_Memo``). A short source (``MIN_SPLIT_CHARS``) is split at once; a
  long one the second time it is seen (a context or a result carried from turn to turn: a
  conversation, a reused guard). A one-off long source is never split into words for a
  handful of questions, unless one answer asks about more words than finds are worth
  (``MAX_FINDS``).

The memo is keyed by content (pure: the same text always gives the same set), bounded in
entries and in characters, and locked (guards are shared between threads).

Both ways give the same answer: ``_is_letter`` is exactly ``_LETTERS``' class.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence

#: A run of letters (no digits, no underscore), the unit in which a name word is held.
LETTERS = re.compile(r"[^\W\d_]+")
#: Distinct words asked by finds before every source not yet split is split into its words.
MAX_FINDS = 32
#: Sources shorter than this are never split: a find in them costs next to nothing.
MIN_SPLIT_CHARS = 512
#: The memo's bounds: sources kept, and the characters of their texts.
MEMO_ENTRIES = 4096
MEMO_CHARS = 4_000_000


def letters_token(text: str, piece: str) -> bool:
    """``piece`` occurs in ``text`` with no letter right before or after it."""
    at = text.find(piece)
    while at != -1:
        end = at + len(piece)
        if (at == 0 or not _is_letter(text[at - 1])) and (end == len(text) or not _is_letter(text[end])):
            return True
        at = text.find(piece, at + 1)
    return False


def _is_letter(char: str) -> bool:
    r"""A letter as ``LETTERS`` reads one (``[^\W\d_]``), so a find and a set of letter runs
    agree."""
    return char.isalnum() and not char.isdecimal()


class _Memo:
    """Letter-run sets by source text, and which long texts were seen (bounded, locked)."""

    def __init__(self, entries: int = MEMO_ENTRIES, chars: int = MEMO_CHARS) -> None:
        self._sets: dict[str, frozenset[str]] = {}
        #: Long texts seen, by hash only: a text is not kept alive for having been seen once
        #: (a collision only builds a set one sight early, which changes no answer).
        self._seen: dict[int, None] = {}
        self._entries = entries
        self._chars = chars
        self._held_chars = 0
        self._lock = threading.Lock()

    def get(self, text: str) -> frozenset[str] | None:
        """The text's set, if it was built (a plain dict read: atomic, no lock)."""
        return self._sets.get(text)

    def seen_before(self, text: str) -> bool:
        """Was ``text`` seen before? (It is marked seen now.)"""
        key = hash(text)  # computed once per string object, then cached by Python
        with self._lock:
            if key in self._seen:
                return True
            if len(self._seen) >= self._entries:
                del self._seen[next(iter(self._seen))]  # the oldest mark
            self._seen[key] = None
            return False

    def build(self, text: str) -> frozenset[str]:
        """The text's letter runs, kept unless the text alone is over the bound (the oldest
        sets go first when the memo is full)."""
        runs = frozenset(LETTERS.findall(text))
        if len(text) > self._chars:
            return runs
        with self._lock:
            if text not in self._sets:
                self._sets[text] = runs
                self._held_chars += len(text)
                while len(self._sets) > self._entries or self._held_chars > self._chars:
                    old = next(iter(self._sets))
                    del self._sets[old]
                    self._held_chars -= len(old)
        return runs


_MEMO = _Memo()


class HeldWords:
    """Which letter runs the evidence's sources hold (``texts``: each source's folded text).

    A short source is split into its words at once (a few microseconds) and kept; a long one
    from its second sight on. The long sources not split yet are joined into one text (by a
    line break, which is no letter) and asked by one find per word."""

    def __init__(self, texts: Sequence[str]) -> None:
        sets: dict[int, frozenset[str]] = {}  # by identity: sources often repeat (arguments)
        rest: list[str] = []
        memo = _MEMO
        for text in texts:
            runs = memo.get(text)
            if runs is None:
                if len(text) >= MIN_SPLIT_CHARS and not memo.seen_before(text):
                    rest.append(text)
                    continue
                runs = memo.build(text)
            if runs:
                sets[id(runs)] = runs
        self._sets = tuple(sets.values())
        self._rest = "\n".join(rest)
        self._rest_runs: frozenset[str] | None = None
        self._finds = 0

    def holds(self, piece: str) -> bool:
        """Some source holds ``piece`` (folded letters) as a whole run of letters."""
        for runs in self._sets:
            if piece in runs:
                return True
        if not self._rest:
            return False
        if self._rest_runs is not None:
            return piece in self._rest_runs
        self._finds += 1
        if self._finds > MAX_FINDS:  # many words asked: the rest is split once
            self._rest_runs = frozenset(LETTERS.findall(self._rest))
            return piece in self._rest_runs
        return letters_token(self._rest, piece)


__all__ = ["LETTERS", "MAX_FINDS", "HeldWords", "letters_token"]
