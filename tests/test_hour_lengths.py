"""An hour and minutes written with a bare "h" ("1 h 15", "5h05") is a length of N * 60 + MM
minutes after a length word in its clause or under a length column, checked as minutes; with
no word placing it as a time of day it is a time explained by a held time or a length
explained by the derivations of durations (``nofab.numbers.hourlengths``)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.extract import extract_numerals

_GUARD = Guard()


def _leg(number: str, depart: str, arrive: str) -> dict[str, Any]:
    return {"flight_number": number, "departure_time": depart, "arrival_time": arrive, "seats": 3}


# Two one-stop itineraries: 40 min between QX410 and QX512 (07:20 -> 12:05, 4 h 45 in all),
# 1 h 50 between QX618 and QX720 (13:00 -> 19:35, 6 h 35 in all).
_TRIPS = [
    [_leg("QX410", "07:20:00", "09:10:00"), _leg("QX512", "09:50:00", "12:05:00")],
    [_leg("QX618", "13:00:00", "15:30:00"), _leg("QX720", "17:20:00", "19:35:00")],
]


def _flagged(answer: str, result: Any = _TRIPS) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "Quelles sont les options ? / ¿Qué opciones hay?",
        "tool_calls": [{"name": "search", "arguments": {"date": "2026-03-04"}, "result": result}],
    }
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("une escale de 1 h 50 à Lyon", 110),
        ("Durée totale : 4 h 45.", 285),
        ("la correspondance dure 0 h 40", 40),
        ("una escala de 2 h 10 en Madrid", 130),
        ("duração total 6 h 35", 395),
        ("Gesamtdauer 3h05", 185),
    ],
)
def test_an_hour_length_after_a_length_word_is_minutes(text: str, minutes: int) -> None:
    found = [n for n in extract_numerals(text) if n.kind in ("time", "number")]
    assert [(n.kind, n.value) for n in found] == [("number", float(minutes))]


@pytest.mark.parametrize(
    "text",
    [
        "Départ à 9 h 40, escale à 11 h 15.",
        "Le vol part vers 16 h 45.",
        "La escala termina a las 13 h 30.",
        "| Départ | Arrivée |\n|---|---|\n| 7 h 20 | 12 h 05 |",
    ],
)
def test_an_hour_placed_or_under_a_time_column_stays_a_time(text: str) -> None:
    assert all(n.kind == "time" for n in extract_numerals(text))


@pytest.mark.parametrize(
    "answer",
    [
        "Option 1 : QX410 puis QX512, escale de 0 h 40.",
        "Option 2 : QX618 puis QX720, avec une correspondance de 1 h 50.",
        "L'option 2 part à 13:00 et arrive à 19:35, durée totale 6 h 35.",
        "La opción 1 sale a las 07:20 y llega a las 12:05: duración 4 h 45, escala de 0 h 40.",
        "| Vols | Départ | Arrivée | Escale | Durée totale |\n|---|---|---|---|---|\n"
        "| QX410 + QX512 | 07:20 | 12:05 | 0 h 40 | 4 h 45 |\n"
        "| QX618 + QX720 | 13:00 | 19:35 | 1 h 50 | 6 h 35 |",
        "La plus rapide part à 07:20 et arrive à 12:05 (4 h 45).",
    ],
)
def test_a_derivable_hour_length_is_explained(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Option 1 : QX410 puis QX512, escale de 0 h 55.", "0 h 55"),
        # 09:10 -> 13:00: the end of one itinerary and the start of another are no layover
        ("Option 1 : QX410 puis QX618, escale de 3 h 50.", "3 h 50"),
        ("L'option 2 part à 13:00 et arrive à 19:35, durée totale 5 h 35.", "5 h 35"),
        ("La opción 1 sale a las 07:20 y llega a las 12:05: duración 4 h 15.", "4 h 15"),
        (
            "| Vols | Départ | Arrivée | Escale | Durée totale |\n|---|---|---|---|---|\n"
            "| QX410 + QX512 | 07:20 | 12:05 | 0 h 40 | 4 h 05 |",
            "4 h 05",
        ),
        ("La plus rapide part à 07:20 et arrive à 12:05 (3 h 45).", "3 h 45"),
    ],
)
def test_an_underivable_hour_length_stays_flagged(answer: str, flagged: str) -> None:
    assert flagged in _flagged(answer)


def test_a_held_time_written_with_h_is_still_a_time() -> None:
    assert _flagged("QX512 arrive 12 h 05, QX720 décolle 17 h 20.") == []
    assert "17 h 25" in _flagged("QX512 arrive 12 h 05, QX720 décolle 17 h 25.")
