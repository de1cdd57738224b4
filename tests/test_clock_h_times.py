"""A clock time written with "h" between hour and minutes ("16 h 45", "9h05": French,
Spanish, Portuguese) is a time of day (numbers/extract), not two numbers; a duration
written the same way with its unit ("1h 15m", "3 h 30 min") is not. A day written before
its month ("le 12 juillet à 16 h 45") is a date's, not another time of the clause whose
role word "à" would close a range (numbers/roles)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.extract import extract_numerals

_GUARD = Guard()


def _flagged(answer: str, result: Any) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "When does it leave?",
        "tool_calls": [{"name": "lookup", "result": result}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


@pytest.mark.parametrize(
    ("text", "clock"),
    [("départ à 16 h 45", (16, 45)), ("salida a las 9h05", (9, 5)), ("**20 h 10**", (20, 10))],
)
def test_a_clock_time_written_with_h_is_a_time(text: str, clock: tuple[int, int]) -> None:
    (numeral,) = extract_numerals(text)
    assert numeral.kind == "time" and numeral.time is not None and numeral.time[:2] == clock


@pytest.mark.parametrize("text", ["1h 15m", "3 h 30 min", "2 h 30 minutes", "12h30%"])
def test_a_duration_with_h_is_no_clock_time(text: str) -> None:
    assert all(n.kind != "time" for n in extract_numerals(text))


def test_a_day_before_its_month_is_no_time_of_the_clause() -> None:
    result = {
        "flight": {
            "number": "SKY660",
            "date": "2025-07-12",
            "departure_time": "16:45:00",
            "arrival_time": "20:10:00",
        }
    }
    fr = "Le vol SKY660 part le samedi 12 juillet à 16 h 45 et arrive à 20 h 10."
    es = "El vuelo SKY660 sale el 12 de julio a las 16:45 y llega a las 20:10."
    assert _flagged(fr, result) == [] and _flagged(es, result) == []
    assert "20 h 10" in _flagged(fr.replace("16 h 45", "20 h 10", 1), result)  # the arrival as departure
