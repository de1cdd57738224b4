"""A figure beside its conversion is explained only by a neighbour the evidence grounds
(numbers/conversions.py ``sources``).

Principle: a figure in brackets is the conversion of the one before it, and a small bare
integer is let through unchecked (structural), so an unchecked bracketed figure cannot be the
source that explains the figure beside it: "55°F (about 12°C)" beside a high of 54°F is a
changed figure, whatever the unchecked 12 converts to. A small figure the evidence holds
("3°C (37°F)" beside a high of 3°C) is a source as before.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking, call

FAHRENHEIT: dict[str, Any] = {"location": "Chicago", "high_f": 54, "low_f": 38}
CELSIUS: dict[str, Any] = {"location": "Oslo", "high_c": 3, "low_c": -4}


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("Tomorrow: a high of 55°F (about 12°C).", "55"),
        ("Mañana: máxima de 55 °F (unos 12 °C).", "55"),
        ("Morgen: Höchstwert 55 °F (etwa 12 °C).", "55"),
    ],
)
def test_an_unchecked_small_neighbour_explains_nothing(answer: str, wrong: str) -> None:
    assert blocking(answer, call("ForecastWeather", FAHRENHEIT)) == [wrong]


@pytest.mark.parametrize(
    ("answer", "result"),
    [
        ("Tomorrow: a high of 54°F (about 12°C).", FAHRENHEIT),
        ("Demain : 54 °F au maximum (environ 12 °C).", FAHRENHEIT),
        ("High of 3°C (37°F), low of -4°C (25°F).", CELSIUS),
        ("Máxima de 37 °F (3 °C).", CELSIUS),
    ],
)
def test_a_held_neighbour_is_still_a_source(answer: str, result: dict[str, Any]) -> None:
    assert blocking(answer, call("ForecastWeather", result)) == []
