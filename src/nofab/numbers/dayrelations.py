"""A date one day from a held date that the answer relates to it, or offers as an alternative,
is not a slip of the held date.

Two readings (``nofab.numbers.dayslip`` and ``nofab.numbers.recorddates`` flag a date one day
off a held date as a slip of it) are excused here:

- offered: the date's sentence offers it as an alternative or a suggestion ("Would you like
  me to check the 10th or the 12th instead?", "alternativ am 12.", "à la place, le 10"):
  ``alternative_cues`` in ``calendar_words.json``, five languages. A suggestion of a
  neighbouring day is no restatement of the held date. Risk: a slip of the held date in a
  sentence that also offers something else ("your flight on the 10th, or a refund instead").
- related: the sentence writes the record's own date as well and a word that moves a day
  ("check-in opens the day before your August 10 flight, on August 9"): an answer that
  restates the held date beside the other one is not slipping it, it is stating a relation.
  The relation has a direction (``shift_agrees``): a word towards an earlier day
  (``day_shift_earlier`` in ``numbers.json``: before, previous, eve, Vortag, la veille, el día
  anterior) relates only a date before the held one, a word towards a later day
  (``day_shift_later``: after, next, following, Folgetag, le lendemain, el día siguiente) only
  a date after it; "the day before your August 10 flight, August 11" is a slip stated as a
  relation. A word with no direction (``day_shift_cues``: overnight, arrives, local, until)
  relates either, as before. Risk: a relation told from the held date's side ("your flight on
  the 10th is the day after check-out on the 9th") reads the wrong way round and stays a slip;
  a sentence with words of both directions, or a directionless one beside a wrong one,
  excuses either neighbour.
"""

from __future__ import annotations

import datetime as _dt
import re
from bisect import bisect_left
from collections.abc import Sequence
from functools import cache

from nofab.language import vocabulary
from nofab.numbers.lexicon import by_language
from nofab.numbers.numeral import Numeral


@cache
def _alternatives() -> re.Pattern[str]:
    """Every language's alternative cues as one whole-word pattern (lower-case text)."""
    table = vocabulary.load("calendar_words")["alternative_cues"]
    words = sorted({w.lower() for ws in table.values() for w in ws}, key=len, reverse=True)
    alternation = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)
    return re.compile(rf"(?<!\w)(?:{alternation})(?!\w)")


def offered(sentence: str) -> bool:
    """Does ``sentence`` offer its dates as an alternative or a suggestion?"""
    return _alternatives().search(sentence.lower()) is not None


@cache
def _direction_words() -> dict[int, frozenset[str]]:
    """Each direction's day-shifting words, every language: -1 earlier, +1 later, 0 neither."""
    keys = {0: "day_shift_cues", -1: "day_shift_earlier", 1: "day_shift_later"}
    return {
        sign: frozenset(w.lower() for words in by_language(key).values() for w in words)
        for sign, key in keys.items()
    }


def shift_agrees(words: list[str], step: int) -> bool:
    """Does a day-shifting word of ``words`` (lower-case) move the held date ``step`` days
    (negative: to an earlier day), by its direction or for want of one?"""
    table = _direction_words()
    signs = (0, -1 if step < 0 else 1)
    return any(not table[sign].isdisjoint(words) for sign in signs)


def writes_date(
    dated: Sequence[Numeral], starts: Sequence[int], bounds: tuple[int, int], own: _dt.date
) -> bool:
    """Does a date numeral within ``bounds`` (a sentence) write ``own`` (year unsaid or its own)?

    ``dated`` holds the answer's date numerals in order of their start, ``starts`` those
    starts: a binary search finds the sentence's dates, so each suspected slip reads only its
    own sentence, not every numeral of the answer."""
    start, end = bounds
    for k in range(bisect_left(starts, start), len(dated)):
        numeral = dated[k]
        if numeral.span[0] >= end:
            break
        if numeral.date is None:
            continue
        year, month, day = numeral.date
        if (month, day) == (own.month, own.day) and year in (None, own.year):
            return True
    return False


__all__ = ["offered", "shift_agrees", "writes_date"]
