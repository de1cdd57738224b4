"""A passive dated at once in the past ("réservée hier à 20 h 15", "reservada ayer a las
20:15") tells a record's history, not a deed of this turn (language/recordhistory.py); the
time it gives is still held to the evidence."""

from __future__ import annotations

import pytest

from tests.helpers import blocking, call, claim_actions

TODAY = (
    "A reservation may be cancelled within 24 hours of booking. The current time is 2025-10-14 09:30:00 EST."
)
READ = call("get_reservation_details", {"reservation_id": "V2QJ9L", "created_at": "2025-10-13T20:15:02"})

HISTORY = [
    "Elle a été réservée hier à 20 h 15, il y a donc moins de 24 heures.",
    "La reserva fue hecha ayer a las 20:15, hace menos de 24 horas.",
    "Fue reservada ayer a las 20:15, así que puede cancelarla.",
    "A reserva foi feita ontem às 20h15, há menos de 24 horas.",
]


@pytest.mark.parametrize("answer", HISTORY)
def test_a_passive_dated_yesterday_is_history(answer: str) -> None:
    assert blocking(answer, READ, context=TODAY) == []


@pytest.mark.parametrize(
    "answer",
    [a.replace("20 h 15", "21 h 15").replace("20:15", "21:15").replace("20h15", "21h15") for a in HISTORY],
)
def test_its_time_is_still_held_to_the_record(answer: str) -> None:
    assert blocking(answer, READ, context=TODAY) != []


@pytest.mark.parametrize(
    "answer", ["La reserva fue cancelada hoy.", "Elle a été annulée.", "A reserva foi cancelada agora mesmo."]
)
def test_an_undated_passive_is_still_a_claim(answer: str) -> None:
    assert claim_actions(answer) != []


@pytest.mark.parametrize(
    "answer",
    [
        "Die Buchung wurde gestern um 20:15 Uhr angelegt.",
        "Ihre Reservierung wurde gestern um 20:15 Uhr gebucht.",
    ],
)
def test_a_german_passive_dated_yesterday_inside_it_is_history(answer: str) -> None:
    assert claim_actions(answer) == []


@pytest.mark.parametrize(
    "answer", ["Die Buchung wurde heute um 9:00 Uhr storniert.", "Die Buchung wurde storniert."]
)
def test_a_german_passive_of_today_is_still_a_claim(answer: str) -> None:
    assert claim_actions(answer) != []
