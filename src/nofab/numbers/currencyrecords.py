"""Records that name their currency: their amounts are money.

A tool result often types its amounts once for the whole record rather than per key: a
stock quote ``{"price": 439.4, "change": -3.77, "currency": "USD"}``, an account
``{"available": 120.5, "currency": "EUR"}``. The key names ("change", "available") say
nothing about money, so an answer's "$3.77" would be held against no amount at all.

Principle: a JSON object that holds an ISO 4217 style code (three letters) under a
currency key (``currency_keys`` in ``currency_records.json``) states the currency of its
amounts; every number it holds under a key that does not name another quantity (a
percentage, a count, a rate, a size: ``not_amounts``) is an amount of money, read without
its sign as the evidence's other keyed amounts are ("change": -3.77 is "down $3.77").

Risk: a number of such a record that is neither an amount nor named as something else (a
"volume" is excluded, an unnamed "open_interest" is not) grounds a money figure of the
same value; the number itself was in the evidence, so what is lost is only the check that
it was given as money.

The same reading holds for the arithmetic within such a record (``amount_keys``): its
amounts combine as money ("price" 182.5 and "previous_close" 176.0 of a quote: a change of
$6.50), as the amounts of a record whose keys name money do. Risk: as above, a number of the
record that is no amount joins its sums and differences.
"""

from __future__ import annotations

import re
from functools import cache

from nofab.language import vocabulary
from nofab.numbers.lexicon import number_words

#: How far (characters) the enclosing object of a currency key is looked for on each side.
MAX_REACH = 20_000
#: At most this many currency records are read per source (a hostile result may hold many).
MAX_RECORDS = 200

#: A key and its number, as the folded JSON text writes it (a number may be quoted whole).
KEY_NUMBER = re.compile(r'"([a-z_ \-]{1,40})"\s*:\s*(?:(-?\d+(?:\.\d+)?)(?![\d.])|"(-?\d+(?:\.\d+)?)")')
_KEY_PART = re.compile(r"[a-z]+")


@cache
def _lexicon() -> tuple[tuple[str, ...], re.Pattern[str], frozenset[str]]:
    data = vocabulary.load("currency_records")
    keys = tuple(sorted({str(k).casefold() for k in data["currency_keys"]}, key=len, reverse=True))
    alternation = "|".join(re.escape(k) for k in keys)
    converting = "|".join(re.escape(k) for k in _conversion_keys())
    codes = "|".join(sorted(_codes()))
    pattern = re.compile(rf'"(?:{alternation})"\s*:\s*"[a-z]{{3}}"|"(?:{converting})"\s*:\s*"(?:{codes})"')
    quoted = tuple(f'"{k}"' for k in (*keys, *_conversion_keys()))
    return quoted, pattern, frozenset(str(w).casefold() for w in data["not_amounts"])


@cache
def _currency_keys() -> frozenset[str]:
    """The keys ``amount_keys`` looks up (each quoted key of ``_lexicon`` without its quotes)."""
    return frozenset(key[1:-1] for key in _lexicon()[0])


@cache
def _conversion_keys() -> tuple[str, ...]:
    """Keys that state a currency only with a currency code as value (``conversion_keys``)."""
    keys = {str(k).casefold() for k in vocabulary.load("currency_records")["conversion_keys"]}
    return tuple(sorted(keys, key=len, reverse=True))


@cache
def _codes() -> frozenset[str]:
    return frozenset(c.casefold() for c in number_words().currency_codes)


def enclosing(text: str, at: int) -> tuple[int, int] | None:
    """The span of the innermost JSON object around position ``at`` (braces counted, within
    ``MAX_REACH`` on each side), or None."""
    depth = 0
    start = -1
    for i in range(at - 1, max(-1, at - MAX_REACH - 1), -1):
        c = text[i]
        if c == "}":
            depth += 1
        elif c == "{":
            if depth == 0:
                start = i
                break
            depth -= 1
    if start < 0:
        return None
    depth = 0
    for j in range(at, min(len(text), at + MAX_REACH)):
        c = text[j]
        if c == "{":
            depth += 1
        elif c == "}":
            if depth == 0:
                return start, j + 1
            depth -= 1
    return None


def names_other_quantity(key: str) -> bool:
    """Does ``key`` (case-folded) name a quantity other than money (a count, a percent, a
    rate: ``not_amounts`` of currency_records.json)?"""
    return bool(_lexicon()[2].intersection(_KEY_PART.findall(key)))


def record_amounts(folded: str) -> list[float]:
    """The amounts (without sign) of every object of ``folded`` (case-folded JSON text) that
    names its currency."""
    quoted, pattern, not_amounts = _lexicon()
    if not any(key in folded for key in quoted):
        return []
    found: list[float] = []
    covered_to = -1
    records = 0
    for match in pattern.finditer(folded):
        if match.start() < covered_to:
            continue  # inside the record read last
        records += 1
        if records > MAX_RECORDS:
            break
        span = enclosing(folded, match.start())
        if span is None:
            continue
        covered_to = span[1]
        for pair in KEY_NUMBER.finditer(folded, span[0], span[1]):
            if not_amounts.intersection(_KEY_PART.findall(pair.group(1))):
                continue
            found.append(abs(float(pair.group(2) or pair.group(3))))
    return found


def amount_keys(record: dict[object, object]) -> frozenset[str] | None:
    """The keys of ``record`` (a parsed JSON object) whose numbers are amounts because the
    record names its currency (a three-letter code under a currency key); None when it names
    none. Called per object of a result: the test is a few dict lookups."""
    quoted, _pattern, not_amounts = _lexicon()
    if _currency_keys().isdisjoint(record):
        return None  # most records: no currency key at all (one set operation)
    if not any(isinstance(record.get(key[1:-1]), str) for key in quoted):
        return None
    converting = _conversion_keys()
    if not any(
        _is_code(value := record.get(key[1:-1]))
        and (key[1:-1] not in converting or str(value).casefold() in _codes())
        for key in quoted
    ):
        return None
    return frozenset(
        str(key)
        for key, value in record.items()
        if isinstance(value, (int, float))
        and not isinstance(value, bool)
        and not not_amounts.intersection(_KEY_PART.findall(str(key).casefold()))
    )


def _is_code(value: object) -> bool:
    """Is ``value`` a three-letter currency code ("USD", "eur")?"""
    return isinstance(value, str) and len(value) == 3 and value.isascii() and value.isalpha()


__all__ = ["KEY_NUMBER", "amount_keys", "enclosing", "names_other_quantity", "record_amounts"]
