"""Exchange rates an answer writes with a currency beside them ("€850 ≈ $921.57 at a rate of
1.0842 dollars per euro").

Principle: a number written in a rate expression is a rate, not an amount of money, although
a currency word or sign stands beside it. A rate expression is the number after a rate word
("at a rate of 1.0842", "al tipo de cambio de 1.0842", "zum Kurs von 1.0842"), the number
before a link to a second currency ("1.0842 dollars per euro", "1.0842 USD/EUR", "1.0842 USD je
EUR"), or the right side of a one-unit equation ("1 EUR = 1.0842 USD", "€1 = $1.0842"). Such a
number is explained when the evidence holds it under a rate key ("rate", "exchange_rate",
"taux", "Kurs": lexicon data, ``language/lexicons/rates.json``), to the precision written; the
"1" unit side of the equation is then explained with it. Only the money check is relaxed:
a rate the evidence does not hold under a rate key (an invented or mistyped rate, or an
amount written "per euro" that no result gives as a rate) stays flagged.

Risk: a key merely containing a rate word ("rate_limit", "exchange_id") is read as a rate, so
an amount "per euro" equal to it passes; an inverse rate (0.9223 for 1.0842) is not derived
and stays flagged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from nofab.language import vocabulary
from nofab.numbers.lexicon import number_words

#: Characters before a number in which a rate word (and its "of") is looked for.
_BEFORE = 32
#: Characters after a number in which its "per <currency>" link is looked for.
_AFTER = 32
_SIGNS = "$€£¥₹"


def _alternation(words: Iterable[str]) -> str:
    return "|".join(sorted({re.escape(w) for w in words}, key=len, reverse=True))


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    data = {k: v for k, v in vocabulary.load("rates").items() if not k.startswith("_")}
    rate_words = _alternation(w for entry in data.values() for w in entry["rate_words"])
    per = _alternation(w for entry in data.values() for w in entry["per"])
    keys = _alternation(w for entry in data.values() for w in entry["keys"])
    currency = rf"(?:{_alternation(number_words().currencies)})(?![^\W\d_])|[{_SIGNS}]"
    # the rate word, then a few linking words ("of", "de", "von", "is", "today's", ":")
    before = re.compile(rf"(?<![^\W\d_])(?:{rate_words})(?![^\W\d_])[^\d.;!?\n]{{0,16}}$", re.IGNORECASE)
    one = rf"(?:[{_SIGNS}]\s?1|(?<![\d.,])1(?:\s?(?:{currency})))"
    equation = re.compile(rf"{one}\s*[=≈:]\s*$", re.IGNORECASE)
    after = re.compile(
        rf"\s*(?:{currency})?\s*(?:(?<![^\W\d_])(?:{per})\s+|/\s?)(?:{currency})", re.IGNORECASE
    )
    # the key word itself leads (a word of the key: "exchange_rate", "rate_eur"), so the scan
    # is linear; at most 30 more letters of the key follow before its value
    held = re.compile(
        rf'(?<![^\W\d_])(?:{keys})(?![^\W\d_])[^\W\d]{{0,30}}"?\s*[:=]\s*"?(-?\d+(?:\.\d+)?)',
        re.IGNORECASE,
    )
    return before, equation, after, held


def in_rate_expression(answer: str, span: tuple[int, int]) -> bool:
    """Is the number at ``span`` written as a rate (after a rate word, before a "per
    <currency>" link, or as the right side of "1 EUR = ...")?"""
    start, end = span
    before, equation, after, _held = _patterns()
    window = answer[max(0, start - _BEFORE) : start]
    if before.search(window) or equation.search(window):
        return True
    return after.match(answer, end, min(len(answer), end + _AFTER)) is not None


def unit_of_rate(answer: str, span: tuple[int, int]) -> bool:
    """Is the number at ``span`` the "1" unit side of a one-unit rate equation ("1 EUR =",
    "€1 =")?"""
    start, end = span
    if answer[start:end].strip(_SIGNS + " ") != "1":
        return False
    tail = answer[end : end + 16]
    return (
        re.match(
            rf"\s*(?:(?:{_alternation(number_words().currencies)})\s*|[{_SIGNS}]\s*)?[=≈]",
            tail,
            re.IGNORECASE,
        )
        is not None
    )


def rate_values(texts: Iterable[str]) -> list[float]:
    """The numbers the ``texts`` (evidence) hold under a rate key, sorted."""
    held = _patterns()[3]
    return sorted({float(m.group(1)) for text in texts for m in held.finditer(text)})


def held_rate(interval: tuple[float, float], rates: list[float]) -> bool:
    """Is a rate the evidence holds (``rates``) within ``interval`` (the written number's
    display rounding)?"""
    lo, hi = interval
    return any(lo <= r <= hi for r in rates)


__all__ = ["held_rate", "in_rate_expression", "rate_values", "unit_of_rate"]
