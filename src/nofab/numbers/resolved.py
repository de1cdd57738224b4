"""Dates and times the answer resolves from the turn's calendar rather than copies: after the
first pass of the number check, an unexplained literal is grounded when it is

- the next occurrence of a weekday the evidence names (``nofab.numbers.nextweekday``),
- the next occurrence of a day of the month the user names alone (``nofab.numbers.nextmonthday``),
- a day of a weekly series listed after a held date (``nofab.numbers.dateseries``),
- a count of business days after today (``nofab.numbers.workdays``),
- the count of a span from today to the date its sentence names (``nofab.numbers.spandistance``),
- one end of a slot of a named length fitted into a gap between held times
  (``nofab.numbers.timeslots``).

Each module states its principle and risk. The questions are asked only of the few
literals the first pass left unexplained, each reading at most once per answer (today, the
weekdays the evidence names).
"""

from __future__ import annotations

import datetime as _dt
from typing import TYPE_CHECKING

from nofab.numbers.dateseries import weekly_series_day
from nofab.numbers.dayrows import context_today
from nofab.numbers.nextmonthday import days_named, resolves_month_day
from nofab.numbers.nextweekday import evidence_mentions, resolves_weekday
from nofab.numbers.spandistance import counts_from_today
from nofab.numbers.timeslots import slot_bound
from nofab.numbers.workdays import resolves_workdays

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence
    from nofab.numbers.passes import Pending


class _Reference:
    """What the questions share, read on first need: today, the weekdays the evidence names."""

    def __init__(self, evidence: Evidence) -> None:
        self._evidence = evidence
        self._today: list[_dt.date | None] = []
        self._mentions: dict[int, set[int | None]] | None = None
        self._days: frozenset[int] | None = None
        self._counts: frozenset[int] | None = None

    def today(self) -> _dt.date | None:
        if not self._today:
            self._today.append(context_today(self._evidence.turn.context or ""))
        return self._today[0]

    def mentions(self) -> dict[int, set[int | None]]:
        if self._mentions is None:
            self._mentions = evidence_mentions(self._evidence.folded)
        return self._mentions

    def counts(self) -> frozenset[int]:
        if self._counts is None:
            self._counts = counts_from_today(self._evidence)
        return self._counts

    def days(self) -> frozenset[int]:
        if self._days is None:
            self._days = days_named(self._evidence.turn.user_message)
        return self._days


def unresolved(evidence: Evidence, pending: list[Pending]) -> list[Pending]:
    """``pending`` without the literals the turn's calendar resolves (module doc)."""
    if not pending:
        return pending
    reference: _Reference | None = None
    out: list[Pending] = []
    # A weekly run of days is opened or closed by a date the answer writes (``dateseries``):
    # an answer with no date asks no number for one (read once, not per number).
    dated = any(numeral.kind == "date" for numeral in evidence.numerals)
    for item in pending:
        kind = item.numeral.kind
        if kind == "date":
            reference = reference or _Reference(evidence)
            if resolves_weekday(evidence, item.numeral, reference.today, reference.mentions):
                continue
            if resolves_month_day(evidence, item.numeral, reference.today, reference.days):
                continue
            if weekly_series_day(evidence, item.index):
                continue  # the date that closes a run ("2, 9 et 16 avril")
            if resolves_workdays(evidence, item.numeral, reference.today):
                continue  # "5–7 business days, so between March 25 and March 27"
        elif kind in ("number", "ordinal"):
            if dated and weekly_series_day(evidence, item.index):
                continue
            reference = reference or _Reference(evidence)
            if kind == "number" and item.numeral.span[0] in reference.counts():
                continue  # "21 days from today, on September 22" (numbers/spandistance.py)
        elif kind == "time" and slot_bound(evidence, item.index):
            continue
        out.append(item)
    return out


__all__ = ["unresolved"]
