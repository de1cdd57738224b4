"""Per-detector rules read from the profile, validated, so a domain tunes a detector
without code.

``profile.rules[detector_id]`` is a plain table. A detector reads it through ``Rules``,
which checks each value's type and range and raises ``ProfileError`` naming the exact key
(``rules.bulk_failure.ratio``) when one is wrong — a typo never silently keeps a default::

    [rules.entities]
    patterns = ['\\bTKT-\\d{4}\\b']          # extra regexes: what counts as an entity
    allow = ["ACME-1"]                      # strings never flagged

    [rules.bulk_failure]
    ratio = 0.75
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from nofab.config.policy import Profile
from nofab.errors import ProfileError

#: A regex supplied by a profile is refused above this length (they run on every turn).
MAX_PATTERN_CHARS = 500


class Rules:
    """Typed access to ``profile.rules[detector_id]``."""

    def __init__(self, profile: Profile, detector_id: str, known: tuple[str, ...] | None = None) -> None:
        """``known``: every key the detector reads (``()`` for a detector without settings);
        any other key is a typo. ``None`` skips that check (a plugin reading free-form keys)."""
        self.where = f"rules.{detector_id}"
        self.data: Mapping[str, Any] = profile.rules.get(detector_id, {})
        if known is not None:
            unknown = sorted(set(self.data) - set(known))
            if unknown:
                expected = f"expected some of {sorted(known)}" if known else "this detector has no settings"
                raise ProfileError(f"unknown key(s) {unknown}; {expected}", self.where)

    @classmethod
    def from_table(cls, table: Mapping[str, Any] | None, detector_id: str, known: tuple[str, ...]) -> Rules:
        """Rules from the table itself (``profile.rules[detector_id]``, already looked up)."""
        return cls(Profile(rules={detector_id: table or {}}), detector_id, known)

    def number(self, key: str, default: float, lo: float = 0.0, hi: float = float("inf")) -> float:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= value <= hi:
            raise ProfileError(f"must be a number in [{lo}, {hi}], got {value!r}", f"{self.where}.{key}")
        return float(value)

    def integer(self, key: str, default: int, lo: int = 0) -> int:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < lo:
            raise ProfileError(f"must be an integer >= {lo}, got {value!r}", f"{self.where}.{key}")
        return int(value)

    def flag(self, key: str, default: bool) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise ProfileError(f"must be true or false, got {value!r}", f"{self.where}.{key}")
        return value

    def strings(self, key: str) -> tuple[str, ...]:
        value = self.data.get(key, ())
        if isinstance(value, str) or not isinstance(value, (list, tuple)):
            raise ProfileError("must be a list of strings", f"{self.where}.{key}")
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise ProfileError(f"must be a string, got {item!r}", f"{self.where}.{key}[{i}]")
        return tuple(value)

    def mapping(self, key: str) -> dict[str, str]:
        value = self.data.get(key, {})
        if not isinstance(value, Mapping):
            raise ProfileError("must be a table of strings", f"{self.where}.{key}")
        for name, item in value.items():
            if not isinstance(item, str):
                raise ProfileError(f"must be a string, got {item!r}", f"{self.where}.{key}.{name}")
        return {str(k): v for k, v in value.items()}

    def patterns(self, key: str, flags: int = 0) -> tuple[re.Pattern[str], ...]:
        out = []
        for i, text in enumerate(self.strings(key)):
            out.append(compile_pattern(text, f"{self.where}.{key}[{i}]", flags))
        return tuple(out)


def compile_pattern(text: str, where: str, flags: int = 0) -> re.Pattern[str]:
    """Compile a profile regex, or raise ``ProfileError`` naming where it came from."""
    if len(text) > MAX_PATTERN_CHARS:
        raise ProfileError(f"is longer than {MAX_PATTERN_CHARS} characters", where)
    try:
        return re.compile(text, flags)
    except re.error as exc:
        raise ProfileError(f"is not a valid regex: {exc}", where) from None
