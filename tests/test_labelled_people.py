"""A person named under a label that is a result's field (``nofab.detectors.labelledpeople``).

Written from the principle: a name right after a label whose words are a result key's words
must be one of the people the results file under that key; a name that is another person of
the evidence was moved from one field to another. The field's own person (whole, or by first
name), a value the user or a call's arguments give, a label no key has, a key that holds no
person, and prose that is no label must not fire.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nofab import Profile, Turn
from nofab.detectors.entities import EntityDetector
from nofab.detectors.labelledpeople import filed_people, key_words, label_words
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

ACCOUNT = {
    "name": "get_account",
    "result": {
        "username": "tvillanueva",
        "name": "Teodoro Villanueva",
        "emergency_contact": {"name": "Ingrid Solberg", "relationship": "sister"},
        "manager": "Rosa Achterberg",
        "delegates": [{"name": "Malik Okafor", "since": "2022-03-01"}],
    },
}
EQUIPO = {
    "name": "obtener_equipo",
    "result": {
        "equipo": "Logística",
        "responsable": "Marta Quintana",
        "suplente": {"nombre": "Hugo", "apellidos": "Castellano"},
        "miembros": ["Irene Lindqvist", "Hugo Castellano", "Marta Quintana"],
    },
}
EVENT = {
    "name": "get_event",
    "result": {
        "title": "Quarterly review",
        "organizer": "Rosa Achterberg <rosa.achterberg@example.org>",
        "attendees": ["Malik Okafor", "Ingrid Solberg"],
    },
}


def labelled(answer: str, calls: list[dict[str, Any]], user: str = "") -> list[str]:
    profile = Profile()
    turn = Turn.from_dict({"response": answer, "user_message": user, "tool_calls": calls})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    return [
        f.identifier
        for f in EntityDetector(profile).detect(evidence)
        if f.evidence.get("shape") == "labelled_person"
    ]


MUST_FIRE = [
    ("en, a list item", "- **Emergency contact:** Malik Okafor (sister)", [ACCOUNT], "Malik Okafor"),
    ("en, a line", "Manager: Ingrid Solberg", [ACCOUNT], "Ingrid Solberg"),
    ("en, a first name alone", "Emergency contact: Rosa", [ACCOUNT], "Rosa"),
    ("en, a plural label", "Delegates: Ingrid Solberg", [ACCOUNT], "Ingrid Solberg"),
    ("en, an address's display name", "Organizer: Malik Okafor, 10:00", [EVENT], "Malik Okafor"),
    ("es, a line", "Responsable: Irene Lindqvist", [EQUIPO], "Irene Lindqvist"),
    ("es, a bold label in a list", "* **Suplente:** Marta Quintana", [EQUIPO], "Marta Quintana"),
    ("es, after a sentence", "Todo en orden. Responsable: Hugo Castellano", [EQUIPO], "Hugo Castellano"),
]


@pytest.mark.parametrize(("case", "answer", "calls", "name"), MUST_FIRE, ids=[c[0] for c in MUST_FIRE])
def test_another_person_under_a_field_label_fires(
    case: str, answer: str, calls: list[dict[str, Any]], name: str
) -> None:
    assert labelled(answer, calls) == [name], case


MUST_NOT_FIRE = [
    ("en, the field's own person", "- **Emergency contact:** Ingrid Solberg (sister)", [ACCOUNT], ""),
    ("en, the field's first name", "Manager: Rosa", [ACCOUNT], ""),
    ("en, one of a list's people", "Delegates: Malik Okafor", [ACCOUNT], ""),
    ("en, one of the attendees", "Attendees: Ingrid Solberg, Malik Okafor", [EVENT], ""),
    ("en, a display name's person", "Organizer: Rosa Achterberg", [EVENT], ""),
    ("en, a label no key has", "Team lead: Ingrid Solberg", [ACCOUNT], ""),
    ("en, prose before the colon", "Also on the account: Malik Okafor is a delegate.", [ACCOUNT], ""),
    (
        "en, a new value the user gives",
        "Done. Emergency contact: Malik Okafor",
        [ACCOUNT],
        "Make Malik Okafor my emergency contact",
    ),
    (
        "en, a new value a call set",
        "Updated. Manager: Ingrid Solberg",
        [
            ACCOUNT,
            {"name": "update_account", "arguments": {"manager_name": "Ingrid Solberg"}, "result": "ok"},
        ],
        "",
    ),
    ("es, la persona del campo", "Responsable: Marta Quintana", [EQUIPO], ""),
    ("es, el suplente", "Suplente: Hugo Castellano", [EQUIPO], ""),
    ("es, un miembro", "Miembros: Irene Lindqvist y Hugo", [EQUIPO], ""),
    ("es, una etiqueta sin campo", "Coordinadora: Irene Lindqvist", [EQUIPO], ""),
    ("es, a key that holds a thing", "Equipo: Marta Quintana", [EQUIPO], ""),
]


@pytest.mark.parametrize(
    ("case", "answer", "calls", "user"), MUST_NOT_FIRE, ids=[c[0] for c in MUST_NOT_FIRE]
)
def test_the_fields_own_people_pass(case: str, answer: str, calls: list[dict[str, Any]], user: str) -> None:
    assert labelled(answer, calls, user) == [], case


def test_labels_and_keys_read_as_the_same_words() -> None:
    """A key's separators, case and a plural's "s" are no difference from a label's."""
    assert (
        key_words("emergency_contact") == key_words("emergencyContact") == label_words("Emergency contacts")
    )
    assert key_words("contacto_de_emergencia") == label_words("Contacto de emergencia")


def test_people_filed_by_key() -> None:
    """A person's full name, a person's record and a list of people are filed; a thing is not."""
    filed = filed_people(EQUIPO["result"])
    assert filed[("responsable",)] == {"Marta Quintana"}
    assert filed[("suplente",)] == {"Hugo Castellano"}
    assert "Irene Lindqvist" in filed[("miembro",)]
    assert ("equipo",) not in filed


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="ab .!?\n|(;•\t:", max_size=48))
def test_the_last_label_start_is_the_end_of_the_last_delimiter(back: str) -> None:
    """A label starts after the last delimiter within reach of its colon: one backing-off
    match finds the end ``finditer``'s last match would give."""
    from nofab.detectors import labelledpeople

    ends = [m.end() for m in labelledpeople._LABEL_START.finditer(back)]
    last = labelledpeople._LAST_LABEL_START.match(back)
    assert (last.end() if last else None) == (ends[-1] if ends else None)
