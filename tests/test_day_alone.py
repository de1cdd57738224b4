"""A day of the month written alone with its mark ("am 17.", "bis zum 3.", as "the 17th" in
English) is a day: held by an evidence date with that day (``nofab.numbers.nextmonthday.
day_alone``), not read as the quantity 17; without its mark, or before a month name, it is not
such a day."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.numbers.nextmonthday import day_alone

_GUARD = Guard()

_SLOTS = {
    "slots": [
        {"date": "2027-09-17", "time": "10:40", "price": 88},
        {"date": "2027-09-23", "time": "15:10", "price": 64},
    ]
}


def _flagged(answer: str) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "Welche Termine gibt es?",
        "tool_calls": [{"name": "find_slots", "arguments": {"city": "Graz"}, "result": _SLOTS}],
    }
    findings = _GUARD.check(turn).findings
    return [f.identifier for f in findings if f.detector == "numbers" and f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "Am 17. gibt es einen Termin um 10:40 Uhr für 88 €.",
        "Ein Termin ist am 23. frei, um 15:10 Uhr.",
        "Zwischen dem 17. und dem 23. gibt es zwei Termine; ab dem 23. kostet er 64 €.",
        "Bis zum 17. ist alles ausgebucht.",
        "On the 17th there is a slot at 10:40 for 88 €.",
    ],
)
def test_a_day_written_alone_that_an_evidence_date_holds_is_grounded(answer: str) -> None:
    assert _flagged(answer) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Am 19. gibt es einen Termin um 10:40 Uhr.", "19"),  # no slot on the 19th
        ("Ein Termin ist am 29. frei.", "29"),
        ("Vom 13. bis zum 23. gibt es Termine.", "13"),
    ],
)
def test_a_day_written_alone_that_no_evidence_date_holds_is_flagged(answer: str, flagged: str) -> None:
    assert flagged in _flagged(answer)


@pytest.mark.parametrize(
    ("text", "number", "alone"),
    [
        ("Am 17. gibt es einen Termin.", "17", True),
        ("Zwischen dem 3. und bis zum 17. sind wir weg.", "17", True),
        ("Am 17 Uhr geht es los.", "17", False),  # no dot: not a day
        ("Am 17. September geht es los.", "17", False),  # a full date, read as one
        ("Am 17.09. geht es los.", "17", False),  # a numeric date
        ("Es kostet 17. Dann ...", "17", False),  # no day word before it
    ],
)
def test_day_alone(text: str, number: str, alone: bool) -> None:
    start = text.index(number)
    assert day_alone(text, (start, start + len(number))) is alone
