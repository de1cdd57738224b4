"""Applying a means of payment pays with it: "I've applied your certificate to the booking"
is grounded by the tool that took the certificate as payment (a booking tool, or any call
through its payment argument), and by no tool that only read it. Applying anything else
("applied the change") stays an update."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed

CERTIFICATE = "certificate_7723410"
BOOK = {
    "name": "book_reservation",
    "arguments": {"user_id": "u1", "payment_methods": [{"payment_id": CERTIFICATE, "amount": 150}]},
    "result": {"reservation_id": "ZZ11AA", "payment_history": [{"payment_id": CERTIFICATE, "amount": 150}]},
}
PAY_THROUGH_ARGUMENT = {
    "name": "update_reservation_flights",
    "arguments": {"reservation_id": "ZZ11AA", "payment_id": CERTIFICATE},
    "result": {"reservation_id": "ZZ11AA"},
}
READ = {
    "name": "get_user_details",
    "arguments": {"user_id": "u1"},
    "result": {"payment_methods": {CERTIFICATE: {"source": "certificate", "amount": 150}}},
}


APPLIED = [
    "I've applied your certificate to the booking.",
    "Your travel certificate has been applied to the new reservation.",
    "I applied the voucher to your trip.",
    "He aplicado tu certificado a la reserva.",
    "J'ai appliqué votre certificat à la réservation.",
    "Ich habe Ihren Gutschein eingelöst.",
    "Apliquei o seu certificado à reserva.",
]


@pytest.mark.parametrize("answer", APPLIED)
@pytest.mark.parametrize("call", [BOOK, PAY_THROUGH_ARGUMENT], ids=["booking tool", "payment argument"])
def test_a_tool_that_took_it_as_payment_grounds_applying_it(answer: str, call: dict[str, Any]) -> None:
    assert claimed(answer, READ, call) == [], answer


@pytest.mark.parametrize("answer", APPLIED)
def test_reading_the_certificate_does_not_apply_it(answer: str) -> None:
    assert claimed(answer, READ) != [], answer


def test_applying_something_else_is_still_an_update() -> None:
    update = {"name": "update_reservation_flights", "arguments": {"reservation_id": "ZZ11AA"}, "result": {}}
    assert claimed("I've applied the new dates to your reservation.", update) == []
    assert claimed("I've applied the new dates to your reservation.", READ) != []
