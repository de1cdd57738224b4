"""Two readings of what an answer and its evidence write: a dotted date with a four-digit
year in a tool's text is a date (numbers/dates.py ``_DOTTED_DATE``), and a total announced
right before a table or list sums the block it introduces (numbers/totals.py
``ShownTotals._introduces``)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Turn
from tests.helpers import findings

MAILS = [
    {"id": "m1", "subject": "Rechnung März", "snippet": "Betrag 52,10 EUR, fällig am 07.04.2026."},
    {"id": "m2", "subject": "Facture avril", "snippet": "Montant 19,90 EUR, à régler avant le 3.4.2026."},
    {"id": "m3", "subject": "Invoice 88", "snippet": "Amount due: 240.00 EUR by 21.04.2026."},
]


def _numbers(answer: str, result: Any = MAILS) -> list[str]:
    turn = Turn.from_dict(
        {
            "user_message": "Which invoices came in?",
            "response": answer,
            "tool_calls": [{"name": "SearchInbox", "arguments": {"query": "invoice"}, "result": result}],
        }
    )
    return [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= 0.8]


DATES_QUIET = [
    "Die Stromrechnung ist am 7. April fällig.",
    "La facture d'avril est à régler avant le 3 avril.",
    "Invoice 88 is due on April 21.",
    "Invoice 88 is due 2026-04-21.",
]


@pytest.mark.parametrize("answer", DATES_QUIET)
def test_a_dotted_date_in_a_tool_text_grounds_the_date(answer: str) -> None:
    assert _numbers(answer) == []


DATES_FIRE = [
    ("Die Stromrechnung ist am 17. April fällig.", "17. April"),
    ("Invoice 88 is due on April 12.", "April 12"),
]


@pytest.mark.parametrize(("answer", "flagged"), DATES_FIRE)
def test_another_date_stays_a_finding(answer: str, flagged: str) -> None:
    assert flagged in _numbers(answer)


def test_a_version_or_two_digit_year_is_no_dotted_date() -> None:
    versions = [{"name": "app", "version": "14.11.25", "build": "1.4.2026.7"}]
    assert "November 14" in _numbers("Released on November 14.", versions)


TOTALS_QUIET = [
    "Three invoices came in, **€312.00** together. By due date:\n\n"
    "| Due | Invoice | Amount |\n|---|---|---|\n| Apr 3 | m2 | €19.90 |\n| Apr 7 | m1 | €52.10 |\n"
    "| Apr 21 | m3 | €240.00 |",
    "Drei Rechnungen, zusammen 312,00 €:\n- m1: 52,10 €\n- m2: 19,90 €\n- m3: 240,00 €",
    "Trois factures, 312,00 € au total :\n- m1 : 52,10 €\n- m2 : 19,90 €\n- m3 : 240,00 €",
]


@pytest.mark.parametrize("answer", TOTALS_QUIET)
def test_a_total_before_the_block_it_introduces_is_its_sum(answer: str) -> None:
    assert _numbers(answer) == []


TOTALS_FIRE = [
    ("Drei Rechnungen, zusammen 322,00 €:\n- m1: 52,10 €\n- m2: 19,90 €\n- m3: 240,00 €", "322,00"),
    # the block is far below, after another paragraph: not the one the total introduces
    (
        "Three invoices, €312.00 together.\n\nSome are urgent.\n\nAnd here they are, finally, "
        "in the order the mail server returned them to me this morning when I searched:\n\n"
        "- m1: €52.10\n- m2: €19.90\n- m3: €240.00",
        "€312.00",
    ),
]


@pytest.mark.parametrize(("answer", "flagged"), TOTALS_FIRE)
def test_a_total_no_sum_of_the_block_it_introduces_is_not(answer: str, flagged: str) -> None:
    assert flagged in _numbers(answer)
