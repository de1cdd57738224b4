"""A word between a count and its noun that names one of the fields counting that noun
("2 economy seats") holds the count against that field alone (numbers/counted)."""

from __future__ import annotations

import pytest

from nofab import Guard

_GUARD = Guard()
_FLIGHT = {
    "flight_number": "HAT231",
    "available_seats": {"basic_economy": 0, "economy": 3, "business": 1},
    "prices": {"basic_economy": 59, "economy": 121, "business": 299},
}


def _blocking(answer: str) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "Any seats on HAT231?",
        "tool_calls": [{"name": "search_direct_flight", "result": [_FLIGHT]}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("HAT231 has 2 economy seats left.", "2"),
        ("HAT231 still has 2 business seats available.", "2"),
        ("HAT231 has 4 economy seats open.", "4"),
    ],
)
def test_a_count_of_the_named_field_is_held_against_it_alone(answer: str, wrong: str) -> None:
    assert _blocking(answer) == [wrong]


@pytest.mark.parametrize(
    "answer",
    [
        "HAT231 has 3 economy seats left.",
        "HAT231 has 1 business seat available.",
        "HAT231 has 4 seats left in total.",  # no qualifier: the fields' total
        "HAT231 has 2 seats left.",  # no qualifier: a difference of two fields may be meant
        "Le vol HAT231 a encore 3 sièges en économie.",
    ],
)
def test_the_field_itself_or_no_qualifier_passes(answer: str) -> None:
    assert _blocking(answer) == []
