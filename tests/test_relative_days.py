"""Relative day words of every language resolve a date against the conversation's date
(``nofab.numbers.relativedays``, read by ``nofab.numbers.dayslip`` and ``nofab.numbers.dayrows``);
"mañana" and "morgen" read as "morning" name no day."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.relativedays import relative_days

_GUARD = Guard()
_TODAY = "Current date: 2025-03-04 (Tuesday)."
_EMPTY: dict[str, Any] = {"status": "confirmed"}
_NEXT_DAY: dict[str, Any] = {"appointments": [{"title": "Dentist", "date": "2025-03-05", "time": "10:00"}]}


def _flagged(answer: str, result: dict[str, Any], user: str = "Check my appointment.") -> list[str]:
    turn = {
        "response": answer,
        "user_message": user,
        "context": _TODAY,
        "tool_calls": [{"name": "get_appointments", "arguments": {"user": "kim"}, "result": result}],
    }
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "Your appointment is tomorrow, Wednesday March 5.",
        "Tu cita es mañana, miércoles 5 de marzo.",
        "Tu cita es **mañana, miércoles 5 de marzo**, a primera hora.",
        "Votre rendez-vous est demain, mercredi 5 mars.",
        "Ihr Termin ist morgen, Mittwoch, 5. März.",
        "Ihr Termin ist morgen früh, am 5. März.",
        "A sua consulta é amanhã, quarta-feira, 5 de março.",
        "Mañana por la mañana, 5 de marzo, tienes la cita.",
        "Lo revisé ayer, lunes 3 de marzo.",
        "Ich habe es gestern, am 3. März, geprüft.",
    ],
)
def test_a_relative_day_naming_the_date_excuses_it(answer: str) -> None:
    assert _flagged(answer, _EMPTY) == []


@pytest.mark.parametrize(
    "answer",
    [
        # the day after tomorrow: the 6th, one day off the held 5th, named by the phrase
        "La revisión es pasado mañana, jueves 6 de marzo.",
        "Die Kontrolle ist übermorgen, Donnerstag, 6. März.",
        "Le contrôle est après-demain, jeudi 6 mars.",
        "The check-up is the day after tomorrow, Thursday March 6.",
        "A revisão é depois de amanhã, quinta-feira, 6 de março.",
    ],
)
def test_the_day_after_tomorrow_names_two_days_on(answer: str) -> None:
    assert _flagged(answer, _NEXT_DAY) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # tomorrow is the 5th: "tomorrow, the 6th" is a slip of the held 5th
        ("Your appointment is tomorrow, Thursday March 6.", "March 6"),
        ("Tu cita es mañana, jueves 6 de marzo.", "6 de marzo"),
        ("Ihr Termin ist morgen, Donnerstag, 6. März.", "6. März"),
        ("Votre rendez-vous est demain, jeudi 6 mars.", "6 mars"),
    ],
)
def test_a_relative_day_naming_another_date_does_not_excuse_it(answer: str, flagged: str) -> None:
    assert [d for d in _flagged(answer, _NEXT_DAY) if d.startswith(flagged)]


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        # "mañana" / "Morgen" as the morning: no day is named, the date one day off stays a slip
        ("Lo revisé esta mañana, 5 de marzo.", "5 de marzo"),
        ("La cita quedó fijada por la mañana del 5 de marzo.", "5 de marzo"),
        ("Ich habe es heute Morgen, am 5. März, geprüft.", "5. März"),
        ("Guten Morgen! Der Termin ist am 5. März.", "5. März"),
    ],
)
def test_morning_is_no_relative_day(answer: str, flagged: str) -> None:
    assert [d for d in _flagged(answer, _EMPTY) if d.startswith(flagged)]


@pytest.mark.parametrize(
    ("text", "offsets"),
    [
        ("para mañana, jueves", [1]),
        ("esta mañana", []),
        ("de la mañana", []),
        ("mañana por la mañana", [1]),
        ("pasado mañana", [2]),
        ("anteayer y ayer", [-2, -1]),
        ("heute Morgen", [0]),  # "heute" names today; "Morgen" after it is the morning
        ("am Morgen", []),
        ("bis morgen", [1]),
        ("Guten Morgen! Morgen um 8", [1]),
        ("avant-hier, hier, demain, après-demain", [-2, -1, 1, 2]),
        ("the day after tomorrow", [2]),
        ("amanhã de manhã", [1]),
        ("MAÑANA", [1]),
    ],
)
def test_relative_day_words(text: str, offsets: list[int]) -> None:
    assert [offset for _s, _e, offset in relative_days(text)] == offsets


_FORECAST: dict[str, Any] = {
    "forecast": [
        {"date": "2025-03-04", "high_c": 18, "low_c": 9},
        {"date": "2025-03-05", "high_c": 21, "low_c": 11},
        {"date": "2025-03-06", "high_c": 15, "low_c": 7},
    ]
}


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Mañana: máxima de 15 °C.", "15"),  # the 6th's high given for the 5th
        ("Morgen: Höchstwert 15 °C.", "15"),
        ("Demain : maximum 15 °C.", "15"),
    ],
)
def test_a_relative_day_picks_its_row_of_a_dated_list(answer: str, flagged: str) -> None:
    assert flagged in _flagged(answer, _FORECAST)


@pytest.mark.parametrize(
    "answer",
    [
        "Mañana: máxima de 21 °C.",
        "Pasado mañana: máxima de 15 °C.",
        "Übermorgen: Höchstwert 15 °C.",
        "Esta mañana 18 °C; mañana, 21 °C.",
    ],
)
def test_the_row_of_the_day_named_holds_the_value(answer: str) -> None:
    assert _flagged(answer, _FORECAST) == []
