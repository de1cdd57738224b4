"""A value that is itself a person's full name holds its words, whatever its key.

Written from the principle in ``nofab.detectors.namerecords.person_value``: tools name the
people of a record under role keys (approver, courier, sender, assignee, organizer) as often
as under ``name``; two or three capitalised words opening with a given name are a person's
full name, so its first word is a held first name and its last a held surname, and a swapped
word beside either is reported. Things and places are not people: values under keys that
name them, and values that do not open with a given name, hold nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.entities import EntityDetector
from nofab.detectors.namerecords import held_names, person_value
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for


def _call(result: dict[str, Any]) -> dict[str, Any]:
    return {"name": "get_record", "arguments": {}, "result": result}


def names_found(answer: str, result: dict[str, Any]) -> list[str]:
    profile = Profile()
    turn = Turn.from_dict({"response": answer, "user_message": "", "tool_calls": [_call(result)]})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    found = EntityDetector(profile).detect(evidence)
    return [f.identifier for f in found if f.evidence.get("shape") == "name"]


TASK = {"task_id": "T-88", "assignee": "Helena Brandt", "status": "open"}
EXPENSE = {"claim": "EX-301", "reviewer": "Tomás Ferreira Gil", "state": "en revisión"}
MESSAGE = {"from": "Mariana Costa", "subject": "Quarterly review", "unread": True}
RIDE = {"ride_id": "R-9", "driver": "Oskar Lindqvist", "car": "Blue Skoda Octavia"}

MUST_FIRE = [
    (
        "another first name beside a role key's surname",
        "Task T-88 is assigned to Greta Brandt.",
        TASK,
        "Greta",
    ),
    ("another surname beside a role key's first name", "Helena Vogel is working on T-88.", TASK, "Vogel"),
    ("a three-word name, Spanish answer", "Tu gasto EX-301 lo revisa Julián Gil.", EXPENSE, "Julián"),
    ("a sender under 'from', possessive", "The newest mail is Mariana Pereira's review.", MESSAGE, "Pereira"),
    ("a driver, German answer", "Ihr Fahrer Oskar Berg ist unterwegs.", RIDE, "Berg"),
]


@pytest.mark.parametrize(("why", "answer", "result", "word"), MUST_FIRE, ids=[c[0] for c in MUST_FIRE])
def test_a_swapped_word_of_a_name_under_any_key_is_reported(
    why: str, answer: str, result: dict[str, Any], word: str
) -> None:
    found = names_found(answer, result)
    assert any(word in name for name in found), (why, found)


MUST_NOT_FIRE = [
    ("the name as held", "Task T-88 is assigned to Helena Brandt.", TASK),
    ("the first name alone", "Helena is on it.", TASK),
    ("the full three-word name, Spanish", "Lo revisa Tomás Ferreira Gil.", EXPENSE),
    ("the sender as held, German", "Die neueste Mail ist von Mariana Costa.", MESSAGE),
    ("a place and a team beside a held word", "Oskar drives through New York with Customer Support.", RIDE),
]


@pytest.mark.parametrize(("why", "answer", "result"), MUST_NOT_FIRE, ids=[c[0] for c in MUST_NOT_FIRE])
def test_names_as_held_are_not_reported(why: str, answer: str, result: dict[str, Any]) -> None:
    assert names_found(answer, result) == [], why


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("team", "Customer Support"),  # no given name first
        ("city", "New York"),
        ("station", "Victoria Station"),  # a given name first, under a place's key
        ("airport", "Charlotte Douglas"),
        ("product", "Victoria Classic"),
        ("owner", "Sofia"),  # one word: no full name
        ("owner", "Sofia Silva Moreau Ruiz"),  # four words: a title or a phrase more likely
        ("owner", "sofia silva"),  # not capitalised
        ("owner", "Sofia  Silva"),  # not one space apart
        ("owner", "Sofia No"),  # a function word
        ("owner", "Sofia Monday"),  # a calendar word
    ],
)
def test_things_places_and_other_shapes_are_no_person_value(key: str, value: str) -> None:
    assert not person_value(key, value)
    assert held_names([{key: value}]) == (frozenset(), frozenset())


@pytest.mark.parametrize(
    ("key", "value", "first", "last"),
    [
        ("approver", "Diego Ramos", "diego", "ramos"),
        ("courier_assigned", "Hiroshi Tanaka", "hiroshi", "tanaka"),
        ("organizador", "María José Pérez", "maría", "pérez"),
        ("from", "Lukas Weber", "lukas", "weber"),
    ],
)
def test_a_full_name_under_a_role_key_holds_first_name_and_surname(
    key: str, value: str, first: str, last: str
) -> None:
    held_first, held_last = held_names([{"request": {key: value, "status": "pending"}}])
    assert first in held_first and last in held_last


DELIVERY = {"order_id": "FD-1", "courier": "Malik", "status": "on the way"}
SHIFT = {"shift": "S-4", "assigned_to": "Lukas", "site": "Depot 3"}


@pytest.mark.parametrize(
    ("answer", "result", "word"),
    [
        ("I left a note for Karim.", DELIVERY, "Karim"),
        ("Dejé una nota para Karim.", DELIVERY, "Karim"),
        ("Karim's scooter is two streets away.", DELIVERY, "Karim's"),
        ("The shift is covered, Jonas.", SHIFT, "Jonas"),
    ],
)
def test_a_given_name_under_a_role_key_makes_the_record_name_a_person(
    answer: str, result: dict[str, Any], word: str
) -> None:
    assert names_found(answer, result) == [word]


@pytest.mark.parametrize(
    ("answer", "result"),
    [
        ("I left a note for Malik.", DELIVERY),
        ("Dejé una nota para Malik.", DELIVERY),
        ("Die Schicht S-4 übernimmt Lukas.", SHIFT),
    ],
)
def test_the_role_keys_given_name_is_held(answer: str, result: dict[str, Any]) -> None:
    assert names_found(answer, result) == []


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("from", "Paris"),
        ("to", "Austin"),
        ("city", "Charlotte"),
        ("courier", "Express"),
        ("driver", "Monday"),
    ],
)
def test_one_word_outside_a_role_or_no_given_name_is_no_person(key: str, value: str) -> None:
    assert held_names([{key: value}]) == (frozenset(), frozenset())
