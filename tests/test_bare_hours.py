"""A bare hour after a time preposition is a time of day ("at 3" grounds "3:00")."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.numbers.dates import _hours_after_at

_GUARD = Guard()


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("my haircut is at 3, right?", [3]),
        ("meet at 11 tomorrow", [11]),
        ("um 3 uhr", [3]),
        ("a las 5 y media", [5]),
        ("rendez-vous vers 4 ?", [4]),
        ("at 3:30 pm", []),  # a clock time: read as one elsewhere
        ("at 3.5%", []),
        ("at 3 locations", []),  # a count, not an hour
        ("look at 12 items", []),
        ("flat at 4x", []),
    ],
)
def test_bare_hours_after_a_time_word(text: str, hours: list[int]) -> None:
    assert list(_hours_after_at(text)) == hours


_EVENT = {
    "events": [{"name": "Haircut", "start_time": "2023-10-04 15:30:00", "end_time": "2023-10-04 16:15:00"}]
}


@pytest.mark.parametrize(
    ("user", "answer"),
    [
        ("My haircut is at 3, right?", "It is at 3:30 PM, not 3:00."),
        ("¿Mi cita es a las 3?", "Es a las 3:30 PM, no a las 3:00."),
    ],
)
def test_a_correction_may_quote_the_users_hour(user: str, answer: str) -> None:
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [{"name": "QueryCalendar", "result": _EVENT}],
    }
    assert [f.identifier for f in _GUARD.check(turn).findings] == []


def test_an_hour_nobody_wrote_is_still_checked() -> None:
    turn = {
        "response": "It is at 3:30 PM, not 3:00.",
        "user_message": "When is my haircut?",
        "tool_calls": [{"name": "QueryCalendar", "result": _EVENT}],
    }
    assert [f.identifier for f in _GUARD.check(turn).findings] == ["3:00"]
