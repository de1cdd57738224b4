"""A quantifier floated after "you are" ("you're both booked") leaves the claim a claim."""

from __future__ import annotations

import pytest

from nofab import Guard

_GUARD = Guard()
_FAILED = [
    {"name": "book_reservation", "arguments": {"flight": "HAT390"}, "error": "Error: not enough seats"}
]
_BOOKED = [
    {
        "name": "book_reservation",
        "arguments": {"flight": "HAT390"},
        "result": {"reservation_id": "AB12CD", "flight": "HAT390", "status": "booked"},
    }
]


def _claims(answer: str, calls: list[dict[str, object]]) -> list[str]:
    turn = {"response": answer, "tool_calls": calls}
    return [f.identifier for f in _GUARD.check(turn).findings if f.kind == "verb_claim"]


@pytest.mark.parametrize(
    "answer",
    [
        "Good news, Ines — you're both booked on HAT390.",
        "You are all booked on HAT390.",
        "You're both booked.",
    ],
)
def test_a_floated_quantifier_after_a_failed_booking_is_still_a_claim(answer: str) -> None:
    assert _claims(answer, _FAILED) != []


@pytest.mark.parametrize("answer", ["You're both booked on HAT390.", "You are all booked on HAT390."])
def test_the_same_claim_after_the_booking_succeeded_passes(answer: str) -> None:
    assert _claims(answer, _BOOKED) == []


def test_all_set_stays_an_idiom() -> None:
    assert "You're all set" not in " ".join(_claims("You're all set for Friday.", _BOOKED))
