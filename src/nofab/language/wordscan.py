"""A search for whole words that lets ``re`` skip ahead.

``re`` skips ahead to a pattern's possible first characters only when the pattern starts
with them: a leading ``\\b`` makes it try the whole pattern at every position. The claim
finder asks, for every claim, where the last clause-break word ("but", "pero") of a
160-character window ends; with the boundary written into the pattern that scan cost more
than twice as much. Here the pattern comes without its leading boundary and the boundary
is tested by hand on each hit, which finds exactly the matches the whole pattern finds
(``tests/test_claim_memo.py`` compares them on random texts).
"""

from __future__ import annotations

import re

from nofab.language.casefree import word_start


def _word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


class LastWord:
    r"""Where the last match of ``\b(?:words)\b`` in ``text[pos:endpos]`` ends (as
    ``finditer(text, pos, endpos)`` reads it: the character before ``pos`` counts for the
    boundary, ``endpos`` ends the text)."""

    __slots__ = ("_pattern", "_search")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self._pattern = pattern
        stripped = word_start(pattern)  # None: not provably the same, keep the whole pattern
        self._search = stripped.search if stripped is not None else None

    def end(self, text: str, pos: int, endpos: int, default: int) -> int:
        """The end of the last match, or ``default`` when there is none."""
        search = self._search
        if search is None:
            for each in self._pattern.finditer(text, pos, endpos):
                default = each.end()
            return default
        while True:
            found = search(text, pos, endpos)
            if found is None:
                return default
            start = found.start()
            if start and _word_char(text[start - 1]):
                pos = start + 1  # inside a word: ``\b`` fails here, try one character on
                continue
            default = found.end()
            pos = default if default > start else start + 1


__all__ = ["LastWord"]
