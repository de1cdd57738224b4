"""An hour and minutes written with a bare "h" between them ("1 h 15", "5 h 05", "2h30") as a
length of time, the way French, Spanish, Portuguese and Italian write durations as well as
times of day.

Principle: "N h MM" is a length of N * 60 + MM minutes, not a time of day, when a word naming
a length ("durée", "escale", "trajet", "correspondance", "Dauer", "Aufenthalt", "duración",
"escala", "duração", "layover": ``lengths`` in ``hour_marks.json``) stands before it in its
clause with no word placing a time between them ("escale de 1 h 15", "durée totale 5 h 05"),
or heads the table column it stands in (a column "Escale", "Durée totale"): it is then read
only as a length (``length_cued``, asked by ``numbers.extract``) and checked as minutes. With
no such word and no word placing a time right before it (``before`` in ``hour_marks.json``:
"à 16 h 45", "vers 9 h 30"), the figure is both: it stays a time of day, explained when the
evidence holds that time, and when it does not, it is asked as a length of the derivations
of durations (``quantity``, asked by the conversions pass: a gap between consecutive records,
a difference of two clock times the answer shows and the evidence holds, a held duration).

Risk: a length word before a time of day it does not measure ("durée du vol, départ 9 h 40"
is cut at the comma, but "escale puis 9 h 40" is not) makes the time a length, checked as
minutes (a held 580 would excuse it). A time of day with no placing word that happens to equal
a derivable length (a layover of the same list, a difference of two shown times) passes as
that length; both readings must still be grounded, and the derivations of durations stay as
narrow as they are for "1h 15m" (neighbours only, crowded differences prove nothing). A
length read from its words is a plain number of minutes: "0 h 05" is as small as the counts
explained outright (``STRUCTURAL_MAX``), and a held 75 explains "1 h 15", as it does "75 min".
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from nofab.language.vocabulary import load
from nofab.numbers.lexicon import alternation

if TYPE_CHECKING:
    from nofab.numbers.numeral import Numeral
    from nofab.numbers.units import Quantity

#: The written shape: an hour, a bare "h", two minute digits ("1 h 15", "5h05").
_SHAPE = re.compile(r"(\d{1,2}) ?[hH] ?([0-5]\d)")
#: How far back in its clause a length word is looked for; what ends a clause before it.
_REACH = 48
_CLAUSE_END = re.compile(r"[.;,!?()\[\]|\n]")
#: How many rows up a table's header is looked for.
_MAX_ROWS = 60


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a length word, a placing word right before the end of a text)."""
    table = {lang: entry for lang, entry in load("hour_marks").items() if not lang.startswith("_")}

    def words(key: str) -> str:
        return alternation(tuple({w.lower(): None for entry in table.values() for w in entry.get(key, ())}))

    lengths = rf"(?<![^\W\d_])(?:{words('lengths')})(?![^\W\d_])"
    placing = rf"(?<![^\W\d_])(?:{words('before')})\s+$"
    return re.compile(lengths, re.IGNORECASE), re.compile(placing, re.IGNORECASE)


def _clause_before(text: str, start: int) -> str:
    """The text of the clause before ``start``, at most ``_REACH`` characters."""
    before = text[max(0, start - _REACH) : start]
    ends = list(_CLAUSE_END.finditer(before))
    return before[ends[-1].end() :] if ends else before


def column_header(text: str, start: int) -> str | None:
    """The header cell of the Markdown table column ``start`` stands in, or None."""
    line_start = text.rfind("\n", 0, start) + 1
    if not text[line_start:start].lstrip().startswith("|"):
        return None
    column = text.count("|", line_start, start)
    header = line_start
    for _ in range(_MAX_ROWS):
        if header == 0:
            break
        above = text.rfind("\n", 0, header - 1) + 1
        if not text[above : header - 1].lstrip().startswith("|"):
            break
        header = above
    if header == line_start:
        return None  # the cell is the header itself
    end = text.find("\n", header)
    cells = text[header : end if end >= 0 else len(text)].split("|")
    return cells[column] if column < len(cells) else None


def placed(text: str, start: int) -> bool:
    """Does a word placing a time of day stand right before ``start`` ("à 16 h 45")?"""
    return _patterns()[1].search(text, max(0, start - 24), start) is not None


def length_cued(text: str, start: int) -> bool:
    """Is the "N h MM" at ``start`` a length by its words (module doc): a length word before it
    in its clause, or heading its table column, and no placing word right before it?"""
    if placed(text, start):
        return False
    any_length = _patterns()[0]
    if any_length.search(_clause_before(text, start)):
        return True
    header = column_header(text, start)
    return header is not None and any_length.search(header) is not None


#: What a number with a unit has right after its last digit, at most one space or dash
#: between (``units.has_unit``: a letter of ``units._UNIT_STARTS`` in either case, a degree
#: sign or any non-ASCII letter), or an "N h MM" (``_SHAPE``); a non-ASCII character may be
#: a digit (``str.isdigit``), so it counts as one.
_MEASURED = re.compile(r"(?:[0-9]|[^\x00-\x7f])[\s-]?(?:[kqmglpshdKQMGLPSHD]|[^\x00-\x7f])|[hH] ?[0-5]\d")


def may_be_measured(answer: str) -> bool:
    """May some number of ``answer`` have a unit (``units.has_unit``) or be an "N h MM"
    (``hour_length``)? One search per answer: a numeral's text is the answer's, so where
    this is False every number has neither, and no number needs asking (an answer dense
    with bare numbers and labels asked each of them twice)."""
    return _MEASURED.search(answer) is not None


def hour_length(answer: str, numeral: Numeral) -> Quantity | None:
    """The length in minutes (as a ``Quantity``, in seconds) of an "N h MM" figure that is not
    placed as a time of day (module doc), or None."""
    from nofab.numbers.units import Quantity

    if numeral.kind not in ("time", "number"):
        return None
    shape = _SHAPE.fullmatch(numeral.text)
    if shape is None or placed(answer, numeral.span[0]):
        return None
    minutes = int(shape[1]) * 60 + int(shape[2])
    return Quantity("min", (minutes - 0.5) * 60.0, (minutes + 0.5) * 60.0, 2)


__all__ = ["column_header", "hour_length", "length_cued", "may_be_measured", "placed"]
