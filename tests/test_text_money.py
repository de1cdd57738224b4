"""Amounts a plain-text result writes without a currency (numbers/textmoney.py).

Principle: a decimal written with its fraction ("35.0", "22.00") beside a word naming money
(balance, payment, fee, Guthaben, Zahlung, solde, paiement, saldo, pago ...) in the same
stretch of plain text is an amount, as a figure under a money key of a structured result is:
the answer's "$22" of "payment of 22.00 declined" is grounded; a decimal beside no money word,
an integer, or another value is not.
"""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.numbers.textmoney import text_amounts

_GUARD = Guard()

#: A structured result that types other amounts as money (so a "$" figure is held to them).
_ORDER = {"name": "get_order", "arguments": {"order_id": "R-58"}, "result": {"order_id": "R-58", "price": 80}}


def _numbers(answer: str, error: str) -> list[str]:
    failed = {"name": "pay_order", "arguments": {"order_id": "R-58"}, "result": error}
    turn = {"response": answer, "user_message": "Pay R-58.", "tool_calls": [_ORDER, failed]}
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


QUIET = [
    (
        "The payment didn't go through: your wallet only holds $17.50.",
        "Error: payment declined, balance 17.50.",
    ),
    (
        "It failed because the fee is $23 and your card was declined.",
        "Error: card declined for the fee of 23.00",
    ),
    ("Die Zahlung über 23 € wurde abgelehnt.", "Fehler: Zahlung über 23.00 abgelehnt."),
    ("Le paiement de 23 € a été refusé.", "Erreur : paiement de 23.00 refusé."),
    ("El pago de 23 € fue rechazado: saldo insuficiente.", "Error: saldo insuficiente para el pago de 23.00"),
]
FIRES = [
    # another amount than the text's
    (
        "The payment didn't go through: your wallet only holds $19.50.",
        "Error: payment declined, balance 17.50.",
        "$19.50",
    ),
    # a decimal beside no money word is not an amount
    ("Your rating is $4.50.", "Error: rating 4.50 is below the threshold.", "$4.50"),
    # an integer beside a money word is not read as one ("payment 3 of 4")
    ("Payment $31 failed.", "Error: payment 31 of 40 failed.", "$31"),
    # the money word of another sentence does not make the decimal money
    ("Your score is $17.50.", "Payment declined. Score 17.50 recorded.", "$17.50"),
]


@pytest.mark.parametrize(("answer", "error"), QUIET)
def test_a_decimal_beside_a_money_word_of_plain_text_grounds_the_amount(answer: str, error: str) -> None:
    assert _numbers(answer, error) == []


@pytest.mark.parametrize(("answer", "error", "flagged"), FIRES)
def test_no_money_word_beside_it_or_another_value_is_not_grounded(
    answer: str, error: str, flagged: str
) -> None:
    assert flagged in _numbers(answer, error)


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        ("error: insufficient balance (35.0 available, 50.0 required).", [35.0, 50.0]),
        ("fehler: guthaben reicht nicht (12.50 verfügbar).", [12.5]),
        ("erreur : solde insuffisant, 8.90 disponibles.", [8.9]),
        ("error: pago de 23.00 rechazado", [23.0]),
        ('{"note": "refund of 22.00 issued", "rating": 4.5}', [22.0]),  # a quote ends the stretch
        ("payment app v2.10 crashed", []),  # a decimal glued to a word is none
        ("payment 3 of 4 failed", []),
        ("build 1.2.3 failed after payment", []),
    ],
)
def test_text_amounts(text: str, amounts: list[float]) -> None:
    assert text_amounts(text) == amounts
