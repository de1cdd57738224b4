"""A booking's fares for all its people: the sum of its items' prices times its people
(numbers/fares.py).

Principle: legs at $168 and $174 for two passengers cost $684; an answer saying so in any
language restates the record. Another total is still a finding, and an amount already paid
for everyone (a payment's "amount") is never multiplied.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab.numbers.fares import fare_totals
from tests.helpers import blocking, call

BOOKING: dict[str, Any] = {
    "reservation_id": "Q8HZ3R",
    "flights": [
        {"flight_number": "LK0722", "date": "2025-11-21", "price": 168},
        {"flight_number": "LK0729", "date": "2025-11-28", "price": 174},
    ],
    "passengers": [
        {"first_name": "Lars", "last_name": "Eriksen"},
        {"first_name": "Astrid", "last_name": "Eriksen"},
    ],
    "payment_history": [{"payment_id": "credit_card_3360187", "amount": 744}],
}


def _flagged(answer: str) -> list[str]:
    return blocking(answer, call("book_reservation", BOOKING, {"user_id": "lars_e"}))


@pytest.mark.parametrize(
    "answer",
    [
        "The flights come to $684 for the 2 of you.",
        "Los vuelos suman 684 $ para los 2 pasajeros.",
        "Les vols font 684 $ pour les 2 passagers.",
        "Die Flüge kosten 684 $ für 2 Passagiere.",
        "Os voos somam US$ 684 para os 2 passageiros.",
    ],
)
def test_the_fares_for_all_passengers_are_grounded(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(("answer", "wrong"), [("The flights come to $648 for the 2 of you.", "$648")])
def test_another_total_is_a_finding(answer: str, wrong: str) -> None:
    assert _flagged(answer) == [wrong]


def test_only_prices_per_person_are_multiplied() -> None:
    totals = {value for value, _how in fare_totals(BOOKING, "$")}
    assert totals == {684.0}  # not 2 x the $744 payment
    assert fare_totals({"flights": BOOKING["flights"], "passengers": BOOKING["passengers"][:1]}, "$") == []
