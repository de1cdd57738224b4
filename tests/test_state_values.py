"""A stated state reports only the values a call returned or set (detectors/statevalues.py):
"your alarm is set for 4:45 AM" after a read that holds no 4:45 alarm reports the user's
request, not the read; a value the read holds, or an action set, is reported."""

from __future__ import annotations

import pytest

from tests.helpers import blocking, call

ALARMS = call("FindAlarms", {"alarms": [{"alarm_id": "a1", "time": "07:30"}]})
ADDED = call("AddAlarm", {"alarm_id": "a2"}, {"time": "04:45"})
REQUEST = "Set an alarm for 4:45 please."

NEW_VALUE = [
    "Your alarm is set for 4:45 AM tomorrow.",
    "Your alarm is now set for 4:45.",
    "Tu alarma está programada para las 4:45.",
    "Votre réveil est réglé pour 4 h 45.",
]


@pytest.mark.parametrize("answer", NEW_VALUE)
def test_a_state_whose_value_only_the_request_holds_is_a_claim(answer: str) -> None:
    assert blocking(answer, ALARMS, user=REQUEST) != []


@pytest.mark.parametrize("answer", NEW_VALUE)
def test_a_state_whose_value_a_call_set_is_reported(answer: str) -> None:
    assert blocking(answer, ALARMS, ADDED, user=REQUEST) == []


@pytest.mark.parametrize(
    "answer",
    [
        "Your alarm is set for 7:30 AM.",
        "Your 7:30 alarm is still set.",
        "Tu alarma está programada para las 7:30.",
    ],
)
def test_a_state_whose_value_the_read_returned_is_reported(answer: str) -> None:
    assert blocking(answer, ALARMS, user=REQUEST) == []


RESERVATION = call(
    "get_reservation_details", {"reservation_id": "K2", "status": "confirmed", "date": "2025-05-15"}
)


@pytest.mark.parametrize(
    "answer",
    ["Your reservation K2 is confirmed for May 15.", "Su reserva K2 está confirmada para el 15 de mayo."],
)
def test_a_status_with_its_own_date_is_reported(answer: str) -> None:
    assert blocking(answer, RESERVATION) == []


def test_a_status_with_another_date_is_not() -> None:
    assert (
        blocking("Your reservation K2 is confirmed for May 18.", RESERVATION, user="Move it to May 18.") != []
    )
