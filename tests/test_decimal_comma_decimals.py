"""A decimal comma with any number of decimals (numbers/locale): thousands are grouped by
threes in every convention, so a comma followed by a digit run that is not three digits long
(and by no further group) is a decimal comma ("1,0842" is 1.0842), in German, French, Spanish
or Portuguese prose and in English alike; a comma and three digits stays English thousands,
dot or space grouping before a decimal comma keeps its reading, and a list stays a list."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy
from nofab.numbers.extract import extract_numerals
from nofab.numbers.index import NumberIndex
from nofab.numbers.locale import plain_digits

_GUARD = Guard(Policy(load_plugins=False))


def _values(text: str) -> list[float]:
    return [n.value for n in extract_numerals(text)]


@pytest.mark.parametrize(
    ("written", "digits"),
    [
        ("1,0842", "1.0842"),
        ("0,9564", "0.9564"),
        ("148,21375", "148.21375"),
        ("7,5", "7.5"),
        ("12,500", "12500"),  # three digits: English thousands
        ("1.234,56", "1234.56"),  # dot grouping, then the decimal comma
        ("1.234,5678", "1234.5678"),
    ],
)
def test_digits_by_the_length_of_the_group(written: str, digits: str) -> None:
    assert plain_digits(written) == digits


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Der Kurs lag bei 1,0842 Dollar je Euro.", [1.0842]),
        ("Le taux est de 0,9564 franc par euro.", [0.9564]),
        ("La cotización fue 17,2351 pesos.", [17.2351]),
        ("A taxa ficou em 5,4417 reais.", [5.4417]),
        ("The pin sits at 48,8566 on the map.", [48.8566]),  # English prose: no group of three either
    ],
)
def test_four_or_more_decimals_read_as_one_number(text: str, values: list[float]) -> None:
    assert _values(text) == pytest.approx(values)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("The invoice came to 12,500 dollars.", [12500.0]),  # English thousands
        ("Die Rechnung beträgt 1.234,56 €.", [1234.56]),  # dot grouping and a decimal comma
        ("La facture s'élève à 1 234,5 €.", [1234.5]),  # space grouping and a decimal comma
        ("Rows 1,2,3 were moved.", [1.0, 2.0, 3.0]),  # a list, not a decimal
        ("About 1,00,000 rupees.", [1.0, 0.0, 0.0]),  # a group follows: no decimal comma
        ("We sold 1,234,567 units.", [1234567.0]),
    ],
)
def test_other_separators_keep_their_reading(text: str, values: list[float]) -> None:
    assert _values(text) == pytest.approx(values)


def test_the_evidence_reads_the_same_written_form() -> None:
    assert 1.0842 in NumberIndex("Kurs: 1,0842 USD").values
    assert 12500.0 in NumberIndex("total 12,500 points").values


def _flagged(answer: str, result: Any) -> list[str]:
    turn = {"response": answer, "tool_calls": [{"name": "get_quote", "result": result}]}
    return [
        f.identifier for f in _GUARD.check(turn).findings if f.detector == "numbers" and f.confidence >= 0.8
    ]


@pytest.mark.parametrize(
    "answer",
    [
        "Der Richtwert liegt aktuell bei 3,1416 Punkten.",
        "La valeur de référence est actuellement de 3,1416 points.",
        "El valor de referencia es ahora 3,1416 puntos.",
        "The reference value is 3,1416 points right now.",
    ],
)
def test_a_held_value_with_a_decimal_comma_is_grounded(answer: str) -> None:
    assert _flagged(answer, {"benchmark": 3.1416}) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("Der Richtwert liegt aktuell bei 3,1461 Punkten.", "3,1461"),
        ("La valeur de référence est actuellement de 3,1461 points.", "3,1461"),
        ("The reference value is 3,1461 points right now.", "3,1461"),
    ],
)
def test_a_changed_decimal_is_caught_whole(answer: str, wrong: str) -> None:
    assert _flagged(answer, {"benchmark": 3.1416}) == [wrong]
