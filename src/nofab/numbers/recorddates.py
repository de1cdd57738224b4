"""A date the answer gives for a named record that holds one date of its own ("D7JK2Q is now
on HAT104 on 2024-05-23" when HAT104's date is 2024-05-22).

The number check reads a date no evidence holds, a day or a week from one that it does, as
a possible relative date ("the next day") and reports it at 0.5. Principle: when the answer
names the record in the date's sentence (``nofab.numbers.anchored``) and that record holds
exactly one date, the date is that record's: a day or a week off it is a slip of the
record's date, reported at 0.8 with the record's date, not a relative reading. An end role
("arrives", "until": ``nofab.numbers.roles``) is left alone: an overnight arrival is a day
after a flight's date without any slip. So is a date a day after the record's date written
beside a time the record marks as the next day ("12:31 AM (Thu, May 15)" for a flight of May
14 arriving "00:31:00+1"), or with an arrival word, when the record has such a time: its
arrival day (``nofab.numbers.nextday``, which states the risk).

A date the sentence relates to the record's date, written beside it, with a word that moves
it in that direction ("the day before your August 10 flight, August 9"; not "..., August
11"), or offers as an alternative, is excused (``nofab.numbers.dayrelations``).

Risk: a date of another event in the record's sentence ("HAT104, booked on May 9") that the
evidence does not hold either, a day or a week from the record's date.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TypeAlias

from nofab.model.finding import Finding
from nofab.numbers.anchored import RecordFields
from nofab.numbers.dayrelations import offered, shift_agrees, writes_date
from nofab.numbers.dayslip import sentence_bounds, sentence_words
from nofab.numbers.nextday import (
    Timed,
    answer_times,
    arrival_day,
    next_day_clocks,
    one_day_after,
    record_date,
)
from nofab.numbers.roles import role_before

if TYPE_CHECKING:
    from nofab.numbers.numeral import Numeral

#: The confidence of a date a day or a week off the named record's one date.
CONFIDENCE_RECORD_DATE = 0.8
#: The slips read: a day either way, a week either way.
_OFFSETS = (1, 7)
#: the answer's date numerals in order of their start, and those starts
_Dated: TypeAlias = "tuple[list[Numeral], list[int]]"


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
    timed: Timed | None = None  # and its times
    for numeral in evidence.numerals:
        if numeral.kind != "date" or numeral.date is None or numeral.time is not None:
            continue
        if evidence.dates.has_date(numeral.date) or role_before(answer, numeral.span[0]) == "end":
            continue
        for record in fields.named_in_sentence(numeral.span[0]):
            key = id(record)
            own = owns[key] if key in owns else owns.setdefault(key, record_date(record))
            if own is not None and _slip(numeral.date, own):
                if dated is None:
                    ordered = sorted(
                        (n for n in evidence.numerals if n.kind == "date" and n.date is not None),
                        key=lambda n: n.span[0],
                    )
                    dated = (ordered, [n.span[0] for n in ordered])
                    timed = answer_times(evidence.numerals)
                if _relates(evidence.answer, numeral, own, dated):
                    break  # the held date restated beside it with a relation, or an offer
                if (
                    timed is not None
                    and one_day_after(numeral.date, own)
                    and arrival_day(
                        answer, numeral, next_day_clocks(record), timed, sentence_bounds(answer, numeral.span)
                    )
                ):
                    break  # the day of a time the record marks as the next day: its arrival
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
