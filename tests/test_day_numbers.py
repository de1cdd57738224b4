"""A number right after a weekday is a day of the month (numbers/dates.py ``after_weekday``),
and a clause that names its day after its figures gives them that day (numbers/dayrows.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking

_NOW = "Current date and time: martes, 2025-08-19 10:05"


def _flagged(answer: str, *calls: dict[str, Any]) -> list[str]:
    return blocking(answer, *calls, user="what's next?", context=_NOW)


REMINDERS = {
    "name": "GetReminders",
    "arguments": {},
    "result": {
        "reminders": [
            {"task": "Books", "due": "2025-08-20 18:00"},
            {"task": "Tax", "due": "2025-08-21 09:00"},
        ]
    },
}


@pytest.mark.parametrize(
    "answer",
    [
        "1. Books — mañana, miércoles 20, a las 18:00\n2. Tax — jueves 21, a las 9:00",
        "Books are due Wednesday 20 at 6 PM, tax on Thursday 21.",
        "Livres : mercredi 20 à 18 h ; impôts : jeudi 21 à 9 h.",
        "Bücher: Mittwoch 20, 18:00 Uhr.",
    ],
)
def test_a_number_after_a_weekday_is_a_held_day(answer: str) -> None:
    assert _flagged(answer, REMINDERS) == []


@pytest.mark.parametrize(
    "answer", ["Books are due Wednesday 22 at 6 PM.", "Libros: miércoles 27, a las 18:00."]
)
def test_a_day_no_evidence_date_has_stays_a_finding(answer: str) -> None:
    assert _flagged(answer, REMINDERS)


WEATHER = {
    "name": "HistoricWeather",
    "arguments": {},
    "result": {
        "days": [
            {"date": "2024-10-19", "temp_max_c": 17, "condition": "rain", "precip_mm": 3.2},
            {"date": "2024-10-20", "temp_max_c": 18, "condition": "cloudy"},
        ]
    },
}


@pytest.mark.parametrize(
    "answer",
    [
        "Last year (Saturday 19 and Sunday 20 October 2024): 17 °C and light rain (3,2 mm) on Saturday, "
        "18 °C on Sunday.",
        "El año pasado (sábado 19 y domingo 20 de octubre): 17 °C y lluvia (3,2 mm) el sábado, "
        "18 °C el domingo.",
    ],
)
def test_a_figure_before_its_day_in_its_clause_is_that_days(answer: str) -> None:
    assert _flagged(answer, WEATHER) == []


def test_a_day_named_before_its_figures_still_checks_them() -> None:
    assert "18" in _flagged("On Saturday, October 19, 2024 it reached 18 °C.", WEATHER)


def test_into_a_place_at_a_time_is_an_arrival() -> None:
    status = {
        "name": "get_flight_status",
        "arguments": {},
        "result": {"flight_number": "KS0236", "scheduled_departure": "16:30", "estimated_arrival": "20:25"},
    }
    assert _flagged("KS0236 leaves at 16:30 and gets into O'Hare at 20:25.", status) == []
    assert _flagged("KS0236 is estimated into O'Hare at 20:25.", status) == []
