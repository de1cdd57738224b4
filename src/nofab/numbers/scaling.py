"""Quantities the answer scales by a factor it announces ("for 8 people, double everything:
400 g flour, 600 ml milk").

Principle: a number is derived when it equals ``k`` times an evidence number, ``k`` the
factor of a scaling word ("double", "triple", "halve", "verdoppeln", "doubler", "duplicar",
"dobrar" ...: ``scaling_words`` in ``numbers.json``) written earlier in the same paragraph.
Risk: an invented number that happens to be ``k`` times some evidence number; kept small by
requiring the announced word (a factor is never guessed from the user's and the result's
numbers: any ratio of two numbers would then be a factor), and where ``k`` times the evidence
lands densely near the number (``_DENSE_COUNT`` values within ``_DENSE_UNITS`` display units)
the derivation is kept as evidence at 0.5 instead. A word such as "double" that names a kind
of thing ("a double room") announces a factor too: the density rule is then the only guard.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from functools import lru_cache

from nofab.numbers.lexicon import RunGate, alternation, factors
from nofab.numbers.rounding import format_number

_FACTORS = {word.lower(): k for word, k in factors("scaling_words").items()}
_SCALING = re.compile(rf"(?<!\w)(?:{alternation(tuple(_FACTORS))})(?!\w)", re.IGNORECASE)
#: Display units either side of the number within which ``k`` x evidence values are counted,
#: and how many of them make a match uninformative (about a quarter).
_DENSE_UNITS, _DENSE_COUNT = 10, 5
#: A paragraph break, where ``str.find`` would find one: overlapping runs of newlines count.
_BREAK = re.compile(r"(?=\n\n)")


def announced_factor(answer: str, start: int) -> float | None:
    """The factor of the last scaling word before ``start`` in its paragraph, or None.

    The answer's scaling words and paragraph breaks are found once (one scan each, kept for
    the answer) and each number asks them by binary search: a search from the paragraph's
    start per number, or back to the previous paragraph break, was quadratic on a long
    paragraph dense with numbers."""
    ends, found, breaks = _marks(answer)
    i = bisect_right(ends, start) - 1
    if i < 0:
        return None
    word_start, k = found[i]
    # the last paragraph break starting before ``start - 1`` (``rfind`` over ``[0, start)``)
    j = bisect_right(breaks, start - 2) - 1
    return k if j < 0 or word_start > breaks[j] else None


def has_scaling_words(answer: str) -> bool:
    """Does the answer write any scaling word? (Most do not: the pass is then skipped.)"""
    return bool(_marks(answer)[0])


@lru_cache(maxsize=8)
def _marks(answer: str) -> tuple[list[int], list[tuple[int, float]], list[int]]:
    """The answer's scaling words: their end offsets (sorted) and (start, factor); and where
    its paragraph breaks ("\n\n") start, sorted (read only when a scaling word exists)."""
    ends: list[int] = []
    found: list[tuple[int, float]] = []
    for m in _scan(answer):
        k = _FACTORS.get(re.sub(r"\s+", " ", m.group().lower()))
        if k is not None:
            ends.append(m.end())
            found.append((m.start(), k))
    breaks = [m.start() for m in _BREAK.finditer(answer)] if ends else []
    return ends, found, breaks


def _scan(answer: str) -> Iterator[re.Match[str]]:
    """``_SCALING.finditer(answer)``. On ASCII text (most answers) a match can start only
    where the lower-cased text holds the first word of a scaling phrase, found by substring
    search (a tenth of the cost: the case-insensitive alternation is tried at every position
    otherwise); the pattern is tried there only, left to right as ``finditer`` would."""
    if not answer.isascii() or _FOLDS_TO_ASCII:
        yield from _SCALING.finditer(answer)
        return
    if _GATE.excludes(answer):
        return  # gate: no letter run of the answer starts a scaling phrase (one set test)
    lower = answer.lower()
    starts: set[int] = set()
    for word in _FIRST_WORDS:
        i = lower.find(word)
        while i != -1:
            starts.add(i)
            i = lower.find(word, i + 1)
    covered = 0
    for start in sorted(starts):
        if start < covered:
            continue
        m = _SCALING.match(answer, start)
        if m is not None:
            yield m
            covered = m.end()


def _folds_to_ascii(words: set[str]) -> bool:
    """Does a character of ``words`` outside ASCII match an ASCII letter case-insensitively
    (as "ſ" matches "s")? Then the substring search could miss a match."""
    odd = {c for word in words for c in word if not c.isascii()}
    return any(re.fullmatch(re.escape(c), chr(x), re.IGNORECASE) for c in odd for x in range(128))


#: The first word of each scaling phrase (lower case): a match starts with one of them.
_FIRST_WORDS = sorted({word.split()[0] for word in _FACTORS if word.split()})
_FOLDS_TO_ASCII = _folds_to_ascii(set(_FIRST_WORDS)) or any(not word.split() for word in _FACTORS)
_GATE = RunGate(_FACTORS)


def scaled(values: Sequence[float], k: float, lo: float, hi: float, unit: float) -> tuple[str, bool] | None:
    """``k`` times one of the sorted evidence ``values`` landing in ``[lo, hi]``, described,
    and whether it is informative; or None. ``unit`` is the number's display unit."""
    i = bisect_left(values, lo / k)
    if i >= len(values) or values[i] > hi / k:
        return None
    base = values[i]
    near = bisect_left(values, (hi + _DENSE_UNITS * unit) / k) - bisect_left(
        values, (lo - _DENSE_UNITS * unit) / k
    )
    return f"{format_number(k)} x the evidence number {format_number(base)}, a factor the answer announces", (
        near < _DENSE_COUNT
    )


__all__ = ["announced_factor", "has_scaling_words", "scaled"]
