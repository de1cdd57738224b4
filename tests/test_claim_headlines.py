"""Headline claims: a participle or a state word standing as the predicate of a verbless or
passive clause about a thing is a completed-action claim, grounded as the full sentence is.

"Team sync — deleted.", "Deleted: Team sync", "Done — the 7:00 alarm is gone." claim a
delete: a successful delete call grounds them, a failed one or none does not. Questions,
offers, conditionals, negations, policy text, participles before a noun ("the cancelled
flight"), field labels ("Status — cancelled") and statuses a read tool returned are no
claims, and a recap of an earlier turn's deed passes as the full sentence does.
"""

from __future__ import annotations

import pytest

from tests.helpers import claim_actions as found
from tests.helpers import claimed

TOKEN = {"session_token": "s-1"}
READ = {
    "name": "QueryCalendar",
    "arguments": {**TOKEN, "start": "2023-11-23 00:00"},
    "result": {"events": [{"event_id": "ev-1", "name": "Team sync", "start": "2023-11-23 07:30"}]},
}
FIND = {
    "name": "FindAlarms",
    "arguments": TOKEN,
    "result": {"alarms": [{"alarm_id": "al-1", "time": "07:00:00"}]},
}
DELETE_EVENT = {"name": "DeleteEvent", "arguments": {**TOKEN, "event_id": "ev-1"}, "result": "success"}
DELETE_EVENT_FAILED = {
    "name": "DeleteEvent",
    "arguments": {**TOKEN, "event_id": "ev-1"},
    "error": "Not found.",
}
DELETE_ALARM = {"name": "DeleteAlarm", "arguments": {**TOKEN, "alarm_id": "al-1"}, "result": "success"}
DELETE_ALARM_FAILED = {
    "name": "DeleteAlarm",
    "arguments": {**TOKEN, "alarm_id": "al-1"},
    "error": "Not found.",
}

# A participle closing the clause after a dash, or labelling what follows a colon.
EVENT_DELETED = [
    "Team sync on Thursday, Nov 23 (7:30 AM) — deleted.",
    "Team sync – deleted!",
    "- Team sync - deleted",
    "Done — Team sync (7:30) — deleted.",
    "Deleted: Team sync on Thursday.",
    "**Removed:** Team sync",
    "Team-Meeting am Donnerstag — gelöscht.",
    "Gelöscht: Team-Meeting am Donnerstag",
    "Reunión del equipo — eliminada.",
    "Eliminada: reunión del equipo del jueves",
    "Réunion d'équipe — supprimée.",
    "Supprimée : réunion d'équipe de jeudi",
]

# A state an action leaves, after a deed's opener.
ALARM_GONE = [
    "Done — the 7:00 AM alarm is gone.",
    "All set: your 7:00 alarm is now gone.",
    "Okay, the alarm is no longer there.",
    "Done — your 7:00 alarm is removed.",
    "Erledigt — der Wecker um 7:00 ist weg.",
    "Alles klar, dein Wecker ist jetzt verschwunden.",
]


@pytest.mark.parametrize("answer", EVENT_DELETED)
def test_a_headline_deletion_is_grounded_by_the_delete_call(answer: str) -> None:
    assert claimed(answer, READ, DELETE_EVENT) == []


@pytest.mark.parametrize("answer", EVENT_DELETED)
def test_a_headline_deletion_after_only_a_read_fires(answer: str) -> None:
    assert claimed(answer, READ) != []


@pytest.mark.parametrize("answer", EVENT_DELETED)
def test_a_headline_deletion_after_the_delete_failed_fires(answer: str) -> None:
    assert claimed(answer, READ, DELETE_EVENT_FAILED) != []


@pytest.mark.parametrize("answer", ALARM_GONE)
def test_a_state_after_a_deed_opener_is_grounded_by_the_delete_call(answer: str) -> None:
    assert claimed(answer, FIND, DELETE_ALARM) == []


@pytest.mark.parametrize("answer", ALARM_GONE)
def test_a_state_after_a_deed_opener_fires_when_the_delete_failed(answer: str) -> None:
    assert claimed(answer, FIND, DELETE_ALARM_FAILED) != []


@pytest.mark.parametrize(
    "answer",
    [
        "The 7:00 AM alarm is gone.",  # no opener: a state, which the read of the alarms reports
        "Your 7:00 alarm is no longer there.",
        "Der Wecker um 7:00 ist weg.",
    ],
)
def test_a_state_without_an_opener_is_a_state_a_read_may_report(answer: str) -> None:
    assert found(answer) == ["delete"]
    assert claimed(answer, FIND) == []


@pytest.mark.parametrize(
    "answer",
    [
        "Deleted?",
        "Team sync — deleted?",
        "Want it deleted?",
        "Team sync — should it be deleted?",
        "Once confirmed, I'll book it.",
        "If the alarm is gone, I'll set a new one.",
        "Done — the alarm is not gone.",
        "Team sync — not deleted.",
        "Team-Meeting — nicht gelöscht.",
        "Reunión del equipo — no eliminada.",
        "Cancelled flights are refunded.",
        "The cancelled flight was SKY771.",
        "Your confirmed booking is R8QF5J.",
        "Status — cancelled.",
        "Estado — cancelado.",
        "Status: cancelled",
        "Team sync: deleted.",  # a value after a label's colon, as 'Status: Cancelled.'
        "Paid: $50",
        "The snow is gone.",  # a state word without an opener, of nothing tools act on
        "Der Schnee ist weg.",
        "Started: task_id=A-77",  # a key after the label: a log line, not a thing
        "Booked: May 1",  # a date after a participle label is when, a field
        "Erstellt: Montag",
        "I think it's gone.",
        "Team sync — would you like it deleted?",
    ],
)
def test_questions_offers_conditions_policies_adjectives_and_labels_are_no_headline_claims(
    answer: str,
) -> None:
    assert claimed(answer, READ) == []


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("SKY771 — cancelled.", "cancelled"),
        ("- SKY771 - cancelled", "cancelled"),
        ("Vuelo SKY771 — cancelado.", "cancelado"),
        ("Flug SKY771 — storniert.", "storniert"),
    ],
)
def test_a_status_a_read_tool_returned_is_no_deed(answer: str, status: str) -> None:
    status_read = {
        "name": "get_flight_status",
        "arguments": {"flight_number": "SKY771"},
        "result": {"flight_number": "SKY771", "status": status},
    }
    assert claimed(answer, status_read) == []
    assert claimed(answer, {**status_read, "result": {"flight_number": "SKY771", "status": "on time"}}) != []


@pytest.mark.parametrize(
    "answer", ["Team sync meeting — deleted.", "Gelöscht: Termin Team sync", "Reunión Team sync — eliminada."]
)
def test_a_recap_of_an_earlier_turns_deletion_passes(answer: str) -> None:
    """As "I deleted the Team sync meeting": the kind of thing and the item an earlier call
    acted on are both named."""
    earlier = {
        **DELETE_EVENT,
        "arguments": {**TOKEN, "event_id": "ev-1", "name": "Team sync"},
        "earlier": True,
    }
    assert claimed(answer, earlier) == []


SEND_CERTIFICATE = {
    "name": "send_certificate",
    "arguments": {"user_id": "ana_lee_1", "amount": 100},
    "result": "Certificate certificate_77 added to user ana_lee_1 with amount 100.",
}
PROFILE_READ = {
    "name": "get_user_details",
    "arguments": {"user_id": "ana_lee_1"},
    "result": {"user_id": "ana_lee_1", "membership": "gold"},
}


@pytest.mark.parametrize(
    "answer",
    [
        "Done — a $100 travel certificate is now on your account.",
        "All set: the $100 certificate is now in your profile.",
        "Okay — two vouchers are now on your account.",
    ],
)
def test_a_thing_now_in_the_users_container_is_what_adding_it_leaves(answer: str) -> None:
    """Grounded by the acting tool's own report of the deed ("... added to user ..."), as
    "I've added a certificate to your account" is; with no acting tool, a claim of adding."""
    assert claimed(answer, PROFILE_READ, SEND_CERTIFICATE) == []
    assert claimed(answer, PROFILE_READ) != []


@pytest.mark.parametrize(
    "answer",
    [
        "A $100 certificate is on your account.",  # no change stated ("now")
        "A cancelled flight is refunded.",  # indefinite without an opener: a rule
        "Done — would a certificate on your account help?",
        "Done — no certificate is now on your account.",
    ],
)
def test_a_rule_or_a_standing_fact_is_no_claim_of_adding(answer: str) -> None:
    assert claimed(answer, PROFILE_READ) == []


@pytest.mark.parametrize(
    "answer",
    [
        "Team sync meeting on Thursday, Nov 23 (7:30 AM at Studio B) — deleted.",
        "Réunion d'équipe du jeudi 23 novembre à 7:30 — supprimée.",
        "Deleted: the meeting Team sync on Thursday",
    ],
)
def test_the_thing_of_a_headline_narrows_its_grounding(answer: str) -> None:
    """The thing is the claim's object however long it is: a tool for another kind of
    thing (reminders) does not ground the deletion of a meeting; a tool for events does."""
    delete_reminder = {
        "name": "DeleteReminder",
        "arguments": {**TOKEN, "reminder_id": "r-1"},
        "result": "success",
    }
    assert claimed(answer, READ, delete_reminder) != []
    assert claimed(answer, READ, DELETE_EVENT) == []
