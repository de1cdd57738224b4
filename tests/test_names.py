"""People's names by position (``ungrounded_entity``, shape ``name``), with no profile.

Written from the principles in ``nofab.detectors.names``: a capitalised word is a name only
where its position says so (beside a held first name or surname, after a title, addressed
after a greeting, before a code a record holds), and then only an absent one is reported.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.entities import EntityDetector
from nofab.detectors.namerecords import held_names
from nofab.detectors.names import runs, words
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.model.finding import Finding

PEOPLE: dict[str, Any] = {
    "name": "get_reservation",
    "result": {
        "reservation_id": "QX12AB",
        "user_id": "sofia_silva_7557",
        "origin": "Chicago",
        "passengers": [
            {"first_name": "Sofia", "last_name": "Silva", "dob": "1957-10-05"},
            {"first_name": "Kevin", "last_name": "Moreau", "dob": "2001-04-12"},
        ],
        "agent": {"name": "Lucía Ortega", "employee_id": "EMP-5521"},
        "cabin": "Economy",
    },
}
#: The same kind of record, but about products: no person names are held.
PRODUCTS: dict[str, Any] = {
    "name": "list_products",
    "result": [{"product_name": "Trail Runner", "sku": "TR-1001"}, {"product_name": "City Walker"}],
}


def names_found(answer: str, call: dict[str, Any] = PEOPLE, user: str = "") -> list[str]:
    profile = Profile()
    turn = Turn.from_dict({"response": answer, "user_message": user, "tool_calls": [call]})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    found: list[Finding] = list(EntityDetector(profile).detect(evidence))
    return [f.identifier for f in found if f.evidence.get("shape") == "name"]


MUST_FIRE = [
    ("another first name beside a held surname", "The passenger is Ingrid Silva.", "Ingrid Silva"),
    (
        "another surname beside a held first name",
        "Passengers: Sofia Hartmann and Kevin Moreau.",
        "Sofia Hartmann",
    ),
    ("a list item", "- **Passenger:** Marta Moreau (DOB: 2001-04-12)", "Marta Moreau"),
    ("possessive full name", "I updated Ingrid Silva's seat.", "Ingrid Silva's"),
    ("middle initial kept in the unit", "Your name is Sofia J. Brandt.", "Sofia J. Brandt"),
    ("title, English", "I spoke with Mr. Hargreaves about it.", "Hargreaves"),
    ("title, Spanish", "La Sra. Fernández confirmó la reserva.", "Fernández"),
    ("title, French", "Mme Lefebvre a confirmé la réservation.", "Lefebvre"),
    ("title, German", "Herr Baumann hat die Buchung bestätigt.", "Baumann"),
    ("greeting, English", "Thank you, Margaret. Your booking is below.", "Margaret"),
    ("greeting, Spanish", "Gracias, Margarita. Aquí está su reserva.", "Margarita"),
    ("name beside a held code", "The agent on file is Paul Brandt (EMP-5521).", "Paul Brandt"),
    ("full name given as a full-name field's surname", "Your agent was Camila Ortega.", "Camila Ortega"),
]


@pytest.mark.parametrize(("why", "answer", "expected"), MUST_FIRE, ids=[c[0] for c in MUST_FIRE])
def test_a_name_no_evidence_holds_is_reported_as_one_unit(why: str, answer: str, expected: str) -> None:
    assert names_found(answer) == [expected], why


MUST_NOT_FIRE = [
    ("held full names", "Passengers: Sofia Silva and Kevin Moreau."),
    ("held names, possessive", "Sofia Silva's and Kevin's seats are together."),
    ("held full-name field", "Your agent, Lucía Ortega, will call you."),
    ("held title and surname", "Ms. Silva, your trip is confirmed."),
    ("greeting with a held name", "Thank you, Sofia. Gracias, Kevin."),
    ("sentence-initial ordinary word before a first name", "Thanks Sofia, the change is done."),
    ("word after a surname is not a first-name slot", "Silva Family Trust is not on file."),
    ("place after a first name, but a held place", "Sofia Chicago is where you fly from."),
    ("product names are not people", "Meet our new Trail Runner and City Walker."),
    ("a capitalised common word alone", "Unfortunately, Basic Economy cannot be changed."),
    ("the user's own name", "Thank you, Anneliese. Your trip is below."),
    ("greeting not followed by a lone name", "Thank you, Sofia Silva; hello World Cup fans."),
]


@pytest.mark.parametrize(("why", "answer"), MUST_NOT_FIRE, ids=[c[0] for c in MUST_NOT_FIRE])
def test_names_the_evidence_holds_or_no_name_position_are_not_reported(why: str, answer: str) -> None:
    assert names_found(answer, user="I'm Anneliese, user sofia_silva_7557.") == [], why


def test_a_lone_greeting_name_needs_records_about_people() -> None:
    # With only product records, nobody is being addressed from the evidence.
    assert names_found("Thank you, Margaret.", call=PRODUCTS) == []
    assert names_found("Thank you, Margaret.") == ["Margaret"]


def test_name_rules_can_be_switched_off() -> None:
    profile = Profile(rules={"entities": {"names": False}})
    turn = Turn.from_dict({"response": "The passenger is Ingrid Silva.", "tool_calls": [PEOPLE]})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    assert not [f for f in EntityDetector(profile).detect(evidence) if f.evidence.get("shape") == "name"]


def test_held_names_read_roles_from_naming_fields() -> None:
    first, last = held_names([PEOPLE["result"]])
    assert {"sofia", "kevin", "lucía"} <= first
    assert {"silva", "moreau", "ortega"} <= last
    # a product's name is not a person's
    assert held_names([PRODUCTS["result"]]) == (frozenset(), frozenset())


def test_runs_keep_full_names_and_stop_at_punctuation_and_possessives() -> None:
    text = "Ana María López, Jean-Luc O'Brien's car and Ed J. Ray."
    assert [" ".join(w.text for w in run) for run in runs(text, words(text))] == [
        "Ana María López",
        "Jean-Luc O'Brien",
        "Ed J Ray",
    ]


CONTACTS: dict[str, Any] = {
    "name": "QueryUser",
    "result": {
        "users": [
            {"username": "hcano", "name": "Hugo Cano", "phone": "402-581-7997", "email": "h@cano.example"},
        ]
    },
}
CONTACTOS: dict[str, Any] = {
    "name": "buscar_contacto",
    "result": {"nombre": "Hugo", "apellido": "Cano", "telefono": "402-581-7997"},
}
KONTAKTE: dict[str, Any] = {
    "name": "kontakt_suchen",
    "result": {"name": "Hugo Cano", "telefonnummer": "402-581-7997"},
}

OWNER_MUST_FIRE = [
    ("possessive before a field", "Fatima's phone number is 402-581-7997.", CONTACTS, "Fatima's"),
    ("possessive before a one-word field", "I found Greta's email: h@cano.example.", CONTACTS, "Greta's"),
    ("field of a name", "The phone of Fatima is 402-581-7997.", CONTACTS, "Fatima"),
    ("two-word field of a name", "The phone number of Fatima is 402-581-7997.", CONTACTS, "Fatima"),
    ("Spanish field de a name", "El telefono de Marta es 402-581-7997.", CONTACTOS, "Marta"),
    ("German field von a name", "Die Telefonnummer von Jonas ist 402-581-7997.", KONTAKTE, "Jonas"),
]


@pytest.mark.parametrize(
    ("why", "answer", "call", "expected"), OWNER_MUST_FIRE, ids=[c[0] for c in OWNER_MUST_FIRE]
)
def test_the_owner_of_a_persons_field_must_be_held(
    why: str, answer: str, call: dict[str, Any], expected: str
) -> None:
    """A record that names someone holds the field; the answer says whose it is: an owner no
    evidence holds is a name the answer made up."""
    assert names_found(answer, call=call) == [expected], why


OWNER_MUST_NOT_FIRE = [
    ("held owner", "Hugo's phone number is 402-581-7997.", CONTACTS),
    ("held owner, Spanish", "El telefono de Hugo es 402-581-7997.", CONTACTOS),
    ("not a field of the record", "Acme's favourite colour is blue.", CONTACTS),
    ("a day owns no record", "Tomorrow's email digest is ready. Monday's phone call is at 9.", CONTACTS),
    ("a product record names no person", "Acme's sku is TR-1001.", PRODUCTS),
    ("part of a field name only", "Globex's number is unknown to me.", CONTACTS),
]


@pytest.mark.parametrize(
    ("why", "answer", "call"), OWNER_MUST_NOT_FIRE, ids=[c[0] for c in OWNER_MUST_NOT_FIRE]
)
def test_owner_rule_needs_an_unknown_owner_of_a_persons_field(
    why: str, answer: str, call: dict[str, Any]
) -> None:
    assert names_found(answer, call=call) == [], why


def _events(name: str) -> dict[str, Any]:
    return {"name": "QueryCalendar", "result": {"events": [{"name": name, "location": "Room 3"}]}}


SLOT_MUST_FIRE = [
    ("English 'with'", "You have a meeting with Mei from 2 to 3pm.", _events("1 on 1 with Hugo"), "Mei"),
    (
        "full name in the slot",
        "Your lunch with Jose Garcia is at noon.",
        _events("Lunch with Hugo"),
        "Jose Garcia",
    ),
    ("Spanish 'con'", "Tienes una reunión con Marta a las 2.", _events("Reunión con Hugo"), "Marta"),
    ("German 'mit'", "Sie haben um 14 Uhr einen Termin mit Jonas.", _events("Termin mit Hugo"), "Jonas"),
]


@pytest.mark.parametrize(
    ("why", "answer", "call", "expected"), SLOT_MUST_FIRE, ids=[c[0] for c in SLOT_MUST_FIRE]
)
def test_a_person_slot_the_evidence_shows_holds_only_held_names(
    why: str, answer: str, call: dict[str, Any], expected: str
) -> None:
    """The evidence's own text puts a held name after "with"; the answer's "with ___" is then
    a person slot, and a name no evidence holds there is made up."""
    assert names_found(answer, call=call) == [expected], why


SLOT_MUST_NOT_FIRE = [
    ("held name in the slot", "You have a meeting with Hugo at 2.", _events("1 on 1 with Hugo")),
    (
        "held place after the slot word",
        "You meet with Hugo in Room 3, with Room 3 booked.",
        _events("Sync with Hugo"),
    ),
    ("slot word never before a name in the evidence", "You are flying with Delta.", _events("Lunch at noon")),
    ("no person records at all", "The sync with Delta is at 2.", PRODUCTS),
    ("another word before the name", "It was booked by Delta for you.", _events("1 on 1 with Hugo")),
]


@pytest.mark.parametrize(
    ("why", "answer", "call"), SLOT_MUST_NOT_FIRE, ids=[c[0] for c in SLOT_MUST_NOT_FIRE]
)
def test_person_slot_needs_the_evidence_to_show_it(why: str, answer: str, call: dict[str, Any]) -> None:
    assert names_found(answer, call=call) == [], why


def test_a_joining_word_is_no_person_slot() -> None:
    """ "Hugo and Li Feng" puts "and" before a held name, but "and" joins anything: "Boston
    and Denver" in the answer names no person."""
    assert names_found("You fly to Boston and Denver.", call=_events("Hugo and Feng")) == []
    assert names_found("Fliegen Sie nach Boston und Denver.", call=_events("Hugo und Feng")) == []
    assert names_found("You fly to Boston and Denver.", call=_events("Feng and Hugo")) == []
    assert names_found("You have lunch with Marta.", call=_events("Lunch with Hugo")) == ["Marta"]
