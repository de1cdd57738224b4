"""A person named as replaced or removed who stays on the list the call set is the wrong
person: after update_reservation_passengers kept Ellen Becker and dropped Tom Becker, "Nina
Alvarez has replaced Ellen Becker" names the wrong passenger; naming Tom Becker is right."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking, call

ELLEN = {"first_name": "Ellen", "last_name": "Becker", "dob": "1985-06-09"}
TOM = {"first_name": "Tom", "last_name": "Becker", "dob": "1983-01-17"}
NINA = {"first_name": "Nina", "last_name": "Alvarez", "dob": "1994-07-21"}
BEFORE: dict[str, Any] = {
    **call("get_reservation_details", {"reservation_id": "NV9P4C", "passengers": [ELLEN, TOM]}),
    "earlier": True,
}
UPDATE = call(
    "update_reservation_passengers",
    {"reservation_id": "NV9P4C", "passengers": [ELLEN, NINA]},
    {"reservation_id": "NV9P4C", "passengers": [ELLEN, NINA]},
)


@pytest.mark.parametrize(
    "answer",
    [
        "Done — Nina Alvarez has replaced Ellen Becker on reservation NV9P4C.",
        "I've swapped Ellen Becker for Nina Alvarez on both flights.",
        "Listo: Nina Alvarez ha sustituido a Ellen Becker en la reserva NV9P4C.",
        "C'est fait : Nina Alvarez a remplacé Ellen Becker sur la réservation NV9P4C.",
        "Erledigt: Ellen Becker wurde durch Nina Alvarez ersetzt.",
    ],
)
def test_a_person_named_as_replaced_who_stays_is_found(answer: str) -> None:
    assert "Ellen Becker" in blocking(answer, BEFORE, UPDATE)


@pytest.mark.parametrize(
    "answer",
    [
        "Done — Nina Alvarez has replaced Tom Becker on reservation NV9P4C.",
        "I've swapped Tom Becker for Nina Alvarez; Ellen Becker keeps her seat.",
        "Listo: Nina Alvarez ha sustituido a Tom Becker en la reserva NV9P4C.",
        "C'est fait : Nina Alvarez a remplacé Tom Becker sur la réservation NV9P4C.",
        "Erledigt: Tom Becker wurde durch Nina Alvarez ersetzt. Ellen Becker bleibt gebucht.",
    ],
)
def test_the_person_who_left_the_list_is_clean(answer: str) -> None:
    assert blocking(answer, BEFORE, UPDATE) == []
