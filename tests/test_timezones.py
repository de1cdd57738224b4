"""A clock time converted between two named zones is a held time shifted by their offset
(numbers/timezones); a time off by the shift, or with no second zone named, is still checked."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.numbers.timezones import named_zones, zone_after

_GUARD = Guard()
_FLIGHT = {"flight_number": "HAT612", "departure_time": "08:00:00", "arrival_time": "15:55:00"}


def _blocking(answer: str, user: str = "When does it leave, my time?") -> list[str]:
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [{"name": "get_flight", "result": _FLIGHT}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "It leaves at 08:00 Eastern, which is 5:00 AM Pacific.",
        "Departure 08:00 ET, that's 5:00 AM PT for you.",
        "It departs at 8:00 AM EST (1:00 PM UTC).",
        "Sale a las 08:00 (Eastern), es decir a las 5:00 hora del Pacífico.",
        "Abflug 08:00 Eastern, also 5:00 Uhr Pazifikzeit.",
        "Départ à 08:00 Eastern, soit 14:00 heure de Paris.",  # summer or winter: 13:00 or 14:00
    ],
)
def test_a_time_shifted_between_two_named_zones_is_derived(answer: str) -> None:
    assert _blocking(answer) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("It leaves at 08:00 Eastern, which is 6:00 AM Pacific.", "6:00 AM"),
        ("Sale a las 08:00 Eastern, es decir a las 4:00 hora del Pacífico.", "4:00"),
        ("It leaves at 5:00 AM Pacific.", "5:00 AM"),  # one zone named: nothing converts
        ("Departure 08:00 Eastern; you land at 9:55 Pacific.", "9:55"),  # no held time 3 h away
    ],
)
def test_a_time_not_a_held_time_shifted_is_caught(answer: str, wrong: str) -> None:
    assert _blocking(answer) == [wrong]


@pytest.mark.parametrize(
    ("text", "end", "zone"),
    [
        ("5:00 AM Pacific in Seattle", 7, "pacific"),
        ("12:00–12:30 PM Eastern for Jana", 5, "eastern"),
        ("9 a.m. PT", 6, "PT"),
        ("at 5:00, et puis", 4, None),  # the French 'et' is no zone; the comma ends the clause
        ("at 5:00. Eastern flights", 4, None),
    ],
)
def test_the_zone_written_after_a_time(text: str, end: int, zone: str | None) -> None:
    assert zone_after(text, end) == zone


def test_names_and_capital_abbreviations_are_zones() -> None:
    assert named_zones(["08:00 Eastern / 5:00 PT", "et le CET"]) == {"eastern", "PT", "CET"}
