"""Currency signs and codes beside an amount's digits: what makes a plain number money.

A sign or code written after the amount ("55 €", "30 EUR", as fr, de, es, pt and it write
money), or a sign one space before it ("R$ 2.632,67", "€ 40"), makes it money as a glued
leading sign does (``nofab.numbers.extract``). Principle and risk in ``money_after``.
"""

from __future__ import annotations

import re

from nofab.numbers.lexicon import alternation, number_words
from nofab.numbers.numeral import Numeral

#: A currency sign or code written after an amount ("55 €", "1 280 $", "30 EUR"), with at most
#: one space (or no-break space) between; a sign glued to a word or number after it ("3 $HOME",
#: "10 $20") belongs to that word.
SIGNS = "$€£¥₹"
SPACES = " \u00a0\u202f"
MONEY_AFTER = re.compile(
    rf"[{SPACES}]?(?:[{SIGNS}](?![\w{SIGNS}])|(?:{alternation(number_words().currency_codes)})\b)",
    re.IGNORECASE,
)
CODE_BEFORE = re.compile(rf"\b(?:{alternation(number_words().currency_codes)})[{SPACES}]?$", re.IGNORECASE)


def sign_before(text: str, start: int) -> bool:
    """Does a currency sign stand one space before ``start`` ("R$ 2.632,67", "€ 40"), not
    the trailing sign of a number before it ("10 $ 20")?"""
    if start < 2 or text[start - 1] not in SPACES or text[start - 2] not in SIGNS:
        return False
    return start < 3 or not (
        text[start - 3].isdigit() or text[start - 3] in SIGNS or text[start - 3] in SPACES
    )


def signs_possible(text: str) -> bool:
    """Does ``text`` hold a currency sign anywhere? Else ``money_after`` keeps every numeral
    of it as it is (both its readings need a sign beside the digits): asked once per answer."""
    return any(sign in text for sign in SIGNS)


def money_after(text: str, numeral: Numeral) -> Numeral:
    """``numeral`` as money when a currency sign follows it ("55 €", "54,20 €", "55€"), or
    precedes it across one space ("R$ 2.632,67", "€ 40", "CA$ 12").

    Principle: an amount followed directly (at most one space or no-break space between) by a
    currency sign is money of that currency, as when the sign comes first; fr, de, es, pt and
    it write money that way (a code after it, "30 EUR", ``read_plain`` already reads), and pt
    and nl put one space after a leading sign. Risk: a number beside a lone "$" in code or a
    shell line ("echo 3 $ x", "$ 5 files") reads as money."""
    kind = numeral[2]
    if kind != "number" and kind != "year":
        return numeral
    start, end = numeral[0]
    after = text[end : end + 1]
    if after and after in SPACES:
        after = text[end + 1 : end + 2]
    if not sign_before(text, start) and (
        not after or after not in SIGNS or MONEY_AFTER.match(text, end) is None
    ):
        return numeral
    span, written, _, value, decimals, scale, literal, date, time = numeral
    return Numeral(span, written, "money", value, decimals, scale, literal, date, time)


__all__ = ["CODE_BEFORE", "MONEY_AFTER", "SIGNS", "SPACES", "money_after", "sign_before", "signs_possible"]
