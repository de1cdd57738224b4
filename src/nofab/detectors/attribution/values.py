"""Comparing what the answer wrote with what a record holds.

A record value matches a written number when they are equal or when the written number is
the value rounded to the decimals written; a number the turn's evidence explains otherwise
(held as written, derived from one tool result) is not attribution's to judge; digits that
are part of a date, a time, a code or an ordinal are not values at all.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from nofab.detectors.attribution.vocabulary import DASHES
from nofab.evidence.index import Evidence
from nofab.evidence.records import Record
from nofab.language.sentences import Token

#: Counts a total may be a multiple of ("two economy tickets ... is $228").
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
#: Numerals that are not quantities: the digits of "01:00 AM", "1977-02-03", "2024", "3rd".
_NOT_VALUES = frozenset({"date", "time", "year", "code", "ordinal"})
#: The letters of a code glued to digits by a dash ("ABC" of "ABC-123").
_CODE_PART = re.compile(r"^[A-Z]{2,}\d*$")
#: Margins are looked for among at most this many values of a field (two teams, not a table).
_MAX_MARGIN_VALUES = 40


def same(x: float | None, y: float) -> bool:
    """The record value ``x`` is what the answer wrote as ``y``, allowing display rounding
    to the decimals written (42.7333 is "42.73"; 42.7333 is also "43")."""
    if x is None:
        return False
    if abs(x - y) < 1e-9:
        return True
    if float(x).is_integer():
        return False
    text = repr(float(y))
    decimals = 0 if "e" in text or text.endswith(".0") else len(text.split(".")[1])
    return abs(x - y) <= 0.5 * 10.0**-decimals + 1e-9


def fmt(value: float) -> str:
    return str(int(value)) if value.is_integer() else str(value)


def is_difference(records: Sequence[Record], fields: tuple[str, ...], value: float) -> bool:
    """Is ``value`` the difference of two records' values of one of ``fields`` (a margin)?"""
    for name in fields:
        values = [v for r in records if (v := r.number(name)) is not None]
        if len(values) > _MAX_MARGIN_VALUES:
            continue
        if any(same(abs(x - y), value) for x in values for y in values):
            return True
    return False


def explained(evidence: Evidence, text: str, value: float) -> bool:
    """Does the turn's evidence hold ``value`` (as written), derive it from one tool result,
    or hold it divided by a small count the answer or the user mentions ("2 passengers")?"""
    decimals = len(text.split(".", 1)[1]) if "." in text else 0
    if evidence.numbers.explains(value, decimals):
        return True
    half = 0.5 * 10.0**-decimals * (1 + 1e-9)
    lo, hi = abs(value) - half, abs(value) + half
    if any(derivable.derive(lo, hi) for _label, derivable in evidence.derivables):
        return True
    counts = {int(n.value) for n in evidence.numerals if n.kind == "number" and n.value.is_integer()}
    words = re.findall(r"[a-z]+", f"{evidence.turn.user_message} {evidence.answer}".lower())
    counts.update(_COUNT_WORDS[w] for w in words if w in _COUNT_WORDS)
    return any(evidence.numbers.near(lo / k, hi / k) for k in counts if 2 <= k <= 9)


def not_value_tokens(evidence: Evidence, tokens: Sequence[Token]) -> set[int]:
    """Indices of digit tokens that are not quantities: parts of a date, a time, a year, a
    code or an ordinal as ``nofab.numbers.numerals`` reads the answer, of a slashed date ("10/04"),
    or of an identifier ("ABC-123")."""
    # Numerals do not overlap: sorted by start, the one that may hold a token is found by bisection
    # (a long answer full of dates stays linear-logarithmic).
    spans = sorted(n.span for n in evidence.numerals if n.kind in _NOT_VALUES)
    starts = [start for start, _end in spans]
    out: set[int] = set()
    for index, token in enumerate(tokens):
        if not token.text[0].isdigit():
            continue
        k = bisect_right(starts, token.start) - 1
        if k >= 0 and token.end <= spans[k][1]:
            out.add(index)
            continue
        for step in (-1, 1):
            mark, other = index + step, index + 2 * step
            if not (0 <= other < len(tokens)) or not _glued(tokens, index, mark, other, step):
                continue
            if tokens[mark].text == "/" and tokens[other].text[0].isdigit():
                out.update((index, other))  # "10/04", "12/25/2024"
            elif tokens[mark].text in DASHES and _CODE_PART.match(tokens[other].text):
                out.add(index)  # "ABC-123", "HAT-069"
    return out


def _glued(tokens: Sequence[Token], index: int, mark: int, other: int, step: int) -> bool:
    """No space between tokens ``index``, ``mark`` and ``other`` (in that direction)."""
    a, b, c = (index, mark, other) if step > 0 else (other, mark, index)
    return tokens[a].end == tokens[b].start and tokens[b].end == tokens[c].start


__all__ = ["explained", "fmt", "is_difference", "not_value_tokens", "same"]
