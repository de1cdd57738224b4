"""Places a tool assigns by number, cited with another number (``nofab.detectors.placenumbers``)."""

from __future__ import annotations

import pytest

from nofab import Guard

_GUARD = Guard()


def _flagged(answer: str, location: str, user: str = "") -> list[str]:
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [
            {"name": "QueryCalendar", "result": {"events": [{"name": "Review", "location": location}]}}
        ],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.kind == "ungrounded_entity"]


@pytest.mark.parametrize(
    ("answer", "location", "flagged"),
    [
        ("The review is in Room 9.", "Room 7", "Room 9"),
        ("Boarding is at gate 4, not far.", "Gate 12", "gate 4"),
        ("Ihr Zug fährt von Gleis 3.", "Gleis 5", "Gleis 3"),
        ("La reunión es en la sala 2.", "Sala 6", "sala 2"),
    ],
)
def test_a_changed_number_of_an_issued_place_label(answer: str, location: str, flagged: str) -> None:
    assert _flagged(answer, location) == [flagged]


@pytest.mark.parametrize(
    ("answer", "location"),
    [
        ("The review is in Room 7.", "Room 7"),
        ("The review is in room 7.", "Room 7"),
        ("The review is on floor 3, Room 7.", "Room 7"),  # floors are worked out, not assigned
        ("Gate 9 is closed today.", "Room 7"),  # no tool issued a gate
        ("The review is in Room 9, as you asked.", "Room 7"),  # the user's own room (below)
    ],
)
def test_held_or_unissued_labels_pass(answer: str, location: str) -> None:
    assert _flagged(answer, location, user="Can we move it to Room 9?") == []


def _keyed(answer: str, user: str = "") -> list[str]:
    status = {"flight": "QX88", "gate": "B14", "terminal": "2", "departure_gate": "B14", "status": "boarding"}
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [{"name": "FlightStatus", "result": status}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.kind == "ungrounded_entity"]


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Your flight QX88 boards at gate B41.", "B41"),
        ("- Gate: **C14**\n- Terminal: 2", "C14"),
        ("**Gate:** B14, terminal 3.", "3"),
        ("Ihr Flug QX88 startet von Terminal 1, Gate B14.", "1"),
        ("Su vuelo embarca por la puerta B12.", "B12"),
        ("Embarquement porte D14, terminal 2.", "D14"),
    ],
)
def test_a_code_other_than_the_field_of_its_label(answer: str, flagged: str) -> None:
    assert _keyed(answer) == [flagged]


@pytest.mark.parametrize(
    "answer",
    [
        "Your flight QX88 boards at gate B14.",
        "- Gate: **B14**\n- Terminal: 2",
        "Ihr Flug QX88 startet von Terminal 2, Gate B14.",
        "Embarquement porte B14, terminal 2.",
        "Room 12 is where the lounge is.",  # no result issues rooms
        "If it moves, gate A7 is closest.",  # the user's own gate (below)
    ],
)
def test_the_fields_code_or_an_unissued_label_passes(answer: str) -> None:
    assert _keyed(answer, user="Is gate A7 near?") == []
