"""A number written as an exchange rate is held against the evidence's rates, not its amounts
(numbers/rates): a rate the evidence holds under a rate key passes in a rate expression; a
wrong rate, or the same number written as an amount, is still checked."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.numbers.rates import in_rate_expression, rate_values, unit_of_rate

_GUARD = Guard()
_RESULT = {"amount": 200, "from": "GBP", "to": "EUR", "exchange_rate": 1.1613, "converted_amount": 232.26}


def _blocking(answer: str) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "Convert 200 pounds to euros, please.",
        "tool_calls": [{"name": "convert", "result": _RESULT}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "£200 comes to €232.26 at a rate of 1.1613 euros per pound.",
        "£200 ≈ €232.26 (1 GBP = 1.1613 EUR).",
        "£200 ≈ €232.26 (£1 = €1.1613).",
        "£200 ≈ €232.26, at 1.1613 EUR/GBP.",
        "£200 ≈ €232.26 at today's exchange rate of €1.16.",  # rounded as written
        "200 £ son 232.26 euros, al tipo de cambio de 1.1613 euros por libra.",
        "200 £ sind 232.26 Euro, zum Kurs von 1.1613 EUR je GBP.",
    ],
)
def test_a_held_rate_written_as_a_rate_passes(answer: str) -> None:
    assert _blocking(answer) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("£200 comes to €232.26 at a rate of 1.1631 euros per pound.", "1.1631"),  # a wrong rate
        ("£200 ≈ €232.26 (£1 = €1.2613).", "€1.2613"),  # the rate; its unit side states no amount
        ("200 £ son 232.26 euros, al tipo de cambio de 1.19 euros por libra.", "1.19"),
        ("£200 ≈ €232.26, and the bank fee is €1.1613.", "€1.1613"),  # an amount, not a rate
    ],
)
def test_a_rate_not_held_or_an_amount_is_caught(answer: str, wrong: str) -> None:
    assert _blocking(answer) == wrong.split(" ")


@pytest.mark.parametrize(
    ("text", "number", "rate"),
    [
        ("at a rate of 1.1613 today", "1.1613", True),
        ("1.1613 dollars per euro", "1.1613", True),
        ("tasa de 1.1613", "1.1613", True),
        ("€1 = $1.1613", "$1.1613", True),
        ("$30 per passenger", "$30", False),
        ("a fee of $1.1613 was charged", "$1.1613", False),
    ],
)
def test_rate_expressions(text: str, number: str, rate: bool) -> None:
    start = text.index(number)
    assert in_rate_expression(text, (start, start + len(number))) is rate


def test_the_unit_side_and_rate_keys() -> None:
    assert unit_of_rate("1 EUR = 1.08 USD", (0, 1))
    assert unit_of_rate("€1 = $1.08", (0, 2))
    assert not unit_of_rate("1 EUR for the fee", (0, 1))
    held = rate_values(
        ['{"exchange_rate": 1.08, "rate_eur": "0.92", "tasa": 17.1, "separate": 3, "ratings": 4}']
    )
    assert held == [0.92, 1.08, 17.1]
