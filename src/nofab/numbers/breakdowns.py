"""Breakdowns of amounts: a flat record that types one of its amounts types the others.

A payslip ``{"gross": 4800.0, "net": 3012.45, "tax": 1102.3, "social": 685.25}`` names money
in one key only ("tax"); "gross", "net" and "social" are the same kind of figure, a split of
one sum of money, but no key says so, and an answer's "4.800,00 €" would be held against no
amount.

Principle: a flat JSON object (no nested object) that holds at least one decimal number under
a money key, and otherwise only decimal numbers (written with a fractional part: 4800.0,
"685.25") under keys that name no other quantity (``not_amounts`` of
``currency_records.json``: a percentage, a count, a rate, a weight, a duration ...), and whose
figures add up (one of them is the sum of all the others: gross = net + tax + social, total =
labour + parts) is a breakdown of one sum of money: each of those decimals is money too.
Numbers under keys naming another quantity stay what they are and take no part; an integer
under an unnamed key spoils the record (it may be a count: nothing is inferred). Figures that
do not add up ("price" 52.1 and an unnamed "change" -1.35) are no breakdown.

Risk: an unnamed decimal that is no amount yet happens to complete the sum reads as money: an
answer's amount of that value is then grounded by it. The number itself is in the evidence;
what is lost is only the check that it was given as money. The same reading holds for
arithmetic within such a record (``breakdown_keys``): its amounts combine as money.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import lru_cache

from nofab.numbers.currencyrecords import KEY_NUMBER, names_other_quantity

#: At most this many breakdown candidates are read per source (a hostile result may hold many).
MAX_RECORDS = 200
#: A flat record is small: a longer object is not read as a breakdown.
MAX_SPAN = 4000

#: A key and its decimal number, quoted or not, as the folded JSON text writes it.
_MONEY_CANDIDATE = re.compile(r'"([a-z_ \-]{1,40})"\s*:\s*"?-?\d+\.\d+')


def breakdown_amounts(folded: str, money_key: re.Pattern[str]) -> list[float]:
    """The amounts (without sign) of every flat breakdown record of ``folded`` (case-folded
    JSON text); ``money_key`` tells a key naming money."""
    found: list[float] = []
    covered_to = -1
    records = 0
    for match in _MONEY_CANDIDATE.finditer(folded):
        if match.start() < covered_to or not money_key.search(match.group(1)):
            continue
        records += 1
        if records > MAX_RECORDS:
            break
        span = _flat_record(folded, match.start())
        if span is None:
            continue  # in an object holding others, or a long one: no breakdown
        start, end = span
        covered_to = end
        amounts: list[float] = []
        for pair in KEY_NUMBER.finditer(folded, start, end):
            key, text = pair.group(1), pair.group(2) or pair.group(3)
            if names_other_quantity(key):
                continue
            if "." not in text and not money_key.search(key):
                amounts = []
                break  # an unnamed integer: perhaps a count, so no breakdown
            amounts.append(abs(float(text)))
        if _adds_up(amounts):
            found.extend(amounts)
    return found


def _flat_record(text: str, at: int) -> tuple[int, int] | None:
    """The span of the flat JSON object (no brace inside) around ``at``, at most ``MAX_SPAN``
    characters long, or None. Two string searches each way: a hostile text costs little."""
    lo = max(0, at - MAX_SPAN)
    start = text.rfind("{", lo, at)
    if start < 0 or text.rfind("}", start, at) >= 0:
        return None
    hi = min(len(text), start + MAX_SPAN)
    end = text.find("}", at, hi)
    if end < 0 or text.find("{", at, end) >= 0:
        return None
    return start, end + 1


def _adds_up(amounts: list[float]) -> bool:
    """Is one of at least three ``amounts`` (without sign) the sum of all the others, to the
    cent of each?"""
    if len(amounts) < 3:
        return False
    total = math.fsum(amounts)
    top = max(amounts)
    return abs(2 * top - total) <= 0.005 * len(amounts)


def breakdown_keys(
    record: dict[object, object], money_key: Callable[[object], bool]
) -> frozenset[str] | None:
    """The keys of ``record`` (a parsed JSON object) whose numbers are amounts because the
    record is a breakdown (above); None when it is not one. ``money_key`` tells a key naming
    money. Called per object of a result: a pass over its fields."""
    keys: list[str] = []
    values: list[float] = []
    typed = False
    for key, value in record.items():
        if isinstance(value, (dict, list)):
            return None  # not flat
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            continue
        if isinstance(value, str) and not _decimal_text(value):
            continue
        if _other_quantity(key):
            continue
        named = money_key(key)
        decimal = isinstance(value, (float, str))
        if not decimal and not named:
            return None  # an unnamed integer: perhaps a count
        typed = typed or (named and decimal)
        keys.append(str(key))
        values.append(abs(float(value)))
    return frozenset(keys) if typed and _adds_up(values) else None


@lru_cache(maxsize=4096, typed=True)
def _other_quantity(key: object) -> bool:
    """Does ``key`` name a quantity other than money (a count, a rate)? Keys repeat in every
    record of a result: each is read once."""
    return names_other_quantity(str(key).casefold())


_DECIMAL = re.compile(r"-?\d+\.\d+")


def _decimal_text(value: str) -> bool:
    return len(value) < 32 and _DECIMAL.fullmatch(value.strip()) is not None


__all__ = ["breakdown_amounts", "breakdown_keys"]
