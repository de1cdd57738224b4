"""A closing total row is none of the items a count announces (numbers/shownitems.py
``total_row`` / ``closing_totals``, read by numbers/announced.py for tables and lists).

Principle: when an answer's count is held against the rows or bullets it lists, the last
rows whose label is a total word ("Total", "Subtotal", "Gesamt", "Summe", "Total général",
"Sous-total", "Suma") sum the items and are not counted; so the right count is quiet and a
count equal to the rows plus the total row is flagged.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Turn
from nofab.numbers.announced import list_items
from nofab.numbers.shownitems import closing_totals, table_rows, total_row
from tests.helpers import findings

#: Six parking fines: five unpaid, one paid; the answers show three of them (due soon).
FINES: dict[str, Any] = {
    "fines": [
        {"fine_id": "pf_11", "street": "Quayside", "amount": 40.0, "paid": False},
        {"fine_id": "pf_12", "street": "Millbank", "amount": 25.5, "paid": False},
        {"fine_id": "pf_13", "street": "Elm Row", "amount": 60.0, "paid": False},
        {"fine_id": "pf_14", "street": "Fenwick", "amount": 30.0, "paid": True},
        {"fine_id": "pf_15", "street": "Harbour", "amount": 55.0, "paid": False},
        {"fine_id": "pf_16", "street": "Dunmore", "amount": 70.0, "paid": False},
    ]
}


def _numbers(answer: str) -> list[str]:
    call = {"name": "list_fines", "arguments": {}, "result": FINES}
    asked = "which fines are due soon?"
    turn = Turn.from_dict({"user_message": asked, "response": answer, "tool_calls": [call]})
    return [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= 0.8]


def _table(total: str, amounts: str = "125,50") -> str:
    rows = "| Quayside | 40,00 € |\n| Millbank | 25,50 € |\n| Elm Row | 60,00 € |\n"
    return f"\n\n| Street | Amount |\n|---|---|\n{rows}| **{total}** | **{amounts} €** |\n"


def _list(total: str) -> str:
    return f"\n\n- Quayside: $40.00\n- Millbank: $25.50\n- Elm Row: $60.00\n- **{total}:** $125.50\n"


QUIET = [
    "You have 3 fines due this week:" + _table("Total"),
    "You have 3 fines due this week:" + _list("Total"),
    "You have three fines due this week:" + _list("Grand total"),
    "Il te reste 3 amendes à payer cette semaine :" + _table("Total général"),
    "Il te reste trois amendes à payer :" + _table("Sous-total"),
    "Du hast 3 Strafzettel, die diese Woche fällig sind:" + _table("Gesamt"),
    "Diese Woche sind 3 Strafzettel fällig:" + _list("Summe"),
    "Diese Woche sind 3 Strafzettel fällig:" + _table("Gesamtbetrag"),
    "Tienes 3 multas que vencen esta semana:" + _table("Total"),
    "Tienes tres multas pendientes:" + _list("Total"),
]
FIRES = [
    ("You have 4 fines due this week:" + _table("Total"), "4"),
    ("You have 4 fines due this week:" + _list("Total"), "4"),
    ("Il te reste 4 amendes à payer cette semaine :" + _table("Total général"), "4"),
    ("Diese Woche sind 4 Strafzettel fällig:" + _list("Summe"), "4"),
    ("Tienes 2 multas que vencen esta semana:" + _table("Total"), "2"),
]


@pytest.mark.parametrize("answer", QUIET)
def test_a_count_of_the_items_without_the_total_row_is_quiet(answer: str) -> None:
    assert _numbers(answer) == []


@pytest.mark.parametrize(("answer", "count"), FIRES)
def test_a_count_that_counts_the_total_row_as_an_item_is_flagged(answer: str, count: str) -> None:
    assert _numbers(answer) == [count]


@pytest.mark.parametrize(
    "label",
    ["| **Total** | | 3 |", "| Subtotal | 4 |", "Gesamt: 12", "**Summe:** 9", "| Total général | 1 |",
     "Sous-total : 4", "Suma: 3", "Gesamtbetrag 40 €", "`Totals` 5", "| | **Total** | 8 |"],
)  # fmt: skip
def test_total_labels_in_several_languages(label: str) -> None:
    assert total_row(label)


@pytest.mark.parametrize(
    "label",
    ["| Totally Yours café | 3 |", "| Summer camp | 2 |", "Sumner Street: 4", "| Elm Row | total paid |",
     "Fee: 4", "| Sommelier | 2 |"],
)  # fmt: skip
def test_words_that_only_begin_like_a_total_word_label_no_total(label: str) -> None:
    assert not total_row(label)


def test_only_closing_total_rows_are_left_out() -> None:
    assert closing_totals(["| A | 1 |", "| Subtotal | 1 |", "| Total | 2 |"]) == 2
    # a total word in the middle of a block labels an item
    assert closing_totals(["| Total Fitness | gym |", "| Elm Row | park |"]) == 0
    # a block of total rows alone is no list of items to leave out of
    assert closing_totals(["| Total | 2 |"]) == 0


def test_table_and_list_lengths_leave_the_total_out() -> None:
    table = "Due:" + _table("Total")
    assert table_rows(table, 4) == 3
    bullets = "Fällig:" + _list("Gesamt")
    assert list_items(bullets, bullets.index(":") + 1) == 3
