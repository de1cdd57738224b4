"""Averages an answer states (numbers/averages.py): a figure an average cue announces is the
mean of one field over a list of records, or of the figures of its kind the answer lists;
an uncued figure is never read as a mean, and a changed average is flagged.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Turn
from tests.helpers import findings

#: Four days: highs 18, 21, 20, 19 (mean 19.5), lows 9, 12, 10, 11 (mean 10.5), rain chances.
DAYS: dict[str, Any] = {
    "city": "Tallinn",
    "days": [
        {"date": "2025-05-12", "high_c": 18, "low_c": 9, "rain_pct": 10},
        {"date": "2025-05-13", "high_c": 21, "low_c": 12, "rain_pct": 40},
        {"date": "2025-05-14", "high_c": 20, "low_c": 10, "rain_pct": 70},
        {"date": "2025-05-15", "high_c": 19, "low_c": 11, "rain_pct": 20},
    ],
}
#: Three orders: amounts 41.20, 18.75, 66.05 (mean 42.00).
ORDERS: dict[str, Any] = {
    "orders": [
        {"order_id": "Q-17", "amount": 41.20, "items": 3},
        {"order_id": "Q-18", "amount": 18.75, "items": 1},
        {"order_id": "Q-19", "amount": 66.05, "items": 5},
    ]
}
#: Scores one tool gives as text only: the answer lists them itself.
SCORES = "Round scores: 71, 68, 74 and 75."


def _numbers(answer: str, result: Any, user: str = "how does it look?") -> list[str]:
    turn = Turn.from_dict(
        {
            "user_message": user,
            "response": answer,
            "tool_calls": [{"name": "Lookup", "arguments": {}, "result": result}],
        }
    )
    return [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= 0.8]


EXPLAINED = [
    ("The highs average 19.5 °C over the four days.", DAYS),
    ("On average the highs reach about 19.5 °C.", DAYS),
    ("The mean low is 10.5 °C.", DAYS),
    ("As máximas ficam em média nos 19,5 °C.", DAYS),
    ("Les minimales sont en moyenne de 10,5 °C.", DAYS),
    ("Die Höchstwerte liegen im Schnitt bei 19,5 °C.", DAYS),
    ("La máxima promedio es de 19,5 °C.", DAYS),
    ("Your three orders average $42.00.", ORDERS),
    ("Im Durchschnitt 42,00 € pro Bestellung.", ORDERS),
    ("Scores were 71, 68, 74 and 75, an average of 72.", SCORES),
    ("Tus rondas: 71, 68, 74 y 75, en promedio 72.", SCORES),
]
FLAGGED = [
    # no average cue: a mean is never guessed
    ("The highs reach 19.5 °C.", DAYS, "19.5"),
    ("Die Höchstwerte liegen bei 19,5 °C.", DAYS, "19,5"),
    ("Your orders come to $42.00 apiece.", ORDERS, "$42.00"),
    # a changed average
    ("The highs average 19.8 °C over the four days.", DAYS, "19.8"),
    ("As máximas ficam em média nos 20,5 °C.", DAYS, "20,5"),
    ("Your three orders average $44.00.", ORDERS, "$44.00"),
    ("Scores were 71, 68, 74 and 75, an average of 73.", SCORES, "73"),
    # a mean of a field of another kind than the figure's unit (the rain chances: 35)
    ("The highs average 35 °C.", DAYS, "35"),
]


@pytest.mark.parametrize(("answer", "result"), EXPLAINED)
def test_a_cued_mean_of_a_field_or_of_listed_figures_is_explained(answer: str, result: Any) -> None:
    assert _numbers(answer, result) == []


@pytest.mark.parametrize(("answer", "result", "figure"), FLAGGED)
def test_an_uncued_or_changed_mean_is_flagged(answer: str, result: Any, figure: str) -> None:
    assert figure in _numbers(answer, result)


#: A stay of three nights: a per-unit figure is the total split by the nights the answer states.
STAY: dict[str, Any] = {
    "hotel": "Casa Verde",
    "check_in": "2025-06-03",
    "check_out": "2025-06-06",
    "total": 597.0,
}

PER_NIGHT_EXPLAINED = [
    "3 nights, $597.00 in total (about $199 a night).",
    "3 noches, 597,00 € en total, unos 199 € la noche.",
    "3 nuits, 597,00 € au total, soit 199 € la nuit.",
    # the nights between the record's check-in and check-out dates
    "You paid $597.00 in total, $199 a night.",
    "Sie zahlen 597,00 € insgesamt, also 199 € pro Nacht.",
    "Pagas 597,00 € en total, 199 € por noche.",
]
PER_NIGHT_FLAGGED = [
    ("3 nights, $597.00 in total ($209 a night).", "$209"),
    ("3 nuits, 597,00 € au total, soit 189 € la nuit.", "189"),
    ("You paid $597.00 in total, $149 a night.", "$149"),
    ("Sie zahlen 597,00 € insgesamt, also 149 € pro Nacht.", "149"),
    # a split per person with no count of persons anywhere
    ("You paid $597.00 in total, $199 per person.", "$199"),
]


@pytest.mark.parametrize("answer", PER_NIGHT_EXPLAINED)
def test_a_total_split_per_night_is_explained(answer: str) -> None:
    assert _numbers(answer, STAY) == []


@pytest.mark.parametrize(("answer", "figure"), PER_NIGHT_FLAGGED)
def test_a_wrong_split_per_night_is_flagged(answer: str, figure: str) -> None:
    assert figure in _numbers(answer, STAY)


#: A run the user reports: 10 km (6.21 mi by the tool) in 0:48:20 (2,900 s).
RUN_USER = "I just ran 10 km in 0:48:20. What's that in miles and what was my pace?"
RUN_DE = "Ich bin gerade 10 km in 0:48:20 gelaufen. Wie viele Meilen sind das, und welches Tempo?"
MILES: dict[str, Any] = {"value": 10, "from_unit": "kilometer", "to_unit": "mile", "result": 6.2137}

PACE_EXPLAINED = [
    (
        "10 km is 6.21 miles. Your time of 0:48:20 is 48.3 minutes: a pace of 4:50 per km, or 7:47 per mile.",
        RUN_USER,
    ),
    ("10 km sind 6,21 Meilen. 0:48:20 sind 48,3 Minuten, also ein Tempo von 4:50 pro km.", RUN_DE),
    ("10 km sind 6,21 Meilen; in 0:48:20 ist das ein Schnitt von 4,83 min/km.", RUN_DE),
]
PACE_FLAGGED = [
    ("10 km is 6.21 miles. Your time of 0:48:20 is 48.3 minutes: a pace of 4:58 per km.", RUN_USER, "4:58"),
    ("10 km is 6.21 miles. Your time of 0:48:20 is 43.8 minutes.", RUN_USER, "43.8"),
    ("10 km sind 6,21 Meilen. 0:48:20 sind 48,3 Minuten, also 7:57 pro Meile.", RUN_DE, "7:57"),
    # no pace cue: an m:ss stays a clock time held to the evidence
    ("10 km is 6.21 miles, done in 0:48:20; you finished at 4:50.", RUN_USER, "4:50"),
]


@pytest.mark.parametrize(("answer", "user"), PACE_EXPLAINED)
def test_a_duration_in_minutes_and_a_pace_of_shown_figures_are_derived(answer: str, user: str) -> None:
    assert _numbers(answer, MILES, user=user) == []


@pytest.mark.parametrize(("answer", "user", "figure"), PACE_FLAGGED)
def test_a_wrong_duration_or_pace_is_flagged(answer: str, user: str, figure: str) -> None:
    assert figure in _numbers(answer, MILES, user=user)
