"""Which words (runs of letters) the evidence holds: the name rules' one question about a word.

A name word is held when some source holds it as a whole run of letters ("silva" in
"sophia_silva_7557", not in "silvan"). The question is asked source by source (each
source's folded text is the one the guard's cache keeps, so it is the same string object
on every turn that carries it), and answered in one of two ways:

- a ``find`` in the source's text (a few microseconds on a 6 KB policy: cheap for the few
  words of one answer, and nothing to build);
- a lookup in the set of the source's letter runs, built once per source content and kept
  in a bounded memo (``textmemo``), once the source has been seen ``textmemo.SIGHTS`` times (a
  context or a result carried from turn to turn: a conversation, a reused guard). A one-off
  source is never split into words for a handful of questions, unless one answer asks
  about more words than finds are worth (``MAX_FINDS``).

The memo (``textmemo``) is keyed by content (pure: the same text always gives the same
set), bounded in entries and in characters, and locked (guards are shared between threads).

Both ways give the same answer: ``_is_letter`` is exactly ``LETTERS``' class.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from nofab.detectors.nameslots import frames_of
from nofab.detectors.textmemo import TextMemo

#: A run of letters (no digits, no underscore), the unit in which a name word is held.
LETTERS = re.compile(r"[^\W\d_]+")
#: Distinct words asked by finds before every source not yet split is split into its words.
MAX_FINDS = 32
#: Sources shorter than this are never split on their own (they are searched joined).
MIN_SPLIT_CHARS = 512


def letters_token(text: str, piece: str) -> bool:
    """``piece`` occurs in ``text`` with no letter right before or after it."""
    at = text.find(piece)
    while at != -1:
        end = at + len(piece)
        if (at == 0 or not _is_letter(text[at - 1])) and (end == len(text) or not _is_letter(text[end])):
            return True
        at = text.find(piece, at + 1)
    return False


def letter_runs(text: str) -> frozenset[str]:
    """Every run of letters of ``text`` (``LETTERS``). An ASCII text is cut by a byte table
    instead (its letters are A-Z and a-z; the rest becomes a space), at a third of the cost."""
    if text.isascii():
        return frozenset(text.encode("ascii").translate(_ASCII_CUT).decode("ascii").split())
    return frozenset(LETTERS.findall(text))


_ASCII_CUT = bytes(c if chr(c).isalpha() and c < 128 else 32 for c in range(256))


def _is_letter(char: str) -> bool:
    r"""A letter as ``LETTERS`` reads one (``[^\W\d_]``), so a find and a set of letter runs
    agree."""
    return char.isalnum() and not char.isdecimal()


_MEMO: TextMemo[frozenset[str]] = TextMemo(lambda text: letter_runs(text))
#: Names whose frames one split source keeps (emptied past it: names are untrusted input).
_NAMES_KEPT = 1024


class HeldWords:
    """Which letter runs the evidence's sources hold (``texts``: each source's folded text).

    A source is split into its words on its ``textmemo.SIGHTS``-th sight and kept; the
    sources not split yet are joined into one text (by a line break, which is no letter) and
    asked by one find per word."""

    def __init__(self, texts: Sequence[str]) -> None:
        sets: dict[int, frozenset[str]] = {}  # by identity: sources often repeat (arguments)
        rest: list[str] = []
        self._split: list[tuple[str, frozenset[str]]] = []
        for text in texts:
            if not text:
                continue
            # a short source is searched in the joined rest (a find in it costs next to
            # nothing): only long ones are counted and split
            runs = _MEMO.reading(text) if len(text) >= MIN_SPLIT_CHARS else None
            if runs is None:
                rest.append(text)
                continue
            self._split.append((text, runs))
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
            self._rest_runs = letter_runs(self._rest)
            return piece in self._rest_runs
        return letters_token(self._rest, piece)

    def frames(self, names: Sequence[str]) -> set[str]:
        """The lower-case words the sources put right before one of ``names`` (folded held
        names: ``nameslots.frames_of``), read per split source once per name and kept, and
        in the rest's joined text on each call. (``frames_of`` reads at most a few hundred
        occurrences of a name per text it is given: per source here.)"""
        out: set[str] = set()
        for text, runs in self._split:
            known = _MEMO.side(text, _NAMES_KEPT)
            ascii_text = text.isascii()
            for name in names:
                found = known.get(name)
                if found is None:
                    # on ASCII a name of letters the source lacks as a run cannot occur in it
                    absent = ascii_text and name.isalpha() and name not in runs
                    found = frozenset() if absent else frozenset(frames_of(text, name))
                    known[name] = found
                out.update(found)
        if self._rest:
            for name in names:
                out.update(frames_of(self._rest, name))
        return out


__all__ = ["LETTERS", "MAX_FINDS", "HeldWords", "letter_runs", "letters_token"]
