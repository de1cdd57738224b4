"""A bare day joined by a list link to a date of a month written once ("October 8 and 12", "8 et
12 octobre", "8. und 12. Oktober", "8 y 12 de octubre") is a date of that month
(``nofab.numbers.datepairs``): held to the evidence's dates, not to its quantities."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.numbers.datepairs import shared_month_days
from nofab.numbers.dates import DateTimeIndex
from nofab.numbers.extract import extract_numerals

_GUARD = Guard()

# Two legs on October 8 and 12; 14 seats left is a quantity, no date.
_TRIP = {
    "legs": [
        {"flight": "QX210", "date": "2027-10-08", "seats_left": 14},
        {"flight": "QX217", "date": "2027-10-12", "seats_left": 6},
    ]
}


def _flagged(answer: str) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "When do I fly?",
        "tool_calls": [{"name": "get_trip", "arguments": {"trip": "T77"}, "result": _TRIP}],
    }
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "You fly out and back on October 8 and 12.",
        "Your flights are on October 8th and the 12th, 2027.",
        "Vous voyagez les 8 et 12 octobre.",
        "Sie fliegen am 8. und 12. Oktober.",
        "Viajas el 8 y 12 de octubre.",
        "QX210 on October 8 still has 14 seats left.",  # a quantity after a date, no pair
        "On October 8 and 14 seats were left, you could still switch.",  # a count, not a day
    ],
)
def test_a_day_sharing_a_held_date_month_is_held(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("You fly out and back on October 8 and 14.", "14"),  # 14 is a seat count, not a date
        ("Vous voyagez les 9 et 12 octobre.", "9"),
        ("Sie fliegen am 8. und 14. Oktober.", "14. Oktober"),
        ("Viajas el 9 y 12 de octubre.", "9"),
        ("Your flights are on October 8, 12 and 14.", "14"),
    ],
)
def test_a_day_sharing_a_month_the_evidence_does_not_hold_as_a_date_is_flagged(
    answer: str, flagged: str
) -> None:
    assert flagged in _flagged(answer)


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("November 20 and 23.", [(None, 11, 20), (None, 11, 23)]),
        ("les 20 et 23 novembre 2026", [(2026, 11, 20), (2026, 11, 23)]),
        ("am 20. und 23. November", [(None, 11, 20), (None, 11, 23)]),
        ("November 20, 23 and 27.", [(None, 11, 20), (None, 11, 23), (None, 11, 27)]),
        ("November 20 and 25 guests", [(None, 11, 20)]),  # a count: not a day
        ("November 20 and 3.", [(None, 11, 20)]),  # not a later day
        ("25 and 20 May", [(None, 5, 20)]),  # not an earlier day
    ],
)
def test_shared_month_days(text: str, dates: list[tuple[int | None, int, int]]) -> None:
    numerals = shared_month_days(text, extract_numerals(text))
    assert [n.date for n in numerals if n.kind == "date"] == dates


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("3 nights, october 17 to 20, at the group rate", [(None, 10, 17), (None, 10, 20)]),
        ("les 20 et 23 novembre", [(None, 11, 20), (None, 11, 23)]),
        ("del 20 al 23 de noviembre", [(None, 11, 20), (None, 11, 23)]),
        ("november 20, 23 and 27.", [(None, 11, 20), (None, 11, 23), (None, 11, 27)]),
        ("november 20 and 25 guests", [(None, 11, 20)]),
    ],
)
def test_evidence_reads_a_pair_sharing_a_month_alike(
    text: str, dates: list[tuple[int | None, int, int]]
) -> None:
    assert sorted(DateTimeIndex(text).written()) == dates


def test_a_pair_the_evidence_writes_alike_is_held() -> None:
    turn = {
        "response": "Your stay is October 17 to 20, three nights.",
        "user_message": "When is my stay?",
        "tool_calls": [
            {
                "name": "inbox",
                "arguments": {"q": "hotel"},
                "result": {"body": "Stay: October 17 to 20, 3 nights."},
            }
        ],
    }
    assert [f.identifier for f in _GUARD.check(turn).findings if f.detector == "numbers"] == []
