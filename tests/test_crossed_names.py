"""Full names crossed between two people of the evidence (``nofab.detectors.crossednames``).

Written from the principle: a full name whose first name and surname are both held, but only
in two different people's records (never together in one record or one text), names nobody
the evidence holds: the first name's own record holds another surname, and the surname is
another person's. Family members who share a surname, a married name the evidence writes,
a first name or a surname alone, and the held pair in another order must not fire.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.entities import EntityDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for


def _contacts(*people: tuple[str, str]) -> dict[str, Any]:
    return {
        "name": "search_contacts",
        "result": {
            "contacts": [{"name": f"{a} {b}", "email": f"{a[0]}.{b}@example.org".lower()} for a, b in people]
        },
    }


def _split(*people: tuple[str, str]) -> dict[str, Any]:
    """The same people under first_name / last_name fields."""
    return {
        "name": "get_booking",
        "result": {
            "booking_id": "BK7731",
            "travellers": [
                {"first_name": a, "last_name": b, "seat": f"{i + 12}C"} for i, (a, b) in enumerate(people)
            ],
        },
    }


TEAM = _contacts(("Irene", "Castellano"), ("Hugo", "Lindqvist"), ("Mireille", "Dufresne"))
TRAVELLERS = _split(("Anneliese", "Brandt"), ("Joaquín", "Velasco"))


def names_found(answer: str, calls: list[dict[str, Any]], user: str = "") -> list[str]:
    profile = Profile()
    turn = Turn.from_dict({"response": answer, "user_message": user, "tool_calls": calls})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    return [
        f.identifier for f in EntityDetector(profile).detect(evidence) if f.evidence.get("shape") == "name"
    ]


MUST_FIRE = [
    (
        "en, a list of recipients",
        "I emailed:\n- Hugo Lindqvist\n- Irene Lindqvist",
        [TEAM],
        "Irene Lindqvist",
    ),
    ("en, prose", "The invite went to Mireille Castellano and Hugo.", [TEAM], "Mireille Castellano"),
    ("en, possessive", "I've updated Hugo Dufresne's address.", [TEAM], "Hugo Dufresne"),
    (
        "es, recipients",
        "Listo, el correo salió para Irene Dufresne y Hugo Lindqvist.",
        [TEAM],
        "Irene Dufresne",
    ),
    ("de, travellers", "Die Sitzplätze für Joaquín Brandt sind bestätigt.", [TRAVELLERS], "Joaquín Brandt"),
    ("fr, travellers", "J'ai enregistré Anneliese Velasco sur le vol.", [TRAVELLERS], "Anneliese Velasco"),
    ("fr, after a title", "Mme Anneliese Velasco voyage en siège 12C.", [TRAVELLERS], "Anneliese Velasco"),
]


@pytest.mark.parametrize(("case", "answer", "calls", "name"), MUST_FIRE, ids=[c[0] for c in MUST_FIRE])
def test_crossed_full_name_fires(case: str, answer: str, calls: list[dict[str, Any]], name: str) -> None:
    found = names_found(answer, calls)
    assert any(name in f for f in found), (case, found)


MARRIED = {
    "name": "get_profile",
    "result": {"name": "Hugo Lindqvist", "notes": "Spouse: Irene Lindqvist (née Castellano)"},
}
FAMILY = _split(("Anneliese", "Brandt"), ("Joaquín", "Brandt"))
MISSPELT = _split(("Lucjan", "Brzezinski"), ("Aleksandra", "Brzezinsky"))
FIRST_ONLY = {
    "name": "get_booking",
    "result": {"travellers": [{"first_name": "Irene"}, {"first_name": "Hugo", "last_name": "Lindqvist"}]},
}

MUST_NOT_FIRE = [
    ("en, the held names", "I emailed Irene Castellano and Hugo Lindqvist.", [TEAM], ""),
    ("en, a married name held elsewhere", "Irene Lindqvist is on the list too.", [TEAM, MARRIED], ""),
    (
        "en, the married name in the user's message",
        "I emailed Irene Lindqvist.",
        [TEAM],
        "Email Irene Lindqvist",
    ),
    ("en, a first name alone", "I emailed Irene and Hugo.", [TEAM], ""),
    ("en, a surname alone", "The Lindqvist file is attached.", [TEAM], ""),
    ("en, the held pair in another order", "Recipients: Castellano, Irene; Lindqvist, Hugo.", [TEAM], ""),
    ("en, surname first without a comma", "Recipient: Castellano Irene.", [TEAM], ""),
    (
        "de, a family sharing a surname",
        "Joaquín Brandt und Anneliese Brandt sitzen in Reihe 12.",
        [FAMILY],
        "",
    ),
    ("es, a family named once", "Los pasajeros son Anneliese y Joaquín Brandt.", [FAMILY], ""),
    ("fr, a first name whose record has no surname", "Irene Lindqvist est inscrite.", [FIRST_ONLY], ""),
    (
        "en, a misspelt surname corrected",
        "I'll correct passenger 2 to Aleksandra Brzezinski.",
        [MISSPELT],
        "",
    ),
    (
        "es, a misspelt surname corrected",
        "Corregí el apellido: ahora es Aleksandra Brzezinski.",
        [MISSPELT],
        "",
    ),
    ("es, the held names", "Enviado a Irene Castellano, Hugo Lindqvist y Mireille Dufresne.", [TEAM], ""),
]


@pytest.mark.parametrize(
    ("case", "answer", "calls", "user"), MUST_NOT_FIRE, ids=[c[0] for c in MUST_NOT_FIRE]
)
def test_held_or_unknowable_pairs_pass(
    case: str, answer: str, calls: list[dict[str, Any]], user: str
) -> None:
    assert names_found(answer, calls, user) == [], case


def _messages(*senders: str) -> dict[str, Any]:
    """People named only as a message's sender: no naming field holds them."""
    return {
        "name": "search_messages",
        "result": {
            "messages": [
                {"message_id": f"m{i}", "sender": s, "text": "See you there"} for i, s in enumerate(senders)
            ]
        },
    }


def _event(*attendees: str) -> dict[str, Any]:
    return {"name": "get_event", "result": {"event_id": "ev9", "attendees": list(attendees)}}


INBOX = _messages("Rosa Achterberg", "Teodoro Villanueva", "Ingrid Solberg")
MEETING = _event("Rosa Achterberg", "Teodoro Villanueva")
SIBLINGS = _messages("Rosa Villanueva", "Teodoro Villanueva")

MUST_FIRE_OUTSIDE_NAMING_FIELDS = [
    (
        "en, senders",
        "Replies came from Rosa Villanueva and Ingrid Solberg.",
        [INBOX],
        "Rosa Villanueva",
    ),
    ("es, senders", "- **Teodoro Solberg**: viene con su hermana", [INBOX], "Teodoro Solberg"),
    ("en, attendees", "Teodoro Achterberg accepted the invite.", [MEETING], "Teodoro Achterberg"),
    ("es, attendees", "Asistirán Rosa Villanueva y Teodoro.", [MEETING], "Rosa Villanueva"),
]


@pytest.mark.parametrize(
    ("case", "answer", "calls", "name"),
    MUST_FIRE_OUTSIDE_NAMING_FIELDS,
    ids=[c[0] for c in MUST_FIRE_OUTSIDE_NAMING_FIELDS],
)
def test_crossed_names_of_people_values_fire(
    case: str, answer: str, calls: list[dict[str, Any]], name: str
) -> None:
    found = names_found(answer, calls)
    assert any(name in f for f in found), (case, found)


MUST_NOT_FIRE_OUTSIDE_NAMING_FIELDS = [
    ("en, the senders as held", "Rosa Achterberg and Teodoro Villanueva replied.", [INBOX], ""),
    (
        "es, the attendees as held",
        "En la reunión estarán Teodoro Villanueva y Rosa Achterberg.",
        [MEETING],
        "",
    ),
    (
        "en, siblings sharing a surname",
        "Rosa Villanueva and Teodoro Villanueva both said yes.",
        [SIBLINGS],
        "",
    ),
    ("es, a first name alone", "Rosa y Teodoro confirmaron.", [INBOX], ""),
    (
        "en, the pair written in the user's message",
        "Teodoro Solberg replied too.",
        [INBOX],
        "Did Teodoro Solberg reply?",
    ),
]


@pytest.mark.parametrize(
    ("case", "answer", "calls", "user"),
    MUST_NOT_FIRE_OUTSIDE_NAMING_FIELDS,
    ids=[c[0] for c in MUST_NOT_FIRE_OUTSIDE_NAMING_FIELDS],
)
def test_held_people_values_pass(case: str, answer: str, calls: list[dict[str, Any]], user: str) -> None:
    assert names_found(answer, calls, user) == [], case
