"""A key that says "total" or "paid" of a counted thing holds a count, not money.

"total_baggages": 1 or "paid_bags": 2 count things; read as money, every small count of a
record becomes an amount, and a total one unit off ("$471" for a 470 refund) passes as "the
total plus the amount 1". A key whose money word names money ("total_price", "amount_paid",
"grand_total") stays money.
"""

from __future__ import annotations

import json

import pytest

from nofab.numbers.index import MONEY_KEY, money_values
from tests.helpers import blocking, call


@pytest.mark.parametrize(
    "key",
    [
        "total_baggages",
        "paid_bags",
        "total_passengers",
        "total_nights",
        "total-guests",
        "total seats",
        "totalItems",
    ],
)
def test_a_total_of_counted_things_is_no_money_key(key: str) -> None:
    assert MONEY_KEY.search(key) is None
    assert money_values(json.dumps({key: 3, "note": "x"}).casefold()) == []


@pytest.mark.parametrize(
    "key", ["total", "total_price", "grand_total", "amount_paid", "paid", "subtotal", "total_fare"]
)
def test_a_total_of_money_is_a_money_key(key: str) -> None:
    assert money_values(json.dumps({key: 470}).casefold()) == [470.0]


RESERVATION = {
    "reservation_id": "P9RT4C",
    "flights": [{"flight_number": "HAT201", "price": 214}, {"flight_number": "HAT208", "price": 226}],
    "passengers": [{"first_name": "Omar", "last_name": "Haddad"}],
    "payment_history": [
        {"payment_id": "gift_card_1", "amount": 200},
        {"payment_id": "credit_card_2", "amount": 270},
    ],
    "total_baggages": 1,
    "nonfree_baggages": 0,
    "insurance": "yes",
}


@pytest.mark.parametrize(
    "answer",
    [
        "The refund of $471 will go back to your original payment methods.",
        "Se le reembolsarán 471 $ a sus métodos de pago originales.",
        "Le remboursement de 471 $ sera versé sur vos moyens de paiement.",
    ],
)
def test_a_total_one_off_is_not_the_total_plus_a_count(answer: str) -> None:
    # The payments total 470; the record's one bag is no amount to add to it.
    assert blocking(answer, call("cancel_reservation", RESERVATION)) != []


@pytest.mark.parametrize(
    "answer",
    [
        "The refund of $470 will go back to your original payment methods.",
        "Se le reembolsarán 470 $ a sus métodos de pago originales.",
    ],
)
def test_the_total_itself_passes(answer: str) -> None:
    assert blocking(answer, call("cancel_reservation", RESERVATION)) == []
