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


@pytest.mark.parametrize(
    ("answer", "body"),
    [
        ("Confirmei a reunião de terça às 10h.", "Podemos na terça às 10h ou na quarta às 15h?"),
        ("C'est noté pour jeudi à 14 h 30.", "Je propose jeudi à 14 h 30, sinon vendredi à 9h."),
        ("Quedamos el lunes a las 18h.", "¿El lunes a las 18h o el martes a las 19h?"),
        ("Je vous retrouve à 16h45.", "Rendez-vous à 16 h 45 devant la gare."),
    ],
)
def test_a_time_written_with_h_in_evidence_grounds_the_same_time(answer: str, body: str) -> None:
    assert _flagged(answer, {"body": body}) == []


@pytest.mark.parametrize(
    ("answer", "body"),
    [
        ("Confirmei a reunião de terça às 11h.", "Podemos na terça às 10h ou na quarta às 15h?"),
        ("C'est noté pour jeudi à 14 h 50.", "Je propose jeudi à 14 h 30, sinon vendredi à 9h."),
    ],
)
def test_an_h_time_the_evidence_does_not_write_stays_a_finding(answer: str, body: str) -> None:
    assert _flagged(answer, {"body": body})
