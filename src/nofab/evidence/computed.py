"""What a computing tool returned: a figure of whatever kind its inputs were.

Principle: a calculator's answer is whatever it computed, so an answer may present it as
money ("$546.87" for ``Calculate("49.00 + 385.50 + 112.37")``) as surely as a price field is
money. A result that is a bare number ("1025.0"), or an object that holds one number and
nothing else but echoes of its input (``{"result": 546.87}``, ``{"expression": "...",
"result": 546.87}``) of a call that was given an expression to compute, is such an answer.

Risk: a computed count or ratio presented as money passes the money check (the figure
itself was computed, so only its unit is unchecked); results that hold several numbers are
not read (which one is the answer is not known).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nofab.model.turn import ToolCall

#: Argument keys that give a computing tool its expression.
EXPRESSION_KEYS = frozenset({"expression", "expr", "formula", "equation", "calculation", "input"})


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return None
    if isinstance(value, str):
        text = value.strip()
        # What float() accepts starts with a digit, a sign, a point, "inf" or "nan": testing
        # that first spares an exception for every JSON or text result.
        if not text or not (text[0].isdigit() or text[0] in "+-.iInN"):
            return None
        try:
            return float(text)
        except ValueError:
            return None
    return float(value)


def computed_values(calls: Sequence[ToolCall]) -> Iterator[float]:
    """The absolute value of every result that is a computed figure (module doc)."""
    for call in calls:
        result = call.result
        if isinstance(result, str) and not result.lstrip().startswith("{"):
            value = _number(result)
            if value is not None:
                yield abs(value)
            continue
        if isinstance(result, (int, float)) and not isinstance(result, bool):
            yield abs(float(result))
            continue
        arguments = call.parsed_arguments
        if not (isinstance(arguments, dict) and EXPRESSION_KEYS.intersection(map(str, arguments))):
            continue
        parsed = call.parsed_result
        if not isinstance(parsed, dict):
            continue
        numbers = [n for k, v in parsed.items() if k not in EXPRESSION_KEYS and (n := _number(v)) is not None]
        if len(numbers) == 1:
            yield abs(numbers[0])


__all__ = ["EXPRESSION_KEYS", "computed_values"]
