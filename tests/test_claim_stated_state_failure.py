"""A stated state the agent just tried to bring about is held to the failure rules of a deed.

"Both alarms are set" after two AddAlarm calls, one of which failed, speaks for every item:
the state overstates what happened, as "I've set both alarms" would. The same statement is
fine when every call succeeded, when the answer only reads (nothing was attempted), or when
the answer speaks of the item that worked alone.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed


def ok(name: str, item: str) -> dict[str, Any]:
    return {"name": name, "arguments": {"token": "s-1", "item": item}, "result": {"status": "success"}}


def failed(name: str, item: str) -> dict[str, Any]:
    return {"name": name, "arguments": {"token": "s-1", "item": item}, "error": "Item already exists."}


CASES = [
    ("Both alarms are set: 6:00 AM and 6:20 AM.", "AddAlarm"),
    ("All your alarms are set.", "AddAlarm"),
    ("All of the reminders are deleted.", "DeleteReminder"),
    ("Both reminders are deleted.", "DeleteReminder"),
    ("Les deux alarmes sont supprimées.", "DeleteAlarm"),
]


@pytest.mark.parametrize(("answer", "tool"), CASES)
def test_a_state_for_every_item_fires_when_one_call_failed(answer: str, tool: str) -> None:
    assert claimed(answer, ok(tool, "first"), failed(tool, "second")) != []


@pytest.mark.parametrize(("answer", "tool"), CASES)
def test_the_same_state_passes_when_every_call_succeeded(answer: str, tool: str) -> None:
    assert claimed(answer, ok(tool, "first"), ok(tool, "second")) == []


@pytest.mark.parametrize(("answer", "tool"), CASES)
def test_a_state_read_by_a_read_tool_is_no_deed(answer: str, tool: str) -> None:
    # the read returned the items the state speaks of (a state reports only what a call
    # returned or set: detectors/statevalues.py)
    reader = {
        "name": "Find" + tool.removeprefix("Add").removeprefix("Delete") + "s",
        "arguments": {},
        "result": [{"item": "first", "time": "06:00"}, {"item": "second", "time": "06:20"}],
    }
    assert claimed(answer, reader) == []


@pytest.mark.parametrize(
    "answer",
    [
        "Your 6:00 AM alarm is set. The 6:20 AM alarm couldn't be added because one already exists.",
        "The first alarm is set; I couldn't add the second one.",
    ],
)
def test_a_state_of_the_item_that_worked_with_the_failure_said_passes(answer: str) -> None:
    assert claimed(answer, ok("AddAlarm", "first"), failed("AddAlarm", "second")) == []
