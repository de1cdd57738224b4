"""A figure the answer gives for a day of a dated list, held against that day's own row:
"Saturday: 60 % chance, 2.4 mm" where Saturday's row holds ``precip_mm`` 4.2.

Principle: a tool result that lists rows by date gives each value a day; an answer that
names a day (a weekday one row falls on, a date, "tomorrow": ``nofab.numbers.dayrows``)
reads that row until it names another day or the sentence (table row) ends. A figure in that
stretch whose kind the answer writes (a unit: "mm", "°C", "km/h" ...; a percentage) and
whose kind a field of the named row has (``precip_mm``, ``temp_max_c``, ``precip_prob``:
``nofab.numbers.kinds``) is a read of that row: when no field of its kind holds it (within
the display rounding), a sum or ratio of other fields that lands on it is a coincidence, so
it is a misread of the row (``RecordFields.misread``), not a derivation.

Risk: a figure of the day's stretch that is a true derivation of the row in the same unit (a
daily range "10 °C between low and high") loses its derivation; a clause announcing
arithmetic in its sentence or row (a cue word: "more", "warmer", "difference", "total" ...)
keeps it, and only figures left unexplained by a held value come here. A bare number (no
unit, no percent sign) and amounts of money are never read this way.
"""

from __future__ import annotations

import datetime as _dt
import re
from bisect import bisect_right
from functools import cache
from typing import TYPE_CHECKING

from nofab.numbers.dayrows import dated_lists, day_mentions, row_of
from nofab.numbers.kinds import PERCENT, answer_kind, key_kind
from nofab.numbers.lexicon import listed, word_pattern
from nofab.numbers.rows import units

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.evidence.records import Record

_SENTENCE_ENDS = (". ", "! ", "? ", "\n")
_CUE_KEYS = ("cues", "change_cues", "temperature_difference_cues")


@cache
def _cue() -> re.Pattern[str]:
    """The words that announce arithmetic (``cues``, ``change_cues``,
    ``temperature_difference_cues``): "more", "warmer", "difference", "plus chaud" ..."""
    words = {w.lower() for key in _CUE_KEYS for w in listed(key)}
    return word_pattern(tuple(words))


def _announced(answer: str, start: int) -> bool:
    """Does the sentence or table row holding ``start`` announce arithmetic?"""
    bounds = units(answer)
    at = bisect_right(bounds, start)
    end = bounds[at] if at < len(bounds) else len(answer)
    return _cue().search(answer, bounds[at - 1], end) is not None


class DayFields:
    """The days an answer names and the dated lists of its turn, asked per figure."""

    __slots__ = ("_answer", "_lists", "_mentions", "_numerals", "_starts")

    def __init__(self, evidence: Evidence) -> None:
        self._answer = evidence.answer
        self._numerals = {n.span[0]: n for n in evidence.numerals}
        mentions = day_mentions(evidence.answer, list(evidence.numerals), evidence.turn.context or "")
        self._lists = dated_lists(evidence.records) if mentions else []
        self._mentions = mentions if self._lists else []
        self._starts = [m[0] for m in self._mentions]

    def _named(self, start: int) -> tuple[_dt.date, Record] | None:
        """The row of the day named last before ``start`` in its sentence, if one list has it."""
        i = bisect_right(self._starts, start) - 1
        if i < 0:
            return None
        _begin, end, what = self._mentions[i]
        between = self._answer[end:start]
        if end > start or any(stop in between for stop in _SENTENCE_ENDS):
            return None
        rows = [found for lst in self._lists if (found := row_of(lst, what)) is not None]
        return rows[0] if len(rows) == 1 else None

    def names_days(self) -> bool:
        """Does the answer name a day of a dated list (else ``misread`` is None for every figure)?"""
        return bool(self._mentions)

    def misread(self, span: tuple[int, int], lo: float, hi: float) -> str | None:
        """How the named day's row holds the figure's kind with another value, or None."""
        numeral = self._numerals.get(span[0])
        if numeral is None or not self._mentions:
            return None
        kind = answer_kind(self._answer, numeral)
        if kind is None or not (kind == PERCENT or kind.startswith("unit:")):
            return None
        named = self._named(span[0])
        if named is None or _announced(self._answer, span[0]):
            return None
        date, record = named
        fields = [(key, value) for key, value in record.numeric_fields() if key_kind(key) == kind]
        if not fields or any(lo - 1e-9 <= abs(value) <= hi + 1e-9 for _key, value in fields):
            return None
        key, value = fields[0]
        return f"the row of {date} holds {key} = {value:g}"


__all__ = ["DayFields"]
