"""A status a read-only tool returns is a participle in the tool's language; an answer in
another language restates it with its own participle of the same action ("cancelled" ->
"foi cancelado", "fue cancelado", "a été annulé"). That passive reports the status, as the
English "was cancelled" does; a participle of another action is still a claim to hold."""

from __future__ import annotations

import pytest

from tests.helpers import blocking, call

STATUS = call("get_flight_status", "cancelled", {"flight_number": "HX205", "date": "2026-05-12"})
ORDER = call("get_order_details", {"order_id": "W771", "status": "delivered"})


@pytest.mark.parametrize(
    "answer",
    [
        "O voo HX205 de hoje foi cancelado.",
        "Confirmei que o voo HX205 de hoje foi cancelado pela companhia.",
        "El vuelo HX205 de hoy fue cancelado por la aerolínea.",
        "Le vol HX205 a été annulé.",
        "Your flight HX205 was cancelled by the airline.",
    ],
)
def test_a_status_restated_in_another_language_is_reported(answer: str) -> None:
    assert blocking(answer, STATUS) == []


@pytest.mark.parametrize(
    "answer",
    [
        "Su pedido W771 fue entregado ayer.",
        "A sua encomenda W771 foi entregue.",
        "Votre commande W771 a été livrée.",
    ],
)
def test_a_delivered_status_restated_is_reported(answer: str) -> None:
    assert blocking(answer, ORDER) == []


@pytest.mark.parametrize(
    "answer",
    ["El vuelo HX205 fue reembolsado.", "O voo HX205 foi reembolsado.", "Le vol HX205 a été remboursé."],
)
def test_a_participle_of_another_action_is_still_held_to_the_calls(answer: str) -> None:
    assert blocking(answer, STATUS) != []


def test_a_status_is_restated_by_its_translation_only() -> None:
    # "completed" and "procesado" both name the action process, but neither translates the other:
    # a refund still being processed is not the refund a status calls completed
    read = call("get_booking", {"booking_id": "RT55QZ", "refund_status": "completed"})
    assert blocking("Tu reembolso está siendo procesado.", read) != []
    assert (
        blocking(
            "Ihre Buchung ist storniert.",
            call("get_booking", {"booking_id": "RT55QZ", "status": "cancelled"}),
        )
        == []
    )
