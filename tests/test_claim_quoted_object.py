"""A quotation is never the kind of thing a claim acted on: 'sent him: "the meeting moved"'
sends a message (what a messaging tool sends), and a quoted title names an item, not its
kind. Unquoted object words still narrow the claim ("sent her the meeting invite" is not a
message), and a failed send still fails the claim.
"""

from __future__ import annotations

import pytest

from nofab.language.quotations import unquoted_ahead, unquoted_behind
from tests.helpers import claimed

TO = {"receiver": "jdoe", "message": "x"}
SEND = {"name": "SendMessage", "arguments": TO, "result": {"message_id": "m-1"}}
SEND_FAILED = {"name": "SendMessage", "arguments": TO, "error": "No such user."}
MAIL = {"name": "send_email", "arguments": {"to": "j@doe.org", "body": "x"}, "result": {"id": "e-1"}}

QUOTED_MESSAGES = [
    'Found the user and sent him: "Running 10 min late."',
    'I sent her: "The meeting moved to 4, see the calendar invite."',
    'Sent him: "Your order and the invoice: start without me."',
    "I've messaged the team: “the reservation for Friday is cancelled”.",
    'Le he enviado: "La reunión se mueve a las 4."',
    "J'ai envoyé à Marc : « La réservation de vendredi : annulée ».",
]


@pytest.mark.parametrize("answer", QUOTED_MESSAGES)
def test_a_quoted_message_after_a_send_verb_is_what_the_message_tool_sent(answer: str) -> None:
    assert claimed(answer, SEND) == []
    assert claimed(answer, MAIL) == []


@pytest.mark.parametrize("answer", QUOTED_MESSAGES)
def test_a_failed_send_still_fails_the_claim(answer: str) -> None:
    assert claimed(answer, SEND_FAILED) != []


@pytest.mark.parametrize(
    "answer",
    [
        "I sent her the meeting invite.",
        "I sent him the calendar event.",
        "He enviado la reunión al equipo.",
        "J'ai envoyé la réservation à Anna.",
    ],
)
def test_an_unquoted_object_of_another_kind_still_narrows_the_claim(answer: str) -> None:
    assert claimed(answer, SEND) != []


@pytest.mark.parametrize(
    "text, ahead, behind",
    [
        ('x "a b" y', "x       y", "x       y"),
        ("x «a» y", "x     y", "x     y"),
        ("x “a b", "x     ", "x “a b"),  # ahead: the window ends inside a quotation
        ("a b” y", "a b” y", "     y"),  # behind: the window starts inside one
        ("no quotes", "no quotes", "no quotes"),
    ],
)
def test_quoted_words_are_blanked_keeping_every_offset(text: str, ahead: str, behind: str) -> None:
    assert unquoted_ahead(text) == ahead
    assert unquoted_behind(text) == behind
