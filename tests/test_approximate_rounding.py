"""An approximate figure is its value rounded to the step its last written place shows
(numbers detector, ``interval``): markdown emphasis between the approximation word and the
number is transparent, the true value lies within half that step, and a slip of a middle
digit after "about" is no rounding."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking


def _flagged(answer: str, result: Any) -> list[str]:
    return blocking(answer, {"name": "lookup", "result": result}, user="How much?")


@pytest.mark.parametrize(
    ("answer", "value"),
    [
        ("You're up about **$1,290** overall.", 1288.75),
        ("You're up about $1,300 overall.", 1288.75),
        ("Das sind etwa **1.290 €** Gewinn.", 1288.75),
        ("Son unos *36.600 ¥* por día.", 36630),
        ("That's roughly __$920__.", 921.57),
        ("It comes to 1,290 dollars or so.", 1288.75),
    ],
)
def test_a_rounded_figure_after_an_approximation_word_is_explained(answer: str, value: float) -> None:
    assert _flagged(answer, {"total": value}) == []


@pytest.mark.parametrize(
    ("answer", "value"),
    [
        ("That's roughly **¥36,360** per day.", 36630),  # two digits swapped: no rounding
        ("You're up about $1,219 overall.", 1288.75),
        ("Ce sont environ **1 820 €**.", 1280),
        ("That's about $1,350 in total.", 1288.75),  # more than half a step of 10 off
    ],
)
def test_a_slip_after_an_approximation_word_stays_a_finding(answer: str, value: float) -> None:
    assert _flagged(answer, {"total": value})
