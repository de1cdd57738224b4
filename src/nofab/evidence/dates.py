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

Each answer is kept per question (``JoinedDates._asked``): an answer dense with dates asks
about the same few hundred days again and again ("on 5 March ... on 5 March"), and every
question walks the sources under the lock. The sources of a turn are fixed and each part's
answer is pure, so a kept answer is the one a new walk would give.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
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

    __slots__ = ("_asked", "_sources")

    def __init__(self, sources: Sequence[SourceIndex]) -> None:
        super().__init__("")
        self._sources = sources
        #: every question asked, with its answer (bounded by what an answer can ask: dates,
        #: years, days and times of a calendar, a few hundred thousand at most)
        self._asked: dict[tuple[object, ...], bool] = {}

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

    def _ask(self, key: tuple[object, ...], question: Callable[[DateTimeIndex], bool]) -> bool:
        """Does any source answer ``question`` yes? Walked once per ``key``."""
        held = self._asked.get(key)
        if held is None:
            with _READING:
                held = self._asked[key] = any(question(part) for part in self._parts())
        return held

    def has_date(self, date: Date) -> bool:
        return self._ask(("date", *date), lambda part: part.has_date(date))

    def has_year(self, year: int) -> bool:
        return self._ask(("year", year), lambda part: part.has_year(year))

    def has_day(self, day: int) -> bool:
        return self._ask(("day", day), lambda part: part.has_day(day))

    def has_time(self, hour: int, minute: int, exact_hour: bool) -> bool:
        return self._ask(
            ("time", hour, minute, exact_hour), lambda part: part.has_time(hour, minute, exact_hour)
        )


__all__ = ["JoinedDates"]
