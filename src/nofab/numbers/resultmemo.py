"""Numbers read from the text of one source (a tool result, a context block), kept by content.

A conversation carries its context and its earlier tool results on every turn, and three
readings the number check makes of a source's whole text did not go through the source's
own index: the amounts a result writes in its free text (``numbers.change``: operands of a
percentage change), the numbers written with a unit (``numbers.units``: operands of a
conversion) and the rates it holds (``numbers.exchange``: the rates an amount converts at).
Each was read again on every turn that asked. All are pure functions of the text, so each
is kept under the text (built on the first question, then one dict read; as
``nofab.detectors.textmemo.TextMemo.of`` keeps a reading, bounded in entries and characters,
oldest first, locked for writes; a memo of its own because ``numbers`` never imports the
detectors): a result carried turn after turn is read once. Keeping a reading changes no answer.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from nofab.language.text import fold_source
from nofab.numbers.index import money_values
from nofab.numbers.rates import rate_values
from nofab.numbers.units import text_unit_values


def _amounts(text: str) -> tuple[float, ...]:
    return tuple(money_values(fold_source(text)))


def _units(text: str) -> tuple[tuple[str, float], ...]:
    return tuple(text_unit_values(text))


#: Bounds: texts kept, and their characters (a reading holds a few numbers per text).
ENTRIES = 4096
CHARS = 4_000_000

_R = TypeVar("_R")


class Kept(Generic[_R]):
    """``read(text)`` kept by the text's content, bounded (oldest first), locked for writes."""

    def __init__(self, read: Callable[[str], _R]) -> None:
        self._read = read
        self._kept: dict[str, _R] = {}
        self._chars = 0
        self._lock = threading.Lock()

    def of(self, text: str) -> _R:
        held = self._kept.get(text)  # a plain dict read: atomic, no lock
        if held is not None:
            return held
        held = self._read(text)
        if len(text) <= CHARS:
            with self._lock:
                if text not in self._kept:
                    self._kept[text] = held
                    self._chars += len(text)
                    while len(self._kept) > ENTRIES or self._chars > CHARS:
                        old = next(iter(self._kept))
                        del self._kept[old]
                        self._chars -= len(old)
        return held


def _rates(folded: str) -> tuple[float, ...]:
    return tuple(rate_values((folded,)))


_AMOUNTS: Kept[tuple[float, ...]] = Kept(_amounts)
_RATES: Kept[tuple[float, ...]] = Kept(_rates)
_UNITS: Kept[tuple[tuple[str, float], ...]] = Kept(_units)


def text_amounts_of(text: str) -> tuple[float, ...]:
    """``money_values`` of the text case-folded as a source is: the amounts it writes, sorted."""
    return _AMOUNTS.of(text)


def unit_values_of(text: str) -> tuple[tuple[str, float], ...]:
    """``text_unit_values`` of the text: (unit, value) of each number written with a unit."""
    return _UNITS.of(text)


def rates_of(folded: str) -> tuple[float, ...]:
    """``rate_values`` of one source's folded text: the numbers it holds under a rate key."""
    return _RATES.of(folded)


__all__ = ["Kept", "rates_of", "text_amounts_of", "unit_values_of"]
