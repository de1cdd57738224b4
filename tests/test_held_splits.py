"""An amount stated per unit that is a record's own amount split by that record's count of the
unit (numbers/perunit.py ``_held_split``).

Principle: a stay of $510.30 for 3 nights and 2 guests is "about $170 per night" and "$255.15
each"; a refund of $114 on a booking of 3 passengers is "$38 per passenger". The total and
the count belong to one record: one booking's total split by another's passengers explains
nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking, call

STAY: dict[str, Any] = {
    "booking_id": "HB-55120",
    "check_in": "2025-03-14",
    "check_out": "2025-03-17",
    "nights": 3,
    "guests": 2,
    "total_after_discount": 510.3,
}
REFUNDED: dict[str, Any] = {
    "reservation_id": "OWZ4XL",
    "passengers": [{"first_name": "Ivan"}, {"first_name": "Olivia"}, {"first_name": "Lei"}],
    "payment_history": [
        {"payment_id": "gift_card_9823297", "amount": 522},
        {"payment_id": "gift_card_9823297", "amount": -114},
    ],
}


@pytest.mark.parametrize(
    "answer",
    [
        "That's about $170 per night after the discount.",
        "Son unos 170 $ por noche con el descuento.",
        "Cela fait environ 170 $ par nuit après la remise.",
        "Das sind etwa 170 $ pro Nacht nach dem Rabatt.",
        "Dá cerca de US$ 170 por noite depois do desconto.",
        "Each of you pays $255.15.",
        "Cada uno paga 255,15 $.",
    ],
)
def test_a_records_total_split_by_its_count(answer: str) -> None:
    assert blocking(answer, call("get_booking", STAY)) == []


def test_a_refund_split_by_the_bookings_passengers() -> None:
    answer = "A refund of $38 per passenger goes back to your gift card."
    assert blocking(answer, call("update_reservation_flights", REFUNDED)) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [("That's about $190 per night after the discount.", "$190"), ("Each of you pays $265.15.", "$265.15")],
)
def test_another_share_is_a_finding(answer: str, wrong: str) -> None:
    assert blocking(answer, call("get_booking", STAY)) == [wrong]


def test_a_total_split_by_another_records_count_explains_nothing() -> None:
    profile = {"user_id": "u1", "saved_passengers": [{"first_name": "Ava"}, {"first_name": "Anya"}]}
    booking = {
        "reservation_id": "2FBBAH",
        "passengers": [{"first_name": "Omar"}],
        "payment_history": [{"amount": 4420}],
    }
    answer = "It was previously $2,210 per passenger."
    assert blocking(answer, call("get_user_details", profile), call("get_reservation_details", booking)) == [
        "$2,210"
    ]
