"""A stated state whose deed this turn attempted and failed at is held to that failure.

"Your reservation is cancelled." after get_reservation_details and a failed
cancel_reservation: the read showed the reservation as it was before the attempt, so it does
not report the state; the state is the failed deed's claimed outcome. It passes when the
attempt (or a retry, or an earlier turn's call) succeeded, when a result holds the state
itself, and when the failed call was another deed ("Your booking is confirmed" after a
failed cancellation: the booking stands).
"""

from __future__ import annotations

import pytest

from tests.helpers import claimed

ID = {"reservation_id": "QX71PL"}
READ = {
    "name": "get_reservation_details",
    "arguments": ID,
    "result": {"reservation_id": "QX71PL", "cabin": "economy", "status": "active"},
}
CANCEL = {"name": "cancel_reservation", "arguments": ID, "result": {"reservation_id": "QX71PL"}}
CANCEL_FAILED = {"name": "cancel_reservation", "arguments": ID, "error": "Error: payment service unavailable"}
ALARMS = {"name": "FindAlarms", "arguments": {"token": "s-1"}, "result": {"alarms": [{"alarm_id": "al-1"}]}}
DELETE_ALARM_FAILED = {
    "name": "DeleteAlarm",
    "arguments": {"token": "s-1", "alarm_id": "al-1"},
    "error": "Not found.",
}

CANCELLED = [
    "Your reservation QX71PL is cancelled.",
    "Done — your reservation is cancelled.",
    "Tu reserva QX71PL está cancelada.",
    "Votre réservation QX71PL est annulée.",
    "Ihre Buchung QX71PL ist storniert.",
]


@pytest.mark.parametrize("answer", CANCELLED)
def test_a_state_after_the_failed_deed_fires_though_a_read_named_the_thing(answer: str) -> None:
    assert claimed(answer, READ, CANCEL_FAILED) != []


@pytest.mark.parametrize(
    "answer", ["The alarm is removed.", "Your 7:00 alarm is gone.", "Der Wecker ist gelöscht."]
)
def test_a_removal_stated_after_the_failed_delete_fires(answer: str) -> None:
    assert claimed(answer, ALARMS, DELETE_ALARM_FAILED) != []


@pytest.mark.parametrize("answer", CANCELLED)
def test_the_state_passes_when_a_retry_succeeded(answer: str) -> None:
    assert claimed(answer, READ, CANCEL_FAILED, CANCEL) == []


@pytest.mark.parametrize("answer", CANCELLED)
def test_the_state_passes_when_an_earlier_turn_did_the_deed(answer: str) -> None:
    assert claimed(answer, {**CANCEL, "earlier": True}, READ, CANCEL_FAILED) == []


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("Your reservation QX71PL is cancelled.", "cancelled"),
        ("Tu reserva QX71PL está cancelada.", "cancelada"),
        ("Ihre Buchung QX71PL ist storniert.", "storniert"),
    ],
)
def test_the_state_passes_when_a_result_holds_it(answer: str, status: str) -> None:
    read = {**READ, "result": {"reservation_id": "QX71PL", "status": status}}
    assert claimed(answer, read, CANCEL_FAILED) == []


@pytest.mark.parametrize(
    "answer",
    [
        "Your booking is confirmed.",
        "Your reservation QX71PL is confirmed.",
        "Tu reserva QX71PL está confirmada.",
    ],
)
def test_a_state_another_failed_deed_did_not_try_to_bring_about_passes(answer: str) -> None:
    assert claimed(answer, READ, CANCEL_FAILED) == []


@pytest.mark.parametrize(
    ("answer", "status"),
    [
        ("Your reservation QX71PL is cancelled.", "cancelled"),
        ("Done — your reservation is cancelled.", "cancelled"),
        ("Votre réservation QX71PL est annulée.", "annulée"),
        ("Ihre Buchung QX71PL ist storniert.", "storniert"),
    ],
)
def test_a_state_a_read_reports_with_no_attempt_passes(answer: str, status: str) -> None:
    read = {**READ, "result": {"reservation_id": "QX71PL", "status": status}}
    assert claimed(answer, read) == []


FLIGHT_CANCELLED = {
    "name": "get_flight_status",
    "arguments": {"flight_number": "HAT120"},
    "result": {"flight_number": "HAT120", "status": "cancelled"},
}
READ_WITH_FLIGHT = {**READ, "result": {**READ["result"], "flights": [{"flight_number": "HAT120"}]}}


@pytest.mark.parametrize(
    "answer",
    [
        "Reservation QX71PL is cancelled (flight HAT120 included).",
        "Die Buchung QX71PL ist storniert (Flug HAT120).",
    ],
)
def test_a_state_held_by_a_result_about_another_thing_does_not_report_it(answer: str) -> None:
    # the flight status says "cancelled" of HAT120, not of the reservation the failed call left active
    assert claimed(answer, READ_WITH_FLIGHT, FLIGHT_CANCELLED, CANCEL_FAILED) != []


def test_a_state_held_by_a_result_about_the_named_thing_reports_it() -> None:
    cancelled = {**READ, "result": {"reservation_id": "QX71PL", "status": "cancelled"}}
    assert claimed("Reservation QX71PL is cancelled.", cancelled, CANCEL_FAILED) == []
