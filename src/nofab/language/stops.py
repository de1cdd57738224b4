"""The next sentence stop after a position, for the many claims of one answer.

Each claim asks whether its sentence ends in "?", by finding the first of ``.!?`` or a line
break within a window after it. Searching the text from every claim re-reads up to a
window of characters per claim: on a long unpunctuated run dense with claims that is most
of the claim finder's time. ``NextStop`` remembers what it has read (where the stretch it
searched starts, how far it reached and the stop it found), so claims asked about in
order of position read each character about once. Answers are the same as a search from
each position (``tests/test_claim_finder.py`` compares them on random texts and queries).
"""

from __future__ import annotations

import re

_STOP = re.compile(r"[.!?\n]")


class NextStop:
    """The first sentence stop at or after a position, within a window (one per answer)."""

    __slots__ = ("_found", "_from", "_reached", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        # The stretch [_from, _reached) has been read: it holds no stop, except at _found
        # (its last character) when _found is not -1.
        self._from = 0
        self._reached = 0
        self._found = -1

    def at(self, position: int, window: int) -> int:
        """Position of the first stop in ``text[position : position + window]``, or -1."""
        limit = position + window
        if not self._from <= position <= self._reached or (self._found != -1 and position > self._found):
            self._from, self._reached, self._found = position, position, -1
        if self._found == -1 and self._reached < limit:
            match = _STOP.search(self._text, self._reached, limit)
            if match is None:
                self._reached = min(limit, len(self._text))
            else:
                self._found = match.start()
                self._reached = self._found + 1
        return self._found if self._found != -1 and self._found < limit else -1
