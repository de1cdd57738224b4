"""Moving or rescheduling a thing (an event, a booking) is the same deed in every language the
lexicon has: "moved"/"rescheduled" are claims in English, so "verschoben"/"verlegt",
"déplacé"/"reprogrammé", "movido"/"reprogramado" and "remarcado"/"reagendado" are claims too,
held to a call that changes or schedules the thing. The guards English has apply alike: a
third party as the subject ("the airline moved your flight") is no claim of the agent, and a
passive whose participle a read tool returned as a value (a status "verschoben") reports that
status."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed


def ran(name: str, arguments: dict[str, Any], result: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments, "result": result}


READ = ran("get_appointment", {"id": "A-31"}, {"id": "A-31", "title": "Dentist", "day": "Tuesday"})
MOVED = ran("update_appointment", {"id": "A-31", "day": "Friday"}, {"id": "A-31", "day": "Friday"})
RESCHEDULED = ran("reschedule_booking", {"id": "B-5", "date": "2026-03-06"}, {"ok": True})


def status(value: str) -> dict[str, Any]:
    """A read of a train's status, whose value the operator set."""
    result = {"train": "IC 2045", "status": value, "departs": "17:40"}
    return ran("get_train_status", {"train": "IC 2045"}, result)


CLAIMS = [
    "I've moved your dentist appointment to Friday.",
    "I rescheduled the dentist visit for Friday.",
    "Ich habe den Zahnarzttermin auf Freitag verschoben.",
    "Den Zahnarzttermin habe ich auf Freitag verlegt.",
    "Der Termin wurde auf Freitag verschoben.",
    "J'ai déplacé votre rendez-vous chez le dentiste à vendredi.",
    "J'ai reprogrammé le rendez-vous pour vendredi.",
    "Le rendez-vous a été déplacé à vendredi.",
    "He movido tu cita con el dentista al viernes.",
    "Moví la cita al viernes.",
    "Reprogramé la cita para el viernes.",
    "La cita ha sido trasladada al viernes.",
    "Remarquei a sua consulta para sexta-feira.",
    "A consulta foi reagendada para sexta-feira.",
]


@pytest.mark.parametrize("answer", CLAIMS)
def test_a_move_with_only_a_read_is_flagged(answer: str) -> None:
    assert claimed(answer, READ) != []


@pytest.mark.parametrize("answer", CLAIMS)
def test_a_move_after_a_call_that_changes_the_thing_is_not_flagged(answer: str) -> None:
    assert claimed(answer, MOVED) == []


@pytest.mark.parametrize(
    "answer",
    [
        "I rescheduled your booking to 6 March.",
        "Ich habe Ihre Buchung auf den 6. März umgeplant.",
        "J'ai reprogrammé votre réservation au 6 mars.",
        "Reprogramé tu reserva para el 6 de marzo.",
        "Reagendei a sua reserva para 6 de março.",
    ],
)
def test_a_reschedule_call_grounds_a_reschedule(answer: str) -> None:
    assert claimed(answer, RESCHEDULED) == []


@pytest.mark.parametrize(
    "answer",
    [
        # a third party as the subject is not the agent's deed
        "The rail operator moved your train to 17:40.",
        "Die Bahn hat Ihren Zug auf 18 Uhr verschoben.",
        "Die Bahn hat Ihren Zug auf 17:40 Uhr verschoben.",
        "Die Bahn hat die Abfahrt auf 17.40 Uhr geändert.",
        "L'opérateur a déplacé votre train à 17h40.",
        "La compañía ha movido tu tren a las 17:40.",
        # negated
        "Ich habe den Termin nicht verschoben.",
        "Je n'ai pas déplacé le rendez-vous.",
        "No he movido la cita.",
    ],
)
def test_a_third_party_or_negated_move_is_not_flagged(answer: str) -> None:
    assert claimed(answer, status("delayed")) == []


@pytest.mark.parametrize(
    ("answer", "value"),
    [
        ("Your train has been rescheduled.", "rescheduled"),
        ("Ihr Zug wurde verschoben.", "verschoben"),
        ("Votre train a été déplacé.", "déplacé"),
        ("Su tren ha sido reprogramado.", "reprogramado"),
        ("O seu trem foi remarcado.", "remarcado"),
    ],
)
def test_a_passive_a_read_returned_as_the_status_is_not_flagged(answer: str, value: str) -> None:
    assert claimed(answer, status(value)) == []


@pytest.mark.parametrize(
    "answer",
    [
        "I've moved your dentist appointment to 17:40.",
        "Ich habe den Zahnarzttermin auf 17:40 Uhr verschoben.",
        "Der Termin wurde auf 17.40 Uhr verlegt.",
    ],
)
def test_a_time_inside_the_clause_does_not_end_it(answer: str) -> None:
    """A '.' or ':' between digits is part of the time, so the German participle after it
    still closes the speaker's clause."""
    assert claimed(answer, READ) != []
