"""A pace restated another way or per another unit is that pace (numbers/paces.py)."""

from __future__ import annotations

import pytest

from tests.helpers import blocking

# "9.15 minutes per mile, roughly 9:09 per mile, 5:41 per km": the seconds per unit agree
# within display rounding.
CALC = {"name": "Calculator", "arguments": {"expression": "240 / 26.2188"}, "result": {"result": 9.1537}}


@pytest.mark.parametrize(
    "answer",
    [
        "You need about 9.15 minutes per mile, a pace of roughly 9:09 per mile, or 5:41 per km.",
        "Necesitas unos 9,15 minutos por milla, un ritmo de 9:09 por milla o 5:41 por km.",
        "Il faut environ 9,15 minutes par mile, soit 9:09 par mile ou 5:41 par km.",
    ],
)
def test_a_pace_restated_in_another_form_is_derived(answer: str) -> None:
    assert blocking(answer, CALC) == []


@pytest.mark.parametrize(
    "answer",
    [
        "You need about 9.15 minutes per mile, a pace of roughly 9:19 per mile.",
        "You need about 9.15 minutes per mile, or 5:14 per km.",
    ],
)
def test_a_pace_that_is_no_form_of_the_shown_one_is_found(answer: str) -> None:
    assert blocking(answer, CALC) != []
