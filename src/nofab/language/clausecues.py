"""What every claim of one answer asks of its clause, read from the whole answer once.

The claim finder tests each candidate claim's clause for a negation, a negation prefix or
suffix, and a hedge, each time slicing the clause, blanking its quotations and splitting it
into words. A word, prefix, suffix or hedge that occurs nowhere in the answer occurs in no
clause of it, so ``AnswerCues`` reads once per answer (and language) which of them occur at
all, and a claim then tests only those (most answers hold few: a clause is split into words
only when one of them is in it). The answers are the same as testing every cue on every
clause: a clause is a slice of the answer with its quotations replaced by one space, so a
cue found in a clause is found in the answer, unless it holds a space that replacement made;
a cue holding a space is therefore always kept when the answer holds a quotation mark.
``tests/test_clause_cues.py`` compares the claims found with and without the cues.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass

from nofab.language.stops import NextStop
from nofab.language.vocabulary import Language

#: The characters that end a claim's clause (the claim finder's ``_CLAUSE_STOPS``).
_CLAUSE_STOP = re.compile(r"[.!?;\n]")
#: Every mark ``nofab.language.quotations`` opens or closes a quotation with: without one,
#: blanking a clause's quotations leaves it as it is.
_QUOTE_MARKS = '"“”«»'


@dataclass(frozen=True, slots=True)
class LanguageCues:
    """One language's clause cues that occur in the answer (the rest occur in no clause)."""

    negations: tuple[str, ...]
    prefixes: tuple[str, ...]
    suffixes: tuple[str, ...]
    #: Whether any hedge may be found in a clause (False: none occurs in the answer).
    hedged: bool


class ClauseMarks:
    """Where one text's clause stops and clause-break words stand, for the last one before
    a claim by binary search. A claim's clause reaches back to the last stop or break word
    of a window before it: five ``rfind`` and a break-word scan per claim re-read the window
    for every claim, a sorted list of positions read once answers each claim in two searches.
    Break words are kept as every place one is spelt (a substring, not yet a whole word):
    without one in the window, no break word ends a match there; with one, the window is
    scanned as before."""

    __slots__ = ("_breaks", "_stops")

    def __init__(self, text: str, breaks: tuple[str, ...]) -> None:
        self._stops = [m.start() for m in _CLAUSE_STOP.finditer(text)]
        spelt: list[int] = []
        for word in breaks:
            at = text.find(word)
            while at != -1:
                spelt.append(at)
                at = text.find(word, at + 1)
        self._breaks = sorted(spelt)

    def after_stop(self, window: int, start: int) -> int:
        """``max(window, p + 1)`` for the last stop ``p`` in ``[window, start)``."""
        stops = self._stops
        i = bisect_left(stops, start)
        return stops[i - 1] + 1 if i and stops[i - 1] >= window else window

    def break_spelt(self, window: int, start: int) -> bool:
        """Does a break word's spelling start in ``[window, start)``?"""
        breaks = self._breaks
        i = bisect_left(breaks, window)
        return i < len(breaks) and breaks[i] < start


class AnswerCues:
    """Per answer: its next-stop reader, whether it quotes, and each language's cues."""

    __slots__ = ("_breaks", "_marks", "_suffixes", "_texts", "languages", "quoted", "stops")

    def __init__(
        self, texts: tuple[str, ...], norm: str, suffixes: tuple[str, ...], breaks: tuple[str, ...]
    ) -> None:
        """``texts``: every text a claim of this answer is read from (the normalised answer
        with and without its emphasis markers); ``suffixes``: every language's negation
        suffixes (a clause is tested against all of them); ``breaks``: the clause-break words."""
        self.stops = NextStop(norm)
        # (equal texts once: most answers have no emphasis markers, and each cue is then
        # searched for in one text, not twice)
        self._texts = tuple(dict.fromkeys(texts))
        self.quoted = any(mark in text for text in texts for mark in _QUOTE_MARKS)
        self._suffixes = self._present(suffixes)
        self._breaks = breaks
        self._marks: list[tuple[str, ClauseMarks]] = []
        #: each language's cues by code, once asked (``language``)
        self.languages: dict[str, LanguageCues] = {}

    def marks(self, text: str) -> ClauseMarks:
        """``text``'s clause marks (read on the first claim asking)."""
        for held, marks in self._marks:
            if held is text:
                return marks
        marks = ClauseMarks(text, self._breaks)
        self._marks.append((text, marks))
        return marks

    def _present(self, cues: Iterable[str]) -> tuple[str, ...]:
        """The ``cues`` a clause of this answer may hold (see the module doc)."""
        quoted, texts = self.quoted, self._texts
        if len(texts) == 1:  # (the same test written out: no generator per cue)
            text = texts[0]
            return tuple(cue for cue in cues if (quoted and " " in cue) or cue in text)
        if len(texts) == 2:
            first, second = texts
            return tuple(cue for cue in cues if (quoted and " " in cue) or cue in first or cue in second)
        return tuple(cue for cue in cues if (quoted and " " in cue) or any(cue in text for text in texts))

    def language(self, lang: Language) -> LanguageCues:
        """``lang``'s cues that occur in the answer (read on the first claim asking)."""
        found = self.languages.get(lang.code)
        if found is None:
            found = LanguageCues(
                self._present(lang.negations),
                self._present(lang.negation_prefixes),
                self._suffixes,
                bool(self._present(lang.hedges)),
            )
            self.languages[lang.code] = found
        return found


__all__ = ["AnswerCues", "ClauseMarks", "LanguageCues"]
