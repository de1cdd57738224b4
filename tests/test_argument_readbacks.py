"""The values one tool was given across its calls ("receiver" of each send) and a list argument
are lists a read-back enumerates: an item no evidence holds in such a read-back was invented
(``nofab.detectors.readbacks.argument_lists``)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard

_GUARD = Guard()


def _send(to: str, ok: bool = True) -> dict[str, Any]:
    call: dict[str, Any] = {"name": "send_text", "arguments": {"to": to, "body": "Dinner moved to 8 pm"}}
    return {**call, "result": {"sent": True}} if ok else {**call, "result": None, "error": "timeout"}


_SENDS = [_send("priya"), _send("tomasz"), _send("wendell")]
_INVITE = [
    {
        "name": "create_event",
        "arguments": {"title": "Retro", "attendees": ["priya", "tomasz", "wendell"]},
        "result": {"event_id": "ev-31"},
    }
]


def _flagged(
    answer: str, calls: list[dict[str, Any]], user: str = "Tell my friends dinner moved to 8."
) -> list[str]:
    turn = {"response": answer, "user_message": user, "tool_calls": calls}
    return [f.identifier for f in _GUARD.check(turn).findings if f.kind == "ungrounded_entity"]


@pytest.mark.parametrize(
    ("answer", "calls", "flagged"),
    [
        ("Sent to:\n- Priya\n- Tomasz\n- Wendell\n- Ulrike", _SENDS, "Ulrike"),
        ("Done, I texted: Priya, Tomasz, Ulrike and Wendell.", _SENDS, "Ulrike"),
        ("Enviado a: Priya, Tomasz, Wendell y Ulrike.", _SENDS, "Ulrike"),
        ("Gesendet an: Priya, Tomasz, Wendell und Ulrike.", _SENDS, "Ulrike"),
        ("Invited: Priya, Tomasz, Wendell and Ulrike.", _INVITE, "Ulrike"),
    ],
)
def test_an_item_added_to_a_read_back_of_what_the_calls_were_given(
    answer: str, calls: list[dict[str, Any]], flagged: str
) -> None:
    assert _flagged(answer, calls) == [flagged]


@pytest.mark.parametrize(
    ("answer", "calls", "user"),
    [
        ("Sent to:\n- Priya\n- Tomasz\n- Wendell", _SENDS, "Tell my friends dinner moved to 8."),
        ("Enviado a: Priya, Tomasz y Wendell.", _SENDS, "Tell my friends dinner moved to 8."),
        # a name the user gave is held, even if no call carried it
        ("Sent to: Priya, Tomasz, Wendell and Ulrike.", _SENDS, "Text Priya, Tomasz, Wendell and Ulrike."),
        ("Invited: Priya, Tomasz and Wendell.", _INVITE, "Set up the retro."),
        # a single call's value is no list: two items read back are not a read-back
        ("Sent to: Priya and Ulrike.", _SENDS[:1], "Tell my friends dinner moved to 8."),
    ],
)
def test_a_read_back_of_what_the_calls_were_given_passes(
    answer: str, calls: list[dict[str, Any]], user: str
) -> None:
    assert _flagged(answer, calls, user) == []
