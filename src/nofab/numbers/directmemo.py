"""The first pass of the number check asked once per distinct reading of a numeral.

An answer may write the same figure thousands of times ("Row 3: 42.73 vs 1717; " over and
over): each copy asked the evidence the same questions (the literal, a binary search, the
derivations within a result) and got the same answer. ``DirectMemo`` keeps the first pass's
answer (``Run.direct``) per reading of a numeral, so each distinct one is checked once.

What the answer depends on, and how the key holds it: the numeral's reading (kind, signed
value, decimals shown, scale, literal, date reading) and the interval of true values it
stands for, which holds the one word before it that matters ("about 120" widens it). The
other words around a numeral matter in three places, each kept out of the memo:

- a masked identifier ("card ending in 1234") explains the digits outright when some
  evidence token ends in them; that test only ever explains, so a kept "explained" holds
  wherever the numeral stands, and a kept finding holds unless the numeral stands after a
  masking phrase here and the evidence has such a token (asked at each copy, then);
- a numeral whose derivation is a slip of a named record's field (``Run.misread``, read
  from the words before it): an answer that asked it is never kept;
- an ordinal after a weekday reads as a day of the month: ordinals 1-31 are never kept;
- codes and invalid times are scanned against the evidence within a per-answer budget, and
  dates and times are their own one lookup: neither is kept.

An answer is kept from the second copy of a numeral's text on (most answers repeat nothing
and pay one set lookup per numeral); a structural small count ("2 bags") is settled at once and asked
every time. The answer kept is the one a new check would give, so a memo never changes a finding; it
lives for one detection run (one answer against one turn's evidence).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Protocol

from nofab.numbers.context import AnswerContext
from nofab.numbers.numeral import Numeral

#: Kinds asked every time (see the module doc).
_NOT_KEPT = frozenset({"code", "invalid", "date", "time"})

Direct = tuple[float, str | None]


class _Literals(Protocol):
    def ends_an_id(self, digits: str) -> bool: ...


class _Evidence(Protocol):
    @property
    def literals(self) -> _Literals: ...


class MemoRun(Protocol):
    """What the memo needs of one detection run (``nofab.detectors.numbers``)."""

    context: AnswerContext
    structural_max: int
    misreads: dict[int, str]

    @property
    def evidence(self) -> _Evidence: ...

    def interval(self, numeral: Numeral) -> tuple[float, float]: ...

    def direct(self, numeral: Numeral) -> Direct: ...


class DirectMemo:
    """``run.direct`` kept per distinct reading of a numeral (see the module doc)."""

    __slots__ = ("_ends", "_kept", "_run", "_texts")

    def __init__(self, run: MemoRun) -> None:
        self._run = run
        self._kept: dict[tuple[tuple[object, ...], tuple[float, float]], Direct] = {}
        #: the texts of the numerals seen: an answer is kept from a text's second copy, so an
        #: answer that repeats nothing (most answers) pays a set lookup per numeral, no more
        #: (a numeral's text is a short string: hashed once, unlike a key of its reading)
        self._texts: set[str] = set()
        self._ends: dict[str, bool] = {}  # literal -> does an evidence token end in it

    def each(self, numerals: Iterable[Numeral]) -> Iterator[tuple[Numeral, Direct]]:
        """(numeral, ``run.direct(numeral)``) for each of ``numerals``, in order."""
        direct = self.direct
        for numeral in numerals:
            yield numeral, direct(numeral)

    def direct(self, numeral: Numeral) -> Direct:
        run = self._run
        text = numeral.text
        if text not in self._texts:  # a first copy: asked, nothing built (most numerals)
            self._texts.add(text)
            return run.direct(numeral)
        reading = numeral[2:8]  # kind, value, decimals, scale, literal, date reading
        kind, value = reading[0], reading[1]
        if (
            kind in _NOT_KEPT
            or (kind == "ordinal" and 1 <= value <= 31)
            or (reading[2] == 0 and abs(value) <= run.structural_max)  # settled at once
        ):
            return run.direct(numeral)
        key = (reading, run.interval(numeral))
        held = self._kept.get(key)
        if held is not None:
            if held[0] > 0 and self._masked(numeral):
                return 0.0, None  # the visible end of a masked identifier the evidence holds
            return held
        asked = len(run.misreads)
        found = run.direct(numeral)
        if len(run.misreads) == asked and not (found[0] <= 0 and self._masked(numeral)):
            self._kept[key] = found  # what any copy standing elsewhere gets (module doc)
        return found

    def _masked(self, numeral: Numeral) -> bool:
        """``Run._masked_id``: the digits stand after a masking phrase and end an evidence
        token (asked once per literal: it is the same for every copy)."""
        literal = numeral.literal
        if not literal.isdigit() or not self._run.context.masked(numeral.span[0]):
            return False
        ends = self._ends.get(literal)
        if ends is None:
            ends = self._ends[literal] = self._run.evidence.literals.ends_an_id(literal)
        return ends


__all__ = ["DirectMemo", "MemoRun"]
