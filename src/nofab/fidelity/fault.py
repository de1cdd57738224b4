"""Fault injection: corrupt one declared value on purpose and watch the check reject it.

``NOFAB_FAULT_INJECT=misread:<fragment>`` corrupts the first declared value (not an
expectation) whose tool call id, path, claim id or expected value contains
``<fragment>``. Only the declaration changes, never the tool output, so only the fidelity
check can catch it; ``nofab check --ledger`` records the injection in the log.

The same corruptions serve the evaluation's "wrong value" mutations (``bench/fidelity.py``):
each yields a value its matcher must refuse (an integer off by one, a number off by seven
units of its last decimal, an instant an hour off, one character of a string changed).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import timedelta
from decimal import Decimal
from typing import Any

from nofab.errors import UsageError
from nofab.fidelity.matchers import (
    MatchError,
    parse_decimal,
    parse_instant,
    parse_int,
    record_constraints,
    scalar_text,
)
from nofab.model.turn import AssertedValue, Turn

FAULT_ENV = "NOFAB_FAULT_INJECT"


@dataclass(frozen=True, slots=True)
class FaultInjection:
    """What was corrupted: which declaration, from what, to what."""

    kind: str
    fragment: str
    index: int
    tool_call_id: str
    path: str
    original: Any
    injected: Any

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "fragment": self.fragment,
            "asserted_value": self.index,
            "tool_call_id": self.tool_call_id,
            "path": self.path,
            "original": self.original,
            "injected": self.injected,
        }


def _bump_char(text: str, position: int | None = None) -> str:
    """Change one letter or digit (the last one, or the one at ``position``'s nearest)."""
    spots = [i for i, c in enumerate(text) if c.isascii() and c.isalnum()]
    if not spots:
        return text + "x"
    i = spots[-1] if position is None else spots[position % len(spots)]
    c = text[i]
    if c.isdigit():
        new = str((int(c) + 1) % 10)
    elif c.islower():
        new = chr((ord(c) - ord("a") + 1) % 26 + ord("a"))
    else:
        new = chr((ord(c) - ord("A") + 1) % 26 + ord("A"))
    return text[:i] + new + text[i + 1 :]


def corrupt(match: str, expected: Any, position: int | None = None) -> Any:
    """A wrong value of the same shape as ``expected`` for matcher ``match``."""
    if match == "int":
        value = parse_int(expected)
        if value is None:
            raise MatchError(f"{expected!r} is not an integer")
        if isinstance(expected, str) and expected.strip().lower().lstrip("+-").startswith("0x"):
            return hex(value + 1)
        return value + 1 if not isinstance(expected, str) else str(value + 1)
    if match == "number":
        number = parse_decimal(expected)
        if number is None:
            raise MatchError(f"{expected!r} is not a number")
        exponent = number.as_tuple().exponent
        unit = Decimal(1).scaleb(exponent if isinstance(exponent, int) and exponent < 0 else 0)
        moved = number + 7 * unit
        return str(moved) if isinstance(expected, str) else float(moved)
    if match == "iso_ts":
        instant = parse_instant(expected)
        if instant is None:
            raise MatchError(f"{expected!r} is not a timestamp")
        return (instant + timedelta(hours=1)).isoformat().replace("+00:00", "Z")
    if match == "record":
        constraints = record_constraints(expected)
        key = max(sorted(constraints), key=lambda k: len(constraints[k]))
        return {**constraints, key: _bump_char(constraints[key], position)}
    if match == "regex":
        return f"(?:{expected})\\x00fault"
    text = scalar_text(expected)
    return _bump_char(text if text is not None else json.dumps(expected), position)


def inject_misread(turn: Turn, fragment: str) -> tuple[Turn, FaultInjection]:
    """The turn with one declared value corrupted; ``UsageError`` when none matches."""
    for i, value in enumerate(turn.asserted_values):
        if value.expectation:
            continue
        haystacks = (
            value.tool_call_id,
            value.path,
            value.claim,
            json.dumps(value.expected, ensure_ascii=False),
        )
        if any(fragment in h for h in haystacks):
            wrong = corrupt(value.match, value.expected)
            changed: AssertedValue = replace(value, expected=wrong)
            values = (*turn.asserted_values[:i], changed, *turn.asserted_values[i + 1 :])
            fault = FaultInjection(
                "misread", fragment, i, value.tool_call_id, value.path, value.expected, wrong
            )
            return replace(turn, asserted_values=values), fault
    raise UsageError(
        f"{FAULT_ENV}=misread:{fragment} matches no declared value (tool_call_id, path, claim or expected)"
    )


def from_env(turn: Turn, env: Mapping[str, str] | None = None) -> tuple[Turn, FaultInjection | None]:
    """Apply ``$NOFAB_FAULT_INJECT`` if set (the only fault kind is ``misread:<fragment>``)."""
    spec = (os.environ if env is None else env).get(FAULT_ENV, "").strip()
    if not spec:
        return turn, None
    kind, sep, fragment = spec.partition(":")
    if kind != "misread" or not sep or not fragment:
        raise UsageError(f"{FAULT_ENV} must be misread:<fragment>, got {spec!r}")
    return inject_misread(turn, fragment)
