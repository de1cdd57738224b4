"""A removal from a thing is an update of the thing: "I removed Tom from the meeting" after
ModifyEvent is grounded; removing the meeting itself, or a removal after a tool that does not
touch meetings, is not."""

from __future__ import annotations

import pytest

from tests.helpers import claimed

MODIFY = {
    "name": "ModifyEvent",
    "arguments": {"event_id": "e-1", "new_attendees": ["Priya Shah"]},
    "result": {"status": "success"},
}
READ = {"name": "QueryCalendar", "arguments": {"start_time": "2023-09-13"}, "result": {"events": []}}
ACCOUNT = {
    "name": "UpdateAccountInformation",
    "arguments": {"new_email": "a@b.co"},
    "result": {"status": "success"},
}

REMOVALS = [
    "I removed Tom from the meeting.",
    "I've removed Tom off the meeting invite and kept Priya.",
    "Tom has been removed from tomorrow's meeting.",
    "He eliminado a Tom de la reunión.",
    "J'ai supprimé Tom de la réunion.",
    "Ich habe Tom aus dem Meeting entfernt.",
]


@pytest.mark.parametrize("answer", REMOVALS)
def test_a_removal_from_a_meeting_is_grounded_by_the_tool_that_modified_it(answer: str) -> None:
    assert claimed(answer, MODIFY) == []


@pytest.mark.parametrize("answer", REMOVALS)
def test_the_same_removal_after_a_read_or_another_things_update_fires(answer: str) -> None:
    assert claimed(answer, READ) != []
    assert claimed(answer, ACCOUNT) != []


@pytest.mark.parametrize(
    "answer",
    [
        "I removed the meeting.",
        "I've deleted the meeting for tomorrow.",
        "He eliminado la reunión del lunes.",
    ],
)
def test_removing_the_thing_itself_is_a_deletion(answer: str) -> None:
    assert claimed(answer, MODIFY) != []
