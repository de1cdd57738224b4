"""An amount converted into another currency at a rate a tool returned ("your $1,500 comes to
about ¥219,780" with ``{"rate": 146.52}``), and the currency an amount is written in.

Principle: an amount written in one currency that equals, within its display rounding, an
amount the answer shows nearby in another currency (itself grounded) times or divided by a
rate the evidence holds under a rate key (``rates.json``, as ``nofab.numbers.rates`` reads
them) is that amount converted: the change of currency between the two is what names the
operation, and the agent computes with the rate as the tool gave it. Products of a few shown
amounts and the one or two rates of a turn are sparse, so a changed figure almost never
lands on one by chance.

Risk: two ways of writing one currency ("$" and "USD") read as two currencies, so an amount
equal to another times a held rate passes although no conversion was meant; bounded by the
rate having to be one the evidence holds under a rate key and the operand shown within
``REACH`` numerals. An amount converted from a figure the answer does not show (a held
amount left unsaid) is not derived here: the tool's own converted value grounds it, or it
stays a finding.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from nofab.numbers.lexicon import number_words
from nofab.numbers.numeral import Numeral
from nofab.numbers.resultmemo import rates_of
from nofab.numbers.rounding import format_number

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: How many numerals either side of an amount its source amount may stand.
REACH = 4
_SIGNS = "$€£¥₹"
_WORD_AFTER = re.compile(r"\s?([^\W\d_]+)")
_WORD_BEFORE = re.compile(r"([^\W\d_]+)\s?$")
_SIGN_BEFORE = re.compile(r"(?<![^\W\d_])((?:[a-z]{1,3})?[$€£¥₹]) $", re.IGNORECASE)


def currency(answer: str, numeral: Numeral) -> str:
    """The currency the amount ``numeral`` is written in: its sign ("$", "¥", "ca$", "r$"),
    glued or one space before it, else the currency word or code right after or before its
    digits ("EUR", "euros"), lower case; "" when none is written."""
    start, end = numeral.span
    at = next((i for i, c in enumerate(numeral.text) if c in _SIGNS), -1)
    if at >= 0:  # "$", "€", and a country's dollar ("CA$", "R$": its letters are part of it)
        return numeral.text[max(0, at - 3) : at + 1].lstrip("+-−–").lower()
    spaced = _SIGN_BEFORE.search(answer, max(0, start - 6), start)
    if spaced is not None:  # "R$ 328,38", "€ 40": the sign one space before
        return spaced.group(1).lower()
    words = number_words().currencies
    after = _WORD_AFTER.match(answer, end, min(len(answer), end + 16))
    if after is not None and after.group(1).lower() in words:
        return after.group(1).lower()
    before = _WORD_BEFORE.search(answer, max(0, start - 8), start)
    if before is not None and before.group(1).lower() in words:
        return before.group(1).lower()
    return ""


class Exchange:
    """The held rates of one turn, read on the first question (most turns never ask)."""

    __slots__ = ("_evidence", "_explained", "_rates")

    def __init__(self, evidence: Evidence, explained: Callable[[int], float | None]) -> None:
        self._evidence = evidence
        #: the value of an answer numeral the run explained (None when it did not, yet)
        self._explained = explained
        self._rates: list[float] | None = None

    def explain(self, index: int, lo: float, hi: float) -> str | None:
        """How the amount at ``index`` (true values ``[lo, hi]``) is a shown amount in another
        currency converted at a held rate, or None."""
        numerals, answer = self._evidence.numerals, self._evidence.answer
        if numerals[index].kind != "money":
            return None  # asked first: reading the currency costs two regex matches
        mine = currency(answer, numerals[index])
        if not mine:
            return None
        for j in range(max(0, index - REACH), min(len(numerals), index + REACH + 1)):
            value = self._explained(j) if j != index and numerals[j].kind == "money" else None
            if value is None:
                continue
            theirs = currency(answer, numerals[j])
            if not theirs or theirs == mine:
                continue  # no change of currency: no conversion is named
            if self._rates is None:  # read only once two currencies meet (each source kept)
                self._rates = sorted({r for s in self._evidence.sources for r in rates_of(s.folded) if r > 0})
            for rate in self._rates:
                if lo <= value * rate <= hi or lo <= value / rate <= hi:
                    return f"{format_number(value)} {theirs} converted at the held rate {format_number(rate)}"
        return None


__all__ = ["REACH", "Exchange", "currency"]
