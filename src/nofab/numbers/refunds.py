"""A payment method's new balance after a refund the answer shows: "$18 was refunded to your
store credit, which brings it to $70" after one result held the credit's $52.

Principle: the answer names one operand (the refund, an amount it shows and the evidence
grounds) and the operation (a refund word in the figure's sentence: ``refund_cues`` in
``numbers.json``, refunded, credited, erstattet, remboursé, reembolsado ...), and says the
figure is what the method holds (a balance cue in its clause: ``nofab.numbers.balances``); the
other operand is the balance a result holds for a payment method (a record that names itself
by id and holds one amount). The figure equal to that balance plus the shown refund is the
method's new balance. ``nofab.numbers.balances`` reads the same sum when the refund itself is a
record charged to the method's id; this reading is for a refund the results give no record of
(a plain-text confirmation) and the answer restates.

Risk: a changed new balance that lands on another method's balance plus another amount the
answer shows nearby; bounded by the two cues together (refund and balance), by taking only the
few grounded amounts shown nearest the figure, and by the held operand being a payment method's
balance, never any amount of the evidence (a fare plus a fee is a total, the shape of a changed
total landing on a coincidence: ``nofab.numbers.across``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from nofab.numbers.lexicon import by_language
from nofab.numbers.rounding import format_number

#: How far either side of a figure its sentence is read for a refund word (characters).
REACH = 160
_SENTENCE_END = re.compile(r"[.!?\n]\s")
_WORD = re.compile(r"[^\W\d_]+")


@cache
def _cues() -> frozenset[str]:
    return frozenset(w.lower() for words in by_language("refund_cues").values() for w in words)


def refund_cue(answer: str, span: tuple[int, int]) -> bool:
    """Does the figure's sentence (within ``REACH`` either side) hold a refund word?"""
    lo = max(0, span[0] - REACH)
    lo = max((m.end() for m in _SENTENCE_END.finditer(answer, lo, span[0])), default=lo)
    hi = min(len(answer), span[1] + REACH)
    end = _SENTENCE_END.search(answer, span[1], hi)
    hi = end.start() if end else hi
    return not _cues().isdisjoint(w.lower() for w in _WORD.findall(answer, lo, hi))


def refunded(balances: Sequence[float], shown: Sequence[float], lo: float, hi: float) -> str | None:
    """How a value in ``[lo, hi]`` is a held method ``balances`` plus a refund ``shown`` near
    it, or None (the cues are the caller's to read)."""
    for balance in balances:
        for amount in shown:
            if amount > 0 and lo - 1e-9 <= balance + amount <= hi + 1e-9:
                return f"the balance {format_number(balance)} plus the refund {format_number(amount)} shown"
    return None


__all__ = ["REACH", "refund_cue", "refunded"]
