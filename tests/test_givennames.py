"""Lone given names (``ungrounded_entity``, shape ``name``), with no profile.

Written from the principles in ``nofab.detectors.names`` (``_person_slot``): in a turn whose
records name people, a capitalised word is a person's name where the answer's grammar says
so — the value of a person's label, coordinated with a held name — and a lone given name
(``nofab.detectors.givennames``) also after a person's role, owning something, addressed, or
after "for"/"with" and their equivalents. Places, months, days, products and brands in the
same slots are not names.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.entities import EntityDetector
from nofab.detectors.givennames import generate, given_names, is_given_name
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

BOOKING: dict[str, Any] = {
    "name": "get_reservation_details",
    "result": {
        "reservation_id": "QX12AB",
        "origin": "JFK",
        "destination": "AUS",
        "passengers": [
            {"first_name": "Sofia", "last_name": "Silva", "dob": "1957-10-05"},
            {"first_name": "Kevin", "last_name": "Moreau", "dob": "2001-04-12"},
        ],
        "cabin": "economy",
    },
}
#: Records about things, not people.
PRODUCTS: dict[str, Any] = {
    "name": "list_products",
    "result": [{"product_name": "Trail Runner", "sku": "TR-1001"}, {"product_name": "City Walker"}],
}


def names_found(answer: str, call: dict[str, Any] = BOOKING, user: str = "") -> list[str]:
    profile = Profile()
    turn = Turn.from_dict({"response": answer, "user_message": user, "tool_calls": [call]})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    found = EntityDetector(profile).detect(evidence)
    return [f.identifier for f in found if f.evidence.get("shape") == "name"]


MUST_FIRE = [
    ("label, a given name", "- **Passenger:** Noah\n- **Cabin:** Economy", "Noah"),
    ("label, a full name", "Passenger: Ingrid Brandt", "Ingrid Brandt"),
    ("label, Spanish", "**Pasajera:** Marta", "Marta"),
    ("label, German", "Passagier: Jonas", "Jonas"),
    ("coordinated by 'and' with a held name", "Noah and Kevin are on the booking.", "Noah"),
    ("coordinated by 'and', one word", "Kevin and Brandt are on the booking.", "Brandt"),
    ("coordinated by 'and', a full name", "Kevin and Ingrid Brandt are on the booking.", "Ingrid Brandt"),
    ("coordinated, Spanish", "Sofia y Marta viajan juntas.", "Marta"),
    ("coordinated, French", "Lucas et Kevin voyagent ensemble.", "Lucas"),
    ("coordinated by a comma, a given name", "The seats of Sofia, Noah, and Kevin are together.", "Noah"),
    ("after a role", "I've added your daughter Emma to the trip.", "Emma"),
    ("after a role, Spanish", "He añadido a su hija Lucía al viaje.", "Lucía"),
    ("after a role, Portuguese", "Adicionei o seu filho Pedro à viagem.", "Pedro"),
    ("possessive", "Noah's seat is 14C.", "Noah's"),
    ("addressed at the end", "Your booking is confirmed, Noah!", "Noah"),
    ("addressed at the start", "Noah, your booking is confirmed.", "Noah"),
    ("addressed, Spanish", "Todo listo, Mateo.", "Mateo"),
    ("after 'for'", "I've booked a window seat for Noah.", "Noah"),
    ("after 'para', Spanish", "Reservé un asiento para Mateo.", "Mateo"),
    ("after 'pour', French", "J'ai réservé une place pour Lucas.", "Lucas"),
    ("after 'für', German", "Ich habe einen Platz für Jonas gebucht.", "Jonas"),
    ("after 'com', Portuguese", "O assento fica ao lado do assento com Pedro.", "Pedro"),
    ("object of a verb of people", "I've notified Noah about the gate change.", "Noah"),
    ("an item of a list a person's label opens", "**Passengers:**\n  1. Noah\n  2. Kevin Moreau", "Noah"),
    ("an item further down the list", "Passengers:\n- Kevin Moreau\n- Sofia Silva\n- Emma", "Emma"),
    ("an item of a list, Spanish", "**Pasajeros:**\n- Sofia Silva\n- Mateo", "Mateo"),
    ("a person's field after the run", "- Lunch (DOB: 1957-10-05)\n- Kevin Moreau", "Lunch"),
    ("a person's field by its initials", "1. Brandt (Date of Birth: October 5, 1957)", "Brandt"),
    ("a list item beside a held one, no given name", "Passengers:\n- Lunch\n- Kevin Moreau", "Lunch"),
    ("a label's value beside a held one", "Passengers: Sofia Silva, Hester Brandt", "Hester Brandt"),
    ("coordinated with a given name the user gave", "Passengers: Liam and Bruno Weber.", "Liam"),
    ("object of a verb of people, French", "J'ai prévenu Lucas du changement.", "Lucas"),
    ("personal 'a', Spanish", "Ya avisé a Mateo del cambio.", "Mateo"),
]


@pytest.mark.parametrize(("why", "answer", "expected"), MUST_FIRE, ids=[c[0] for c in MUST_FIRE])
def test_a_person_no_evidence_holds_in_a_person_slot_is_reported(
    why: str, answer: str, expected: str
) -> None:
    assert names_found(answer, user="Please add Bruno Weber too.") == [expected], why


MUST_NOT_FIRE = [
    (
        "held names in every slot",
        "Passenger: Sofia. Kevin and Sofia are set; Sofia's seat is 3A, for Kevin 3B.",
    ),
    ("held name addressed", "Your booking is confirmed, Sofia! Kevin, your seat is 3B."),
    ("a place after 'for', with its code", "I found a fare for Austin (AUS) on May 3."),
    ("a place after a comma, with its region", "The fare to Charlotte, NC is unchanged."),
    ("a place in a place slot", "Your flight from Charlotte to Austin is confirmed."),
    ("a label that is no person's", "Destination: Austin\nOrigin: Charlotte\nCabin: Economy"),
    ("a month after 'for'", "I've booked it for April 12 and for August."),
    ("a month after 'für', German", "Ich habe es für August gebucht."),
    ("a day after 'for'", "I moved the call for Monday, Sofia."),
    ("a sentence-initial word that is also a name", "Mark your calendar. Grant access when asked."),
    ("a given name with no slot", "Jordan is not a destination we serve."),
    ("a brand after 'with'", "You can pay with Visa or with Amex."),
    ("a product after 'for'", "I've added the Trail Runner for Kevin."),
    ("a role before a department", "Please contact our customer Support team."),
    ("comma before an ordinary word", "Hello Sofia, Welcome back!"),
    ("a comma list of places", "Stops: Denver, Dallas, Austin."),
    ("a label whose value is a function word", "Passenger: None\nAttendees: All\nGuest: Not provided"),
    ("a label whose value goes on as prose", "Passenger: Unknown to the system until you confirm."),
    ("a label with a lone word that is no given name", "Passenger: Yourself"),
    (
        "a sibling of a nested person's list",
        "- **Passengers:**\n  1. Sofia Silva\n  2. Kevin Moreau\n- **Total Checked Bags:** 2\n"
        "- **Total Cost:** $10",
    ),
    ("items beside held ones under no person's label", "Cabin:\n- Economy\n- Kevin Moreau"),
    ("items of a list no person's label opens", "Cabin options:\n- Economy\n- Business\n- Noah"),
    ("a list item that goes on as prose", "Passengers:\n- Noah will be added once you confirm."),
    ("a field of no person's record after a word", "Economy (cabin: basic)"),
    ("a label whose value is a team", "Organizer: Marketing Team\nSender: Customer Support"),
    ("coordinated with a department", "I've invited Kevin and Customer Support."),
    ("coordinated with a function word", "Kevin and Everyone else are set; Sofia or Nobody."),
    ("a place after Spanish 'a'", "Su vuelo a Santiago sale a las 9."),
    ("a verb of people before a department", "I've notified Support and emailed Billing."),
    ("a verb of people before a held name", "I've notified Kevin and messaged Sofia."),
]


@pytest.mark.parametrize(("why", "answer"), MUST_NOT_FIRE, ids=[c[0] for c in MUST_NOT_FIRE])
def test_held_names_places_months_and_things_are_not_reported(why: str, answer: str) -> None:
    assert names_found(answer) == [], why


def test_a_name_a_handle_of_the_results_starts_with_is_held() -> None:
    """Users are addressed by the first name their user name is built from."""
    contacts = {"name": "QueryUser", "result": {"name": "Sofia Silva", "attendees": ["justinkool", "mstein"]}}
    assert names_found("Thanks, Justin! Your meeting is set.", call=contacts) == []
    assert names_found("Thanks, Justine! Your meeting is set.", call=contacts) == ["Justine"]
    assert names_found("I've booked a seat for Justin.", call=contacts) == []


def test_slots_need_records_about_people() -> None:
    # With only product records the answer is not about anyone the tools returned.
    for answer in ("I've booked a window seat for Noah.", "Passenger: Noah", "Noah's seat is 14C."):
        assert names_found(answer, call=PRODUCTS) == [], answer
        assert names_found(answer) != [], answer


@pytest.mark.parametrize(
    "name", ["Noah", "Sophia", "Mateo", "Lucía", "Lucia", "José", "Jonas", "Aarav", "Pedro"]
)
def test_the_gazetteer_holds_given_names_of_several_languages(name: str) -> None:
    assert is_given_name(name)
    assert is_given_name(name.upper())


@pytest.mark.parametrize("word", ["Economy", "Monday", "Passenger", "Thanks", "Visa", "Al", ""])
def test_the_gazetteer_holds_no_ordinary_words(word: str) -> None:
    assert not is_given_name(word)


def test_the_gazetteer_is_read_once() -> None:
    assert given_names() is given_names()
    assert len(given_names()) > 3000


def test_the_committed_list_is_what_its_faker_version_generates() -> None:
    """The list is data generated from Faker, never edited by hand: with the Faker version it
    names installed, regenerating it gives the same names."""
    faker = pytest.importorskip("faker", reason="the dev extra installs Faker")
    lexicons = resources.files("nofab.language.lexicons")
    data = json.loads(lexicons.joinpath("given_names.json").read_text("utf-8"))
    if f"Faker {faker.VERSION} " not in data["_comment"]:
        pytest.skip(f"the list was generated with another Faker than {faker.VERSION}")
    assert data["names"] == generate()
