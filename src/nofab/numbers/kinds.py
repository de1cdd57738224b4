"""The kind of quantity a number is, and which kinds may be added or subtracted.

Principle: a sum or a difference explains a number only from commensurable operands, of
the same kind as each other and as the result: money with money, a percentage with
percentages, a temperature with temperatures of the same scale (another scale only by
conversion, ``nofab.numbers.units``), a length, a mass or a duration with the same unit, a
count of one thing with counts of that thing. A chance of rain plus a low in Celsius, or a
percentage minus an amount of money, is no account of anything however well it lands. (A
percentage may also be the ratio of two values of one kind; ratios are asked elsewhere.)

A kind is read where it is written: for a number of the answer, from its literal (a
currency sign or word: money; a percent sign or word: a percentage), the unit written right
after its digits ("57°F", "12 km") or the counted noun it is bound to ("31 passengers");
for a field of a tool result, from its key ("precip_chance", "high_c", "total_baggages",
"price", or any amount of a record that names its currency). A kind not read is unknown, and
an unknown kind combines with every kind: only two known kinds that differ forbid the
arithmetic.

Risk: a field whose key does not reveal its kind ("value", "change", "low"), or an answer's
number written bare (an amount without its currency sign, a percentage under a "%" header
only), is unknown and combines as before, so a slip landing on such a sum still passes as
it did; a key word that misleads (a count key holding money, "points" read as a count)
keeps apart two fields that would have combined, and a true sum over them is then flagged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

from nofab.language import vocabulary
from nofab.numbers.index import MONEY_KEY
from nofab.numbers.nouns import bound_concept, key_concept
from nofab.numbers.numeral import Numeral
from nofab.numbers.units import answer_unit, key_unit

MONEY = "money"
PERCENT = "percent"
_KEY_WORD = re.compile(r"[a-z]+")


@cache
def _percent_keys() -> frozenset[str]:
    """Words of a key that make its value a percentage ("precip_chance", "humidity_pct")."""
    return frozenset(str(w).casefold() for w in vocabulary.load("quantity_kinds")["percent_keys"])


@lru_cache(maxsize=4096)
def key_kind(key: str, priced: bool = False) -> str | None:
    """The kind of the value a field's key names, or None when the key does not say.

    ``priced``: the key is an amount of a record that names its currency
    (``nofab.numbers.currencyrecords``). A percentage word wins over everything (a
    "discount_pct" is no amount), then a unit ("high_c"), then a counted noun
    ("total_baggages" counts bags although "total" reads as money), then money."""
    words = _KEY_WORD.findall(str(key).lower())
    if _percent_keys().intersection(words):
        return PERCENT
    # A unit ends the key it qualifies ("high_c", "duration_min"); "min" inside a key
    # ("record_min_temp") is a minimum, not minutes.
    unit = key_unit(f"_{words[-1]}") if len(words) > 1 else None
    if unit is not None:
        return f"unit:{unit}"
    concept = key_concept(str(key))
    if concept is not None:
        return f"count:{concept}"
    if priced or MONEY_KEY.search(str(key)) is not None:
        return MONEY
    return None


@lru_cache(maxsize=4096)
def column_kind(how: str) -> str | None:
    """The kind of a column sum of records ("sum of $.rows[*].price"), read from its key;
    None for any other aggregate (a count of items, a sum of a list)."""
    path, _dot, key = how.rpartition(".")
    return key_kind(key) if how.startswith("sum of ") and path.endswith("[*]") else None


def answer_kind(answer: str, numeral: Numeral) -> str | None:
    """The kind of a numeral of the answer: its literal's, its unit's, its counted noun's;
    None for a bare number."""
    if numeral.kind == "money":
        return MONEY
    if numeral.kind == "percent":
        return PERCENT
    if numeral.kind != "number":
        return None
    start, end = numeral.span
    while end > start and not answer[end - 1].isdigit():
        end -= 1  # a unit glued to the digits ("15m", "20°C") is part of the numeral's text
    after = answer[end : end + 3]
    if any(c.isalpha() or c in "°º" for c in after):
        unit = answer_unit(answer, end)
        if unit is not None:
            return f"unit:{unit[0]}"
    concept = bound_concept(answer, numeral.span[1])
    return None if concept is None else f"count:{concept}"


def commensurable(first: str | None, second: str | None) -> bool:
    """May two quantities of these kinds be added or subtracted? (unknown: always)"""
    return first is None or second is None or first == second


def split_by_kind(
    keyed: Sequence[tuple[str, float]], priced: Iterable[str] = ()
) -> tuple[list[tuple[str | None, list[float]]], list[float]]:
    """The fields of one record as the groups that may be combined, each with the kind its
    keys name: one group per named kind when the keys name two or more, each with the fields
    whose kind no key names; else the one group of all fields, with the kind named (or None).
    Also the fields whose kind no key names: what combines for a question of another kind.
    ``priced``: the keys that are amounts of a record naming its currency."""
    amounts = frozenset(priced)
    kinds = [key_kind(key, key in amounts) for key, _value in keyed]
    pairs = list(zip(kinds, (v for _k, v in keyed), strict=True))
    plain = [v for kind, v in pairs if kind is None]
    named = sorted({k for k in kinds if k is not None})
    if len(named) < 2:
        return [(named[0] if named else None, [v for _k, v in pairs])], plain
    return [(name, [v for kind, v in pairs if kind in (None, name)]) for name in named], plain


__all__ = ["MONEY", "PERCENT", "answer_kind", "column_kind", "commensurable", "key_kind", "split_by_kind"]
