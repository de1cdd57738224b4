"""A stated state after a failed call is grounded by what a tool returned, not by the
rules text or the user's words (``nofab.detectors.claims._results_hold``)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard

_GUARD = Guard()
_POLICY_EN = "Rules: a reservation booked in the last 24 hours can be cancelled; bags can be added."
_POLICY_ES = "Normas: una reserva puede ser cancelada en las primeras 24 horas; se pueden añadir maletas."


def _claims(answer: str, context: str, *calls: dict[str, Any], user: str = "") -> list[str]:
    turn = {"response": answer, "context": context, "user_message": user, "tool_calls": list(calls)}
    return [f.identifier for f in _GUARD.check(turn).findings if f.kind == "verb_claim"]


_FAILED_CANCEL = {
    "name": "cancel_reservation",
    "arguments": {"reservation_id": "Q4ZT8M"},
    "error": "Error: refused",
}
_FAILED_BAGS = {
    "name": "update_reservation_baggages",
    "arguments": {"total_baggages": 2},
    "error": "Error: no card",
}


@pytest.mark.parametrize(
    ("answer", "context", "call"),
    [
        ("Your reservation is cancelled.", _POLICY_EN, _FAILED_CANCEL),
        ("The extra bags are added.", _POLICY_EN, _FAILED_BAGS),
        ("Su reserva está cancelada.", _POLICY_ES, _FAILED_CANCEL),
    ],
)
def test_a_state_the_rules_text_words_is_no_outcome_after_a_failed_call(
    answer: str, context: str, call: dict[str, Any]
) -> None:
    assert _claims(answer, context, call) != []


@pytest.mark.parametrize(
    ("answer", "context"),
    [("Your reservation is cancelled.", _POLICY_EN), ("Su reserva está cancelada.", _POLICY_ES)],
)
def test_a_result_that_holds_the_state_still_grounds_it_after_a_failure(answer: str, context: str) -> None:
    read = {
        "name": "get_reservation_details",
        "arguments": {"reservation_id": "Q4ZT8M"},
        "result": {
            "reservation_id": "Q4ZT8M",
            "status": "cancelled" if "cancelled" in answer else "cancelada",
        },
    }
    assert _claims(answer, context, _FAILED_CANCEL, read) == []


def test_with_no_failure_the_rules_text_may_describe_the_state() -> None:
    """Nothing failed: a state the context words is read as before (a read may report it)."""
    read = {"name": "get_reservation_details", "arguments": {}, "result": {"reservation_id": "Q4ZT8M"}}
    assert _claims("Your reservation is cancelled.", _POLICY_EN, read) == []
