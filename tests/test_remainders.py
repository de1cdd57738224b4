"""What is left of a free allowance the answer totals itself (numbers/remainders.py).

Principle: when an answer writes the total of a free allowance ("8 free bags in total", "en
total 8 maletas gratis", "insgesamt 8 kostenlose Koffer") and after it what is left of it ("3
more bags for free", "quedan 3 maletas gratis", "noch 3 kostenlose Koffer"), the remainder is
the total less a part the answer shows or the evidence holds; a remainder that is no such
difference is a finding. Counts without the allowance word on both, or without a total, are
not read.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Turn
from tests.helpers import findings

#: A reservation of four travellers that already has 5 checked bags.
RESULT: dict[str, Any] = {
    "reservation_id": "PL4K2W",
    "cabin": "economy",
    "total_baggages": 5,
    "nonfree_baggages": 0,
    "passengers": [{"first_name": n, "last_name": "Osei"} for n in ("Ama", "Kofi", "Esi", "Yaw")],
}


def _flagged(answer: str, result: dict[str, Any] | None = None) -> list[str]:
    call = {
        "name": "get_reservation_details",
        "arguments": {"reservation_id": "PL4K2W"},
        "result": RESULT if result is None else result,
    }
    turn = Turn.from_dict(
        {"user_message": "how many bags are still free?", "response": answer, "tool_calls": [call]}
    )
    return [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= 0.8]


# 4 travellers x 2 free bags = 8 free in total; 5 already on the reservation; 3 left.
RIGHT = [
    "You each get 2 free bags, so 8 free bags in total. With 5 checked, you can add 3 more bags for free.",
    "That makes 8 free bags in total for the four of you; 5 are used, so 3 free bags are left.",
    "Sois 4, así que tenéis 8 maletas gratis en total. Ya hay 5 facturadas: os quedan 3 maletas gratis.",
    "Ihr habt insgesamt 8 kostenlose Koffer. 5 sind schon aufgegeben, also noch 3 kostenlose Koffer.",
    "Vous avez 8 bagages gratuits au total ; 5 sont déjà enregistrés, il vous reste 3 bagages gratuits.",
    # the part held by the reservation only, not written
    "Your party has 8 free bags in total, so you can still add 3 more bags for free.",
]

WRONG = [
    (
        "You each get 2 free bags, so 8 free bags in total. With 5 checked, you can add 4 more bags free.",
        "4",
    ),
    ("That makes 8 free bags in total for the four of you; 5 are used, so 2 free bags are left.", "2"),
    (
        "Sois 4, así que tenéis 8 maletas gratis en total. Ya hay 5 facturadas: os quedan 4 maletas gratis.",
        "4",
    ),
    ("Ihr habt insgesamt 8 kostenlose Koffer. 5 sind schon aufgegeben, also noch 1 kostenlosen Koffer.", "1"),
]

# Not a remainder of an allowance the answer totals: left alone whatever the figures.
UNREAD = [
    # extra paid items beyond a total: no allowance word on the remainder
    "You have 5 bags in total now. You can add 4 more bags, each one paid.",
    # a remainder with no total written
    "You can add 4 more bags for free.",
    # a total of another noun
    "That is 8 free nights in total, and 4 more bags for free.",
    # the allowance word on the total only
    "You get 8 free bags in total; 4 more bags would be paid ones.",
]


@pytest.mark.parametrize("answer", RIGHT)
def test_a_remainder_of_the_total_less_a_part_is_grounded(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(("answer", "wrong"), WRONG)
def test_a_remainder_no_part_leaves_is_a_finding(answer: str, wrong: str) -> None:
    assert _flagged(answer) == [wrong]


@pytest.mark.parametrize("answer", UNREAD)
def test_counts_that_are_no_remainder_of_a_free_total_are_not_read(answer: str) -> None:
    assert _flagged(answer) == []


def test_a_record_that_gives_what_is_left_grounds_the_remainder() -> None:
    """A remainder the records give as such ("free_bags_left") needs no arithmetic of the
    answer's own figures."""
    result = {**RESULT, "total_baggages": 6, "free_bags_left": 4}
    answer = "You have 8 free bags in total, and 4 more bags for free are still open."
    assert _flagged(answer, result) == []
    assert _flagged(answer.replace("4 more", "1 more"), result) == ["1"]
