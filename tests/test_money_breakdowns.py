"""A flat record that types one of its decimals as money is a breakdown of amounts: its other
decimals under keys naming no other quantity are money too (issue 12, numbers/breakdowns)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.breakdowns import breakdown_amounts, breakdown_keys
from nofab.numbers.derive import Derivable
from nofab.numbers.index import MONEY_KEY, money_values

_GUARD = Guard()

_PAY = {"gross": 5200.0, "net": 3390.6, "tax": 1211.15, "social": 598.25}
_INVOICE = {"invoice_id": 88, "labour": 640.5, "parts": 219.9, "total": 860.4}
_BASKET = {"price": 12.5, "items": 4, "weight_kg": 3.25}


def _blocking(answer: str, result: Any) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "Show me the figures.",
        "tool_calls": [{"name": "get_record", "result": result}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


@pytest.mark.parametrize(
    ("answer", "result"),
    [
        ("Gross pay $5,200.00, net $3,390.60; deductions $1,809.40 (tax $1,211.15, social $598.25).", _PAY),
        (
            "Brutto 5.200,00 €, netto 3.390,60 €. Abzüge 1.809,40 € (Steuer 1.211,15 €, Sozial 598,25 €).",
            _PAY,
        ),
        ("Brut 5 200,00 €, net 3 390,60 €, cotisations sociales 598,25 €.", _PAY),
        ("Labour came to $640.50 and parts to $219.90, $860.40 in all.", _INVOICE),
        ("Main-d'œuvre 640,50 €, pièces 219,90 €.", _INVOICE),
        ("The item costs $12.50.", _BASKET),
    ],
)
def test_a_breakdown_grounds_its_amounts(answer: str, result: Any) -> None:
    assert _blocking(answer, result) == []


@pytest.mark.parametrize(
    ("answer", "result", "wrong"),
    [
        # a changed amount of the breakdown is still caught
        ("Gross pay $5,200.00, net $3,930.60.", _PAY, "$3,930.60"),
        ("Brutto 5.200,00 €, Sozialabgaben 589,25 €.", _PAY, "589,25"),
        # a count or a weight beside a price is no amount
        ("You paid $4 for the basket.", _BASKET, "$4"),
        ("That is $3.25 of goods.", _BASKET, "$3.25"),
        # an unnamed integer beside the price: perhaps a count, so nothing is inferred
        ("Shipping is $2.75.", {"price": 12.5, "boxes": 3, "shipping_estimate": 2.75}, "$2.75"),
        # figures that do not add up are no breakdown: an unnamed decimal stays plain
        ("Your net pay is $3,390.60.", {"gross": 5200.0, "net": 3390.6, "tax": 1211.15}, "$3,390.60"),
        (
            "ACME is down $1.35.",
            [{"symbol": "ACME", "volume": 1200, "change": -1.35}, {"account": "brokerage", "balance": 500.0}],
            "$1.35",
        ),
        # no money key in the record: its plain decimals stay plain
        ("Gross was $5,200.00.", [{"gross": 5200.0, "net": 3390.6}, {"fee": 1.5}], "$5,200.00"),
    ],
)
def test_other_numbers_are_not_made_money(answer: str, result: Any, wrong: str) -> None:
    assert wrong in _blocking(answer, result)


def test_only_flat_records_are_read() -> None:
    nested = '{"tax": 10.5, "detail": {"gross": 99.5}, "net": 89.0}'
    assert breakdown_amounts(nested, MONEY_KEY) == []
    flat = '{"tax": 10.5, "gross": 99.5, "rate": 0.25, "net": 89.0}'
    assert sorted(breakdown_amounts(flat, MONEY_KEY)) == [10.5, 89.0, 99.5]
    both = '{"a": {"tax": 10.5, "net": 89.0, "gross": 99.5}, "b": {"net": 7.5}}'
    assert 89.0 in money_values(both)
    assert 7.5 not in money_values(both)
    assert breakdown_amounts('{"tax": 10.5, "gross": 99.5, "net": 40.25}', MONEY_KEY) == []


def test_the_parsed_record_agrees() -> None:
    def money(key: object) -> bool:
        return MONEY_KEY.search(str(key)) is not None

    assert breakdown_keys(_PAY, money) == frozenset(_PAY)
    assert breakdown_keys(_BASKET, money) is None  # one amount only: nothing to combine
    assert breakdown_keys({"price": 12.5, "boxes": 3, "fee": 2.0}, money) is None
    assert breakdown_keys({"gross": 5200.0, "net": 3390.6}, money) is None
    assert breakdown_keys({"subtotal": "40.00", "shipping": "4.50", "grand": "44.50"}, money) is not None
    # the breakdown's amounts combine as money: tax + social
    assert Derivable.from_value(_PAY).derive(1809.39, 1809.41, money_only=True) is not None
