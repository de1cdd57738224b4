"""Amounts a text writes beside an ISO currency code: "Total: JPY 88,400", "CHF 1'250",
"payable: 420.00 EUR", in an e-mail body, a log line or any tool's prose.

Principle: an ISO currency code (``currency_codes`` in ``numbers.json``: USD, EUR, JPY, CHF
...) standing as a whole word right before or right after a number makes that number an
amount of money, as a currency symbol does ("¥88,400", "$35"); an answer's "JPY 88,400" or
"¥88,400" of it is grounded as money, and money derived from it (a total over the nights of
a stay) may start from it. The number must touch the code: at most one space between them,
and nothing else (a "JPY" heading a line of other figures gives no amount to the figures
further on).

Risk: a number beside a code that is no amount ("EUR 2 accounts") reads as money; the figure
itself is in the evidence, only its kind is not checked. A code is a whole word only ("cad"
in "cadence", "aud" in "audit" is none).
"""

from __future__ import annotations

import re
from functools import cache

from nofab.numbers.lexicon import alternation, number_words
from nofab.numbers.locale import DECIMAL_COMMA, plain_digits
from nofab.numbers.plain import SCALES

#: Codes read at most per text (a hostile text of many codes costs no more).
MAX_CODES = 2000

#: Thousands grouped by spaces ("1 850 CHF", "CHF 1 250,50"), as fr and ch write them.
_SPACED = r"\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d{1,2})?"
_NUMBER = rf"({DECIMAL_COMMA}|{_SPACED}|\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?)"
#: The number right before a code ("88,400 jpy"), matched against the text before the code.
_BEFORE = re.compile(rf"(?<![\d.,]){_NUMBER} ?$")
_SCALE_WORDS = "|".join(sorted((re.escape(w) for w in SCALES), key=len, reverse=True))
#: The number right after a code ("jpy 88,400", "kes 4.2m": with its magnitude), matched at
#: the code's end.
_AFTER = re.compile(rf" ?{_NUMBER}(?![\d]|[.,]\d)(?: ?({_SCALE_WORDS})(?![^\W\d_]))?")


@cache
def _code() -> re.Pattern[str]:
    codes = alternation(tuple(sorted(c.casefold() for c in number_words().currency_codes)))
    return re.compile(rf"(?<![^\W\d_])(?:{codes})(?![^\W\d_])")


def _plain(written: str) -> str:
    return plain_digits(re.sub(r"[ \u00a0\u202f]", "", written))


def code_amounts(folded: str) -> list[float]:
    """The numbers the case-folded ``folded`` writes right before or after a currency code."""
    found: list[float] = []
    for n, m in enumerate(_code().finditer(folded)):
        if n >= MAX_CODES:
            break
        before = _BEFORE.search(folded, max(0, m.start() - 24), m.start())
        if before:
            found.append(float(_plain(before.group(1))))
        after = _AFTER.match(folded, m.end(), min(len(folded), m.end() + 24))
        if after:
            found.append(float(_plain(after.group(1))))
            if after.group(2):  # "kes 4.2m": 4.2 as written, and the amount it stands for
                found.append(found[-1] * SCALES.get(after.group(2), 1.0))
    return found


__all__ = ["MAX_CODES", "code_amounts"]
