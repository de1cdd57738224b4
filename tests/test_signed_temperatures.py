"""Temperatures convert with their sign (numbers/units.py ``SIGNED``), the sign written as a
hyphen, the minus sign U+2212 or a dash (numbers/signs.py): "9°F (about −13°C)" is derived,
"9°F (about 13°C)" is not."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Turn
from nofab.numbers.extract import extract_numerals
from nofab.numbers.signs import minus_before
from tests.helpers import findings


def _numbers(answer: str, result: Any, user: str = "How cold is it?") -> list[str]:
    turn = Turn.from_dict(
        {
            "user_message": user,
            "response": answer,
            "tool_calls": [{"name": "get_weather", "arguments": {"city": "Tromsø"}, "result": result}],
        }
    )
    return [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= 0.8]


FAHRENHEIT = {"city": "Duluth", "temperature_f": 5, "wind_chill_f": -8, "high_f": 17}
CELSIUS = {"city": "Kiruna", "temperature_c": -28, "low_c": -34, "high_c": -19}

QUIET = [
    ("Right now it is 5°F (about −15°C).", FAHRENHEIT),
    ("It's 5°F (-15°C), with a high of 17°F.", FAHRENHEIT),
    ("It's 5°F (about –15°C) and feels like −8°F (about −22°C).", FAHRENHEIT),
    ("Es sind gerade 5 °F (etwa −15 °C), gefühlt −8 °F (etwa −22 °C).", FAHRENHEIT),
    ("Il fait 5 °F (environ −15 °C).", FAHRENHEIT),
    ("It's −28°C (about −18°F), the low is −34°C (−29°F).", CELSIUS),
    ("Hace −28 °C (unos −18 °F); la mínima es de −34 °C.", CELSIUS),
    ("It is −18°F right now, with a low of −29°F.", CELSIUS),
]


@pytest.mark.parametrize(("answer", "result"), QUIET)
def test_a_signed_conversion_is_derived(answer: str, result: Any) -> None:
    assert _numbers(answer, result) == []


FIRES = [
    ("Right now it is 5°F (about 15°C).", FAHRENHEIT, "15"),  # the sign dropped
    ("Right now it is 5°F (about −19°C).", FAHRENHEIT, "−19"),
    ("Es sind gerade 5 °F (etwa 15 °C).", FAHRENHEIT, "15"),
    ("It's −28°C (about 18°F).", CELSIUS, "18"),
    ("Hace −28 °C (unos 18 °F).", CELSIUS, "18"),
    ("It is 18°F right now.", CELSIUS, "18"),
]


@pytest.mark.parametrize(("answer", "result", "flagged"), FIRES)
def test_a_conversion_with_a_wrong_sign_is_not(answer: str, result: Any, flagged: str) -> None:
    assert flagged in _numbers(answer, result)


def test_the_sign_comes_from_a_text_result_too() -> None:
    turn = Turn.from_dict(
        {
            "user_message": "Wie kalt ist es?",
            "response": "Es sind −4 °F (etwa −20 °C).",
            "tool_calls": [{"name": "weather", "arguments": {}, "result": "Temperatur: -20 °C, klar"}],
        }
    )
    assert [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= 0.8] == []


@pytest.mark.parametrize(
    ("text", "start", "expected"),
    [
        ("about −13°C", 7, True),
        ("about -13°C", 7, True),
        ("about –13°C", 7, True),
        ("(−4)", 2, True),
        ("−4", 1, True),
        ("10-15°C", 3, False),
        ("10–15°C", 3, False),
        ("A-12", 2, False),
        ("about 13°C", 6, False),
    ],
)
def test_minus_before(text: str, start: int, expected: bool) -> None:
    assert minus_before(text, start) is expected


@pytest.mark.parametrize("written", ["−13°C", "-13°C", "–13°C"])
def test_every_minus_sign_reads_negative(written: str) -> None:
    (numeral,) = extract_numerals(f"about {written} tonight")
    assert numeral.value == -13.0
