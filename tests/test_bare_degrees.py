"""A bare degree sign takes the one temperature scale the answer names (numbers/units.py
``stated_scale``): "highs of 61° and 55° (°F)" converts a tool's Celsius; with both scales
or none named, a bare degree has no unit and is checked as a plain number."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Turn
from nofab.numbers.units import stated_scale
from tests.helpers import findings

CELSIUS = {
    "days": [
        {"date": "2026-03-06", "high_c": 16, "low_c": 11},
        {"date": "2026-03-07", "high_c": 21, "low_c": 13},
    ]
}
FAHRENHEIT = {"days": [{"date": "2026-03-06", "max_temp_f": 77, "min_temp_f": 59}]}


def _flagged(answer: str, result: Any) -> list[str]:
    turn = Turn.from_dict(
        {
            "user_message": "Weather for the weekend?",
            "response": answer,
            "tool_calls": [{"name": "ForecastWeather", "arguments": {"city": "Oslo"}, "result": result}],
        }
    )
    return [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    ("answer", "scale"),
    [
        ("Highs near 61° (all figures in °F).", "f"),
        ("| Day | High (°C) |\n|---|---|\n| Fri | 16° |", "c"),
        ("Temperaturas en grados Celsius: máxima de 16º.", "c"),
        ("Rounded to the nearest degree Fahrenheit: 61°.", "f"),
        ("61°F today, 16 °C tomorrow, and 50° later.", None),  # both scales: no inheritance
        ("Turn 90° at the corner.", None),
    ],
)
def test_the_scale_an_answer_names(answer: str, scale: str | None) -> None:
    assert stated_scale(answer) == scale


QUIET = [
    ("Friday: 61° / 52°, Saturday: 70° / 55° (rounded, °F).", CELSIUS),
    (
        "| Jour | Max | Min |\n|---|---|---|\n| ven. | 61° | 52° |\n| sam. | 70° | 55° |\n\n"
        "Températures en °F.",
        CELSIUS,
    ),
    ("Am Freitag bis 16°, am Samstag bis 21° (Angaben in °C).", CELSIUS),
    ("Friday tops out at 25°, the low is 15° (in Celsius).", FAHRENHEIT),
]


@pytest.mark.parametrize(("answer", "result"), QUIET)
def test_a_bare_degree_converts_in_the_named_scale(answer: str, result: Any) -> None:
    assert _flagged(answer, result) == []


FIRES = [
    ("Friday: 64° / 52°, Saturday: 70° / 55° (rounded, °F).", CELSIUS, "64"),
    ("Am Freitag bis 19°, am Samstag bis 21° (Angaben in °C).", CELSIUS, "19"),
    ("Friday tops out at 28°, the low is 15° (in Celsius).", FAHRENHEIT, "28"),
    # no scale named: a bare 61° for 16 °C is a number nothing holds
    ("Friday: 61° at most.", CELSIUS, "61"),
]


@pytest.mark.parametrize(("answer", "result", "flagged"), FIRES)
def test_a_wrong_bare_degree_stays_a_finding(answer: str, result: Any, flagged: str) -> None:
    assert flagged in _flagged(answer, result)
