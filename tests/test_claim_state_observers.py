"""Who reports a stated state. A tool that reads the thing ("FindAlarms"), or an action of an
earlier turn, reports the state it left ("your alarms are set"); a tool acting this turn is
held to what it can do, so UserLogin, which names the account, does not report "your password
is updated" when the ChangePassword call failed. A claim's object is looked for in its own
sentence only: "I've logged you in. Today you have one event" claims nothing of an event."""

from __future__ import annotations

import pytest

from tests.helpers import claimed

LOGIN = {
    "name": "UserLogin",
    "arguments": {"username": "jm", "password": "x"},
    "result": {"session_token": "s-2"},
}
CHANGE_FAILED = {
    "name": "ChangePassword",
    "arguments": {"old_password": "a", "new_password": "b"},
    "error": "Incorrect old password.",
}
CHANGE = {
    "name": "ChangePassword",
    "arguments": {"old_password": "a", "new_password": "b"},
    "result": {"status": "success"},
}

STATES = [
    "Your password is updated, and you're logged back in with the new one.",
    "Your password is changed. You're logged in.",
    "Tu contraseña ha sido actualizada.",
]


@pytest.mark.parametrize("answer", STATES)
def test_a_state_an_acting_tool_cannot_make_is_not_reported_by_it(answer: str) -> None:
    assert claimed(answer, CHANGE_FAILED, LOGIN) != []


@pytest.mark.parametrize("answer", STATES)
def test_the_same_state_after_the_tool_that_makes_it(answer: str) -> None:
    assert claimed(answer, CHANGE, LOGIN) == []


@pytest.mark.parametrize(
    "answer", ["Your alarms are set.", "Both alarms are set for tomorrow.", "Tus alarmas están activadas."]
)
def test_a_state_read_or_left_by_an_earlier_turn_is_reported(answer: str) -> None:
    find = {
        "name": "FindAlarms",
        "arguments": {},
        "result": {"alarms": [{"time": "06:00"}, {"time": "06:20"}]},
    }
    earlier = {
        "name": "AddAlarm",
        "arguments": {"time": "06:00"},
        "result": {"alarm_id": "a-1"},
        "earlier": True,
    }
    assert claimed(answer, find) == []
    assert claimed(answer, earlier) == []


@pytest.mark.parametrize(
    "answer",
    [
        "I've logged you in. Today you have one event: Piano lesson at 5 PM.",
        "You're logged in now. Your next meeting is at 10.",
        "He iniciado sesión. Hoy tienes un evento a las 5.",
    ],
)
def test_an_object_in_the_next_sentence_does_not_narrow_the_claim(answer: str) -> None:
    read = {"name": "QueryCalendar", "arguments": {}, "result": {"events": [{"name": "Piano lesson"}]}}
    assert claimed(answer, LOGIN, read) == []


@pytest.mark.parametrize(
    "answer", ["I've logged you in and deleted the event.", "I've deleted the event. I've logged you in."]
)
def test_a_claim_of_the_event_in_its_own_sentence_still_needs_its_tool(answer: str) -> None:
    assert claimed(answer, LOGIN) != []
