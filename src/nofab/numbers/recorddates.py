"""A date the answer gives for a named record that holds one date of its own ("D7JK2Q is now
on HAT104 on 2024-05-23" when HAT104's date is 2024-05-22).

The number check reads a date no evidence holds, a day or a week from one that it does, as
a possible relative date ("the next day") and reports it at 0.5. Principle: when the answer
names the record in the date's sentence (``nofab.numbers.anchored``) and that record holds
exactly one date, the date is that record's: a day or a week off it is a slip of the
record's date, reported at 0.8 with the record's date, not a relative reading. An end role
("arrives", "until": ``nofab.numbers.roles``) is left alone: an overnight arrival is a day
after a flight's date without any slip.

A date the sentence relates to the record's date, written beside it, with a word that moves
it in that direction ("the day before your August 10 flight, August 9"; not "..., August
11"), or offers as an alternative, is excused (``nofab.numbers.dayrelations``).

Risk: a date of another event in the record's sentence ("HAT104, booked on May 9") that the
evidence does not hold either, a day or a week from the record's date.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TypeAlias

from nofab.model.finding import Finding
from nofab.numbers.anchored import RecordFields
from nofab.numbers.dayrelations import offered, shift_agrees, writes_date
from nofab.numbers.dayslip import sentence_bounds, sentence_words
from nofab.numbers.roles import role_before

if TYPE_CHECKING:
    from nofab.evidence.records import Record
    from nofab.numbers.numeral import Numeral

#: The confidence of a date a day or a week off the named record's one date.
CONFIDENCE_RECORD_DATE = 0.8
#: The slips read: a day either way, a week either way.
_OFFSETS = (1, 7)
#: the answer's date numerals in order of their start, and those starts
_Dated: TypeAlias = "tuple[list[Numeral], list[int]]"
_ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def _own_date(record: Record) -> _dt.date | None:
    """The one date the record's fields hold as whole values, or None (none, or several)."""
    found: set[_dt.date] = set()
    for text in record.values.values():
        if len(text) < 10 or text[4] != "-" or text[7] != "-":
            continue  # the cheap test first: most values are no date
        m = _ISO.match(text)
        if m is not None:
            try:
                found.add(_dt.date(int(m[1]), int(m[2]), int(m[3])))
            except ValueError:
                continue
    return found.pop() if len(found) == 1 else None


def _slip(date: tuple[int | None, int, int], own: _dt.date) -> bool:
    """Is the answer's date (year possibly unsaid) a day or a week from ``own``?"""
    year, month, day = date
    try:
        said = _dt.date(year or own.year, month, day)
    except ValueError:
        return False
    return abs((said - own).days) in _OFFSETS


def _relates(answer: str, numeral: Numeral, own: _dt.date, dated: _Dated) -> bool:
    """Does the date's sentence offer it as an alternative, or write the record's own date
    too with a word that moves a day towards it (``nofab.numbers.dayrelations``)?"""
    bounds = sentence_bounds(answer, numeral.span)
    if offered(answer[bounds[0] : bounds[1]]):
        return True
    if not writes_date(*dated, bounds, own) or numeral.date is None:
        return False
    year, month, day = numeral.date
    step = (_dt.date(year or own.year, month, day) - own).days  # a valid date: ``_slip`` built it
    return shift_agrees(sentence_words(answer, numeral.span), step)


def record_date_findings(finding: Callable[..., Finding], fields: RecordFields) -> Iterator[Finding]:
    """``unverified_number`` findings for dates no evidence holds, given for a named record
    whose one date is a day or a week away."""
    evidence = fields.evidence
    answer = evidence.answer
    owns: dict[int, _dt.date | None] = {}  # each record's date read once per turn
    dated: _Dated | None = None  # the answer's dates by start, built at the first slip
    for numeral in evidence.numerals:
        if numeral.kind != "date" or numeral.date is None or numeral.time is not None:
            continue
        if evidence.dates.has_date(numeral.date) or role_before(answer, numeral.span[0]) == "end":
            continue
        for record in fields.named_in_sentence(numeral.span[0]):
            key = id(record)
            own = owns[key] if key in owns else owns.setdefault(key, _own_date(record))
            if own is not None and _slip(numeral.date, own):
                if dated is None:
                    ordered = sorted(
                        (n for n in evidence.numerals if n.kind == "date" and n.date is not None),
                        key=lambda n: n.span[0],
                    )
                    dated = (ordered, [n.span[0] for n in ordered])
                if _relates(evidence.answer, numeral, own, dated):
                    break  # the held date restated beside it with a relation, or an offer
                yield finding(
                    "unverified_number",
                    numeral.text,
                    CONFIDENCE_RECORD_DATE,
                    numeral.span,
                    f"{numeral.text} is given for {record.label}, whose date is {own.isoformat()}",
                    evidence={"literal_kind": "date", "record_field": f"{record.label}: {own.isoformat()}"},
                )
                break


__all__ = ["CONFIDENCE_RECORD_DATE", "record_date_findings"]
