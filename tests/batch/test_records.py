"""records_to_turns: the one seam from a decoded record to turns."""

from __future__ import annotations

from typing import Any

import pytest

from nofab.batch.records import record_time, records_to_turns
from nofab.errors import InputError

CHAT = [
    {"role": "system", "content": "You are an airline agent."},
    {"role": "user", "content": "Book it"},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": "c1", "function": {"name": "book", "arguments": '{"id": "X1"}'}}],
    },
    {"role": "tool", "tool_call_id": "c1", "content": '{"booking": "B-77"}'},
    {"role": "assistant", "content": "Booked: B-77."},
]
TOOLTALK = {
    "metadata": {"timestamp": "2023-09-11 09:00:00", "username": "ann"},
    "conversation": [
        {"role": "user", "text": "Add an alarm"},
        {
            "role": "assistant",
            "text": "Alarm added.",
            "apis": [
                {
                    "request": {"api_name": "AddAlarm", "parameters": {"time": "7:00"}},
                    "response": {"id": "a1"},
                    "exception": None,
                }
            ],
        },
    ],
}


@pytest.mark.parametrize(
    ("record", "labels", "responses"),
    [
        ({"response": "hi"}, [""], ["hi"]),
        ({"traj": CHAT}, ["traj[4]"], ["Booked: B-77."]),
        ({"messages": CHAT}, ["messages[4]"], ["Booked: B-77."]),
        (CHAT, ["messages[4]"], ["Booked: B-77."]),
        (TOOLTALK, ["conversation[1]"], ["Alarm added."]),
    ],
)
def test_shapes(record: Any, labels: list[str], responses: list[str]) -> None:
    """Each accepted record shape yields its turns with a stable sub-position label."""
    turns = records_to_turns(record)
    assert [label for label, _t in turns] == labels
    assert [t.response for _l, t in turns] == responses


def test_transcript_tool_results_become_evidence() -> None:
    """Tool results of an OpenAI transcript are linked to the call and carried into the turn."""
    [(_label, turn)] = records_to_turns({"traj": CHAT})
    assert turn.tool_calls[0].name == "book"
    assert "B-77" in str(turn.tool_calls[0].result)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"foo": 1}, "cannot tell the input format"),
        ("text", "saw a string"),
        ({"response": 3}, "must be a string"),
        ({"traj": "nope"}, "keys \\[traj\\]"),
        ({"conversation": {}}, "keys \\[conversation\\]"),
    ],
)
def test_bad_records(record: Any, message: str) -> None:
    """A record of no known shape raises an InputError naming what is wrong."""
    with pytest.raises(InputError, match=message):
        records_to_turns(record)


def test_record_time() -> None:
    """A record's timestamp is found at the top level or in its metadata."""
    assert record_time({"timestamp": "2026-01-01"}) == "2026-01-01"
    assert record_time(TOOLTALK) == "2023-09-11 09:00:00"
    assert record_time({"response": "x"}) is None
