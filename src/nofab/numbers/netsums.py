"""A net figure of gains and losses the answer shows: "SAP lost $31.08 ... Siemens gained
$36.80 ... net, the portfolio is up $5.72", "unterm Strich 10,47 € im Plus".

Principle: a figure whose sentence holds a net cue ("net", "overall", "bottom line", "unterm
Strich", "au final", "en neto", "no saldo" ..., ``net_cues`` in ``numbers.json``) is the
signed sum of the figures of its kind the answer showed before it in the same paragraph.
Each operand's sign is the one the answer gives it: a sign written on the figure ("+1.84",
"−2.59"), else the gain or loss words of its sentence ("gained", "up", "zugelegt", "gagné"
against "lost", "down", "verloren", "perdu": ``gain_words``, ``loss_words``). Signs are never
guessed: an operand whose sentence gives none, or both, makes the net unreadable, and when
the net's own sentence says up or down the sum must have that sign. A figure followed by a
per-unit word ("2.59 € pro Aktie", "$3 per share") is a rate, not an operand.

Risk: a wrong net equal to the signed sum of its paragraph's figures is impossible, but a
wrong operand makes the right net look wrong (a finding on the net as well as the operand)
and a paragraph that mixes per-item and per-holding figures without a per-unit word is read
as one sum (no explanation, the net stays a finding). Operands are taken as shown, whether or
not they are explained: each is its own question.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from functools import cache

from nofab.numbers.lexicon import alternation, listed_pattern, number_words
from nofab.numbers.numeral import Numeral
from nofab.numbers.rounding import format_number
from nofab.numbers.rows import units

#: At most this many operands are added (a longer run of figures is no net of a few moves).
MAX_OPERANDS = 10
_PARAGRAPH = re.compile(r"\n\s*\n")


@cache
def _per_unit() -> re.Pattern[str]:
    words = number_words()
    per = alternation(tuple(w.lower() for w in words.per_unit))
    money = alternation(words.currencies)  # "2.59 € per share", "2,59 Euro pro Aktie"
    return re.compile(rf"\s*(?:[^\w\s]|(?:{money})(?![^\W\d_]))?\s*(?:{per})(?![^\W\d_])", re.IGNORECASE)


#: At most this many numerals before a net are read back (a paragraph longer than that is no
#: net of a few moves either; the bound keeps each question's cost flat on hostile answers).
MAX_READ_BACK = 200


class NetSums:
    """The sentences, paragraphs and net cues of one answer, read once and asked per number
    (each question binary-searches its sentence and paragraph and reads back a bounded run of
    numerals: linear in the answer, however many figures ask)."""

    __slots__ = ("_answer", "_bounds", "_cued", "_directions", "_numerals", "_paragraphs")

    def __init__(self, answer: str, numerals: Sequence[Numeral]) -> None:
        self._answer = answer
        self._numerals = numerals
        self._bounds: list[int] | None = None  # sentence and row starts, at the first question
        self._cued: set[int] = set()  # the sentences holding a net cue
        self._paragraphs: list[int] = []  # paragraph starts after the first
        self._directions: dict[int, int] = {}  # each sentence's gain/loss direction, read once

    def _read(self) -> list[int]:
        answer = self._answer
        bounds = units(answer)
        self._cued = {bisect_right(bounds, m.start()) for m in listed_pattern("net_cues").finditer(answer)}
        self._paragraphs = [m.end() for m in _PARAGRAPH.finditer(answer)]
        self._bounds = bounds
        return bounds

    def live(self) -> bool:
        """May a figure still be a net here: True until the answer is read and holds no net cue."""
        return self._bounds is None or bool(self._cued)

    def _sentence(self, at: int) -> tuple[int, int, int]:
        bounds = self._bounds if self._bounds is not None else self._read()
        i = bisect_right(bounds, at)
        return i, bounds[i - 1], bounds[i] if i < len(bounds) else len(self._answer)

    def _direction(self, at: int) -> int:
        """+1 when the sentence holding ``at`` holds only gain words, -1 only loss words, 0
        otherwise (read once per sentence)."""
        i, start, end = self._sentence(at)
        if i not in self._directions:
            self._directions[i] = _direction(self._answer, start, end)
        return self._directions[i]

    def _sign(self, numeral: Numeral) -> int:
        """The sign the answer gives a figure: written on it, else its sentence's words."""
        if numeral.text[:1] in ("+", "-", "−", "–"):
            return -1 if numeral.text[:1] != "+" else 1
        return self._direction(numeral.span[0])

    def explain(self, index: int, lo: float, hi: float) -> str | None:
        """How the figure at ``index`` (true values ``[lo, hi]``) is the signed sum of the
        figures of its kind before it in its paragraph, announced by a net cue; or None."""
        if self._bounds is None:
            self._read()
        if not self._cued:
            return None  # no net cue anywhere in the answer (most answers): no sentence to find
        answer, numerals = self._answer, self._numerals
        net = numerals[index]
        i, _start, _end = self._sentence(net.span[0])
        if i not in self._cued:
            return None
        k = bisect_right(self._paragraphs, net.span[0])
        paragraph = self._paragraphs[k - 1] if k else 0
        total, count = 0.0, 0
        for j in range(index - 1, max(-1, index - 1 - MAX_READ_BACK), -1):
            numeral = numerals[j]
            if numeral.span[0] < paragraph:
                break
            if numeral.kind != net.kind or numeral.scale != 1.0:
                continue
            if _per_unit().match(answer, numeral.span[1]):
                continue  # a rate per item: the holdings' figures are the operands
            sign = self._sign(numeral)
            if sign == 0 or count >= MAX_OPERANDS:
                return None
            total, count = total + sign * abs(numeral.value), count + 1
        else:
            if index > MAX_READ_BACK and numerals[index - 1 - MAX_READ_BACK].span[0] >= paragraph:
                return None  # more of the paragraph lies further back than is read
        if count < 2:
            return None
        wanted = self._direction(net.span[0])
        if wanted and wanted * total <= 0:
            return None
        if not lo - 1e-9 <= abs(total) <= hi + 1e-9:
            return None
        return f"net {format_number(round(total, 10))} of the {count} signed figures before it"


def _direction(answer: str, start: int, end: int) -> int:
    """+1 when the stretch holds only gain words, -1 only loss words, 0 otherwise."""
    gain = listed_pattern("gain_words").search(answer, start, end) is not None
    loss = listed_pattern("loss_words").search(answer, start, end) is not None
    return 0 if gain == loss else (1 if gain else -1)


__all__ = ["MAX_READ_BACK", "NetSums"]
