"""The evidence's dates and clock times, read source by source.

``DateTimeIndex`` reads a text's dates and times lazily, on the first question about each
kind. Built over the joined evidence text, it read the whole context (the 6 KB airline
policy) again on every turn that asked about a date; each source's own index is kept with
the source in the guard's cache instead, and the turn's index asks its sources in turn.

Equal to an index of the joined text because nothing it reads spans the separator between
sources: its patterns join a day to a month, a year to a date, or "pm" to an hour only
across whitespace, and the separator holds a character that is not. A long context is
indexed whole, not by the blocks its other parts are read in (blocks are cut at blank
lines, which a date may span: "May\\n\\n25").
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from nofab.numbers.dates import Date, DateTimeIndex

if TYPE_CHECKING:
    from nofab.evidence.sourceindex import SourceIndex

#: A source's index reads its text lazily and marks a kind read before it has finished
#: reading it; shared by the guard's cache across threads, a second thread could ask
#: between the two and miss a date. Lookups are few and fast: one lock for all of them.
_READING = threading.Lock()


class JoinedDates(DateTimeIndex):
    """A ``DateTimeIndex`` of several texts joined by the source separator, from each text's
    own index. ``near_date`` (inherited) asks ``has_date``, so it reads the parts too.

    Lazy, as ``JoinedLiterals``: a source's index is made (its text case-folded) only when a
    question reaches it, and sources whose index is already made are asked first (every
    question is "does any source hold it?", so the order cannot change an answer)."""

    __slots__ = ("_sources",)

    def __init__(self, sources: Sequence[SourceIndex]) -> None:
        super().__init__("")
        self._sources = sources

    def _parts(self) -> Iterator[DateTimeIndex]:
        unread: list[SourceIndex] = []
        for source in self._sources:
            held = source.dates_read
            if held is None:
                unread.append(source)
            else:
                yield held
        for source in unread:
            yield source.dates

    def has_date(self, date: Date) -> bool:
        with _READING:
            return any(part.has_date(date) for part in self._parts())

    def has_year(self, year: int) -> bool:
        with _READING:
            return any(part.has_year(year) for part in self._parts())

    def has_day(self, day: int) -> bool:
        with _READING:
            return any(part.has_day(day) for part in self._parts())

    def has_time(self, hour: int, minute: int, exact_hour: bool) -> bool:
        with _READING:
            return any(part.has_time(hour, minute, exact_hour) for part in self._parts())


__all__ = ["JoinedDates"]
