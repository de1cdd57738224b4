"""A number followed by a unit of measure is a measure, never a count announcing the list
after it (numbers/measures.py): "three trains, each about 2 h 10 min:" announces three."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Turn
from nofab.numbers.measures import measured
from tests.helpers import findings

TRAINS: list[dict[str, Any]] = [
    {"train": "RX11", "departs": "06:40", "arrives": "08:50", "fare": 47},
    {"train": "RX15", "departs": "10:05", "arrives": "12:15", "fare": 52},
    {"train": "RX19", "departs": "15:30", "arrives": "17:40", "fare": 58},
]
LIST = "\n\n- RX11 — 06:40 → 08:50, 47 €\n- RX15 — 10:05 → 12:15, 52 €\n- RX19 — 15:30 → 17:40, 58 €\n"


def _numbers(answer: str) -> list[str]:
    turn = Turn.from_dict(
        {
            "user_message": "Which trains run tomorrow?",
            "response": answer,
            "tool_calls": [{"name": "search_trains", "arguments": {"date": "2026-03-14"}, "result": TRAINS}],
        }
    )
    return [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= 0.8]


QUIET = [
    "There are three trains, each about 2 h 10 min:",
    "Three trains run tomorrow, each taking 2 hours 10 minutes:",
    "Three trains, all within 2 h:",
    "Tres trenes mañana, cada uno dura unas 2 horas y 10 minutos:",
    "Es fahren drei Züge, jeweils etwa 2 Std. 10 Min.:",
    "Drei Züge, jeder 2 Stunden unterwegs:",
    "Trois trains demain, chacun d'environ 2 heures :",
    "Three trains, each covering the 9 km in about 2 h:",
]


@pytest.mark.parametrize("intro", QUIET)
def test_a_measure_before_a_list_announces_nothing(intro: str) -> None:
    assert _numbers(intro + LIST) == []


FIRES = [
    ("There are 2 trains tomorrow, each about 2 h 10 min:", "2"),
    ("Mañana hay 4 trenes, cada uno dura unas 2 horas:", "4"),
    ("Morgen fahren 2 Züge, jeweils etwa 2 Stunden:", "2"),
]


@pytest.mark.parametrize(("intro", "count"), FIRES)
def test_a_count_before_the_measure_is_still_held_against_the_list(intro: str, count: str) -> None:
    assert count in _numbers(intro + LIST)


@pytest.mark.parametrize(
    ("text", "end", "expected"),
    [
        ("each 1 h 35 min", 6, True),
        ("about 12 km away", 8, True),
        ("20°C outside", 2, True),
        ("20 °C outside", 2, True),
        ("4 Stunden", 1, True),
        ("3 horas", 1, True),
        ("3 flights", 1, False),
        ("3 Flüge", 1, False),
        ("3 hotels", 1, False),
        ("3 heureux", 1, False),
        ("5 days", 1, False),
    ],
)
def test_measured(text: str, end: int, expected: bool) -> None:
    assert measured(text, end) is expected
