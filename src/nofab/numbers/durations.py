"""The time ranges an answer shows ("from 1:00 to 2:30 PM and again from 4:00 to 6:00 PM")
and their total length.

Principle: a duration the answer announces as a total ("3.5 hours in total", "insgesamt")
that equals the summed lengths of the clock-time ranges the answer itself shows (two grounded
times joined by "to", "until", "-", "bis", "à", "a", "até" ...) is derived, not invented.
Risk: one sum per answer is tried (all shown ranges), so chance agreement is small; a range
with a 12-hour clock time is read as the shorter reading ("1:00 to 2:30 PM" is 90 minutes), so
a range longer than twelve hours written that way is misread.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from nofab.numbers.numeral import Numeral

#: The words that join the two ends of a range, in five languages (and dashes).
_LINK = re.compile(
    r"\s*(?:to|until|till|through|thru|-|–|—|bis|à|au|a|al|hasta|até|jusqu['’]à)\s*",
    re.IGNORECASE,
)
#: At most this many characters between the two ends of a range.
_MAX_LINK = 12


def range_lengths(answer: str, times: Sequence[Numeral]) -> list[int]:
    """The length in minutes of each range of two consecutive clock ``times`` (the answer's
    time numerals, in order) joined by a range word."""
    out: list[int] = []
    for first, second in pairwise(times):
        if first.time is None or second.time is None:
            continue
        between = answer[first.span[1] : second.span[0]]
        if len(between) > _MAX_LINK or not _LINK.fullmatch(between):
            continue
        (h1, m1, exact1), (h2, m2, exact2) = first.time, second.time
        length = (h2 * 60 + m2 - h1 * 60 - m1) % 1440
        if not (exact1 and exact2):
            length %= 720  # a 12-hour clock: the shorter reading
        if length:
            out.append(length)
    return out


def total_length(answer: str, times: Sequence[Numeral]) -> int | None:
    """The summed length of the ranges the answer shows, when it shows two or more."""
    lengths = range_lengths(answer, times)
    return sum(lengths) if len(lengths) > 1 else None


__all__ = ["range_lengths", "total_length"]
