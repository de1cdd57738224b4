"""A numeric literal of an answer, as ``nofab.numbers.extract`` reads it.

A ``Numeral`` is an immutable record. It is a named tuple rather than a frozen dataclass
because an answer dense with numbers makes one per number: a frozen dataclass sets each of
its nine fields through ``object.__setattr__``, five times the cost of building a tuple,
and that alone was a tenth of a second per megabyte of answer.
"""

from __future__ import annotations

import math
from typing import Literal, NamedTuple

NumeralKind = Literal[
    "money", "percent", "number", "year", "date", "time", "ordinal", "range", "code", "invalid"
]


class Numeral(NamedTuple):
    """One numeric literal in prose."""

    span: tuple[int, int]
    text: str
    kind: NumeralKind
    value: float = math.nan
    decimals: int = 0
    scale: float = 1.0
    #: The digits as written, without separators (for the literal fast path).
    literal: str = ""
    #: A date's (year, month, day); for a number such as the "15" of "9/15", the date it
    #: would be part of when the evidence has that date.
    date: tuple[int | None, int, int] | None = None
    time: tuple[int, int, bool] | None = None  # (hour, minute, hour_is_24h)


__all__ = ["Numeral", "NumeralKind"]
