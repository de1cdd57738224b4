"""An ASCII twin of a case-insensitive pattern, for text already lower-cased.

``re`` with IGNORECASE cannot skip ahead to a literal or test a branch by its first letter
cheaply, so an IGNORECASE pattern scanning an answer costs up to twice as much as the
same pattern without the flag. The claim finder matches case-folded text (``normalise``),
and an ASCII answer folds to plain lower-case ASCII. On such text a pattern without
IGNORECASE matches exactly what the pattern with it does, provided nothing in the
pattern could match a lower-case ASCII character only through case folding: no upper-case
ASCII letter (which IGNORECASE would match in lower case), no character range that
reaches beyond ASCII or into A-Z, and no non-ASCII letter that IGNORECASE equates with an
ASCII one ("ſ" with "s", the Kelvin sign with "k"). ``ascii_twin`` checks that on the
parsed pattern and returns ``None`` when it cannot tell (the caller keeps the original).
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any

_ASCII = tuple(chr(i) for i in range(128))
_UPPER = range(ord("A"), ord("Z") + 1)


@cache
def _folds_to_ascii(code: int) -> bool:
    """Does the character match an ASCII lower-case or non-letter character only under
    IGNORECASE (asked of ``re`` itself)?"""
    char = chr(code)
    if code < 128:
        return code in _UPPER
    pattern = re.compile(re.escape(char), re.IGNORECASE)
    return any(pattern.fullmatch(a) for a in _ASCII)


def _free(items: Any) -> bool:
    """No item of a parsed (sub)pattern depends on IGNORECASE on lower-case ASCII text."""
    for op, av in items:
        if op in (c.LITERAL, c.NOT_LITERAL):
            if _folds_to_ascii(av):
                return False
        elif op == c.IN:
            for kind, value in av:
                if kind in (c.LITERAL, c.NOT_LITERAL) and _folds_to_ascii(value):
                    return False
                if kind == c.RANGE and (
                    value[1] >= 128 or (value[0] <= _UPPER[-1] and value[1] >= _UPPER[0])
                ):
                    return False
                if kind not in (c.LITERAL, c.NOT_LITERAL, c.RANGE, c.CATEGORY, c.NEGATE):
                    return False
        elif op == c.SUBPATTERN:
            if not _free(av[3]):
                return False
        elif op == c.BRANCH:
            if not all(_free(branch) for branch in av[1]):
                return False
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            if not _free(av[2]):
                return False
        elif op in (c.ASSERT, c.ASSERT_NOT):
            if not _free(av[1]):
                return False
        elif op == c.ATOMIC_GROUP:
            if not _free(av):
                return False
        elif op not in (c.AT, c.ANY, c.CATEGORY):
            return False  # a back-reference or anything unforeseen: keep IGNORECASE
    return True


def ascii_twin(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """``pattern`` without IGNORECASE when that matches the same on lower-case ASCII text."""
    return ascii_reading(pattern)[0]


@lru_cache(maxsize=256)  # by value: every profile's lexicon compiles the same patterns
def ascii_reading(pattern: re.Pattern[str], shortest: int = 3) -> tuple[re.Pattern[str] | None, str | None]:
    """``ascii_twin(pattern)`` and the twin's ``required_literal``, parsing the pattern once."""
    parsed = _parser.parse(pattern.pattern, pattern.flags).data
    if pattern.flags & re.IGNORECASE:
        if not _free(parsed):
            return None, None
        pattern = re.compile(pattern.pattern, pattern.flags & ~re.IGNORECASE)
    return pattern, _literal(parsed, shortest)


def _literal(parsed: Any, shortest: int) -> str | None:
    best, run = "", ""
    for op, av in parsed:
        run = run + chr(av) if op == c.LITERAL else ""
        best = max(best, run, key=len)
    return best if len(best) >= shortest else None


def required_literal(pattern: re.Pattern[str], shortest: int = 3) -> str | None:
    r"""The longest run of plain characters every match of a case-sensitive ``pattern``
    holds (a top-level literal: "been" in ``have\s+been\s+{verbs}``), when it is at least
    ``shortest`` long: a text without it cannot match, which ``in`` tells far faster than
    a scan. ``None`` for an IGNORECASE pattern or when there is no such run."""
    if pattern.flags & re.IGNORECASE:
        return None
    return _literal(_parser.parse(pattern.pattern, pattern.flags).data, shortest)


__all__ = ["ascii_reading", "ascii_twin", "required_literal"]
