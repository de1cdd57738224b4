"""Amounts a plain-text result writes without a currency: "Error: payment failed — insufficient
balance (35.0 available, 50.0 required)", "Zahlung über 22.00 abgelehnt", "solde insuffisant :
12.50 disponibles".

Principle: a structured result gives a figure as money by its key ("amount": 35.0); a
plain-text result (an error message, a log line, a tool's prose) gives it by the words beside
it. A decimal number written with its fraction (one or two places: "35.0", "22.00", a money
formatting, not a count) whose stretch of text — up to ``REACH`` characters either side,
never across a sentence end, a line break or a JSON delimiter (a quote, a bracket, a brace) —
holds a word naming money (``text_money_words`` in ``currency_records.json``: balance, payment,
price, fee, refund, Guthaben, Zahlung, solde, paiement, saldo, pago ..., whole words) is an
amount, as the same figure under a money key is: an answer's "$35" of it is grounded (money
equality is on the value, not on how it is written).

Risk: a decimal that is another quantity beside a money word ("a 4.5 rating for the price")
reads as money, so an answer's "$4.50" of it passes; the figure itself is in the evidence, only
its kind is not checked. Integers are never read so ("payment 3 of 4 failed" gives no $3),
nor are decimals inside JSON values' keys and delimiters (a quoted key ends the stretch).
"""

from __future__ import annotations

import re
from functools import cache

from nofab.language import vocabulary

#: Characters either side of the decimal read for a money word.
REACH = 60
#: Decimals read at most per text (a hostile text of many decimals costs no more).
MAX_DECIMALS = 2000

#: A decimal with one or two places, not part of a longer number, a version or a word.
_DECIMAL = re.compile(r"(?<![\w.,])(\d{1,9}\.\d{1,2})(?![\w]|[.,]\d)")
#: What ends the decimal's stretch of text: a sentence end, a line break, a JSON delimiter.
_STOP = re.compile(r'[.!?;](?=\s|$)|[\n"{}\[\]]')


@cache
def _money_word() -> re.Pattern[str]:
    words = vocabulary.load("currency_records")["text_money_words"]
    listed = sorted({w.casefold() for ws in words.values() for w in ws}, key=len, reverse=True)
    return re.compile(rf"(?<![^\W\d_])(?:{'|'.join(map(re.escape, listed))})(?![^\W\d_])")


def text_amounts(folded: str) -> list[float]:
    """The decimals the case-folded ``folded`` writes beside a word naming money."""
    if "." not in folded:
        return []
    found: list[float] = []
    money = _money_word()
    for n, m in enumerate(_DECIMAL.finditer(folded)):
        if n >= MAX_DECIMALS:
            break
        lo = max(0, m.start() - REACH)
        stops = [s.end() for s in _STOP.finditer(folded, lo, m.start())]
        lo = stops[-1] if stops else lo
        hi = min(len(folded), m.end() + REACH)
        stop = _STOP.search(folded, m.end(), hi)
        hi = stop.start() if stop else hi
        if money.search(folded, lo, hi):
            found.append(float(m.group(1)))
    return found


__all__ = ["MAX_DECIMALS", "REACH", "text_amounts"]
