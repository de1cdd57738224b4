"""A modifier in a line's label ("Extra: 1 bag", "New total: 7 bags") makes every count of the
line a change or a part, as the modifier before the noun would (numbers/nouns.modified_label)."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.numbers.nouns import modified_label

_GUARD = Guard()
_RECORD = {"reservation_id": "HX4K2P", "total_baggages": 2, "nonfree_baggages": 0}


def _counts_flagged(answer: str) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "We are bringing more luggage on HX4K2P, what does it cost?",
        "tool_calls": [{"name": "get_reservation_details", "result": _RECORD}],
    }
    return [
        f.identifier
        for f in _GUARD.check(turn).findings
        if f.detector == "numbers" and f.evidence.get("literal_kind") == "count"
    ]


@pytest.mark.parametrize(
    "answer",
    [
        "Here is the plan for HX4K2P:\n- On file: 2 bags\n- Extra: 3 bags\n- New total: 5 bags",
        "- Adding: 1 bag + 2 suitcases = 3 bags\n- Additional: 3 bags at $40 each",
        "Para HX4K2P:\n- Adicional: 3 maletas\n- Nuevo total: 5 maletas",
        "Pour HX4K2P :\n- Supplémentaire : 3 bagages\n- Nouveau total : 5 bagages",
        "Für HX4K2P:\n- Zusätzliche Koffer: 3 Koffer\n- Neue Gesamtzahl: 5 Koffer",
    ],
)
def test_counts_under_a_modifier_label_are_changes_not_the_records_count(answer: str) -> None:
    assert _counts_flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("Here is HX4K2P:\n- On file: 3 bags", "3"),
        ("- Total: 4 bags on HX4K2P", "4"),
        ("Reserva HX4K2P:\n- Registradas: 3 maletas", "3"),
        ("Buchung HX4K2P:\n- Eingecheckt: 3 Koffer", "3"),
        # a long lead is a sentence, not a label: its modifier words do not reach the count
        ("I looked at the reservation and the extra options for you twice over: 3 bags", "3"),
        # the modifier stands after the colon, beside another count
        ("- On file: 3 bags, and 1 extra would cost $40", "3"),
    ],
)
def test_a_plain_label_leaves_the_count_checked(answer: str, wrong: str) -> None:
    assert wrong in _counts_flagged(answer)


@pytest.mark.parametrize(
    ("text", "modified"),
    [
        ("Extra: 1 bag", True),
        ("- **New total:** 7 bags", True),
        ("Free allowance: 3 x 2 = 6", True),
        ("Currently on the reservation: 4 bags", False),
        ("No colon before 4 bags", False),
        ("4 bags, extra: none", False),
    ],
)
def test_the_label_is_the_lines_words_before_its_first_colon(text: str, modified: bool) -> None:
    assert modified_label(text, text.index(next(c for c in text if c.isdigit()))) is modified
