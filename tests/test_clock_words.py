"""A time of day written with its clock word: German "Uhr" after any word ("auf 15 Uhr
verschoben", "bis 9.30 Uhr"), and a bare "h" after the words that place a time in French,
Spanish and Portuguese ("pour 15h", "para las 15 h", "para as 15h")
(numbers/hourmarks.py ``uhr_time``; ``before`` in hour_marks.json).

Principle: such a number is a time, checked against the times the evidence holds, not a
bare number; another hour is still a finding, and a length ("3 Stunden", "2 h de route")
stays a number.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab.numbers.extract import extract_numerals
from tests.helpers import blocking, call

EVENTS: dict[str, Any] = {
    "events": [
        {"event_id": "ev_7", "name": "Steering group", "start_time": "2025-05-06 15:00:00"},
        {"event_id": "ev_8", "name": "Dentist", "start_time": "2025-05-07 09:30:00"},
    ]
}

RIGHT = [
    "Die Steuerungsgruppe ist um 15 Uhr.",
    "Die Steuerungsgruppe liegt jetzt auf 15 Uhr, der Zahnarzt bleibt bei 9.30 Uhr.",
    "Der Zahnarzttermin ist ab 9:30 Uhr.",
    "Le comité, c'est pour 15h.",
    "El comité quedó para las 15 h.",
    "O comitê ficou para as 15h.",
]


def _flagged(answer: str) -> list[str]:
    return blocking(answer, call("QueryCalendar", EVENTS))


@pytest.mark.parametrize("answer", RIGHT)
def test_a_clock_time_the_evidence_holds_is_quiet(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("Die Steuerungsgruppe ist um 16 Uhr.", "16 Uhr"),
        ("Der Zahnarzttermin ist ab 9:45 Uhr.", "9:45 Uhr"),
        ("El comité quedó para las 16 h.", "16 h"),
        ("O comitê ficou para as 16h.", "16h"),
    ],
)
def test_another_hour_is_a_finding(answer: str, wrong: str) -> None:
    assert _flagged(answer) == [wrong]


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("auf 15 Uhr verschoben", [("15 Uhr", "time")]),
        ("bis 9.30 Uhr", [("9.30 Uhr", "time")]),
        ("eine Fahrt von 3 Stunden", [("3", "number")]),
        ("para as 15h", [("15h", "time")]),
        ("un trajet de 2 h de route", [("2", "number")]),
    ],
)
def test_clock_words_make_times_and_lengths_stay_numbers(text: str, kinds: list[tuple[str, str]]) -> None:
    assert [(n.text, n.kind) for n in extract_numerals(text)] == kinds
