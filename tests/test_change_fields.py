"""A change field of a priced record is money (numbers/changefields.py; ``change_keys`` in
currency_records.json).

Principle: "change": -2.35 beside "price": 88.4 is a change of the price, so an answer's
"down $2.35" restates it. A change field of a record with no money key, or a key that also
names a percentage, stays a plain number, and a changed amount is still a finding.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab.numbers.changefields import change_amounts
from nofab.numbers.index import MONEY_KEY
from tests.helpers import blocking, call

QUOTE: dict[str, Any] = {"symbol": "KHC", "price": 88.4, "open": 90, "change": -2.35, "change_percent": -2.6}
FUND: dict[str, Any] = {"fund": "Nordic Index", "nav_price": 41.2, "delta": 0.68, "delta_pct": 1.68}


@pytest.mark.parametrize(
    ("answer", "result"),
    [
        ("KHC is at $88.40 today, down $2.35 (-2.6%).", QUOTE),
        ("KHC cotiza a 88,40 $, con una bajada de 2,35 $.", QUOTE),
        ("KHC est à 88,40 $, en baisse de 2,35 $.", QUOTE),
        ("KHC steht bei 88,40 $, ein Minus von 2,35 $.", QUOTE),
        ("The Nordic Index fund is at $41.20, up $0.68 today.", FUND),
    ],
)
def test_a_priced_records_change_is_money(answer: str, result: dict[str, Any]) -> None:
    assert blocking(answer, call("QueryStock", result)) == []


@pytest.mark.parametrize(
    ("answer", "changed"),
    [
        ("KHC is at $88.40 today, down $3.25 (-2.6%).", "$3.25"),
        ("KHC est à 88,40 $, en baisse de 3,25 $.", "3,25"),
    ],
)
def test_a_changed_amount_is_still_a_finding(answer: str, changed: str) -> None:
    assert blocking(answer, call("QueryStock", QUOTE)) == [changed]


@pytest.mark.parametrize(
    ("text", "amounts"),
    [
        ('{"price": 88.4, "change": -2.35, "change_percent": -2.6}', [2.35]),
        ('{"temperature": 21.5, "change": 3.5}', []),  # no money key: not a price's change
        ('{"total": 120.0, "change_pct": 4.5}', []),  # a percentage, not an amount
        ('{"balance": 75.0, "net_change": "12.50"}', [12.5]),
    ],
)
def test_change_fields_are_read_only_beside_money(text: str, amounts: list[float]) -> None:
    assert change_amounts(text, MONEY_KEY) == amounts


# A field naming the priced quantity at another moment or market side (open, close, high, low,
# bid, ask) is money beside the price; as a whole part of the key only.

SESSION: dict[str, Any] = {
    "symbol": "AAPL",
    "price": 227.48,
    "open": 224.9,
    "day_high": 229.1,
    "previous_close": 224.9,
}


@pytest.mark.parametrize(
    "answer",
    [
        "AAPL trades at $227.48; it opened at $224.90 and reached a high of $229.10.",
        "A AAPL está cotada a US$ 227,48 hoje — abriu a US$ 224,90.",
        "AAPL cotiza a 227,48 $; abrió en 224,90 $ y marcó un máximo de 229,10 $.",
        "AAPL steht bei 227,48 $, nach einem Eröffnungskurs von 224,90 $.",
    ],
)
def test_a_priced_records_open_and_high_are_money(answer: str) -> None:
    assert blocking(answer, call("QueryStock", SESSION)) == []


def test_an_opening_amount_changed_is_still_found() -> None:
    assert blocking("AAPL trades at $227.48; it opened at $224.60.", call("QueryStock", SESSION)) != []


@pytest.mark.parametrize("key", ["baggage_allowance", "closet_count", "highway_km", "asking_rooms"])
def test_a_price_point_word_inside_another_word_is_no_price_point(key: str) -> None:
    assert change_amounts(f'{{"price": 120, "{key}": 3}}', MONEY_KEY) == []


# A priced record's price points combine with its price as amounts: the move since the open
# is price minus open.
MOVE = {"symbol": "AAPL", "price": 204.1, "open": 201.35, "change_percent": 1.37}


@pytest.mark.parametrize(
    "answer",
    [
        "Since the open, AAPL gained $2.75 a share.",
        "Desde la apertura, AAPL ha subido 2,75 $ por acción.",
        "Depuis l'ouverture, AAPL a gagné 2,75 $ par action.",
    ],
)
def test_the_move_since_the_open_is_price_minus_open(answer: str) -> None:
    assert blocking(answer, call("QueryStock", MOVE)) == []


def test_a_move_that_is_no_difference_is_found() -> None:
    assert blocking("Since the open, AAPL gained $2.57 a share.", call("QueryStock", MOVE)) != []
