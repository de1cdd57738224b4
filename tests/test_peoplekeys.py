"""People filed as plain strings under a key that says they are people
(``nofab.detectors.peoplekeys``), written from the principle: a list of names under a people
key (attendees, invitees, participants; asistentes, Teilnehmer...), a "Name <address>" value
or a person's mailbox ("first.last@...") under a sender or recipient key, holds a first name
and a surname exactly as a record's name fields do. A first name beside such a surname that
no evidence holds is an ``ungrounded_entity``; the held name, and lists that name no people
(or are filed under no people key), give nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.entities import EntityDetector
from nofab.detectors.namerecords import held_names, people_list, people_name
from nofab.detectors.peoplekeys import display_name, mailbox_names, people_key
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for


def names_found(answer: str, calls: list[dict[str, Any]], user: str = "") -> list[str]:
    profile = Profile()
    turn = Turn.from_dict({"response": answer, "user_message": user, "tool_calls": calls})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    found = EntityDetector(profile).detect(evidence)
    return [f.identifier for f in found if f.evidence.get("shape") == "name"]


def _event(key: str, people: list[str]) -> dict[str, Any]:
    return {
        "name": "query_calendar",
        "result": {"events": [{"event_id": "e-7", "name": "Budget review", key: people, "location": None}]},
    }


def _created(key: str, people: list[str]) -> dict[str, Any]:
    """The people are in the call's arguments; the result is an id only."""
    return {
        "name": "create_event",
        "arguments": {"title": "Planning", key: people},
        "result": {"event_id": "c-1"},
    }


def _inbox(sender: str, key: str = "sender") -> dict[str, Any]:
    return {
        "name": "search_inbox",
        "result": {"emails": [{"email_id": "m-1", key: sender, "subject": "Lease"}]},
    }


ATTENDEES = ["Priya Shah", "Tom Becker"]

MUST_FIRE = [
    (
        "attendee list, first name swapped",
        "You meet Priya Shah and Tim Becker at 10.",
        [_event("attendees", ATTENDEES)],
        "Tim",
    ),
    (
        "participants, in a list item",
        "Budget review:\n- Priya Shah\n- Tomas Becker",
        [_event("participants", ATTENDEES)],
        "Tomas",
    ),
    (
        "invitees sent as arguments",
        "Done: Marta Silva and Kenji Mori are invited.",
        [_created("invitees", ["Marta Silva", "Keiko Mori"])],
        "Kenji",
    ),
    (
        "a non-gazetteer held name in a list of people",
        "I invited Kenji Mori.",
        [_created("attendees", ["Jonas Berg", "Keiko Mori"])],
        "Kenji",
    ),
    (
        "Spanish key and prose",
        "La reunión es con Priya Shah y Tim Becker.",
        [_event("asistentes", ATTENDEES)],
        "Tim",
    ),
    (
        "German key and prose",
        "Sie treffen Priya Shah und Tim Becker.",
        [_event("teilnehmer", ATTENDEES)],
        "Tim",
    ),
    (
        "a sender's bare address",
        "I've replied to Diana Ross about the lease.",
        [_inbox("dana.ross@fmail.com")],
        "Diana",
    ),
    (
        "a sender's display name",
        "Diana Ross wrote about the lease.",
        [_inbox("Dana Ross <dr@fmail.com>")],
        "Diana",
    ),
    (
        "recipients as addresses, in arguments",
        "Sent to Marco Conti.",
        [_created("to", ["maria.conti@corp.example"])],
        "Marco",
    ),
    (
        "Spanish sender key",
        "Respondí a Diana Ross.",
        [_inbox("Dana Ross <dr@fmail.com>", key="remitente")],
        "Diana",
    ),
    (
        "French sender key",
        "J'ai répondu à Diana Ross.",
        [_inbox("dana.ross@fmail.com", key="expéditeur")],
        "Diana",
    ),
    ("Spanish recipients", "Enviado a Diana Ross.", [_created("destinatarios", ["Dana Ross"])], "Diana"),
]


@pytest.mark.parametrize(("why", "answer", "calls", "name"), MUST_FIRE, ids=[c[0] for c in MUST_FIRE])
def test_a_first_name_beside_a_filed_surname_fires(
    why: str, answer: str, calls: list[dict[str, Any]], name: str
) -> None:
    found = names_found(answer, calls)
    assert any(name in identifier for identifier in found), (why, found)


MUST_NOT_FIRE = [
    ("the held attendees", "You meet Priya Shah and Tom Becker at 10.", [_event("attendees", ATTENDEES)]),
    (
        "the held invitees, Spanish",
        "Invité a Marta Silva y Keiko Mori.",
        [_created("invitados", ["Marta Silva", "Keiko Mori"])],
    ),
    ("the sender by address", "I've replied to Dana Ross about the lease.", [_inbox("dana.ross@fmail.com")]),
    # a mailbox whose first run is no given name names a department, not a Ross
    ("a department mailbox", "I've replied to Anna Ross.", [_inbox("billing.ross@fmail.com")]),
    # places under an addressing key: "to" names a destination as often as a person
    (
        "cities under 'to'",
        "Your trip goes to Paris via Saint Denis.",
        [_created("to", ["New Denis", "Paris"])],
    ),
    # a list under a people key that no given name opens is not known to hold people
    (
        "services under 'contacts'",
        "Ask Room Service.",
        [_event("contacts", ["Customer Service", "Help Desk"])],
    ),
    ("a lone non-gazetteer invitee", "I invited Kenji Mori.", [_created("attendees", ["Keiko Mori"])]),
    # a list of things under a key that says nothing about people
    ("rooms under 'locations'", "Booked Room Becker.", [_event("locations", ["Hall Becker"])]),
]


@pytest.mark.parametrize(("why", "answer", "calls"), MUST_NOT_FIRE, ids=[c[0] for c in MUST_NOT_FIRE])
def test_held_or_unfiled_does_not_fire(why: str, answer: str, calls: list[dict[str, Any]]) -> None:
    assert names_found(answer, calls) == [], why


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        ("attendees", "group"),
        ("event_attendees", "group"),
        ("attendeeList", "group"),
        ("invitados", "group"),
        ("Teilnehmer", "group"),
        ("destinataires", "group"),
        ("to", "addressing"),
        ("reply_to", "addressing"),
        ("de", "addressing"),
        ("location", ""),
        ("todo", ""),
        ("destination", ""),
    ],
)
def test_people_key_kinds(key: str, kind: str) -> None:
    assert people_key(key) == kind


def test_display_names_and_mailboxes() -> None:
    assert display_name("Dana Ross <dana.ross@fmail.com>") == ("Dana Ross", False)
    assert display_name('"Dana Ross" <dr@fmail.com>') == ("Dana Ross", False)
    assert display_name("dana.ross@fmail.com") == ("Dana Ross", True)
    assert display_name("keiko_mori@corp.example") == ("Keiko Mori", True)
    assert display_name("ptaylor@fmail.com") == ("", True)  # one run: no name to read
    assert display_name("j.r.r.t.w@x.com") == ("", True)
    assert display_name("Tom Becker") == ("Tom Becker", False)


def test_people_name_gates() -> None:
    assert people_name("attendees", "Keiko Mori", in_list=True) == "Keiko Mori"  # a list item: any name
    assert people_name("organizer", "Keiko Mori") == ""  # a lone value: the gazetteer must know it
    assert people_name("organizer", "Priya Shah") == "Priya Shah"
    assert people_list("attendees", ["Keiko Mori", "Priya Shah", 7]) == ["Keiko Mori", "Priya Shah"]
    assert people_list("attendees", ["Keiko Mori"]) == []
    assert people_name("to", "Keiko Mori") == ""  # addressing: the gazetteer must know the first word
    assert people_name("to", "Priya Shah") == "Priya Shah"
    assert people_name("to", "New York") == ""
    assert people_name("sender", "support.team@acme.example") == ""
    # one word: only a given name in a group's list, never under an addressing key
    assert people_name("attendees", "Room", in_list=True) == ""
    assert people_name("attendees", "Priya", in_list=True) == "Priya"
    assert people_name("to", "Austin", in_list=True) == ""
    assert people_name("from", "Paris") == ""
    # four words: an item of a people list, not a lone value (a company is named so too)
    assert people_name("attendees", "Ana María López Ruiz", in_list=True) == "Ana María López Ruiz"
    assert people_name("attendees", "Ana María López Ruiz") == ""
    assert people_name("attendees", "Meeting with the Team") == ""  # lower-case words: no name
    assert people_name("title", "Tom Becker") == ""  # no people key


def test_held_names_read_lists_under_people_keys_only() -> None:
    first, last = held_names([{"attendees": ATTENDEES, "rooms": ["Hall Becker", "Room Nine"]}])
    assert first == {"priya", "tom"}
    assert last == {"shah", "becker"}


USERS: dict[str, Any] = {
    "name": "query_user",
    "result": {
        "users": [{"username": "salcano", "email": "hugosalcano@somail.com", "name": "Hugo Saldana Cano"}]
    },
}
INBOX = _inbox("dana.ross@fmail.com")

#: A name written before an address in brackets must be the address's owner: the record that
#: holds the address, or the first.last convention of a person's mailbox.
BRACKETED = [
    ("mailbox owner swapped", "I've replied to Diana (dana.ross@fmail.com).", INBOX, ["Diana"]),
    ("mailbox owner swapped, German", "Ich habe Diana (dana.ross@fmail.com) geantwortet.", INBOX, ["Diana"]),
    ("record owner swapped", "I've replied to Jose (hugosalcano@somail.com).", USERS, ["Jose"]),
    ("mailbox owner", "I've replied to Dana (dana.ross@fmail.com).", INBOX, []),
    ("record owner", "Sent to Hugo (hugosalcano@somail.com) just now.", USERS, []),
    ("record owner, Spanish", "Enviado a Hugo (hugosalcano@somail.com).", USERS, []),
    ("a label before an address", "Primary Email (hugosalcano@somail.com) is verified.", USERS, []),
    ("a label before a mailbox", "Reply Address (dana.ross@fmail.com) kept.", INBOX, []),
]


@pytest.mark.parametrize(("why", "answer", "call", "expected"), BRACKETED, ids=[c[0] for c in BRACKETED])
def test_a_name_before_an_address_is_its_owner(
    why: str, answer: str, call: dict[str, Any], expected: list[str]
) -> None:
    assert names_found(answer, [call]) == expected, why


def test_mailbox_names() -> None:
    assert mailbox_names("dana.ross@fmail.com") == {"dana", "ross"}
    assert mailbox_names("billing.ross@fmail.com") == frozenset()  # no given name first
    assert mailbox_names("hugosalcano@somail.com") == frozenset()  # one run: no convention
    assert mailbox_names("sophia_silva_7557") == frozenset()  # no address
