"""A duration equal to the time from one record's end to the start of the record right after it
in a result's list (a layover between two legs, a gap between two meetings) is derived
(``nofab.numbers.recordgaps``); any other pair of the evidence's times is not."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.recordgaps import gaps_of

_GUARD = Guard()


def _leg(number: str, depart: str, arrive: str) -> dict[str, Any]:
    return {"flight_number": number, "departure_time": depart, "arrival_time": arrive, "seats": 3}


# Two one-stop itineraries: 50 min between ZK101 and ZK202, 95 min between ZK303 and ZK404.
_TRIPS = [
    [_leg("ZK101", "07:10:00", "09:05:00"), _leg("ZK202", "09:55:00", "12:40:00")],
    [_leg("ZK303", "10:20:00", "12:15:00"), _leg("ZK404", "13:50:00", "16:30:00")],
]
# A day's meetings: 150 min from the review's end to lunch, 80 min from lunch to the demo.
_DAY = {
    "events": [
        {"title": "Review", "start": "2025-06-10T09:00:00", "end": "2025-06-10T09:45:00"},
        {"title": "Lunch", "start": "2025-06-10T12:15:00", "end": "2025-06-10T13:00:00"},
        {"title": "Demo", "start": "2025-06-10T14:20:00", "end": "2025-06-10T15:00:00"},
    ]
}
# An overnight connection: the dates make it 6 h 30 min.
_NIGHT = [
    {"flight": "ZK505", "departure": "2025-06-10 20:05", "arrival": "2025-06-10 23:40"},
    {"flight": "ZK606", "departure": "2025-06-11 06:10", "arrival": "2025-06-11 08:00"},
]


def _flagged(answer: str, result: Any, user: str = "What are my options?") -> list[str]:
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [{"name": "search", "arguments": {"date": "2025-06-10"}, "result": result}],
    }
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    ("answer", "result"),
    [
        ("The first option has a 50-minute layover.", _TRIPS),
        ("ZK303 + ZK404 connects in 1h 35m.", _TRIPS),
        ("The second trip has a 1 hr 35 min connection.", _TRIPS),
        ("Le premier trajet a une correspondance de 50 minutes.", _TRIPS),
        ("Die zweite Verbindung hat 95 Minuten Umstiegszeit.", _TRIPS),
        ("La primera opción tiene una escala de 50 minutos.", _TRIPS),
        ("You have 2.5 hours free between the review and lunch.", _DAY),
        ("Zwischen Mittagessen und Demo hast du 80 Minuten frei.", _DAY),
        ("Entre le déjeuner et la démo, tu as 80 minutes.", _DAY),
        ("The connection is overnight: a 6h 30m layover.", _NIGHT),
    ],
)
def test_a_duration_between_neighbouring_records_is_derived(answer: str, result: Any) -> None:
    assert _flagged(answer, result) == []


@pytest.mark.parametrize(
    ("answer", "result", "flagged"),
    [
        ("The first option has a 55-minute layover.", _TRIPS, "55"),  # no gap of 55
        # ZK101 lands 09:05, ZK303 leaves 10:20: two itineraries, no neighbours
        ("The first option has a 75-minute layover.", _TRIPS, "75"),
        ("Die erste Verbindung hat 70 Minuten Umstiegszeit.", _TRIPS, "70"),  # ZK202 -> ZK404
        ("The first trip has a 2h 45m layover.", _TRIPS, "45m"),  # a start to the next start
        ("Entre la revue et la démo, tu as 275 minutes.", _DAY, "275"),  # not neighbours
        ("You have 3.5 hours free between the review and lunch.", _DAY, "3.5"),
        ("The connection is overnight: a 5h 30m layover.", _NIGHT, "30m"),
    ],
)
def test_a_duration_of_no_neighbouring_records_stays_flagged(answer: str, result: Any, flagged: str) -> None:
    assert flagged in _flagged(answer, result)


def test_only_an_end_followed_by_the_next_start_is_a_gap() -> None:
    """One gap per pair of neighbours, in either shape of list; never backwards, never past
    a day, never across lists."""
    assert gaps_of(_TRIPS) == (50, 95)
    assert gaps_of(_DAY) == (80, 150)
    assert gaps_of(_NIGHT) == (390,)
    backwards = [_leg("A1", "10:00", "11:00"), _leg("A2", "09:00", "09:30")]
    assert gaps_of(backwards) == ()
    far = [
        {"start": "2025-06-10 09:00", "end": "2025-06-10 10:00"},
        {"start": "2025-06-12 09:00", "end": "2025-06-12 10:00"},
    ]
    assert gaps_of(far) == ()
    assert gaps_of({"a": [_leg("B1", "07:00", "08:00")], "b": [_leg("B2", "09:00", "10:00")]}) == ()
