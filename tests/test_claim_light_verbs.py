"""A light verb takes its deed from its object noun: "Done — refund issued" is a refund, so a
tool that refunds (``cancel_reservation``) grounds it and its failure makes the claim false;
"All set" is an idiom, never a claim of setting; "set up" an account creates it."""

from __future__ import annotations

import pytest

from tests.helpers import claimed

CANCEL = {
    "name": "cancel_reservation",
    "arguments": {"reservation_id": "T4W9NE"},
    "result": {"status": "cancelled"},
}
CANCEL_FAILED = {
    "name": "cancel_reservation",
    "arguments": {"reservation_id": "T4W9NE"},
    "error": "Error: not found",
}
READ = {
    "name": "get_reservation_details",
    "arguments": {"reservation_id": "T4W9NE"},
    "result": {"status": "active"},
}

REFUNDS = [
    "Done — refund issued.",
    "Refund issued to your original payment method.",
    "I've issued a full refund.",
    "Your refund has been issued.",
    "I've processed your refund.",
    "Reembolso emitido a su tarjeta.",
    "J'ai émis le remboursement.",
]


@pytest.mark.parametrize("answer", REFUNDS)
def test_a_refund_issued_is_grounded_by_a_tool_that_refunds(answer: str) -> None:
    assert claimed(answer, READ, CANCEL) == []


@pytest.mark.parametrize("answer", REFUNDS)
def test_a_refund_issued_after_only_a_read_or_a_failed_cancel_fires(answer: str) -> None:
    assert claimed(answer, READ) != []
    assert claimed(answer, READ, CANCEL_FAILED) != []


@pytest.mark.parametrize(
    "answer",
    [
        "Your cancellation has been processed.",
        "I've processed the cancellation of T4W9NE.",
        "Cancelación procesada.",
    ],
)
def test_a_cancellation_processed_is_a_cancellation(answer: str) -> None:
    assert claimed(answer, CANCEL) == []
    assert claimed(answer, READ) != []


@pytest.mark.parametrize("answer", ["All set!", "All set.", "All set — anything else?", "Okay, all set."])
def test_all_set_is_an_idiom_not_a_claim(answer: str) -> None:
    assert claimed(answer, READ) == []


@pytest.mark.parametrize("answer", ["Alarm set.", "All alarms set for tomorrow.", "I've set your alarm."])
def test_setting_something_is_still_a_claim(answer: str) -> None:
    assert claimed(answer, {"name": "FindAlarms", "arguments": {}, "result": []}) != []


REGISTER = {"name": "RegisterUser", "arguments": {"username": "mkoval"}, "result": {"session_token": "s-1"}}


@pytest.mark.parametrize("answer", ["I've set up your account.", "I set up your new account, mkoval."])
def test_setting_up_an_account_is_creating_it(answer: str) -> None:
    assert claimed(answer, REGISTER) == []
    assert claimed(answer, {"name": "QueryUser", "arguments": {"username": "mkoval"}, "result": {}}) != []


ADD_REMINDER = {"name": "AddReminder", "arguments": {"task": "call Bob"}, "result": {"reminder_id": "r-1"}}


@pytest.mark.parametrize(
    "answer", ["I've noted that in a reminder.", "I've saved it as a reminder for Monday."]
)
def test_saving_by_adding_is_grounded_by_an_add_tool(answer: str) -> None:
    assert claimed(answer, ADD_REMINDER) == []
    assert claimed(answer, {"name": "GetReminders", "arguments": {}, "result": []}) != []


UPDATE_PAID = {
    "name": "update_reservation_flights",
    "arguments": {"reservation_id": "T4W9NE", "payment_id": "gift_card_1"},
    "result": {"reservation_id": "T4W9NE"},
}
UPDATE_UNPAID = {
    "name": "update_reservation_passengers",
    "arguments": {"reservation_id": "T4W9NE", "passengers": []},
    "result": {"reservation_id": "T4W9NE"},
}


@pytest.mark.parametrize(
    "answer",
    [
        "A refund of $64 for the fare difference has been issued to your gift card.",
        "Your refund for the fare difference has been issued to your Visa.",
        "Un reembolso de 64 $ por la diferencia de tarifa fue emitido a su tarjeta.",
        "Eine Erstattung von 64 $ für den Tarifunterschied wurde auf Ihre Geschenkkarte ausgestellt.",
    ],
)
def test_a_passive_light_verb_takes_its_deed_from_the_clause_subject(answer: str) -> None:
    # The subject names the deed however long it is; a call that moves money through its
    # payment argument can refund, one without it cannot.
    assert claimed(answer, UPDATE_PAID) == []
    assert claimed(answer, UPDATE_UNPAID) != []
