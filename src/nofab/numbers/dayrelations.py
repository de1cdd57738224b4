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
  Risk: a wrong neighbour in such a sentence ("the day before the 10th, on the 11th") is
  excused; the relation's direction is not checked.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence
from functools import cache

from nofab.language import vocabulary
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


def writes_date(numerals: Sequence[Numeral], bounds: tuple[int, int], own: _dt.date) -> bool:
    """Does a date numeral within ``bounds`` (a sentence) write ``own`` (year unsaid or its own)?"""
    start, end = bounds
    for numeral in numerals:
        if numeral.kind != "date" or numeral.date is None or not start <= numeral.span[0] < end:
            continue
        year, month, day = numeral.date
        if (month, day) == (own.month, own.day) and year in (None, own.year):
            return True
    return False


__all__ = ["offered", "writes_date"]
