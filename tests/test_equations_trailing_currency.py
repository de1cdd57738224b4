"""An amount written with its currency sign after it ("89 € × 3 = 267 €") is an operand of the
answer's written equation like "$89" (``nofab.numbers.equations``)."""

from __future__ import annotations

import pytest

from nofab import Guard

_GUARD = Guard()


def _flagged(answer: str) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "Trois billets, s'il vous plaît.",
        "tool_calls": [{"name": "get_fare", "arguments": {"route": "LYS-NCE"}, "result": {"price": 89}}],
    }
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "Total : 3 × 89 € = 267 €.",
        "Gesamt: 89 € × 3 = 267 €.",
        "Total: 3 x 89 $ = 267 $.",
        "Total: 3 × 89 £ = 267 £.",
    ],
)
def test_a_trailing_currency_sign_keeps_the_equation(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Total : 3 × 89 € = 277 €.", "277"),
        ("Gesamt: 89 € × 3 = 257 €.", "257"),
    ],
)
def test_a_wrong_result_with_a_trailing_sign_is_flagged(answer: str, flagged: str) -> None:
    assert flagged in _flagged(answer)
