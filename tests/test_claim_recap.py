"""A recap of an earlier turn's deeds is not a new claim: "Today I set a reminder to buy milk
and sent your message to jlee" after AddReminder(task="buy milk") and SendMessage(receiver=
"jlee") in earlier turns names what those calls acted on. An extra deed that names nothing an
earlier call did ("I've also refunded the fee"), or another deed on the same item ("I added insurance
to T4W9NE" after cancelling it), is still flagged."""

from __future__ import annotations

import pytest

from tests.helpers import claimed

EARLIER = [
    {
        "name": "AddReminder",
        "arguments": {"task": "buy milk", "due": "18:00"},
        "result": {"id": "r-1"},
        "earlier": True,
    },
    {
        "name": "SendMessage",
        "arguments": {"receiver": "jlee", "message": "I'll grab milk."},
        "result": {"id": "m-1"},
        "earlier": True,
    },
    {
        "name": "cancel_reservation",
        "arguments": {"reservation_id": "T4W9NE"},
        "result": {"status": "cancelled"},
        "earlier": True,
    },
]


@pytest.mark.parametrize(
    "answer",
    [
        "Today I set a reminder to buy milk and sent your message to jlee.",
        "Earlier I sent jlee your message.",
        "As I said, I cancelled your reservation T4W9NE.",
        "Hoy te he enviado el mensaje a jlee.",
    ],
)
def test_a_recap_naming_what_an_earlier_call_acted_on_passes(answer: str) -> None:
    assert claimed(answer, *EARLIER) == []


@pytest.mark.parametrize(
    "answer",
    [
        "I've also refunded the fee to your original payment method.",
        "I've also sent a message to your manager.",
        "I cancelled reservation QQ77RR too.",
        "I added travel insurance to T4W9NE as well.",
        "He enviado el mensaje a tu jefe.",
    ],
)
def test_a_deed_naming_nothing_an_earlier_call_did_still_fires(answer: str) -> None:
    assert claimed(answer, *EARLIER) != []
