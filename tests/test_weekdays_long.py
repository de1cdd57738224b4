"""A long answer is searched for a weekday name before its numerals are read
(``nofab.detectors.weekdays.names_a_weekday``).

Principle: a weekday the detector can check is a word that lower-cases to a weekday name,
so it lies inside the lower-cased answer; an answer without any name holds none, and the
search never hides one that is there (any case, any lexicon language, any position)."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.detectors.weekdays import SEARCH_FIRST, names_a_weekday

_GUARD = Guard()
_FLIGHT = {"flight_number": "HAT001", "date": "2024-05-24", "status": "available"}  # a Friday
_PADDING = "Row 7: seat 12 confirmed. " * (SEARCH_FIRST // 20)


def _weekdays(answer: str) -> list[str]:
    turn = {"response": answer, "tool_calls": [{"name": "get_flight", "arguments": {}, "result": _FLIGHT}]}
    return [f.identifier for f in _GUARD.check(turn).findings if f.detector == "weekdays"]


@pytest.mark.parametrize(
    ("sentence", "weekday"),
    [
        ("Your flight leaves on Thursday, May 24.", "Thursday"),
        ("YOUR FLIGHT LEAVES ON THURSDAY, MAY 24.", "THURSDAY"),
        ("Votre vol part le jeudi 24 mai.", "jeudi"),
        ("Ihr Flug geht am Donnerstag, 24. Mai 2024.", "Donnerstag"),
        ("Tu vuelo sale el miércoles 24 de mayo.", "miércoles"),
    ],
)
def test_a_long_answer_still_has_its_weekday_checked(sentence: str, weekday: str) -> None:
    assert len(_PADDING) >= SEARCH_FIRST
    assert _weekdays(_PADDING + sentence) == [weekday]
    assert _weekdays(sentence + " " + _PADDING) == [weekday]


def test_a_long_answer_without_a_weekday_name_is_not_read_for_dates() -> None:
    assert not names_a_weekday(_PADDING + "Your flight leaves on May 24, 2024.")
    assert _weekdays(_PADDING + "Your flight leaves on May 24, 2024.") == []
    assert names_a_weekday("... on FRIDAY ...") and names_a_weekday("am Sonntag")
