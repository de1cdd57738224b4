"""A verb opening a sentence or a list item is no part of the name after it, and a user
handle built like a mailbox ("ines_haddad") holds that person's first name and surname.

``namesubjects.glued_verb``: a claim verb of the lexicons ("Texted", "Sent", "Envoyé",
"Enviado"), after a pictograph or a list's bullet or number too, or an English past form
("Pinged") before a full name the evidence holds. ``peoplekeys.handle_name``: a lower-case
handle of letter runs split by "_" or ".", a given name first, under a people key or a
person's ``username``, gives a first name and a surname, so a swapped surname beside the
held first name is an ``ungrounded_entity``.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.entities import EntityDetector
from nofab.detectors.peoplekeys import handle_name
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

CREW: dict[str, Any] = {
    "name": "get_team",
    "result": {
        "team_id": "TM-3390",
        "members": [
            {"first_name": "Ines", "last_name": "Haddad"},
            {"first_name": "Tobias", "last_name": "Wrenfield"},
        ],
    },
}


def names_found(answer: str, calls: list[dict[str, Any]]) -> list[str]:
    profile = Profile()
    turn = Turn.from_dict({"response": answer, "tool_calls": calls})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    return [
        f.identifier for f in EntityDetector(profile).detect(evidence) if f.evidence.get("shape") == "name"
    ]


VERB_NOT_FIRE = [
    "Texted Ines Haddad and Tobias Wrenfield.",
    "\U0001f4ac Texted Ines Haddad and Tobias Wrenfield about the offsite.",
    "✅ Sent Ines Haddad the agenda.",
    "Done.\n\n- Booked Tobias Wrenfield on the 9:10 train.\n- Sent Ines Haddad the tickets.",
    "1. Messaged Ines Haddad\n2. Notified Tobias Wrenfield",
    "Pinged Ines Haddad and Tobias Wrenfield.",
    "\U0001f4e8 Envoyé à Ines Haddad et Tobias Wrenfield.",
    "- Envoyé Ines Haddad le programme.",
    "\U0001f4ac Enviado a Tobias Wrenfield y a Ines Haddad.",
]


@pytest.mark.parametrize("answer", VERB_NOT_FIRE)
def test_opening_verb_is_no_part_of_a_held_name(answer: str) -> None:
    assert names_found(answer, [CREW]) == []


VERB_FIRE = [
    ("\U0001f4ac Texted Ines Hadley and Tobias Wrenfield.", "Ines Hadley"),
    ("- Sent Tobias Wrenford the agenda.", "Tobias Wrenford"),
    ("2. Messaged Ines Hadley", "Ines Hadley"),
    ("✅ Envoyé à Ines Hadley et Tobias Wrenfield.", "Ines Hadley"),
    ("- Enviado a Tobias Wrenford el programa.", "Tobias Wrenford"),
    # an "-ed" word before a name the evidence does not hold stays part of the run
    ("Pinged Ines Hadley.", "Pinged Ines Hadley"),
    # a short "-ed" word is a possible first name: never dropped on its ending alone
    ("Zed Haddad is on the list.", "Zed Haddad"),
]


@pytest.mark.parametrize(("answer", "name"), VERB_FIRE)
def test_unknown_name_after_opening_verb_still_fires(answer: str, name: str) -> None:
    assert names_found(answer, [CREW]) == [name]


def message(receiver: str) -> dict[str, Any]:
    return {
        "name": "send_message",
        "arguments": {"receiver": receiver, "message": "Offsite moved to Friday."},
        "result": {"message_id": "m_771", "receiver": receiver, "status": "sent"},
    }


def lookup(username: str) -> dict[str, Any]:
    return {"name": "get_user", "arguments": {}, "result": {"username": username, "role": "editor"}}


TWO = [message("ines_haddad"), message("maren.kowal")]
HANDLE_FIRE = [
    ("Messaged Ines Haddad and Maren Kowalczyk.", TWO, "Maren Kowalczyk"),
    ("I texted Maren Kowal and Ines Hadley.", TWO, "Ines Hadley"),
    ("J'ai écrit à Maren Kowalski.", [message("maren_kowal")], "Maren Kowalski"),
    ("Le compte de Maren Kowalski est éditeur.", [lookup("maren_kowal")], "Maren Kowalski"),
    ("La cuenta de Ines Hadley tiene el rol de editora.", [lookup("ines.haddad")], "Ines Hadley"),
]


@pytest.mark.parametrize(("answer", "calls", "name"), HANDLE_FIRE)
def test_swapped_surname_beside_a_handles_first_name_fires(
    answer: str, calls: list[dict[str, Any]], name: str
) -> None:
    assert names_found(answer, calls) == [name]


HANDLE_NOT_FIRE = [
    ("Messaged Ines Haddad and Maren Kowal.", TWO),
    ("J'ai écrit à Maren Kowal.", [message("maren_kowal")]),
    ("La cuenta de Ines Haddad tiene el rol de editora.", [lookup("ines.haddad")]),
    # a handle that opens with no given name names no person: nothing is held from it
    ("Sent the note to Maren.", [message("blue_team")]),
]


@pytest.mark.parametrize(("answer", "calls"), HANDLE_NOT_FIRE)
def test_handle_names_pass(answer: str, calls: list[dict[str, Any]]) -> None:
    assert names_found(answer, calls) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("ines_haddad", "Ines Haddad"),
        ("maren.kowal", "Maren Kowal"),
        ("ana_maria_ruiz", "Ana Maria Ruiz"),
        ("blue_team", ""),  # no given name first
        ("ines_haddad_88", ""),  # digits: an id, not names
        ("ineshaddad", ""),  # one run: which part is which is unknown
        ("Ines_Haddad", ""),  # not a lower-case handle
    ],
)
def test_handle_name(text: str, name: str) -> None:
    assert handle_name(text) == name
