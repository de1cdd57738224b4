"""The relative day words of a text ("tomorrow", "mañana", "demain", "morgen", "amanhã",
"yesterday", "ayer", "pasado mañana", "übermorgen") and the offset in days each names from the
conversation's date.

Principle: a relative day resolves a date against the turn's today, in every language alike
(``relative_days`` in ``numbers.json``: a word or a phrase -> its offset). Phrases are read
longest first, so "day after tomorrow" or "pasado mañana" names two days on, not tomorrow.
Two words are also the name of a part of the day: Spanish "mañana" and German "morgen" mean
"morning" after an article, a demonstrative or a day word ("por la mañana", "de la mañana",
"esta mañana", "heute Morgen", "am Morgen", "guten Morgen": ``relative_day_other_sense``,
the words that, right before it, give it that sense); read so, it names no day and moves none.

Risk: a morning sense with no such word right before it ("mañanas soleadas" is another word,
but "a media mañana" needs "media" listed) is read as tomorrow, which excuses a date only
when it is exactly tomorrow's; a "tomorrow" whose sense needs a word further back is missed.
"""

from __future__ import annotations

import re
from functools import cache

from nofab.numbers.lexicon import WordSearch, by_language

#: The previous word of a relative day word: the last word within this many characters, with
#: only spaces (or markup) after it: a word of the sentence before ("Guten Morgen! Morgen ...")
#: is not it.
_BACK = 24
_LAST_WORD = re.compile(r"([^\W\d_]+)[\s*_]+\Z")


@cache
def _offsets() -> dict[str, int]:
    """Every language's relative day word or phrase, lower case (spaces single), -> offset."""
    out: dict[str, int] = {}
    for table in by_language("relative_days").values():
        for phrase, offset in table.items():
            out.setdefault(" ".join(phrase.lower().split()), int(offset))
    return out


@cache
def _other_sense() -> dict[str, frozenset[str]]:
    """word -> the words that, right before it, make it a part of the day, not a day."""
    out: dict[str, set[str]] = {}
    for table in by_language("relative_day_other_sense").values():
        for word, before in table.items():
            out.setdefault(word.lower(), set()).update(w.lower() for w in before)
    return {word: frozenset(before) for word, before in out.items()}


@cache
def _search() -> WordSearch:
    return WordSearch(frozenset(_offsets()))


def _other_sense_at(text: str, start: int, word: str) -> bool:
    """Is the relative day ``word`` at ``start`` read as a part of the day ("esta mañana")?"""
    before = _other_sense().get(word)
    if not before:
        return False
    last = _LAST_WORD.search(text, max(0, start - _BACK), start)
    return last is not None and last[1].lower() in before


def relative_days(text: str) -> list[tuple[int, int, int]]:
    """(start, end, offset in days) for each relative day word or phrase of ``text``, in order,
    a word in its part-of-the-day sense left out (module doc)."""
    offsets = _offsets()
    out: list[tuple[int, int, int]] = []
    for start, end in _search().spans(text):
        phrase = " ".join(text[start:end].lower().split())
        if _other_sense_at(text, start, phrase):
            continue
        out.append((start, end, offsets[phrase]))
    return out


__all__ = ["relative_days"]
