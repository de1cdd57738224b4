"""An hour written with a bare "h" and no minutes ("à 14 h", "entre 14 h et 16 h", "às 14h")
is a time of day when a word placing a time stands before it, and is checked as a time; the
same mark as a length ("un trajet de 3 h", "2 h de route", "1h 25m") stays a number
(``nofab.numbers.hourmarks``)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.extract import extract_numerals

_GUARD = Guard()


def _times(text: str) -> list[tuple[int, int]]:
    return [(n.time[0], n.time[1]) for n in extract_numerals(text) if n.kind == "time" and n.time]


@pytest.mark.parametrize(
    ("text", "times"),
    [
        ("La réunion a lieu à 15 h.", [(15, 0)]),
        ("Le créneau va de 10 h à 11 h 30.", [(10, 0), (11, 30)]),
        ("Libre entre 13h et 17h, sinon vers 18 h.", [(13, 0), (17, 0), (18, 0)]),
        ("Ouvert jusqu'à 19 h ce jour-là.", [(19, 0)]),
        ("La cita es a las 17 h.", [(17, 0)]),
        ("A reunião é às 15h e termina às 16h.", [(15, 0), (16, 0)]),
        ("Das 8h às 10h estou livre.", [(8, 0), (10, 0)]),
        ("The call is at 21h sharp.", [(21, 0)]),
    ],
)
def test_an_hour_mark_placed_by_a_time_word_is_a_time(text: str, times: list[tuple[int, int]]) -> None:
    assert _times(text) == times


@pytest.mark.parametrize(
    "text",
    [
        "Un trajet de 3 h en train.",
        "Comptez 2 h de route et 1 h d'attente.",
        "Le vol dure 14 h.",
        "C'est à 4 h de Lyon.",
        "Entre 2 h et 3 h de marche.",
        "Total 5h 45m, with a 1h 25m layover.",
        "From 2h to 3h of work per ticket.",
        "Il faut 2 h pour finir.",
    ],
)
def test_an_hour_mark_that_is_a_length_is_no_time(text: str) -> None:
    assert _times(text) == []


_EVENT = [
    {
        "name": "get_event",
        "arguments": {"event_id": "ev_31"},
        "result": {
            "event_id": "ev_31",
            "title": "Revue budget",
            "start": "2025-04-03T10:00:00",
            "end": "2025-04-03T11:00:00",
        },
    }
]


def _flagged(answer: str, calls: list[dict[str, Any]] = _EVENT) -> list[str]:
    turn = {"response": answer, "user_message": "Quand est la revue budget ?", "tool_calls": calls}
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "La revue budget a lieu jeudi entre 10 h et 11 h.",
        "La revue budget commence à 10 h et finit à 11h.",
        "La revisión es de 10 h a 11 h.",
        "A revisão é das 10h às 11h.",
    ],
)
def test_a_held_time_written_as_an_hour_mark_is_grounded(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("La revue budget a lieu jeudi entre 10 h et 12 h.", "12 h"),
        ("La revue budget commence à 9 h.", "9 h"),
        ("La revisión empieza a las 13 h.", "13 h"),
        ("A revisão começa às 15h.", "15h"),
    ],
)
def test_an_unheld_time_written_as_an_hour_mark_is_flagged(answer: str, flagged: str) -> None:
    assert flagged in _flagged(answer)
