"""A clock time converted between two named zones is a held time shifted by their offset
(numbers/timezones); a time off by the shift, or with no second zone named, is still checked."""

from __future__ import annotations

from datetime import date

import pytest

from nofab import Guard
from nofab.numbers.timezones import named_zones, written_day, zone_after, zone_of

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


# ---------------------------------------------------------------- places name their zone
_EVENT = {"event_id": "e-1", "start_time": "2025-09-25 16:00:00", "end_time": "2025-09-25 16:45:00"}


def _event_blocking(answer: str) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "Book the call at 4pm my time and tell me the other side's time.",
        "tool_calls": [{"name": "CreateEvent", "result": _EVENT}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "Booked for September 25 at 4:00 PM Berlin time, which is 10:00 AM in New York.",
        "Booked on September 25: 16:00 in Paris is 7:00 AM in Los Angeles.",
        "Reservado el 25 de septiembre a las 16:00 en Madrid, es decir a las 10:00 en Nueva York.",
        "Gebucht am 25. September um 16:00 Uhr in München, das ist 15:00 Uhr in London.",
        "On September 25 the call is at 4:00 PM Berlin time; Chicago is behind, so 9:00 AM local time.",
        "Le 25 septembre à 16:00 à Paris, soit 10:00 heure locale à Toronto.",
    ],
)
def test_a_time_shifted_between_named_places_is_derived(answer: str) -> None:
    assert _event_blocking(answer) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        # late September: New York is 6 hours behind Berlin, not 5 (the date decides the season)
        ("On September 25 the call is at 4:00 PM Berlin time, which is 11:00 AM in New York.", "11:00 AM"),
        ("Reservado el 25 de septiembre a las 16:00 en Madrid, es decir a las 9:00 en Nueva York.", "9:00"),
        ("On September 25 it is at 4:00 PM Berlin time: 7:00 AM local time for you.", "7:00 AM"),  # no place
        ("The call is at 4:00 PM, so 10:00 AM in New York.", "10:00 AM"),  # one zone named
    ],
)
def test_a_wrong_conversion_between_places_is_caught(answer: str, wrong: str) -> None:
    assert _event_blocking(answer) == [wrong]


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("Seattle is 3 hours behind, so it lands at 10:40 AM local time.", "seattle"),
        ("Times are Eastern. Seattle is behind; it lands at 10:40 AM local time.", "seattle"),
        ("Für Dana in Wien ist das 10:40 Ortszeit.", "wien"),
        ("In Seattle. It lands at 10:40 AM local time.", None),  # the place is another sentence's
        ("Seattle is behind, so it lands at 10:40 AM.", None),  # not marked local
        ("Berlin is ahead: 10:40 AM your time.", None),  # the user's zone is not the place named
    ],
)
def test_a_local_time_is_in_the_zone_of_the_place_its_sentence_names(text: str, zone: str | None) -> None:
    start = text.index("10:40")
    end = text.index("10:40") + (8 if "AM" in text[start : start + 8] else 5)
    assert zone_of(text, start, end) == zone


def test_a_date_written_before_the_time_picks_the_season() -> None:
    assert written_day("On 28 May 2024 at 10:00", 16) == date(2024, 5, 28)
    assert written_day("On May 28 or June 2 at 10:00", 20) is None  # two dates: either season
    assert written_day("At 10:00", 3) is None
