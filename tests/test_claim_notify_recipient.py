"""A message to someone is grounded by a messaging tool, whatever the sentences around it say.

"notified", "informed", "messaged" are the ``notify`` action: only a tool that names a way of
messaging grounds it (SendMessage, send_sms, slack_post), never a bare "send" verb that sent
something else (send_certificate). The claim's object narrows that only when it is another
kind of thing than a message's recipient; a person ("your manager", "the attendees") is what
a messaging tool acts on. An object in another sentence ("I created the event.") is not the
claim's object.
"""

from __future__ import annotations

import pytest

from nofab import Profile
from nofab.language.lexicon import lexicon_for
from tests.helpers import claimed

CREATE = {
    "name": "CreateEvent",
    "arguments": {"name": "Sync", "attendees": ["jenny"]},
    "result": {"event_id": "e-1"},
}
MESSAGE = {
    "name": "SendMessage",
    "arguments": {"receiver": "jenny", "message": "Sync at 2"},
    "result": {"id": "m-1"},
}
CERTIFICATE = {"name": "send_certificate", "arguments": {"user_id": "u1", "amount": 50}, "result": "ok"}


NOTIFIED = [
    "I created the event. I've also notified your manager about the change.",
    "I've created the meeting and informed the attendees.",
    "He creado el evento y he notificado a los asistentes.",
    "J'ai créé la réunion. J'ai aussi informé les participants.",
]


@pytest.mark.parametrize("answer", NOTIFIED)
def test_a_messaging_tool_grounds_a_message_to_a_person(answer: str) -> None:
    assert claimed(answer, CREATE, MESSAGE) == [], answer


@pytest.mark.parametrize("answer", NOTIFIED)
def test_no_messaging_tool_leaves_it_ungrounded(answer: str) -> None:
    assert claimed(answer, CREATE) != [], answer
    assert claimed(answer, CREATE, CERTIFICATE) != [], answer


@pytest.mark.parametrize(
    ("answer", "verb", "objects"),
    [
        # active: the object follows the verb; the noun before is an earlier verb's
        ("I've created the meeting and informed the attendees.", "informed", set()),
        ("He creado el evento y he notificado a los asistentes.", "notificado", set()),
        ("I've cancelled the booking and emailed the receipt.", "emailed", {"email"}),
        # passive or stated state: the thing before the verb is what it speaks of
        ("Your booking has been cancelled and refunded.", "refunded", {"reservation"}),
        ("Su reserva ha sido cancelada.", "cancelada", {"reservation"}),
        ("Reminder deleted.", "deleted", {"reminder"}),
    ],
)
def test_a_claims_object_is_what_it_acts_on(answer: str, verb: str, objects: set[str]) -> None:
    claims = {c.verb: c for c in lexicon_for(Profile()).find_claims(answer)}
    assert set(claims[verb].objects) == objects, claims
