"""A record's own length, from its start field to its end field, explains a duration
(numbers/recordgaps.py ``lengths_of``).

Principle: a flight departing 15:05 and arriving 16:40 takes 1 h 35 min; an answer saying so
in any language derives the figure. Another length is still a finding.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab.numbers.recordgaps import lengths_of
from tests.helpers import blocking, call

FLIGHT: dict[str, Any] = {
    "flight_number": "LK0722",
    "date": "2025-11-21",
    "departure_time": "15:05:00",
    "arrival_time": "16:40:00",
    "price": 168,
}


def _flagged(answer: str) -> list[str]:
    return blocking(answer, call("get_flight_status", FLIGHT, {"flight_number": "LK0722"}))


RIGHT = [
    "The flight takes 1 hour 35 minutes.",
    "El vuelo dura 1 hora y 35 minutos.",
    "Le vol dure 1 h 35.",
    "Der Flug dauert 1 Stunde und 35 Minuten.",
    "O voo dura 1 hora e 35 minutos.",
    "Flight time is 95 minutes.",
]


@pytest.mark.parametrize("answer", RIGHT)
def test_a_records_own_length_explains_a_duration(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("The flight takes 1 hour 55 minutes.", "55"),
        ("Der Flug dauert 1 Stunde und 55 Minuten.", "55"),
    ],
)
def test_another_length_is_a_finding(answer: str, wrong: str) -> None:
    assert _flagged(answer) == [wrong]


def test_lengths_are_read_per_record_with_dates_when_written() -> None:
    legs = [
        {"depart_at": "2025-03-01T22:10:00", "arrive_at": "2025-03-02T06:05:00"},
        {"start_time": "09:00", "end_time": "10:30"},
    ]
    assert lengths_of(legs) == (90, 475)


@pytest.mark.parametrize(
    "answer",
    [
        "You have a 1 hour 35 minute layover.",
        "Tienes una escala de 1 hora y 35 minutos.",
        "Umstieg: 95 Minuten.",
    ],
)
def test_a_gap_is_never_one_records_length(answer: str) -> None:
    """A layover is the time between two records: a flight's own length does not explain it."""
    assert _flagged(answer) != []
