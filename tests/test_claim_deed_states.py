"""A deed's participle stated as a thing's present state ("your booking is cancelled") is the
deed claimed: a read of the thing grounds it only when its result shows that state; and a
short parenthesis between the thing and its state ("Booking ZQ81TR (Oslo to Riga) is
cancelled") does not hide the claim."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed


def ran(name: str, result: Any, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments, "result": result}


READ = ran(
    "get_booking_details", {"booking_id": "ZQ81TR", "origin": "OSL", "price": 180}, booking_id="ZQ81TR"
)


@pytest.mark.parametrize(
    "answer",
    [
        "All done. Booking ZQ81TR is cancelled.",
        "Your booking is cancelled.",
        "Booking **ZQ81TR** (Oslo to Riga, June 3–9) is cancelled.",
        "Booking ZQ81TR (Oslo ⇄ Riga) is now cancelled.",
        "Listo. La reserva ZQ81TR está cancelada.",
        "C'est fait. La réservation ZQ81TR est annulée.",
    ],
)
def test_a_deed_state_after_only_a_read_is_flagged(answer: str) -> None:
    assert claimed(answer, READ) != []


@pytest.mark.parametrize(
    ("answer", "call"),
    [
        # the call that cancels ran
        (
            "Booking ZQ81TR (Oslo to Riga) is cancelled.",
            ran("cancel_booking", {"booking_id": "ZQ81TR", "status": "cancelled"}, booking_id="ZQ81TR"),
        ),
        ("La reserva ZQ81TR está cancelada.", ran("cancel_booking", {"ok": True}, booking_id="ZQ81TR")),
        # the read shows the state itself
        (
            "Booking ZQ81TR is cancelled.",
            ran("get_booking_details", {"status": "cancelled"}, booking_id="ZQ81TR"),
        ),
        (
            "La reserva ZQ81TR está cancelada.",
            ran("get_booking_details", {"estado": "cancelada"}, booking_id="ZQ81TR"),
        ),
        # the state followed by the thing's attribute describes what the read returned
        (
            "Your alarms are set for 6:10 and 6:40.",
            ran("FindAlarms", {"alarms": [{"time": "06:10"}, {"time": "06:40"}]}),
        ),
        ("Booking ZQ81TR was created on 2031-02-04, more than a day ago.", READ),
        # negated, or a parenthesis that is no aside
        ("Booking ZQ81TR is not cancelled yet.", READ),
        ("La reserva ZQ81TR no está cancelada.", READ),
    ],
)
def test_a_grounded_or_described_state_is_not_flagged(answer: str, call: dict[str, Any]) -> None:
    assert claimed(answer, call) == []
