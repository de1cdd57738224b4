"""The attribution detector on agent traffic (flights, reservations, calendars): quiet on the
digits of dates, times and codes and on bare numbers, sure about labelled values in listings.

Every case is a small hand-written copy of a pattern seen in τ-bench or ToolTalk replies.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nofab import Guard, Policy, Profile
from nofab.detectors.attribution import AttributionDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.model.finding import Finding

AIRLINE = Profile.from_file(Path(__file__).resolve().parents[1] / "examples" / "profiles" / "airline.toml")


def _flight(number: str, economy_price: int, economy_seats: int, business_price: int = 300) -> dict[str, Any]:
    return {
        "flight_number": number,
        "origin": "JFK",
        "destination": "ATL",
        "scheduled_departure_time_est": "19:00:00",
        "scheduled_arrival_time_est": "21:30:00",
        "status": "available",
        "available_seats": {"basic_economy": 15, "economy": economy_seats, "business": 2},
        "prices": {"basic_economy": 52, "economy": economy_price, "business": business_price},
        "date": "2024-05-20",
    }


FLIGHTS = [_flight("HAT069", 121, 12), _flight("HAT083", 100, 7, 276)]
#: A one-stop search lists the second leg once per itinerary it is part of.
ONE_STOP = [
    [_flight("HAT136", 152, 14), _flight("HAT039", 103, 10, 283)],
    [_flight("HAT218", 150, 1), _flight("HAT039", 103, 10, 283)],
]
USER = {
    "user_id": "ivan_garcia_1234",
    "name": {"first_name": "Ivan", "last_name": "Garcia"},
    "payment_methods": {"credit_card_6437": {"source": "credit_card", "brand": "visa", "last_four": "6437"}},
    "reservations": ["JG7FMM", "2FBBAH"],
}
RESERVATION = {
    "reservation_id": "M05KNL",
    "user_id": "ivan_garcia_1234",
    "passengers": [
        {"first_name": "James", "last_name": "Moore", "dob": "1977-02-03"},
        {"first_name": "Amelia", "last_name": "Sanchez", "dob": "1968-08-24"},
    ],
    "flights": [{"flight_number": "HAT110", "date": "2024-05-23", "price": 105}],
    "total_baggages": 0,
}
CALENDAR = {"event_id": "5480d946-2381", "name": "Matt's Birthday", "start_time": "2023-10-04 00:00:00"}


def _findings(
    response: str, results: list[Any], profile: Profile | None = None, context: str = ""
) -> list[Finding]:
    profile = profile or Profile()
    turn = {
        "tool_calls": [{"name": f"tool_{i}", "result": r} for i, r in enumerate(results)],
        "response": response,
        "context": context,
    }
    evidence = Evidence(Guard(Policy(), profile)._coerce(turn), profile, lexicon_for(profile))
    return list(AttributionDetector(profile).detect(evidence))


QUIET = [
    (  # the digits of times: "06" and "00" of "06:00 AM" are no flight's values
        "1. **Flight HAT069**\n   - Departure: 06:00 AM EST\n   - Arrival: 12:00 PM EST",
        [FLIGHTS],
    ),
    ("Flight HAT110, Departure: 14:00, Arrival: 16:30.", [RESERVATION]),
    (  # parts of dates of birth
        "- **Passengers:**\n  - James Moore (DOB: 1977-02-03)\n  - Amelia Sanchez (DOB: 1968-08-24)",
        [RESERVATION],
    ),
    ("Flight HAT069 from JFK to SEA on May 20, 2024.", [FLIGHTS]),
    ("Your events are Matt's Birthday on 10/04.", [CALENDAR]),
    ("Flight HAT069 holds fare code ABC-9431.", [FLIGHTS]),  # digits of an id
    # a small structural integer with no field word
    ("- **Flight 2:** LGA to PHL, Flight Number: HAT110", [RESERVATION]),
    (  # no entity in the clause: the name is on an earlier line, the card's digits are an id
        "- **Passengers**: Ivan Garcia\n- **Payment**: An additional amount of $209 has been charged "
        "to your Visa card ending in 6437.",
        [USER],
    ),
    (  # "New Total Price" is no field; the reservation is named on the line before
        "**Reservation ID: JG7FMM**\n   - New Total Price: $241 (previously $3,538 per passenger)",
        [USER],
    ),
]


@pytest.mark.parametrize(("response", "results"), QUIET)
@pytest.mark.parametrize("profile", [None, AIRLINE], ids=["no profile", "airline"])
def test_dates_times_codes_and_unbound_numbers_are_not_values(
    response: str, results: list[Any], profile: Profile | None
) -> None:
    """Digits of dates, times and ids, small numbering and numbers no entity binds give no finding."""
    assert [(f.identifier, f.reason) for f in _findings(response, results, profile)] == []


@pytest.mark.parametrize(
    ("response", "results", "context"),
    [
        # a policy figure the context states
        (
            "Reservation M05KNL was created more than 24 hours ago.",
            [RESERVATION],
            "Cancellation is allowed within 24 hours of booking.",
        ),
        # a total derived from the record: two tickets at $121
        ("The cost for two economy tickets on flight HAT069 is $242.", [FLIGHTS], ""),
    ],
)
def test_a_bare_number_the_turn_explains_is_not_a_misattribution(
    response: str, results: list[Any], context: str
) -> None:
    """With no field word, a number the evidence holds or derives is left to the presence check."""
    assert _findings(response, results, AIRLINE, context) == []


def test_a_bare_number_bound_in_its_clause_and_found_nowhere_is_reported_softly() -> None:
    """'Flight HAT069 costs $977' names the record in the clause; nothing holds 977: below the threshold."""
    (finding,) = _findings("Flight HAT069 costs $977 today.", [FLIGHTS])
    assert (finding.identifier, finding.kind) == ("977", "unverified_number")
    assert finding.confidence < 0.8


@pytest.mark.parametrize(
    ("response", "results", "flagged"),
    [
        ("1. **Flight HAT069**\n   - Economy Price: $122\n   - Available Seats: 12", [FLIGHTS], "122"),
        ("- Flight Number: HAT083, Departure: 01:00, Arrival: 07:00, Price: $1020", [FLIGHTS], "1020"),
        ("1. **Flight HAT069**\n   - Price: $121\n   - Available Seats: 13", [FLIGHTS], "13"),
        # HAT039 is in two records that agree: one reading, not an ambiguity
        ("- **Second Leg:** Flight HAT039 ATL to SEA\n   - Available Seats in Economy: 140", ONE_STOP, "140"),
    ],
)
def test_a_changed_listing_value_is_bound_to_its_flight(
    response: str, results: list[Any], flagged: str
) -> None:
    """A labelled price or seat count its flight's record contradicts is a misattribution at >= 0.8."""
    findings = _findings(response, results, AIRLINE)
    assert [(f.identifier, f.kind) for f in findings] == [(flagged, "misattributed_value")]
    assert findings[0].confidence >= 0.8
    assert "HAT0" in findings[0].reason


@pytest.mark.parametrize(
    "response",
    [
        # the itinerary's seats are its first leg's
        "1. **Flight HAT136 & HAT039**\n   - Available Seats in Economy: 14\n   - Total Price: $255",
        # one price for two legs: their economy prices added
        "1. **New flights**: HAT136 to ATL and HAT039 to SEA\n   - Price: $255",
    ],
)
def test_a_listing_value_of_any_flight_of_its_paragraph_clears_it(response: str) -> None:
    """A labelled value held (or summed) by the flights its paragraph names is no finding."""
    assert _findings(response, ONE_STOP, AIRLINE) == []


def test_a_profile_may_opt_in_to_bare_numbers() -> None:
    """With ``unbound_numbers`` (box scores), a bare number next to a name is checked even unexplained."""
    profile = Profile.from_dict({"rules": {"attribution": {"unbound_numbers": True}}})
    quiet = _findings("Flight HAT069 had 7 left.", [FLIGHTS])
    loud = _findings("Flight HAT069 had 7 left.", [FLIGHTS], profile)
    assert quiet == []
    assert [(f.identifier, f.kind) for f in loud] == [("7", "misattributed_value")]


def test_a_name_shared_by_records_is_narrowed_by_what_its_sentence_states() -> None:
    """'Flight HAT023 on 2024-05-26' is the HAT023 record of that date, read with full confidence."""
    may_26, may_28 = (
        {**_flight("HAT023", 162, 14, 364), "date": "2024-05-26"},
        {
            **_flight("HAT023", 170, 9, 380),
            "date": "2024-05-28",
        },
    )
    quiet = _findings(
        "1. **JFK to SFO**: Flight HAT023 on 2024-05-26\n   - Price: $364", [[may_26, may_28]], AIRLINE
    )
    (finding,) = _findings(
        "1. **JFK to SFO**: Flight HAT023 on 2024-05-26\n   - Price: $380", [[may_26, may_28]], AIRLINE
    )
    assert quiet == []
    assert (finding.identifier, finding.kind) == ("380", "misattributed_value")
    assert finding.confidence >= 0.8


@pytest.mark.parametrize(
    ("response", "flagged"),
    [
        ("Would you like a city on the West Coast (e.g., Los Angeles, San Francisco, Seattle)?", []),
        ("The passengers are Ivan Garcia, Zed Moore and James Moore.", ["Zed"]),
    ],
)
def test_a_list_of_unknown_places_is_not_a_list_of_invented_names(response: str, flagged: list[str]) -> None:
    """An item of a list of capitalised runs nothing holds is a place; a lone unknown name among
    known ones is still a name nothing holds."""
    found = [
        f.identifier
        for f in _findings(response, [RESERVATION, USER], AIRLINE)
        if f.kind == "ungrounded_entity"
    ]
    assert found == flagged
