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
from collections.abc import Iterator
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


@lru_cache(maxsize=256)
def ascii_scan(
    pattern: re.Pattern[str], shortest: int = 3
) -> tuple[re.Pattern[str] | None, str | None, bool]:
    r"""For a pattern scanned with ``finditer``: ``ascii_reading``'s twin and literal, except
    that a twin led by ``\b`` before word characters comes without it (the third value
    True: scan it with ``word_start_matches``). One parse and one compile, as for the twin
    alone: these patterns are long alternations, and each parse costs milliseconds on the
    first answer of a process."""
    parsed = _parser.parse(pattern.pattern, pattern.flags).data
    if pattern.flags & re.IGNORECASE and not _free(parsed):
        return None, None, False
    flags = pattern.flags & ~re.IGNORECASE
    need = _literal(parsed, shortest)
    if _boundary_before_word(parsed) and pattern.pattern.startswith(r"\b"):
        return re.compile(pattern.pattern[2:], flags), need, True
    return (pattern if flags == pattern.flags else re.compile(pattern.pattern, flags)), need, False


def _literal(parsed: Any, shortest: int) -> str | None:
    best, run = "", ""
    for op, av in parsed:
        run = run + chr(av) if op == c.LITERAL else ""
        best = max(best, run, key=len)
    return best if len(best) >= shortest else None


def _first_chars(items: Any) -> set[str] | None:
    """Every character a match of the parsed (sub)pattern can start with, or ``None`` when
    that is not a small known set (a class, a repetition that may match nothing, ...)."""
    if not items:
        return None
    op, av = items[0]
    if op == c.LITERAL:
        return {chr(av)}
    if op == c.SUBPATTERN:
        return _first_chars(av[3])
    if op == c.BRANCH:
        out: set[str] = set()
        for branch in av[1]:
            chars = _first_chars(branch)
            if chars is None:
                return None
            out |= chars
        return out
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT) and av[0] >= 1:
        return _first_chars(av[2])
    return None


@lru_cache(maxsize=256)
def word_start(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    r"""``pattern`` without its leading ``\b``, when every match of the rest starts with a
    word character, else ``None``.

    Why: ``re`` skips ahead to a match's possible first characters only when the pattern
    starts with them; a leading ``\b`` makes it try the whole pattern at every position (the
    claim patterns' ``\b(?:i|we)...`` cost several times a plain scan). Before a word
    character ``\b`` holds exactly when the character before is not one, which the caller
    tests on each hit instead (``word_start_matches``)."""
    if pattern.flags & re.IGNORECASE or not pattern.pattern.startswith(r"\b"):
        return None  # (a boundary spelt some other way: the pattern is kept whole)
    if not _boundary_before_word(_parser.parse(pattern.pattern, pattern.flags).data):
        return None
    return re.compile(pattern.pattern[2:], pattern.flags)


def _boundary_before_word(parsed: Any) -> bool:
    r"""Does the parsed pattern open with ``\b`` followed by what can only start with a word
    character?"""
    if not parsed or parsed[0] != (c.AT, c.AT_BOUNDARY):
        return False
    chars = _first_chars(parsed[1:])
    return chars is not None and bool(chars) and all(ch.isalnum() or ch == "_" for ch in chars)


def word_start_matches(stripped: re.Pattern[str], text: str, pos: int = 0) -> Iterator[re.Match[str]]:
    r"""What ``re.compile(r"\b" + stripped.pattern).finditer(text, pos)`` yields (the same
    spans and groups), for a ``word_start`` pattern: each leftmost hit is kept when the
    character before it is no word character, else the search resumes one character on."""
    search = stripped.search
    while True:
        found = search(text, pos)
        if found is None:
            return
        start = found.start()
        before = text[start - 1] if start else ""
        if before and (before.isalnum() or before == "_"):
            pos = start + 1
            continue
        yield found
        pos = found.end() if found.end() > start else start + 1


def required_literal(pattern: re.Pattern[str], shortest: int = 3) -> str | None:
    r"""The longest run of plain characters every match of a case-sensitive ``pattern``
    holds (a top-level literal: "been" in ``have\s+been\s+{verbs}``), when it is at least
    ``shortest`` long: a text without it cannot match, which ``in`` tells far faster than
    a scan. ``None`` for an IGNORECASE pattern or when there is no such run."""
    if pattern.flags & re.IGNORECASE:
        return None
    return _literal(_parser.parse(pattern.pattern, pattern.flags).data, shortest)


__all__ = [
    "ascii_reading",
    "ascii_scan",
    "ascii_twin",
    "required_literal",
    "word_start",
    "word_start_matches",
]
