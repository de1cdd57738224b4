"""A name that owns a value through an attribute noun ("Johan's date of birth ... reads
April 22, 2009", "la fecha de nacimiento de Johan ... es el 22 de abril de 2009") is bound to
it however far the value stands (detectors/boundpeople.py ``_possessed``;
person_attributes.json).

Principle: a possessive or a link word says whose attribute it is, so the first value of that
kind after it in its sentence is that person's; another person of the results named so is a
swap.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking, call

RESERVATION: dict[str, Any] = {
    "reservation_id": "H4QZ8M",
    "passengers": [
        {"first_name": "Marta", "last_name": "Lindqvist", "dob": "1979-11-02"},
        {"first_name": "Oskar", "last_name": "Lindqvist", "dob": "2011-06-17"},
    ],
}
CONTACTS: dict[str, Any] = {
    "contacts": [
        {"name": "Ana Ruiz", "email": "ana.ruiz@example.com"},
        {"name": "Luis Ortega", "email": "l.ortega@example.com"},
    ]
}

DOB = [
    "Oskar Lindqvist's date of birth on booking H4QZ8M now reads June 17, 2011.",
    "Oskar Lindqvist's corrected birth date on booking H4QZ8M is now June 17, 2011.",
    "La fecha de nacimiento de Oskar Lindqvist en la reserva H4QZ8M ahora es el 17 de junio de 2011.",
    "La date de naissance d'Oskar Lindqvist sur la réservation H4QZ8M est désormais le 17 juin 2011.",
    "Das Geburtsdatum von Oskar Lindqvist in der Buchung H4QZ8M lautet jetzt 17. Juni 2011.",
    "A data de nascimento do Oskar Lindqvist na reserva H4QZ8M agora é 17 de junho de 2011.",
]


def _dob(answer: str) -> list[str]:
    return blocking(answer, call("update_reservation_passengers", RESERVATION))


@pytest.mark.parametrize("answer", DOB)
def test_the_owner_of_the_value_is_quiet(answer: str) -> None:
    assert _dob(answer) == []


@pytest.mark.parametrize("answer", DOB)
def test_another_person_owning_the_value_is_a_swap(answer: str) -> None:
    assert _dob(answer.replace("Oskar", "Marta")) == ["Marta Lindqvist"]


@pytest.mark.parametrize(
    "answer",
    [
        "Luis Ortega's email address is still l.ortega@example.com.",
        "El correo electrónico de Luis Ortega sigue siendo l.ortega@example.com.",
    ],
)
def test_an_email_owned_by_a_possessive(answer: str) -> None:
    assert blocking(answer, call("GetContacts", CONTACTS)) == []
    assert blocking(answer.replace("Luis Ortega", "Ana Ruiz"), call("GetContacts", CONTACTS)) == ["Ana Ruiz"]
