"""Finding names in text: every place a set of forms occurs as whole words, in one pass.

Used for a turn's record names (``mentions``) and for the profile's known names
(``vocabulary.known``): both are what a regex alternation of the forms would match, found
without trying every form at every position.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator

from nofab.language.text import is_word_char


def whole_words(forms: Collection[str], text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, form) of what ``alternation(forms).finditer(text)`` matches — the
    leftmost occurrence of a form as whole words, the longest form there, none overlapping —
    found in one pass (``FormMatcher``)."""
    return FormMatcher(forms).find(text)


class FormMatcher:
    """``whole_words`` for one set of forms, prepared once: the forms of a result are matched
    against every answer that names it, so its matcher is kept with the result's view.

    A regex alternation of names tries every name at every position: a tool result of
    thousands of named rows made mention finding answer x records. Here only positions
    where some form's first character starts a word are visited, and at each only the
    lengths of the forms sharing its first characters are tried (longest first, as the
    alternation orders them; two forms of one length cannot both match at one place)."""

    __slots__ = ("_k", "_lengths", "_names", "_starter")

    def __init__(self, forms: Collection[str]) -> None:
        self._names = names = frozenset(f for f in forms if f.strip())
        self._k = k = min((len(n) for n in names), default=0)
        lengths: dict[str, list[int]] = {}
        for name in names:
            lengths.setdefault(name[:k], []).append(len(name))
        for sizes in lengths.values():
            sizes.sort(reverse=True)
        self._lengths = lengths
        self._starter = (
            re.compile(r"(?<!\w)[" + "".join(re.escape(c) for c in {n[0] for n in names}) + "]")
            if names
            else None
        )

    def find(self, text: str) -> Iterator[tuple[int, int, str]]:
        """(start, end, form) of each match in ``text``, in order."""
        starter = self._starter
        if starter is None:
            return
        names, lengths, k = self._names, self._lengths, self._k
        size = len(text)
        resume = 0  # positions before this lie inside the last match
        # Every position where a form's first character starts a word, in one scan (the
        # lookbehind sees the text before a position, so skipping those inside a match
        # visits exactly the positions a search resumed after each match would).
        for match in starter.finditer(text):
            at = match.start()
            if at < resume:
                continue
            for length in lengths.get(text[at : at + k], ()):
                end = at + length
                if end <= size and text[at:end] in names and (end == size or not is_word_char(text[end])):
                    yield at, end, text[at:end]
                    resume = end
                    break

    def found_in(self, text: str) -> bool:
        """Does any form occur in ``text`` as whole words?"""
        return next(self.find(text), None) is not None


__all__ = ["FormMatcher", "whole_words"]
