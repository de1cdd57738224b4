"""A weekday written beside a date it does not fall on (``nofab.detectors.weekdays``)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard

_GUARD = Guard()
#: 2024-05-24 was a Friday; 2025-05-24 a Saturday.
_FLIGHT = {"flight_number": "HAT001", "date": "2024-05-24", "status": "available"}


def _weekday_findings(answer: str, *results: Any, user: str = "") -> list[tuple[str, float]]:
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [{"name": "get_flight", "arguments": {}, "result": r} for r in results],
    }
    return [(f.identifier, f.confidence) for f in _GUARD.check(turn).findings if f.detector == "weekdays"]


@pytest.mark.parametrize(
    ("answer", "weekday"),
    [
        ("Your flight leaves on Thursday, May 24.", "Thursday"),
        ("HAT001 departs Thu May 24th.", "Thu"),
        ("Departure: 2024-05-24 (Saturday).", "Saturday"),
        ("You fly on May 24, 2024, Monday morning.", "Monday"),
        ("Votre vol part le jeudi 24 mai.", "jeudi"),
        ("Tu vuelo sale el jueves 24 de mayo.", "jueves"),
        ("Ihr Flug geht am Donnerstag, 24. Mai 2024.", "Donnerstag"),
        ("O voo sai na quinta-feira, 24 de maio.", "quinta-feira"),
        # a date in brackets or after a dash names the weekday's day
        ("**Saturday (May 24)** looks best.", "Saturday"),
        ("Sábado (24 de mayo): salida temprano.", "Sábado"),
        ("Samstag – 24. Mai: Abflug am Morgen.", "Samstag"),
    ],
)
def test_weekday_the_calendar_contradicts(answer: str, weekday: str) -> None:
    assert _weekday_findings(answer, _FLIGHT) == [(weekday, 0.85)]


@pytest.mark.parametrize(
    "answer",
    [
        "Your flight leaves on Friday, May 24.",
        "HAT001 departs Fri May 24th.",
        "Departure: 2024-05-24 (Friday).",
        "Votre vol part le vendredi 24 mai.",
        "Tu vuelo sale el viernes 24 de mayo.",
        "Ihr Flug geht am Freitag, 24. Mai 2024.",
        "O voo sai na sexta-feira, 24 de maio.",
        "**Friday (May 24)** looks best.",
        "Vendredi (24 mai) : départ tôt.",
        # a written year decides, even one the evidence does not hold
        "Last year it was Wednesday, May 24, 2023.",
        # a weekday not joined to the date
        "On Thursday we spoke; the flight is May 24.",
    ],
)
def test_weekday_that_agrees_or_is_not_joined_to_the_date(answer: str) -> None:
    assert _weekday_findings(answer, _FLIGHT) == []


def test_no_year_to_go_by_says_nothing() -> None:
    """Without a written year, the evidence must give the month and day one year."""
    assert _weekday_findings("See you on Thursday, June 13.", _FLIGHT) == []


def test_two_years_in_the_evidence_either_weekday_passes() -> None:
    later = {**_FLIGHT, "date": "2025-05-24"}
    assert _weekday_findings("It is on Saturday, May 24.", _FLIGHT, later) == []
    assert _weekday_findings("It is on Sunday, May 24.", _FLIGHT, later) == [("Sunday", 0.85)]


def test_the_pair_copied_from_the_evidence_is_grounded() -> None:
    """A tool that printed its own (wrong) weekday is the answer's source, not the agent."""
    printed = "Your trip: Thursday, May 24, 2024, 10:00 from JFK."
    assert _weekday_findings("Your trip is on Thursday, May 24, 2024.", printed) == []
