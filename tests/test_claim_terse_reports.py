"""A terse report of a deed is a claim: the participle as the whole sentence ("Signed out.",
"Cancelada."), a pronoun or demonstrative stated in the outcome's state ("It's cancelled!",
"C'est annulé !", "¡Está cancelada!"), a passive after an opener ("All right, the bags are
added."). The tool that did the deed grounds it; a failed one does not. Acknowledgements
("Noted."), a label's value ("Status: Cancelled."), questions, hedges and descriptions
("it's charged at $50 per bag") are no claims.
"""

from __future__ import annotations

import pytest

from tests.helpers import claimed

ID = {"reservation_id": "QX71PL"}
CANCEL = {
    "name": "cancel_reservation",
    "arguments": ID,
    "result": {"reservation_id": "QX71PL", "status": "ok"},
}
CANCEL_FAILED = {
    "name": "cancel_reservation",
    "arguments": ID,
    "error": "Error: reservation cannot be cancelled",
}
READ = {
    "name": "get_reservation_details",
    "arguments": ID,
    "result": {"reservation_id": "QX71PL", "cabin": "economy"},
}
TOKEN = {"session_token": "a1-b2"}
LOGOUT = {"name": "LogoutUser", "arguments": TOKEN, "result": {"status": "success"}}
LOGOUT_FAILED = {"name": "LogoutUser", "arguments": TOKEN, "error": "Invalid session token."}
BAGS = {
    "name": "update_reservation_baggages",
    "arguments": {**ID, "total_baggages": 3},
    "result": {"ok": True},
}
BAGS_FAILED = {
    "name": "update_reservation_baggages",
    "arguments": {**ID, "total_baggages": 3},
    "error": "Error: no",
}

CANCELLED = [
    "It's cancelled!",
    "It is cancelled.",
    "Good news: that's cancelled for you.",
    "Cancelled.",
    "Okay, cancelled.",
    "¡Está cancelada!",
    "Listo, está cancelada.",
    "C'est annulé !",
    "Annulée.",
    "Storniert.",
    "Pronto, está cancelada.",
]


@pytest.mark.parametrize("answer", CANCELLED)
def test_a_terse_cancellation_is_grounded_by_the_cancel_call(answer: str) -> None:
    assert claimed(answer, READ, CANCEL) == []


@pytest.mark.parametrize("answer", CANCELLED)
def test_a_terse_cancellation_after_the_cancel_call_failed_fires(answer: str) -> None:
    assert claimed(answer, READ, CANCEL_FAILED) != []


@pytest.mark.parametrize("answer", CANCELLED)
def test_a_terse_cancellation_after_only_a_read_fires(answer: str) -> None:
    assert claimed(answer, READ) != []


@pytest.mark.parametrize("answer", ["Signed out.", "Logged out.", "Done. Signed out.", "Desconectado."])
def test_a_terse_logout_follows_the_logout_call(answer: str) -> None:
    assert claimed(answer, LOGOUT) == []
    assert claimed(answer, LOGOUT_FAILED) != []


@pytest.mark.parametrize("answer", ["All right, the bags are added.", "Alright, your bags are added."])
def test_a_passive_after_an_opener_follows_the_acting_call(answer: str) -> None:
    assert claimed(answer, BAGS) == []
    assert claimed(answer, BAGS_FAILED) != []


@pytest.mark.parametrize(
    "answer",
    [
        "Noted.",
        "Noted!",
        "Status: Cancelled.",
        "Is it cancelled?",
        "If it's cancelled, the refund takes 5 days.",
        "It's charged at $50 per extra bag.",
        "This is reserved for gold members.",
        "It's not cancelled yet.",
        "¿Está cancelada?",
    ],
)
def test_acknowledgements_labels_questions_and_descriptions_are_no_claims(answer: str) -> None:
    assert claimed(answer, READ) == []


@pytest.mark.parametrize(
    "answer, status",
    [("Shipped.", "shipped"), ("Paid.", "paid"), ("1. Cancelled.", "cancelled"), ("Cancelada.", "cancelada")],
)
def test_a_lone_participle_states_what_a_read_result_reports(answer: str, status: str) -> None:
    order = {
        "name": "GetOrder",
        "arguments": {"order_id": "A-1001"},
        "result": {"order_id": "A-1001", "status": status},
    }
    assert claimed(answer, order) == []
    other = {**order, "result": {"order_id": "A-1001", "status": "pending"}}
    assert claimed(answer, other) != []
