"""A total over the answer's own table column or list (issue 12, numbers/totals): a number
announced as a total (total, in all, across, that's, insgesamt, au total ...) that equals the
sum of the same-kind figures of one column, or one list, the answer itself shows is explained;
a different number, an unannounced one, or one of another kind stays a finding."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard

_GUARD = Guard()


def _blocking(answer: str, results: list[Any], user: str = "How many can we take?") -> list[str]:
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [{"name": f"lookup_{i}", "result": r} for i, r in enumerate(results)],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


_TRIPS = {
    "trips": [
        {"code": "QX1", "travellers": 2, "cabin": "economy"},
        {"code": "QX2", "travellers": 4, "cabin": "business"},
        {"code": "QX3", "travellers": 1, "cabin": "economy"},
    ],
    "policy": {"economy_bags_each": 2, "business_bags_each": 3},
}

_TABLE_EN = (
    "| Trip | Travellers | Free bags |\n|---|---|---|\n| QX1 | 2 | 4 (2 each) |\n"
    "| QX2 | 4 | 12 (3 each) |\n| QX3 | 1 | 2 (2 each) |\n\n"
)
_LIST_DE = "- QX1: 4 Freigepäckstücke\n- QX2: 12 Freigepäckstücke\n- QX3: 2 Freigepäckstücke\n\n"
_NUMBERED_FR = "1. QX1 : 4 bagages gratuits\n2. QX2 : 12 bagages gratuits\n3. QX3 : 2 bagages gratuits\n\n"
_TABLE_FR = (
    "| Voyage | Bagages gratuits |\n|---|---|\n| QX1 | 4 |\n| QX2 | 12 |\n| QX3 | 2 |\n| **Total** | 18 |\n"
)


@pytest.mark.parametrize(
    "answer",
    [
        _TABLE_EN + "That's 18 free bags across the three trips.",
        _TABLE_EN + "In all, you can check 18 bags for free.",
        _LIST_DE + "Insgesamt sind das 18 Freigepäckstücke.",
        _NUMBERED_FR + "Soit 18 bagages gratuits en tout.",
        _TABLE_FR,
        _TABLE_FR[: _TABLE_FR.index("| **Total**")] + "\nAu total, 18 bagages gratuits.",
    ],
)
def test_a_total_of_a_column_or_list_the_answer_shows_is_explained(answer: str) -> None:
    assert _blocking(answer, [_TRIPS]) == []


@pytest.mark.parametrize(
    ("answer", "literal"),
    [
        (_TABLE_EN + "That's 20 free bags across the three trips.", "20"),
        (_LIST_DE + "Insgesamt sind das 21 Freigepäckstücke.", "21"),
        (_NUMBERED_FR + "Soit 24 bagages gratuits en tout.", "24"),
        (_TABLE_FR.replace("| 18 |", "| 17 |"), "17"),
        # the right sum with no word announcing a total explains nothing
        (_TABLE_EN + "You will be fine with 18 bags.", "18"),
        # a column of another kind: 4 + 12 + 2 bags (bare figures) are no $18
        (_TABLE_EN + "That's $18 in all.", "$18"),
    ],
)
def test_a_different_or_unannounced_total_stays_a_finding(answer: str, literal: str) -> None:
    assert literal in _blocking(answer, [_TRIPS])


def test_a_column_with_an_unexplained_figure_adds_up_to_nothing() -> None:
    answer = _TABLE_EN.replace("12 (3 each)", "14 (3 each)") + "That's 20 free bags across the three trips."
    found = _blocking(answer, [_TRIPS])
    assert "14" in found and "20" in found
