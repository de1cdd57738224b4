"""A change field of a priced record is money: a stock quote's ``"change": -1.15`` beside
``"price": 190.9`` is "down $1.15"; so is its ``"open": 224.9``.

Principle: a field whose key names the change of a quantity (``change_keys`` in
``currency_records.json``: change, delta, net_change, variation ...) is in the unit of the
quantity it changes. In a JSON object that holds an amount under a money key ("price",
"total", "balance": ``nofab.numbers.index.MONEY_KEY``), that quantity is money, so the
change is an amount of money too, read without its sign as the evidence's other amounts
are. A key that also names another quantity ("change_percent", "change_pct":
``not_amounts``) is not read.

The same holds for a field that names the priced quantity at another moment or on another
side of a market (``price_point_keys``: open, close, previous_close, high, low, bid, ask):
a quote's ``"open": 224.9`` beside its ``"price"`` is the opening price, "opened at $224.90".
Those words are short and common inside other words ("allowance", "closet"), so they count
only as a whole part of the key ("day_high", never "highway_toll").

Risk: a record that holds a price beside the change of something else ("price": 12,
"seats_change": 2 is excluded by "seats"; an unnamed "delta" of a count is not) types that
change as money, so an answer's "$2" is grounded by it; the number itself was in the
evidence, so only the check that it was given as money is lost.
"""

from __future__ import annotations

import re
from functools import cache

from nofab.language import vocabulary
from nofab.numbers.currencyrecords import KEY_NUMBER, enclosing, names_other_quantity

#: At most this many change fields are read per source (a hostile result may hold many).
MAX_FIELDS = 200
_KEY_PART = re.compile(r"[a-z]+")


@cache
def _change_keys() -> tuple[frozenset[str], frozenset[str], re.Pattern[str]]:
    """(the change words, the price-point words, a pattern for a key holding either)."""
    data = vocabulary.load("currency_records")
    words = frozenset(str(k).casefold() for k in data["change_keys"])
    points = frozenset(str(k).casefold() for k in data["price_point_keys"])
    alternation = "|".join(sorted((re.escape(w) for w in words | points), key=len, reverse=True))
    # a quoted key holding one of the words, then a number: '"change": -1.15', '"net_change": "3.2"'
    pattern = re.compile(rf'"[a-z_ \-]{{0,20}}(?:{alternation})[a-z_ \-]{{0,20}}"\s*:\s*"?-?\d')
    return words, points, pattern


def _names_change(key: str, words: frozenset[str], points: frozenset[str]) -> bool:
    """Whether ``key`` names a change (a change word anywhere in it) or a price point (a
    price-point word as one of its parts, or the key itself)."""
    return any(w in key for w in words) or key in points or not points.isdisjoint(_KEY_PART.findall(key))


def change_amounts(folded: str, money_key: re.Pattern[str]) -> list[float]:
    """The values (without sign) of the change fields of ``folded`` (case-folded JSON text)
    whose object holds an amount under a key ``money_key`` matches."""
    words, points, pattern = _change_keys()
    found: list[float] = []
    covered: tuple[int, int] | None = None
    held = False
    for count, match in enumerate(pattern.finditer(folded)):
        if count >= MAX_FIELDS:
            break
        inside = covered is not None and covered[0] <= match.start() < covered[1]
        span = covered if inside else enclosing(folded, match.start())
        if span is None:
            continue
        if span != covered:
            covered = span
            held = any(
                money_key.search(key := pair.group(1)) is not None
                and not words.intersection(_KEY_PART.findall(key))
                and points.isdisjoint(_KEY_PART.findall(key))
                and not names_other_quantity(key)
                for pair in KEY_NUMBER.finditer(folded, span[0], span[1])
            )
        if not held:
            continue
        pair = KEY_NUMBER.match(folded, match.start())
        key = pair.group(1) if pair is not None else ""
        # A listed price point ("day_high") is read whole: its "day" is a scope, not a count.
        if (
            pair is not None
            and _names_change(key, words, points)
            and (key in points or not names_other_quantity(key))
        ):
            found.append(abs(float(pair.group(2) or pair.group(3))))
    return found


def point_keys(record: dict[object, object], money_key: re.Pattern[str]) -> frozenset[str]:
    """The keys of a parsed record that name a change or another price point of its priced
    quantity ("change", "open", "day_high"), when the record holds a number under a money key
    ("price"): those fields are amounts too, and combine with it ("up $2.75 since the open"
    is price minus open). Called per object of a result: a few set operations."""
    words, points, _pattern = _change_keys()
    keys = {str(k): str(k).casefold() for k, v in record.items() if _numeric(v)}
    if not any(money_key.search(k) and not _names_change(k, words, points) for k in keys.values()):
        return frozenset()
    return frozenset(
        key
        for key, k in keys.items()
        if _names_change(k, words, points) and (k in points or not names_other_quantity(k))
    )


def _numeric(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


__all__ = ["change_amounts", "point_keys"]
