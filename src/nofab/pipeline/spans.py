"""A set of non-overlapping half-open spans with O(log n) overlap checks.

Deduplicating findings or claims by "does this overlap one already kept?" must stay
linear-ish on hostile answers with thousands of candidates (a 1 MB answer of "I've sent
it." repeated), so the kept spans are held sorted and probed with bisect.
"""

from __future__ import annotations

from bisect import bisect_left


class SpanSet:
    __slots__ = ("_ends", "_starts")

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []

    def overlaps(self, start: int, end: int) -> bool:
        """Does ``[start, end)`` share a character with a kept span?"""
        i = bisect_left(self._starts, end)  # kept spans starting before `end`
        # Kept spans never overlap each other, so they are ordered by end too: only the
        # last one starting before `end` can reach past `start`.
        return i > 0 and self._ends[i - 1] > start

    def add(self, start: int, end: int) -> bool:
        """Keep ``[start, end)`` unless it overlaps; True when it was kept."""
        if self.overlaps(start, end):
            return False
        i = bisect_left(self._starts, start)
        self._starts.insert(i, start)
        self._ends.insert(i, end)
        return True


__all__ = ["SpanSet"]
