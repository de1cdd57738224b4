"""A count of a list's items said after calls that took some off it is what is left
(numbers/listcounts.py): three events read, one deleted or moved away, "you now have 2
events". A count no call explains is still a finding."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking, call

EVENTS = {
    "events": [
        {"event_id": "a1", "name": "Design sync", "start_time": "2025-10-07 09:30:00"},
        {"event_id": "b2", "name": "Dentist", "start_time": "2025-10-07 13:00:00"},
        {"event_id": "c3", "name": "Budget review", "start_time": "2025-10-07 15:30:00"},
    ]
}
READ: dict[str, Any] = {
    **call("QueryCalendar", EVENTS, {"start_time": "2025-10-07 00:00:00"}),
    "earlier": True,
}
DELETE = call("DeleteEvent", {"status": "success"}, {"event_id": "c3"})
MOVE = call("ModifyEvent", {"status": "success"}, {"event_id": "c3", "new_start_time": "2025-10-14 15:30:00"})

LEFT = [
    "Tomorrow you now have {n} events: the design sync and the dentist.",
    "Mañana te quedan {n} eventos: la reunión de diseño y el dentista.",
    "Demain, il vous reste {n} événements : la réunion et le dentiste.",
]


@pytest.mark.parametrize("answer", LEFT)
@pytest.mark.parametrize("acting", [DELETE, MOVE])
def test_the_items_left_after_a_call_took_one_off_are_counted(answer: str, acting: dict[str, Any]) -> None:
    assert blocking(answer.format(n=2), READ, acting) == []


@pytest.mark.parametrize(
    "answer",
    ["Tomorrow you now have {n} events: the design sync and the dentist.", "You have {n} events tomorrow."],
)
def test_a_count_no_call_explains_is_found(answer: str) -> None:
    assert blocking(answer.format(n=1), READ, DELETE) != []
    assert blocking(answer.format(n=2), READ) != []
