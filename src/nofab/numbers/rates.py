"""Exchange rates an answer writes with a currency beside them ("€850 ≈ $921.57 at a rate of
1.0842 dollars per euro").

Principle: a number written in a rate expression is a rate, not an amount of money, although
a currency word or sign stands beside it. A rate expression is the number after a rate word
("at a rate of 1.0842", "al tipo de cambio de 1.0842", "zum Kurs von 1.0842"), the number
before a link to a second currency ("1.0842 dollars per euro", "1.0842 USD/EUR", "1.0842 USD je
EUR"), or the right side of a one-unit equation ("1 EUR = 1.0842 USD", "€1 = $1.0842", "1 EUR
entspricht 1,0842 USD"). Such a number is explained when the evidence holds it under a rate key
("rate", "exchange_rate", "taux", "Kurs": lexicon data, ``language/lexicons/rates.json``), to
the precision written. Only the money check is relaxed: a rate the evidence does not hold
under a rate key (an invented or mistyped rate, or an amount written "per euro" that no result
gives as a rate) stays flagged.

The unit of a rate is no amount (``unit_of_rate``): in an equivalence "1 <unit> = <number>
<unit>" ("1 USD = 0.92 EUR", "€1 = $1.08", "1 EUR equals ...") or after a "per" word ("1.0842
USD per 1 EUR"), the "1" states which unit the other number is given for; it claims nothing
and is never checked, whether or not the evidence holds the rate. The other number is checked
as above, so a changed rate or converted amount is still caught.

Risk: a key merely containing a rate word ("rate_limit", "exchange_id") is read as a rate, so
an amount "per euro" equal to it passes; an inverse rate (0.9223 for 1.0842) is not derived
and stays flagged. An amount of exactly 1 written before "=" or an equivalence word ("$1 =
the fee") is never checked.
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


def _words(key: str) -> str:
    data = {k: v for k, v in vocabulary.load("rates").items() if not k.startswith("_")}
    return _alternation(w for entry in data.values() for w in entry[key])


@cache
def _link() -> str:
    """What states an equivalence: a sign, or an equivalence word of any language."""
    return rf"(?:[=≈~:→]|(?<![^\W\d_])(?:{_words('equivalences')})(?![^\W\d_]))"


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    rate_words, per, keys = _words("rate_words"), _words("per"), _words("keys")
    currency = rf"(?:{_alternation(number_words().currencies)})(?![^\W\d_])|[{_SIGNS}]"
    # the rate word, then a few linking words ("of", "de", "von", "is", "today's", ":")
    before = re.compile(rf"(?<![^\W\d_])(?:{rate_words})(?![^\W\d_])[^\d.;!?\n]{{0,16}}$", re.IGNORECASE)
    one = rf"(?:[{_SIGNS}]\s?1|(?<![\d.,])1(?:\s?(?:{currency})))"
    # the other side's sign may stand before its number, one space between ("1 € = R$ 6,3184")
    equation = re.compile(rf"{one}\s*{_link()}\s*(?:[a-z]{{0,3}}[{_SIGNS}]\s?)?$", re.IGNORECASE)
    # "per euro", "/EUR", and "per 1 EUR" (the unit written with its 1)
    after = re.compile(
        rf"\s*(?:{currency})?\s*(?:(?<![^\W\d_])(?:{per})\s+|/\s?)(?:1\s?)?(?:{currency})", re.IGNORECASE
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


@cache
def _unit_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    currency = rf"(?:{_alternation(number_words().currencies)})(?![^\W\d_])|[{_SIGNS}]"
    # the unit's name (a currency, or any one word: "1 item =", "1 Stück ="), then the link,
    # then the other side's number (its sign or a minus may lead)
    equivalence = re.compile(
        rf"\s*(?:(?:{currency})\s*|[^\W\d_]{{1,20}}\s*)?{_link()}\s*(?:[a-z]{{0,3}}[{_SIGNS}]|-)?\s?\d",
        re.IGNORECASE,
    )
    # "per 1 EUR", "je 1 €": the per word right before the 1 (or its sign)
    per = re.compile(rf"(?<![^\W\d_])(?:{_words('per')})\s+[{_SIGNS}]?\s?$", re.IGNORECASE)
    return equivalence, per


#: The "1" of a unit, as written: with a sign, and with zero decimals ("1.00 EUR =").
_ONE = re.compile(rf"[{_SIGNS}]?\s?1(?:[.,]0{{1,2}})?\s?[{_SIGNS}]?")


def unit_of_rate(answer: str, span: tuple[int, int]) -> bool:
    """Is the number at ``span`` the "1" that states the unit of a rate or equivalence ("1 EUR
    = 1.08 USD", "€1 = $1.08", "1 USD equals 0.92 EUR", "1.0842 USD per 1 EUR")? The other side
    must be a number: "$1 = the fee" states no rate."""
    start, end = span
    if _ONE.fullmatch(answer, start, end) is None:
        return False
    equivalence, per = _unit_patterns()
    if equivalence.match(answer, end, min(len(answer), end + 48)) is not None:
        return True
    return per.search(answer, max(0, start - 16), start) is not None


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
