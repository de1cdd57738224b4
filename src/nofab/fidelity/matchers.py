"""The matchers: how a declared value is compared with a value read from a tool's output.

Each matcher is a pure function ``(expected, actual) -> bool`` over JSON values, with a
``prepare`` step run once at validation so that a bad declaration is a ``MatchError``
there, never a crash while checking. ``expected`` is what the answer declares;
``actual`` is one value the path reached.

=========  =================================================================================
exact      trimmed text equality (``42`` and ``"42"`` are the same text; case matters)
contains   case-insensitive, per line, whole tokens: ``cain`` is not in ``McCain`` and ``evil``
           is not in ``C:\\evilcorp.exe``, but ``evil.exe`` is in ``C:\\Temp\\evil.exe``
int        integer equality, decimal or ``0x`` hex: ``0x1F`` = ``31``; ``08`` is decimal 8
           (leading zeros never mean octal); ``8.0`` is 8 (an integral float, as serialisers
           write it) but ``8.5`` is no integer; booleans are never integers
number     the actual value, rounded to the declared decimals, is the declared value:
           ``42.73`` matches ``42.7333`` (|difference| <= 0.005); ``42`` matches ``41.6``
iso_ts     the same instant: ISO 8601 (naive = UTC) or epoch seconds / milliseconds
           (a magnitude of 1e11 or more is milliseconds)
record     ``{field: substring}``: every constraint holds (``contains`` semantics) in the same
           object, so a claim cannot be assembled from two rows; a field may be a sub-path
regex      the whole value matches (anchored), with RE2: linear time, no backtracking
=========  =================================================================================
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from nofab.fidelity.values import (
    MAX_REGEX_INPUT,
    PREPARE,
    MatchError,
    compiled_pattern,
    parse_decimal,
    parse_instant,
    parse_int,
    record_constraints,
    record_spec,
    scalar_text,
    validate,
)
from nofab.language.text import find_token, fold

__all__ = [
    "MATCHERS",
    "MatchError",
    "Matcher",
    "contains_text",
    "matches",
    "parse_decimal",
    "parse_instant",
    "parse_int",
    "record_constraints",
    "scalar_text",
    "validate",
]


def _exact(expected: Any, actual: Any) -> bool:
    a = scalar_text(actual)
    e = scalar_text(expected)
    return a is not None and e is not None and a.strip() == e.strip()


def _int(expected: Any, actual: Any) -> bool:
    a = parse_int(actual)
    return a is not None and a == parse_int(expected)


def _number(expected: Any, actual: Any) -> bool:
    e = parse_decimal(expected)
    a = parse_decimal(actual)
    if e is None or a is None:
        return False
    exponent = e.as_tuple().exponent
    decimals = max(0, -exponent) if isinstance(exponent, int) else 0
    return abs(a - e) <= Decimal(5).scaleb(-decimals - 1)


def _iso_ts(expected: Any, actual: Any) -> bool:
    a = parse_instant(actual)
    return a is not None and a == parse_instant(expected)


def _regex(expected: Any, actual: Any) -> bool:
    text = scalar_text(actual)
    if text is None or not isinstance(expected, str) or len(text) > MAX_REGEX_INPUT:
        return False
    return compiled_pattern(expected).fullmatch(text) is not None


def contains_text(needle: str, hay: str) -> bool:
    """``needle`` in ``hay`` as whole tokens, case-insensitively, within one line."""
    n = fold(needle.strip())
    if not n:
        return False
    return any(find_token(fold(line), n) != -1 for line in hay.splitlines())


def _contains(expected: Any, actual: Any) -> bool:
    a = scalar_text(actual)
    e = scalar_text(expected)
    return a is not None and e is not None and contains_text(e, a)


def _record(expected: Any, actual: Any) -> bool:
    if not isinstance(actual, dict):
        return False
    spec = record_spec(json.dumps(record_constraints(expected), sort_keys=True))
    for sub, needle in spec.constraints:
        resolution = sub.resolve(actual)
        if not any(
            (text := scalar_text(v)) is not None and contains_text(needle, text)
            for _w, v in resolution.values
        ):
            return False
    return True


# --------------------------------------------------------------------------- registry
@dataclass(frozen=True, slots=True)
class Matcher:
    name: str
    prepare: Callable[[Any], Any]
    match: Callable[[Any, Any], bool]
    #: ``record`` compares whole objects; every other matcher compares scalars.
    wants_object: bool = False


MATCHERS: dict[str, Matcher] = {
    m.name: m
    for m in (
        Matcher("exact", PREPARE["exact"], _exact),
        Matcher("contains", PREPARE["contains"], _contains),
        Matcher("int", PREPARE["int"], _int),
        Matcher("number", PREPARE["number"], _number),
        Matcher("iso_ts", PREPARE["iso_ts"], _iso_ts),
        Matcher("record", PREPARE["record"], _record, wants_object=True),
        Matcher("regex", PREPARE["regex"], _regex),
    )
}


def matches(kind: str, expected: Any, actual: Any) -> bool:
    """Does ``actual`` (one value read from the output) satisfy the declaration?"""
    return MATCHERS[kind].match(expected, actual)
