"""A record that names its currency makes its amounts money (numbers/currencyrecords)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.currencyrecords import record_amounts
from nofab.numbers.index import money_values

_GUARD = Guard()


def _blocking(answer: str, result: Any) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "How is my account doing?",
        "tool_calls": [{"name": "get_summary", "result": result}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


_QUOTE = {"symbol": "ACME", "price": 52.1, "change": -1.35, "change_pct": -2.53, "currency": "USD"}
_WALLET = {"owner": "Ana", "available": 312.75, "pending": 40.5, "currency": "EUR", "transaction_count": 17}


@pytest.mark.parametrize(
    ("answer", "result"),
    [
        ("ACME trades at $52.10, down $1.35 (-2.53%).", _QUOTE),
        ("ACME is at $52.10 after losing $1.35 today.", _QUOTE),
        ("You have €312.75 available and €40.50 pending.", _WALLET),
        ("Tienes 312,75 € disponibles y 40,50 € pendientes.", _WALLET),
        ("Ana has 312.75 EUR available.", [_WALLET, {"owner": "Bo", "available": 9.0, "currency": "EUR"}]),
    ],
)
def test_a_record_naming_its_currency_grounds_its_amounts(answer: str, result: Any) -> None:
    assert _blocking(answer, result) == []


@pytest.mark.parametrize(
    ("answer", "result", "wrong"),
    [
        # the other figures of the record are money now: a changed amount is still caught
        ("ACME trades at $52.10, down $1.53.", _QUOTE, "$1.53"),
        # a percentage or a count of the record is not an amount of its currency
        ("ACME is down $2.53 today.", _QUOTE, "$2.53"),
        ("You spent €17 across your transactions.", _WALLET, "€17"),
        # no currency key and no amount beside it: a plain "change" is still not money (a
        # change beside a "price" is the price's change: numbers/changefields.py)
        (
            "ACME is down $1.35.",
            [{"symbol": "ACME", "volume": 1200, "change": -1.35}, {"account": "brokerage", "balance": 500.0}],
            "$1.35",
        ),
    ],
)
def test_other_numbers_are_not_made_money(answer: str, result: Any, wrong: str) -> None:
    assert wrong in _blocking(answer, result)


def test_the_reading_is_bounded_to_the_enclosing_record() -> None:
    text = '{"a": {"fee": 1.0, "currency": "usd", "change": -2.5}, "b": {"change": 9.25}}'
    assert sorted(record_amounts(text)) == [1.0, 2.5]
    assert 9.25 not in money_values(text)
    # a currency key without a three-letter code, or no currency key at all: nothing
    assert record_amounts('{"currency": "dollars", "change": 3.5}') == []
    assert record_amounts('{"change": 3.5, "price": 2}') == []


def test_many_records_stay_cheap() -> None:
    text = "[" + ", ".join('{"currency": "usd", "v": 1.5}' for _ in range(5000)) + "]"
    assert record_amounts(text) == [1.5] * 200
    assert record_amounts("{" * 50_000 + '"currency": "usd"') == []
