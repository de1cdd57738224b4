"""One answer, one number convention (numbers/convention.py): a numeral grouped by two or more
dots, or a decimal comma, fixes the dot as the answer's thousands mark, so "318.450" is then
318450; an English-only numeral in the same answer leaves it undecided."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Turn
from nofab.numbers.convention import groups_with_dots
from nofab.numbers.extract import extract_numerals
from tests.helpers import findings


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Son 2.400.000 pesos, es decir 318.450 algo", True),
        ("al tipo 0,00104 son 318.450", True),
        ("Sie zahlen 1.234,56 € für 2.450 Meilen", True),
        ("Il reste 12,5 % soit 4.210 points", True),
        ("318.450 alone", False),
        ("2.400.000 and a ratio of 3.5", False),
        ("1,234.50 then 2.400.000", False),
        ("am 3.12.2026 um 14.30 Uhr", False),
        ("version v2.10.3 of 4.210", False),
        ("no numbers here", False),
    ],
)
def test_groups_with_dots(text: str, expected: bool) -> None:
    assert groups_with_dots(text) is expected


@pytest.mark.parametrize(
    ("text", "written", "value"),
    [
        ("Tu saldo de 2.400.000 pesos menos 318.450 pesos", "318.450", 318450.0),
        ("Tu saldo de 2.400.000 pesos menos 318.450 pesos", "2.400.000", 2400000.0),
        ("Bei 0,85 Punkten je Meile sind es 4.210 Punkte", "4.210", 4210.0),
        ("The ratio is 1.250 and the mean 3.75", "1.250", 1.25),
        ("Just 1.250 here", "1.250", 1.25),
    ],
)
def test_an_ambiguous_numeral_reads_by_the_convention(text: str, written: str, value: float) -> None:
    (numeral,) = [n for n in extract_numerals(text) if n.text == written]
    assert numeral.value == value


def _numbers(answer: str, result: Any, user: str) -> list[str]:
    turn = Turn.from_dict(
        {
            "user_message": user,
            "response": answer,
            "tool_calls": [{"name": "Convert", "arguments": {"amount": 340}, "result": result}],
        }
    )
    return [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= 0.8]


ES_RESULT = {"amount": 340, "from": "EUR", "to": "MXN", "rate": 19.83, "result": 6742.2}
ES_USER = "Tengo 25.000 pesos mexicanos. ¿Cuánto son 340 euros en pesos?"
DE_RESULT = {"points": 48210, "miles": 12650, "tier": "silver"}
DE_USER = "Wie viele Punkte und Meilen habe ich?"

QUIET = [
    ("340 € equivalen a 6.742,20 pesos; de tus 25.000 pesos te quedarían 18.257,80.", ES_RESULT, ES_USER),
    ("340 € son 6.742 pesos (tasa 19,83).", ES_RESULT, ES_USER),
    ("Sie haben 48.210 Punkte und 12.650 Meilen; Stufe: silver, Quote 0,26.", DE_RESULT, DE_USER),
    ("Punkte: 48.210 — Meilen: 12.650 (Faktor 3,81).", DE_RESULT, DE_USER),
]


@pytest.mark.parametrize(("answer", "result", "user"), QUIET)
def test_dot_grouped_figures_are_grounded(answer: str, result: Any, user: str) -> None:
    assert _numbers(answer, result, user) == []


FIRES = [
    ("340 € son 6.472 pesos (tasa 19,83).", ES_RESULT, ES_USER, "6.472"),
    ("Sie haben 48.120 Punkte und 12.650 Meilen (Quote 0,26).", DE_RESULT, DE_USER, "48.120"),
]


@pytest.mark.parametrize(("answer", "result", "user", "flagged"), FIRES)
def test_a_changed_dot_grouped_figure_is_caught(answer: str, result: Any, user: str, flagged: str) -> None:
    assert flagged in _numbers(answer, result, user)
