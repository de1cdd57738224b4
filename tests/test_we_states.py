"""A deed "we" did (the organisation) whose participle a read returned as the thing's state
("since we cancelled the flight" after a flight status "cancelled") reports that state; a
failed call that could do the deed, no read that says so, or "I" keeps it a claim.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claim_actions as found
from tests.helpers import claimed
from tests.helpers import session_call as call

FLIGHT_STATUS = call("get_flight_status", result="cancelled", flight_number="BF274")
ESTADO = call("get_flight_status", result="cancelado", flight_number="BF274")
CANCEL_FAILED = call("cancel_reservation", False, reservation_id="YT6GQ2")
CERTIFICATE = call("send_certificate", result="Certificate added.", user_id="noah_1", amount="200")


@pytest.mark.parametrize(
    ("answer", "read"),
    [
        ("Since we cancelled the flight, you qualify for a full refund.", FLIGHT_STATUS),
        ("We cancelled flight BF274 on Monday; I'm sorry for the trouble.", FLIGHT_STATUS),
        ("Como hemos cancelado el vuelo, le corresponde un reembolso.", ESTADO),
    ],
)
def test_a_deed_we_did_that_a_read_reports_as_the_state_passes(answer: str, read: dict[str, Any]) -> None:
    assert found(answer) != []
    assert claimed(answer, read, CERTIFICATE) == []


@pytest.mark.parametrize(
    ("answer", "calls"),
    [
        ("We cancelled your booking.", (FLIGHT_STATUS, CANCEL_FAILED)),  # its own call failed
        ("Hemos cancelado su reserva.", (ESTADO, CANCEL_FAILED)),
        ("Since we cancelled the flight, you qualify for a refund.", (CERTIFICATE,)),  # no read says so
        ("I cancelled the flight, so you qualify for a refund.", (FLIGHT_STATUS, CERTIFICATE)),  # "I"
        ("We refunded the flight.", (FLIGHT_STATUS, CERTIFICATE)),  # the read says another state
    ],
)
def test_a_deed_we_did_still_fires_without_a_reported_state(
    answer: str, calls: tuple[dict[str, Any], ...]
) -> None:
    assert claimed(answer, *calls) != []
