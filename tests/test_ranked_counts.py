"""A ranking word in a count's own noun phrase does not make its list a choice among more
(numbers/announced.py ``_unranked``; ``ranking`` in flag_counts.json).

Principle: "You have 3 upcoming trips:", "the next 3 classes:", "les 3 prochains cours :"
count the items so selected, and the list after the colon shows them: a list of another
length contradicts the count. A word that takes a part ("including", "some of", "parmi")
still lets the list show fewer items than the count.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking, call

#: Five classes booked; two are already over, so three lie ahead.
CLASSES: dict[str, Any] = {
    "bookings": [
        {"booking_id": "bk_401", "class": "Spin", "date": "2025-03-03", "status": "attended"},
        {"booking_id": "bk_402", "class": "Yoga", "date": "2025-03-05", "status": "attended"},
        {"booking_id": "bk_403", "class": "Pilates", "date": "2025-03-12", "status": "booked"},
        {"booking_id": "bk_404", "class": "Boxing", "date": "2025-03-14", "status": "booked"},
        {"booking_id": "bk_405", "class": "Rowing", "date": "2025-03-19", "status": "booked"},
    ]
}


def _two() -> str:
    return "\n\n- Pilates (bk_403)\n- Boxing (bk_404)\n"


def _three() -> str:
    return "\n\n- Pilates (bk_403)\n- Boxing (bk_404)\n- Rowing (bk_405)\n"


RANKED = [
    "You have 3 upcoming classes:",
    "Your next 3 classes:",
    "Here are your 3 upcoming classes:",
    "Tienes 3 próximas clases:",
    "Voici tes 3 prochains cours :",
    "Deine nächsten 3 Kurse:",
    "Você tem 3 próximas aulas:",
]


def _flagged(answer: str) -> list[str]:
    return blocking(answer, call("list_bookings", CLASSES))


@pytest.mark.parametrize("intro", RANKED)
def test_a_ranked_count_matching_its_list_is_quiet(intro: str) -> None:
    assert _flagged(intro + _three()) == []


@pytest.mark.parametrize("intro", RANKED)
def test_a_ranked_count_its_own_list_contradicts_is_flagged(intro: str) -> None:
    assert _flagged(intro + _two()) == ["3"]


@pytest.mark.parametrize(
    "intro",
    [
        "You have 3 upcoming classes, including:",
        "Some of your 3 upcoming classes:",
        "Voici quelques-uns de tes 3 prochains cours, notamment :",
    ],
)
def test_a_part_taken_of_a_ranked_count_may_show_fewer(intro: str) -> None:
    assert _flagged(intro + _two()) == []
