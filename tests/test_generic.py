"""Plain numbers of a generic statement are weak; numbers tied to the user's data or the
results, and money, dates or ids anywhere, keep their check (numbers/generic)."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.numbers.generic import is_generic

_GUARD = Guard()


def _confidences(answer: str) -> dict[str, float]:
    turn = {
        "response": answer,
        "user_message": "What is 180 C in Fahrenheit?",
        "tool_calls": [
            {
                "name": "convert_units",
                "arguments": {"value": 180, "from": "C", "to": "F"},
                "result": {"result": 356},
            }
        ],
    }
    return {f.identifier: f.confidence for f in _GUARD.check(turn).findings if f.kind == "unverified_number"}


@pytest.mark.parametrize(
    "answer",
    [
        "180 °C is 356 °F. Most oven dials go in 25-degree steps, so pick 350 °F.",
        "180 °C is 356 °F. Ovens usually run 15 to 20 degrees hot.",
        "180 °C is 356 °F. In general, a fan oven needs about 20 degrees less.",
        "180 °C equivalen a 356 °F. Por lo general, los hornos avanzan de 25 en 25 grados.",
        "180 °C font 356 °F. La plupart des fours avancent par paliers de 25 degrés.",
        "180 °C sind 356 °F. Die meisten Backöfen gehen in Schritten von 25 Grad.",
    ],
)
def test_plain_numbers_of_a_generic_statement_do_not_block(answer: str) -> None:
    found = _confidences(answer)
    assert all(c < 0.8 for c in found.values()), found


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("Your oven should be set to 375 °F.", "375"),
        ("The conversion gives 365 °F.", "365"),
        ("Most of the results say 365 °F.", "365"),
        ("The most common setting here is 375 °F.", "375"),
        ("Usually I would round it: 365 °F is what you get.", "365"),
        ("The converted value, as is typical for most ovens, is 365.", "365"),
        ("Most ovens cost $450 or more.", "$450"),
        ("La mayoría de tus recetas usan 375 °F.", "375"),
        ("Die meisten deiner Rezepte nutzen 375 °F.", "375"),
    ],
)
def test_numbers_tied_to_the_data_or_not_plain_keep_their_check(answer: str, wrong: str) -> None:
    found = _confidences(answer)
    assert found.get(wrong, 0.0) >= 0.8, found


@pytest.mark.parametrize(
    ("sentence", "generic"),
    [
        ("Most airlines allow 23 kg per checked bag.", True),
        ("Checked bags typically weigh up to 23 kg.", True),
        ("En règle générale, un bagage en soute pèse 23 kg.", True),
        ("Your bag weighs 23 kg.", False),
        ("I found 3 flights; most leave before noon.", False),
        ("The flight has 2 stops, which is typical for this route and most others.", False),
        ("The 45 most popular ovens run hot.", False),
        ("Pay attention: 45 ovens usually run hot.", False),
    ],
)
def test_what_makes_a_sentence_generic(sentence: str, generic: bool) -> None:
    assert is_generic(sentence) is generic
