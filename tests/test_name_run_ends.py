"""Where a person's name ends and begins: words capitalised for grammar, not as names.

Pronouns a language capitalises in mid-sentence are never part of a person's name
(``namewords.pronouns``): the English "I" and its contractions, the German "Sie"/"Ihnen"
of formal address. A run of capitalised words ends before them, so a held first name
followed by one is not read as an unknown full name; an unknown name before one still is.
A function word capitalised because it opens a sentence (an article, a conjunction, a
preposition that takes people: ``namesubjects.opening_word``) is no part of the name after
it either; the name itself is still read.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.entities import EntityDetector
from nofab.detectors.namewords import runs, words
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

CREW: dict[str, Any] = {
    "name": "get_trip",
    "result": {
        "trip_id": "TR-4410",
        "travellers": [
            {"first_name": "Oluwaseun", "last_name": "Adeyemi"},
            {"first_name": "Greta", "last_name": "Håkansson"},
        ],
    },
}


def names_found(answer: str) -> list[str]:
    profile = Profile()
    turn = Turn.from_dict({"response": answer, "tool_calls": [CREW]})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    return [
        f.identifier for f in EntityDetector(profile).detect(evidence) if f.evidence.get("shape") == "name"
    ]


MUST_NOT_FIRE = [
    "So for Greta and Oluwaseun I've booked seats 14A and 14B.",
    "Once Greta confirms I'll send the tickets.",
    "Tell Oluwaseun I'm checking the fare now.",
    "Since Greta asked, I'd keep the aisle seat.",
    "Für Greta Ihre Sitzplätze sind reserviert.",
    "Ich habe Oluwaseun Ihre Nachricht weitergeleitet.",
    "Wie Greta Ihnen schrieb, ist alles gebucht.",
    "Falls Greta Sie anruft, ist die Buchung bestätigt.",
    "Oluwaseun I’ve also added to the manifest.",
]


@pytest.mark.parametrize("answer", MUST_NOT_FIRE)
def test_pronoun_after_held_name_is_no_name(answer: str) -> None:
    assert names_found(answer) == []


MUST_FIRE = [
    ("Greta Lindgren I've moved to row 9.", "Greta Lindgren"),
    ("Für Greta Lindgren Ihre Sitzplätze sind reserviert.", "Greta Lindgren"),
]


@pytest.mark.parametrize(("answer", "name"), MUST_FIRE)
def test_unknown_name_before_pronoun_still_fires(answer: str, name: str) -> None:
    assert names_found(answer) == [name]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("so Anna I've done it", [["Anna"]]),
        ("so Anna I'm here", [["Anna"]]),
        ("dass Anna Ihnen schrieb", [["Anna"]]),
        ("Virginia I. Moore", [["Virginia", "I", "Moore"]]),  # a middle initial stays
        ("Ivan Petrov", [["Ivan", "Petrov"]]),
        ("Ihrig Sieber", [["Ihrig", "Sieber"]]),  # names that start like a pronoun
    ],
)
def test_runs_end_before_capitalised_pronouns(text: str, expected: list[list[str]]) -> None:
    assert [[w.text for w in run] for run in runs(text, words(text))] == expected


OPENING_NOT_FIRE = [
    "For Greta and Oluwaseun we booked seats 14A and 14B.",
    "With Oluwaseun on board, the trip is full.",
    "The Håkansson booking is confirmed.",
    "And Greta has the window seat.",
    "Für Greta ist Platz 14A reserviert.",
    "Die Adeyemi-Buchung ist bestätigt.",
    "Pour Greta, le siège 14A est réservé.",
    "Para Oluwaseun reservé el asiento 14B.",
    "Los Adeyemi viajan el lunes.",
]


@pytest.mark.parametrize("answer", OPENING_NOT_FIRE)
def test_opening_function_word_is_no_name(answer: str) -> None:
    assert names_found(answer) == []


OPENING_FIRE = [
    ("For Greta Lindgren we booked seat 14A.", "Greta Lindgren"),
    ("Für Greta Lindgren ist Platz 14A reserviert.", "Greta Lindgren"),
    ("Para Greta Lindgren reservé el asiento 14A.", "Greta Lindgren"),
    ("The Greta Lindgren booking is confirmed.", "Greta Lindgren"),
]


@pytest.mark.parametrize(("answer", "name"), OPENING_FIRE)
def test_name_after_opening_function_word_still_fires(answer: str, name: str) -> None:
    assert names_found(answer) == [name]
