"""A token shaped like an id, introduced by a word that names an identifier, must be in the evidence.

"The event ID is 9f3c21d0", "Die Termin-ID lautet 9f3c21d0", "L'identifiant de l'événement
est ...", "El número de referencia es ...": the word before it (in any lexicon language, a
compound such as "Buchungsnummer" included, up to five words before) presents the token as an
id a system issued. Ids are copied from the tools, so one no evidence holds was invented. Only
tokens with letters and digits both are read; a number with a unit, a plain number, and the
id the tool did return pass.
"""

from __future__ import annotations

import pytest

from nofab.detectors.cuedids import cued_identifiers
from tests.helpers import call, findings, turn

ISSUED = "5d18a3c7"


def _id_findings(answer: str) -> list[str]:
    created = call("create_event", {"event_id": ISSUED, "status": "created"}, {"title": "Planning"})
    found = findings(turn(answer, created), detector="identifiers")
    return [f.identifier for f in found if f.confidence >= 0.8]


INVENTED = [
    "The event ID is e27b90f4.",
    "Your new event's ID: e27b90f4",
    "Reference: e27b90f4.",
    "The confirmation number for your new meeting is QK47ZP.",
    "Die Termin-ID lautet e27b90f4, falls du ihn ändern willst.",
    "Deine Buchungsnummer ist QK47ZP.",
    "L'identifiant de l'événement est e27b90f4.",
    "Le numéro de référence est QK47ZP.",
    "El identificador del evento es e27b90f4.",
    "El número de referencia es QK47ZP.",
    "O ID do evento é e27b90f4.",
]


@pytest.mark.parametrize("answer", INVENTED)
def test_an_invented_id_after_an_identifier_word_fires(answer: str) -> None:
    assert _id_findings(answer) != [], answer


@pytest.mark.parametrize(
    "answer",
    [
        f"The event ID is {ISSUED}.",
        f"Die Termin-ID lautet {ISSUED}.",
        f"L'identifiant de l'événement est {ISSUED}.",
        f"El identificador del evento es {ISSUED}.",
        "The code is valid for 15min.",  # a number with a unit
        "Reference number for your 2 bags: QK47ZP is on file.",  # the first number is the value: 2
        "Die Telefonnummer lautet 040 123456.",  # digits only: a number, not an id
        "Your ID card was checked; the meeting is at 14:00 in room 3.12.",  # no id-shaped token
        "The number of attendees is 4. Agenda item B7X2QZ comes later.",  # the sentence ended
    ],
)
def test_a_held_id_or_no_id_shape_passes(answer: str) -> None:
    assert _id_findings(answer) == [], answer


def test_the_value_read_is_the_token_after_the_cue() -> None:
    answer = "Die Termin-ID lautet e27b90f4."
    assert [(cue, answer[s:e]) for cue, s, e in cued_identifiers(answer)] == [("ID", "e27b90f4")]


def test_a_key_value_already_read_is_reported_once() -> None:
    assert _id_findings("The event ID is e27b90f4.") == ["e27b90f4"]
