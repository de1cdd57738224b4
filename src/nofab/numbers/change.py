"""A percentage change between two numbers the answer shows ("down from 500 to 410 kWh —
about 18% less").

Principle: a percentage in a clause that announces a change (up, down, growth, less, hausse,
Rückgang ... in five languages: ``change_cues`` in ``numbers.json``) is explained when it
equals, within its display rounding, ``|b - a| / a`` of two grounded numbers the answer
shows near it, or of two values of one field across the records of a result (the same
measure in two periods: "kwh" of January and February) when the answer leaves them unsaid.
Either number may be the base ("20% less than", "25% more than"). Risk: among many numbers
some pair's change lands near any percentage; so only the few operands nearest the percent
and short columns take part, the cue is required, and where changes near the value are dense
(``_DENSE_COUNT`` within ``_DENSE_POINTS`` points) the derivation is kept as evidence at 0.5
instead of explaining.

Free-text amounts of one result take part too (``text_change``): a search snippet or a report
passage that states two amounts ("grew from $4.2M in Q3 to $5.1M in Q4") holds the operands of
the change an answer reports, as a column of one field does. Principle: the change is read
from one passage, so both operands come from the same string; amounts only (a currency sign or
word), so that a date's or a count's digits never take part. Risk: a passage that lists many
amounts yields changes near any percentage; hence at most ``MAX_FIELD_VALUES`` amounts per
result, and the density rule as above.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from nofab.numbers.lexicon import listed
from nofab.numbers.rounding import format_number

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

_CUES = frozenset(w.lower() for w in listed("change_cues"))
_WORD = re.compile(r"[^\W\d_]+")
#: How far around the percentage (in characters) the clause is read for a cue.
CUE_BEFORE, CUE_AFTER = 60, 30
#: Changes within this many percentage points of the value, beyond which one proves nothing.
_DENSE_POINTS, _DENSE_COUNT = 10.0, 5
#: A field's values across records take part only up to this many (a change over a few
#: periods; a long column's pairwise changes cover every percentage).
MAX_FIELD_VALUES = 12
#: How deep the string values of a result are looked for (results are untrusted input), and
#: how many strings of one result are read at most.
_STRING_DEPTH, _MAX_STRINGS = 8, 2000


def announces_change(answer: str, span: tuple[int, int]) -> bool:
    """Does the percentage's clause announce a change? Never read across a paragraph break."""
    lo = max(0, span[0] - CUE_BEFORE)
    hi = min(len(answer), span[1] + CUE_AFTER)
    brk = answer.rfind("\n\n", lo, span[0])
    lo = brk if brk != -1 else lo
    brk = answer.find("\n\n", span[1], hi)
    hi = brk if brk != -1 else hi
    return any(w.lower() in _CUES for w in _WORD.findall(answer, lo, hi))


def percent_change(
    ops: Sequence[float], lo: float, hi: float, where: str = "numbers the answer shows"
) -> tuple[str, bool] | None:
    """A change ``|b - a| / a`` in percent of two of ``ops`` landing in ``[lo, hi]``,
    described, and whether it is informative (few other changes near it); or None."""
    changes = {(abs(b - a) / a * 100.0, a, b) for a in ops if a > 0 for b in ops if b != a}
    hit = next(((c, a, b) for c, a, b in sorted(changes) if lo <= c <= hi), None)
    if hit is None:
        return None
    c, a, b = hit
    around = len({round(x, 6) for x, _a, _b in changes if abs(x - c) <= _DENSE_POINTS})
    how = f"change from {format_number(a)} to {format_number(b)}, {where}"
    return how, around < _DENSE_COUNT


def field_change(
    groups: Sequence[tuple[str, Sequence[float]]], lo: float, hi: float
) -> tuple[str, bool] | None:
    """A change between two values of one field across the records of a result ("kwh" of
    January and of February) landing in ``[lo, hi]``, when the answer does not show them.
    Only short columns take part (``MAX_FIELD_VALUES``), and the density rule applies."""
    for what, values in groups:
        if what.startswith("values of field") and len(values) <= MAX_FIELD_VALUES:
            found = percent_change(values, lo, hi, what)
            if found is not None:
                return found
    return None


def text_change(
    evidence: Evidence, lo: float, hi: float, amounts: TextAmounts | None = None
) -> tuple[str, bool] | None:
    """A change between two amounts written in one string of one tool result (a snippet, a
    passage), when that result's free text holds few amounts (``MAX_FIELD_VALUES``).
    ``amounts``: ``text_amounts(evidence)``, read once by a caller asking many times."""
    for label, held in text_amounts(evidence) if amounts is None else amounts:
        found = percent_change(held, lo, hi, f"amounts written in {label}")
        if found is not None:
            return found
    return None


TextAmounts = list[tuple[str, list[float]]]


def text_amounts(evidence: Evidence) -> TextAmounts:
    """(label, sorted amounts) of each tool result whose free text holds 2 to
    ``MAX_FIELD_VALUES`` amounts."""
    texts: list[tuple[str, list[str]]] = [
        (label, strings) for label, _call, strings in evidence.per_result(("numbers.change",), _strings)
    ]
    structured = {label for label, _strings in texts}
    texts.extend(
        (s.label, [s.text])
        for s in evidence.sources
        if s.call is not None and s.label.endswith(".result") and s.label not in structured
    )
    from nofab.numbers.resultmemo import text_amounts_of  # each text read once (resultmemo)

    out: TextAmounts = []
    for label, strings in texts:
        amounts = sorted({v for text in strings for v in text_amounts_of(text)})
        if 2 <= len(amounts) <= MAX_FIELD_VALUES:
            out.append((label, amounts))
    return out


def _strings(result: Any) -> list[str]:
    """The string values of ``result`` that read as prose (hold a space), walked without
    recursion and within bounds: a hostile result may nest or repeat without end."""
    out: list[str] = []
    stack: list[tuple[Any, int]] = [(result, 0)]
    while stack and len(out) < _MAX_STRINGS:
        value, depth = stack.pop()
        if isinstance(value, str):
            if " " in value:
                out.append(value)
        elif depth < _STRING_DEPTH and isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif depth < _STRING_DEPTH and isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return out


__all__ = [
    "MAX_FIELD_VALUES",
    "TextAmounts",
    "announces_change",
    "field_change",
    "percent_change",
    "text_amounts",
    "text_change",
]
