"""The "1" that states the unit of a rate is no amount (numbers/rates): in an equivalence "1
<unit> = <number> <unit>" ("1 EUR = 1.0842 USD", "€1 = $1.08", "1 EUR entspricht 1,0842 USD")
or after a "per" word ("1.0842 USD per 1 EUR") it says which unit the other number is given
for, so it is never checked, whether or not the evidence holds the rate. The other side is
checked as ever: a changed rate or converted amount is still caught, and a "1" that is an
amount ("a fee of 1 EUR") is still held to the evidence."""

from __future__ import annotations

import pytest

from nofab import Guard, Policy
from nofab.numbers.rates import unit_of_rate

_GUARD = Guard(Policy(load_plugins=False))
_RESULT = {"amount": 400, "from": "EUR", "to": "USD", "rate": 1.0731, "converted": 429.24}


def _blocking(answer: str, result: object = None) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "How much is 400 EUR in dollars?",
        "tool_calls": [{"name": "convert_currency", "result": _RESULT if result is None else result}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


@pytest.mark.parametrize(
    ("text", "one"),
    [
        ("1 EUR = 1.0731 USD", "1"),
        ("€1 = $1.07", "€1"),
        ("1 USD = 0.93 EUR", "1"),
        ("1 USD equals 0.93 EUR", "1"),
        ("1 EUR ≈ 1.07 USD", "1"),
        ("1 EUR entspricht 1,0731 USD", "1"),
        ("1 € vaut 1,07 $", "1"),
        ("1 euro equivale a 1,07 dólares", "1"),
        ("1,00 EUR = 1,07 USD", "1,00"),
        ("1.0731 USD per 1 EUR", "1 EUR"),
        ("1,0731 USD je 1 €", "1 €"),
        ("0,93 EUR por 1 USD", "1 USD"),
    ],
)
def test_the_one_of_an_equivalence_is_its_unit(text: str, one: str) -> None:
    start = text.rindex(one) if " " in one else text.index(one)
    end = start + (1 if " " in one else len(one))
    assert unit_of_rate(text, (start, end))


@pytest.mark.parametrize(
    ("text", "one"),
    [
        ("you pay 1 EUR for the fee", "1"),
        ("$1 = the fee for each call", "$1"),  # the other side is no number
        ("for 1 EUR you get a coffee", "1"),  # "for" is a price, not a unit
        ("12 EUR = 12.87 USD", "12"),  # not the unit's 1
        ("2 EUR = 2.15 USD", "2"),
    ],
)
def test_other_amounts_are_no_unit(text: str, one: str) -> None:
    start = text.index(one)
    assert not unit_of_rate(text, (start, start + len(one)))


@pytest.mark.parametrize(
    "answer",
    [
        "400 € sind 429,24 US-Dollar (1 EUR = 1,0731 USD).",
        "400 € font 429,24 dollars (1 EUR = 1,0731 USD).",
        "400 € son 429,24 dólares (1 EUR = 1,0731 USD).",
        "€400 comes to $429.24 (1 EUR = 1.0731 USD).",
        "€400 comes to $429.24 (€1 = $1.0731).",
        "€400 comes to $429.24 at 1.0731 USD per 1 EUR.",
        "€400 comes to $429.24; 1 EUR equals 1.0731 USD today.",
    ],
)
def test_a_held_rate_and_its_unit_pass(answer: str) -> None:
    assert _blocking(answer) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("400 € sind 492,24 US-Dollar (1 EUR = 1,0731 USD).", ["492,24"]),  # the converted amount
        ("€400 comes to $429.24 (1 EUR = 1.0713 USD).", ["1.0713"]),  # the rate, not its unit
        ("400 € sind 429,24 US-Dollar (1 EUR = 1,0713 USD).", ["1,0713"]),
        ("€400 comes to $429.24, plus a fee of 1 EUR.", ["1"]),  # an amount of 1 is still an amount
    ],
)
def test_the_other_side_and_plain_amounts_stay_checked(answer: str, wrong: list[str]) -> None:
    assert _blocking(answer) == wrong


def test_an_item_price_keeps_its_amount_checked() -> None:
    result = {"item": "widget", "unit_price": 5.0, "quantity": 3, "total": 15.0}
    assert _blocking("1 widget = $5.00, so 3 come to $15.00.", result) == []
    assert _blocking("1 widget = $6.00, so 3 come to $15.00.", result) == ["$6.00"]
