"""Dates counted in business days from today are resolved (numbers/workdays.py): the weekend
is skipped, a range gives each of its ends, five languages."""

from __future__ import annotations

import datetime as _dt

import pytest

from nofab import Turn
from nofab.numbers.workdays import add_workdays, spans
from tests.helpers import findings

#: Wednesday, 2026-04-08
TODAY = "Current date and time: Wednesday, 2026-04-08 10:00."
REFUND = {"refund_id": "rf_551", "amount": 84.5, "status": "processing"}


def _dates(answer: str) -> list[str]:
    turn = Turn.from_dict(
        {
            "user_message": "When do I get my money back?",
            "response": answer,
            "context": TODAY,
            "tool_calls": [{"name": "issue_refund", "arguments": {"order": "A-17"}, "result": REFUND}],
        }
    )
    return [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= 0.8]


def test_add_workdays_skips_the_weekend() -> None:
    wednesday = _dt.date(2026, 4, 8)
    assert add_workdays(wednesday, 2) == _dt.date(2026, 4, 10)  # Friday
    assert add_workdays(wednesday, 3) == _dt.date(2026, 4, 13)  # Monday
    assert add_workdays(wednesday, 7) == _dt.date(2026, 4, 17)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("takes 5–7 business days", [(5, 7)]),
        ("within three working days", [(3, 3)]),
        ("in 3 Werktagen", [(3, 3)]),
        ("sous 2 à 4 jours ouvrés", [(2, 4)]),
        ("en 5 días hábiles", [(5, 5)]),
        ("em 10 dias úteis", [(10, 10)]),
        ("in 7 days", []),  # calendar days are not business days
    ],
)
def test_spans(text: str, found: list[tuple[int, int]]) -> None:
    assert spans(text) == found


QUIET = [
    "Refunds take 5–7 business days, so expect it between Wednesday, April 15 and Friday, April 17.",
    "Your €84.50 arrives within 3 working days, by Monday, April 13.",
    "Die Erstattung dauert 3 Werktage, also bis Montag, 13. April.",
    "Le remboursement prend 2 jours ouvrés : il arrive le vendredi 10 avril.",
    "El reembolso tarda 5 días hábiles; llegará el 15 de abril.",
    "O reembolso leva 7 dias úteis, até 17 de abril.",
]


@pytest.mark.parametrize("answer", QUIET)
def test_a_date_counted_in_business_days_is_resolved(answer: str) -> None:
    assert _dates(answer) == []


FIRES = [
    # 3 business days from Wednesday is Monday the 13th, not Saturday the 11th
    ("Your €84.50 arrives within 3 working days, by April 11.", "April 11"),
    ("Die Erstattung dauert 3 Werktage, also bis 14. April.", "14. April"),
    # calendar days: no business-day reading
    ("Refunds take 5 days, so expect it on April 15.", "April 15"),
]


@pytest.mark.parametrize(("answer", "flagged"), FIRES)
def test_a_date_no_count_of_business_days_gives_is_not(answer: str, flagged: str) -> None:
    assert flagged in _dates(answer)
