"""Two clock times joined by a dash are a range of times (``numbers.extract``)."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.numbers.extract import extract_numerals

_GUARD = Guard()
_EVENT = {"name": "Design sync", "start_time": "2023-09-13 14:30:00", "end_time": "2023-09-13 15:00:00"}


def _flagged(answer: str) -> list[str]:
    turn = {"response": answer, "tool_calls": [{"name": "QueryCalendar", "arguments": {}, "result": _EVENT}]}
    return [f.identifier for f in _GUARD.check(turn).findings if f.detector == "numbers"]


@pytest.mark.parametrize(
    ("text", "times"),
    [
        ("2:30–3:00 PM", [(2, 30, False), (15, 0, True)]),
        ("2:30-3:00 pm", [(2, 30, False), (15, 0, True)]),
        ("14:30–15:00", [(14, 30, True), (15, 0, True)]),
        ("9:00am-10:30", [(9, 0, True), (10, 30, False)]),
        ("2:30pm–3:00 p.m.", [(14, 30, True), (15, 0, True)]),
    ],
)
def test_a_clock_range_reads_as_two_times(text: str, times: list[tuple[int, int, bool]]) -> None:
    numerals = extract_numerals(f"Meeting {text} in room 4.")
    read = [n.time for n in numerals if n.kind == "time"]
    assert read == times
    assert not [n for n in numerals if n.kind == "number" and n.text in ("30", "00", "3", "2")]


@pytest.mark.parametrize(
    "answer",
    [
        "Design sync, 2:30–3:00 PM.",
        "Design sync 14:30-15:00.",
        "Réunion de 14:30–15:00.",
        "Design sync, 2:30pm–3:00pm.",
    ],
)
def test_a_range_the_event_holds_passes(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Design sync, 2:30–4:00 PM.", "4:00 PM"),
        ("Design sync, 1:30–3:00 PM.", "1:30"),
        ("Design sync 14:30–16:00.", "16:00"),
        ("Reunión de 13:30–15:00.", "13:30"),
    ],
)
def test_either_end_of_a_range_is_checked(answer: str, flagged: str) -> None:
    assert _flagged(answer) == [flagged]
