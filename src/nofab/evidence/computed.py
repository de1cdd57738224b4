"""What a computing tool returned: a figure of whatever kind its inputs were.

Principle: a calculator's answer is whatever it computed, so an answer may present it as
money ("$546.87" for ``Calculate("49.00 + 385.50 + 112.37")``) as surely as a price field is
money. A result that is a bare number ("1025.0"), or an object that holds one number and
nothing else but echoes of its input (``{"result": 546.87}``, ``{"expression": "...",
"result": 546.87}``) of a call that was given an expression to compute, is such an answer.

The terms of the expression are intermediate results of the same computation: an answer
that breaks ``Calculate("35 * 204.10 + 12 * 412.55")`` into "$7,143.50 and $4,950.60, so
$12,094.10 in total" reads the computation (``expression_terms``: each term added or
subtracted at the top level, evaluated). Every addend of a sum is of the sum's kind — money
is added only to money — so a bare figure the agent added is one too: "Insurance: $60" for
``calculate("(68 + 74) * 2 + 60")``, and so is a parenthesised part's value ("$284 for the
flights"). A factor is not: the 2 of ``(68 + 74) * 2`` is a count.

Risk: a computed count or ratio presented as money passes the money check (the figure
itself was computed, so only its unit is unchecked); results that hold several numbers are
not read (which one is the answer is not known). A term is one exact value per product the
agent itself wrote, so a changed figure lands on one only by coincidence.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Iterator, Sequence
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
        yield from expression_terms(call)  # the computation's own terms are of its kind too
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


#: An expression longer than this is not read (a hostile argument stays cheap).
MAX_EXPRESSION = 400
_OPERATIONS: dict[type, Callable[[float, float], float]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
}


def _value(node: ast.expr, depth: int = 0) -> float | None:
    """The value of plain arithmetic (+, -, *, / of numbers, a sign), or None."""
    if depth > 8:
        return None
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, (int, float))
        and not isinstance(node.value, bool)
    ):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _value(node.operand, depth + 1)
        return None if inner is None else -inner
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATIONS:
        left, right = _value(node.left, depth + 1), _value(node.right, depth + 1)
        if left is None or right is None or (isinstance(node.op, ast.Div) and right == 0):
            return None
        return _OPERATIONS[type(node.op)](left, right)
    return None


def expression_terms(call: ToolCall) -> list[float]:
    """The values of the terms an expression argument adds or subtracts at its top level
    ("35 * 204.10 + 12 * 412.55" -> 7143.5, 4950.6; "(68 + 74) * 2 + 60" -> 60, 284, and the
    parenthesised sum's 142); none for one term."""
    arguments = call.parsed_arguments
    if not isinstance(arguments, dict):
        return []
    text = next((v for k, v in arguments.items() if str(k) in EXPRESSION_KEYS and isinstance(v, str)), None)
    if text is None or len(text) > MAX_EXPRESSION:
        return []
    try:
        tree = ast.parse(text.replace("×", "*").replace("x", "*"), mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []  # not an expression of plain arithmetic (or a hostile one)
    terms: list[ast.expr] = []
    while isinstance(tree, ast.BinOp) and isinstance(tree.op, (ast.Add, ast.Sub)) and len(terms) < 50:
        terms.append(tree.right)
        tree = tree.left
    terms.append(tree)
    if len(terms) < 2:
        return []
    values = [_value(t) for t in terms]
    # A term that multiplies a parenthesised sum carries the sum's value too ("(68 + 74) * 2":
    # 142 is what one passenger pays, of the same kind as the total).
    values.extend(
        _value(side)
        for t in terms
        if isinstance(t, ast.BinOp)
        for side in (t.left, t.right)
        if isinstance(side, ast.BinOp) and isinstance(side.op, (ast.Add, ast.Sub))
    )
    return [abs(v) for v in values if v is not None]


__all__ = ["EXPRESSION_KEYS", "computed_values", "expression_terms"]
