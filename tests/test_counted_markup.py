"""A small count's words are read as plain text: emphasis does not hide its noun or a modifier
(numbers/counted + language/markup)."""

from __future__ import annotations

import pytest

from nofab import Guard

_GUARD = Guard()
_RESERVATION = {
    "reservation_id": "RB5T8W",
    "passengers": [{"first_name": "Ana"}, {"first_name": "Luis"}],
    "total_baggages": 5,
    "nonfree_baggages": 0,
}


def _blocking(answer: str) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "How many bags do we have on RB5T8W?",
        "tool_calls": [{"name": "get_reservation_details", "result": _RESERVATION}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "With 2 more it would be 7, that is **1 bag** per passenger over the allowance.",
        "Con 2 más serían 7, es decir, **1 maleta** por encima de la franquicia.",
        "Avec 2 de plus, cela ferait 7, soit **1 bagage** par passager au-delà de la franchise.",
        "Your reservation has **5** bags checked.",
    ],
)
def test_a_modifier_after_emphasis_still_makes_the_count_a_part(answer: str) -> None:
    assert _blocking(answer) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("Your reservation has **3 bags** checked.", "3"),
        ("Su reserva tiene **3 maletas** facturadas.", "3"),
        ("Your reservation has *3 bags* checked.", "3"),
    ],
)
def test_a_wrong_count_in_emphasis_stays_a_finding(answer: str, wrong: str) -> None:
    assert wrong in _blocking(answer)
