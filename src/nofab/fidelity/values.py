"""Declared values: what the answer declares, parsed and validated before any matching.

A declaration is validated once, when its turn is read (``Turn`` calls ``validate``), so a
bad one is a ``MatchError`` there and never a crash while checking. The parsing helpers
(integers in decimal or hex, decimals as written, instants, ``record`` constraints, RE2
patterns) are shared with the matchers (``nofab.fidelity.matchers``), which compare. This
module reads no text of the answer, so the turn model can use it without importing the
language layer.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

from nofab.fidelity import path as paths

#: Longest value ``regex`` examines; a longer value does not match (RE2 is linear, but a
#: declaration should not make the guard scan megabytes). Other matchers are linear anyway.
MAX_REGEX_INPUT = 1_000_000

_DECIMAL_INT = re.compile(r"[+-]?[0-9]+(?:\.0*)?")
_HEX_INT = re.compile(r"[+-]?0[xX][0-9a-fA-F]+")
_EPOCH = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")
#: Epoch values this large are milliseconds: 1e11 seconds is the year 5138.
_MS_THRESHOLD = 100_000_000_000


class MatchError(ValueError):
    """A declared value a matcher cannot use (wrong type, bad pattern, empty record)."""


def scalar_text(value: Any) -> str | None:
    """The text of a JSON scalar as a tool would print it; ``None`` for objects and lists."""
    if isinstance(value, str):
        return value
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return json.dumps(value) if math.isfinite(value) else None
    return None


# --------------------------------------------------------------------------- exact
def _prepare_exact(expected: Any) -> Any:
    if scalar_text(expected) is None:
        raise MatchError("must be a string, number, boolean or null for match 'exact'")
    return expected


# --------------------------------------------------------------------------- contains
def _prepare_contains(expected: Any) -> Any:
    text = scalar_text(expected) if not isinstance(expected, bool) and expected is not None else None
    if text is None or not text.strip():
        raise MatchError("must be a non-empty string (or number) for match 'contains'")
    if "\n" in text or "\r" in text:
        raise MatchError("must be one line for match 'contains' (matching is per line)")
    return expected


# --------------------------------------------------------------------------- int
def parse_int(value: Any) -> int | None:
    """An integer from an int, an integral float or decimal/hex text; ``None`` otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and value.is_integer() else None
    if isinstance(value, str):
        text = value.strip()
        if _HEX_INT.fullmatch(text):
            sign = -1 if text.startswith("-") else 1
            return sign * int(text.lstrip("+-")[2:], 16)
        if _DECIMAL_INT.fullmatch(text):
            return int(text.split(".")[0], 10)
    return None


def _prepare_int(expected: Any) -> Any:
    if isinstance(expected, bool):
        raise MatchError("is a boolean; match 'int' never treats true/false as integers")
    if parse_int(expected) is None:
        raise MatchError("must be an integer, or decimal or 0x-hex text, for match 'int'")
    return expected


# --------------------------------------------------------------------------- number
def parse_decimal(value: Any) -> Decimal | None:
    """A finite decimal from a number or numeric text (the text's digits kept as written)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, float):
        # repr gives the shortest text that round-trips: 42.73, not 42.7299999...
        return Decimal(repr(value)) if math.isfinite(value) else None
    if isinstance(value, str):
        text = value.strip()
        if not text or len(text) > 64:
            return None
        try:
            number = Decimal(text)
        except InvalidOperation:
            return None
        return number if number.is_finite() else None
    return None


def _prepare_number(expected: Any) -> Any:
    if isinstance(expected, bool) or parse_decimal(expected) is None:
        raise MatchError("must be a finite number, or numeric text, for match 'number'")
    return expected


# --------------------------------------------------------------------------- iso_ts
def parse_instant(value: Any) -> datetime | None:
    """An aware UTC datetime from ISO 8601 text (naive = UTC) or epoch seconds/milliseconds."""
    if isinstance(value, bool):
        return None
    number: float | None = None
    if isinstance(value, (int, float)):
        number = float(value)
    elif isinstance(value, str):
        text = value.strip()
        if _EPOCH.fullmatch(text):
            number = float(text)
        elif 8 <= len(text) <= 64:
            try:
                parsed = datetime.fromisoformat(text)
            except ValueError:
                return None
            return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)
    if number is None or not math.isfinite(number):
        return None
    if abs(number) >= _MS_THRESHOLD:
        number /= 1000.0
    try:
        return datetime.fromtimestamp(number, UTC)
    except (OverflowError, OSError, ValueError):
        return None


def _prepare_iso_ts(expected: Any) -> Any:
    if parse_instant(expected) is None:
        raise MatchError("must be an ISO 8601 timestamp or epoch seconds/milliseconds for match 'iso_ts'")
    return expected


# --------------------------------------------------------------------------- record
@dataclass(frozen=True, slots=True)
class RecordSpec:
    """Prepared ``record`` constraints: (parsed sub-path, substring) pairs."""

    constraints: tuple[tuple[paths.Path, str], ...]


def record_constraints(expected: Any) -> dict[str, str]:
    """The ``{field: substring}`` object of a ``record`` declaration (JSON text accepted)."""
    value = expected
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            raise MatchError("must be a JSON object of {field: substring} for match 'record'") from None
    if not isinstance(value, Mapping):
        raise MatchError("must be a JSON object of {field: substring} for match 'record'")
    if not value:
        raise MatchError("has no constraints; match 'record' needs at least one {field: substring}")
    out: dict[str, str] = {}
    for key, sub in value.items():
        text = scalar_text(sub) if not isinstance(sub, bool) and sub is not None else None
        if text is None or not text.strip():
            raise MatchError(f"constraint {key!r} must be a non-empty string (or number)")
        if "\n" in text:
            raise MatchError(f"constraint {key!r} must be one line")
        try:
            paths.parse(str(key))
        except paths.PathError as exc:
            raise MatchError(f"constraint field {key!r} is not a valid path: {exc}") from None
        out[str(key)] = text
    return out


@lru_cache(maxsize=1024)
def record_spec(canonical: str) -> RecordSpec:
    items = json.loads(canonical)
    return RecordSpec(tuple((paths.parse(k), v) for k, v in sorted(items.items())))


def _prepare_record(expected: Any) -> Any:
    record_constraints(expected)
    return expected


# --------------------------------------------------------------------------- regex
def _re2() -> Any:
    try:
        import re2
    except ImportError:  # pragma: no cover - a core dependency; only a broken install lacks it
        raise MatchError(
            "match 'regex' needs the google-re2 package: pip install 'google-re2>=1.1,<2'"
        ) from None
    return re2


@lru_cache(maxsize=256)
def compiled_pattern(pattern: str) -> Any:
    re2 = _re2()
    options = re2.Options()
    options.log_errors = False
    try:
        return re2.compile(pattern, options)
    except re2.error as exc:
        detail = exc.args[0] if exc.args else exc
        if isinstance(detail, bytes):
            detail = detail.decode("utf-8", "replace")
        raise MatchError(
            f"is not a valid RE2 pattern (RE2 has no backreferences or lookaround): {detail}"
        ) from None


def _prepare_regex(expected: Any) -> Any:
    if not isinstance(expected, str) or not expected:
        raise MatchError("must be a non-empty pattern string for match 'regex'")
    if len(expected) > 2048:
        raise MatchError("pattern is over 2048 characters")
    compiled_pattern(expected)
    return expected


#: Each match kind's check of a declared value, run once at validation.
PREPARE: dict[str, Callable[[Any], Any]] = {
    "exact": _prepare_exact,
    "contains": _prepare_contains,
    "int": _prepare_int,
    "number": _prepare_number,
    "iso_ts": _prepare_iso_ts,
    "record": _prepare_record,
    "regex": _prepare_regex,
}


def validate(kind: str, expected: Any) -> None:
    """Raise ``MatchError`` when ``expected`` cannot be used with matcher ``kind``."""
    prepare = PREPARE.get(kind)
    if prepare is None:
        raise MatchError(f"unknown match kind {kind!r}; expected one of {sorted(PREPARE)}")
    prepare(expected)
