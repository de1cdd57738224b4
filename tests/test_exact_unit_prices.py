"""A per-unit amount a result holds is exact (numbers/perunit.py): "2 bags at $50 each ($100)"
is explained, "($101)" is not, though a $50 written without cents could stand for 50.49.

Principle: the display interval of a written figure is for figures the answer rounded; an
amount the evidence holds has the value the evidence gives, so its multiples are exact.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking, call

BAGS: dict[str, Any] = {"reservation_id": "HX3P9Q", "total_baggages": 4, "nonfree_baggages": 2}
CONTEXT = "Each extra checked bag costs $50."


def _flagged(answer: str) -> list[str]:
    return blocking(answer, call("update_reservation_baggages", BAGS), context=CONTEXT)


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("I added 2 extra bags at $50 each ($100).", []),
        ("I added 2 extra bags at $50 each ($101).", ["$101"]),
        ("He añadido 2 maletas extra a 50 $ cada una (100 $).", []),
        ("He añadido 2 maletas extra a 50 $ cada una (101 $).", ["101"]),
        ("J'ai ajouté 2 bagages à 50 $ chacun (101 $).", ["101"]),
    ],
)
def test_a_multiple_of_a_held_unit_price_is_exact(answer: str, flagged: list[str]) -> None:
    assert _flagged(answer) == flagged
