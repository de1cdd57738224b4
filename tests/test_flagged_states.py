"""A stated state is reported by a read that returned it in any word of its action: a status
value ("status": "completed") or a flag ("completed": true, "is_completed": true) holds the
state "checked off" or "crossed off". A flag that is false reports nothing. (The other
languages' lexicons do not yet read a state with an adverb, "ya está completada", as a claim,
so there is nothing to report there.)"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking, call


def reminders(done: Any, key: str = "completed") -> dict[str, Any]:
    return call(
        "GetReminders",
        {
            "reminders": [
                {"reminder_id": "r1", "task": "Call plumber", key: done},
                {"reminder_id": "r2", "task": "Pay bill"},
            ]
        },
    )


STATED = [
    "The plumber call is already checked off.",
    "The plumber call is checked off.",
    "The plumber call is already crossed off.",
    "Good news: the plumber call and the follow-up are already checked off.",
]


@pytest.mark.parametrize("answer", STATED)
@pytest.mark.parametrize(
    ("done", "key"), [(True, "completed"), (True, "is_completed"), ("completed", "status")]
)
def test_a_state_a_read_returned_is_reported(answer: str, done: Any, key: str) -> None:
    assert blocking(answer, reminders(done, key)) == []


@pytest.mark.parametrize("answer", STATED)
@pytest.mark.parametrize(("done", "key"), [(False, "completed"), ("pending", "status")])
def test_a_state_the_read_did_not_return_is_a_claim(answer: str, done: Any, key: str) -> None:
    assert blocking(answer, reminders(done, key)) != []
