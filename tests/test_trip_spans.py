"""A whole trip's length, announced as a total ("durée totale", "in total", "Gesamtdauer"),
equal to the time from the first leg's departure to the last leg's arrival of one itinerary
is derived; any other total, or the same length with no total word, stays flagged
(``nofab.numbers.tripspans``)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.tripspans import spans_of

_GUARD = Guard()


def _leg(number: str, depart: str, arrive: str) -> dict[str, Any]:
    return {"flight_number": number, "departure_time": depart, "arrival_time": arrive, "seats": 2}


# Two itineraries: 06:40 -> 11:55 (5 h 15) and 14:05 -> 21:30 (7 h 25).
_TRIPS = [
    [_leg("LM210", "06:40:00", "08:30:00"), _leg("LM318", "09:20:00", "11:55:00")],
    [_leg("LM422", "14:05:00", "16:10:00"), _leg("LM590", "18:45:00", "21:30:00")],
]
# Across zones: leaves 09:00 at UTC-7, lands 17:30 at UTC-4 the same day: 5 h 30 flown.
_ZONES = [
    {"flight": "LM700", "departure": "2026-05-02T09:00:00-07:00", "arrival": "2026-05-02T13:10:00-05:00"},
    {"flight": "LM701", "departure": "2026-05-02T14:00:00-05:00", "arrival": "2026-05-02T17:30:00-04:00"},
]


def _flagged(answer: str, result: Any = _TRIPS) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "Which connections are there?",
        "tool_calls": [{"name": "search_onestop", "arguments": {"date": "2026-05-02"}, "result": result}],
    }
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    ("answer", "result"),
    [
        ("Option 1 (LM210 + LM318): durée totale 5 h 15.", _TRIPS),
        ("L'option 2 prend 7 h 25 au total.", _TRIPS),
        ("Option 2 takes 7h 25m in total.", _TRIPS),
        ("Option 1: total travel time 5 hours 15 minutes.", _TRIPS),
        ("La opción 1 dura 5 h 15 en total.", _TRIPS),
        ("Die Verbindung über LM422 dauert insgesamt 7 Std. 25 Min.", _TRIPS),
        (
            "| Vols | Durée totale |\n|---|---|\n| LM210 + LM318 | 5 h 15 |\n| LM422 + LM590 | 7 h 25 |",
            _TRIPS,
        ),
        ("The connection takes 5h 30m in total.", _ZONES),
    ],
)
def test_a_whole_trip_length_announced_as_a_total_is_derived(answer: str, result: Any) -> None:
    assert _flagged(answer, result) == []


@pytest.mark.parametrize(
    ("answer", "result", "flagged"),
    [
        ("Option 1 (LM210 + LM318): durée totale 5 h 45.", _TRIPS, "5 h 45"),
        # the first leg of one itinerary to the last of the other: no one trip
        ("Le trajet dure 14 h 50 au total.", _TRIPS, "14 h 50"),
        ("Option 2 takes 7h 55m in total.", _TRIPS, "55m"),
        # 5 h 15 with no total word: no whole length is announced
        ("Option 1 takes 5h 15m.", _TRIPS, "15m"),
        # the local clocks differ by 8 h 30; flown, it is 5 h 30
        ("The connection takes 8h 30m in total.", _ZONES, "30m"),
    ],
)
def test_any_other_total_stays_flagged(answer: str, result: Any, flagged: str) -> None:
    assert flagged in _flagged(answer, result)


def test_one_span_per_list_of_records() -> None:
    assert spans_of(_TRIPS) == (315, 445)
    assert spans_of(_ZONES) == (330,)
    assert spans_of([_leg("LM1", "10:00", "11:00")]) == ()  # one record: no itinerary
