"""Principles of the ``numbers`` detector about operands the answer itself shows (issue 12,
follow-up):

- a remainder: an amount shown subtracted from an amount the evidence holds, under a
  remainder cue (remaining, left, balance, reste, queda ...), is explained; a sum, a
  difference under "total", or a tool's computed figure minus a shown item is not
  (``nofab.numbers.across``);
- a per-unit amount the answer shows times a count the turn gives (the people the amount is
  for, a written count, a tool result's count of the unit noun) is explained; a multiple
  against the turn's own count is not (``nofab.numbers.perunit``);
- a conversion written beside the grounded quantity it converts ("82°F (about 28°C)") is
  explained; a wrong conversion, or one of an ungrounded quantity, is not
  (``nofab.numbers.units.beside``);
- a time the answer gives a role for is read against what a later call wrote to that record
  (an event moved by an edit naming its id) (``nofab.numbers.roles``);
- a clock time written with minutes ("10:00") is a time whatever its hour, never excused as a
  small count (``nofab.detectors.numbers``);
- an ordinal with a weekday before it ("Thursday the 22nd") is a day of the month, checked at
  a date's confidence (``nofab.numbers.dates.ordinal_day``; English only: the extractor reads
  no other language's ordinals, "22º", "22e", as numbers at all);
- a count of a noun whose total a field gives ("total_baggages") is that total or another held
  count, never a sum of the total and its own part (``nofab.numbers.counted``);
- a count with an availability word after its noun ("6 seats left", "plazas disponibles") is
  held against the fields whose key says availability ("available_seats.business")
  (``nofab.numbers.nouns``);
- a date no evidence holds, a day or a week off the one date of the record named in its
  sentence, is a slip of that record's date, not a relative date (``nofab.numbers.recorddates``);
- a number given for a day of a dated list (a weekday, "tomorrow", the date) that another day's
  row holds instead is that row's value, a finding (``nofab.numbers.dayrows``).
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab.model.turn import Turn
from nofab.numbers.perunit import party_size
from tests.helpers import call, findings, turn


def blocking(response: str, *calls: dict[str, Any], user: str = "") -> list[str]:
    """The identifiers of the numbers findings at or above the default threshold."""
    found = findings(turn(response, *calls, user=user), detector="numbers")
    return sorted(f.identifier for f in found if f.confidence >= 0.8)


# ---------------------------------------------------------------- a remainder with one operand shown
WALLET = call(
    "get_user_details",
    {"payment_methods": {"gift_card_7": {"source": "gift_card", "amount": 64, "id": "gift_card_7"}}},
)
BAG = call("update_reservation_baggages", {"payment_history": [{"payment_id": "gift_card_7", "amount": 50}]})


@pytest.mark.parametrize(
    "response",
    [
        "$50 was paid with your gift card, so $14 remains on it.",
        "I charged $50 to the gift card; $14 is left on it.",
        "After the $50 charge, the gift card balance is $14.",
        "$50 was paid with your gift card. It now shows $14.",  # its state after the charge
        "Se cobraron $50 de su tarjeta regalo; quedan $14.",
        "50 dollars ont été débités de votre carte cadeau : il reste 14 dollars.",
        "50 Dollar wurden von Ihrer Geschenkkarte abgebucht, es bleiben 14 Dollar übrig.",
    ],
)
def test_a_remainder_of_a_shown_amount_and_a_held_one_is_explained(response: str) -> None:
    assert blocking(response, WALLET, BAG) == []


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        # not the remainder
        ("$50 was paid with your gift card, so $16 remains on it.", ["$16"]),
        ("50 dollars ont été débités de votre carte cadeau : il reste 19 dollars.", ["19"]),
        # a sum of one shown part and an unshown amount under "total"
        ("The bag is $50; the total is $114.", ["$114"]),
        # a difference, but announced as a total
        ("The bag is $50; total price $14.", ["$14"]),
        # no cue: nothing says the numbers were combined
        ("$50 was paid with your gift card. The fee was $14.", ["$14"]),
    ],
)
def test_other_arithmetic_on_a_shown_amount_is_a_finding(response: str, expected: list[str]) -> None:
    assert blocking(response, WALLET, BAG) == expected


def test_a_computed_figure_minus_a_shown_item_is_not_a_remainder() -> None:
    """A calculator's 450 is the figure to relay: 450 - 30 under "left" is a slip of it."""
    calc, fee = call("calculate", 450.0), call("policy", {"insurance_fee": 30})
    assert blocking("With $30 insurance, $420 is left to pay.", calc, fee) == ["$420"]


# ---------------------------------------------------------------- a per-unit amount times a count
FLIGHT = call(
    "search_direct_flight",
    [
        {
            "flight_number": "HAT155",
            "prices": {"economy": 188, "business": 470},
            "available_seats": {"economy": 9},
        }
    ],
)


@pytest.mark.parametrize(
    ("response", "user"),
    [
        ("Economy costs $188 per passenger, $376 for you and Ada.", ""),
        ("Economy is $188 per passenger, $564 for Hugo, Camille Laurent and Lea.", ""),
        ("Economy is $188 each, so $376 for you and your wife.", ""),
        ("L'économie coûte 188 euros par personne, 376 euros pour vous et Marie.", ""),
        ("Economy kostet 188 Euro pro Person, 376 Euro für Sie und Anna.", ""),
        ("Economía: $188 por persona, $564 para usted, Ana y Luis.", ""),
        # the count written by the user
        ("Economy is $188 per passenger, $564 in all.", "Book three of us on HAT155."),
    ],
)
def test_a_per_unit_amount_times_the_turns_count_is_explained(response: str, user: str) -> None:
    assert blocking(response, FLIGHT, user=user) == []


def test_a_tool_results_count_of_the_unit_noun_is_a_count() -> None:
    booked = call(
        "get_reservation_details", {"reservation_id": "ZX12AB", "passengers": ["Ana", "Ben", "Cleo"]}
    )
    assert blocking("Economy is $188 per passenger, $564 for the reservation.", FLIGHT, booked) == []


@pytest.mark.parametrize(
    ("response", "user", "expected"),
    [
        # four fares where the turn counts two
        ("Economy costs $188 per passenger, $752 for you and Ada.", "", ["$752"]),
        ("Economy is $188 per passenger, $752 in all.", "Book two of us on HAT155.", ["$752"]),
        ("L'économie coûte 188 euros par personne, 752 euros pour vous et Marie.", "", ["752"]),
        # no per-unit cue: a bare multiple of a price is not an account
        ("Economy costs $188, $376 for you and Ada.", "", ["$376"]),
    ],
)
def test_a_multiple_against_the_turns_count_is_a_finding(
    response: str, user: str, expected: list[str]
) -> None:
    assert blocking(response, FLIGHT, user=user) == expected


def test_a_multiple_with_no_count_anywhere_is_loose() -> None:
    (found,) = findings(turn("Economy is $188 per passenger, $376 overall.", FLIGHT), detector="numbers")
    assert found.identifier == "$376" and found.confidence == 0.5
    assert "per-unit amount 188" in found.evidence["possible_derivation"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (" for you and Ada.", 2),
        (" for Hugo and Camille Laurent. Your", 2),
        (" for Anna, Ben and Cleo", 3),
        (" for you and your wife", 2),
        (" pour vous et Marie", 2),
        (" für Sie und Anna", 2),
        (" para usted y Ana", 2),
        (" for you", None),  # one member is no party to multiply by
        (" for the flight and the bag", None),  # not people
        (" and Ada", None),  # no "for"
    ],
)
def test_party_size_counts_the_people_an_amount_is_for(text: str, expected: int | None) -> None:
    assert party_size(text, 0) == expected


# ---------------------------------------------------------------- a conversion beside its source
WEATHER = call("CurrentWeather", {"weather": {"date": "2023-09-12", "high": 82, "low": 66}})


@pytest.mark.parametrize(
    "response",
    [
        "A high of 82°F (about 28°C) and a low of 66°F (about 19°C).",
        "High 82 °F / 28 °C, low 66 °F / 19 °C.",
        "Máxima de 82 °F (unos 28 °C).",
        "Höchstwert 82 °F (etwa 28 °C).",
    ],
)
def test_a_conversion_beside_its_grounded_source_is_explained(response: str) -> None:
    assert blocking(response, WEATHER) == []


def test_a_distance_converted_beside_its_source_is_explained() -> None:
    trip = call("route", {"distance": 42})
    assert blocking("The route is 42 km (about 26 mi) long.", trip) == []


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        ("A high of 82°F (about 31°C).", ["31"]),  # not 82°F in Celsius
        ("A high of 95°F (35°C).", ["35", "95"]),  # the source itself is not grounded
        ("A high of 82°F, and 28°C indoors.", ["28"]),  # not beside: another quantity
        ("A high of 82°F 28°C.", ["28"]),  # no link: not written as a conversion
    ],
)
def test_a_wrong_or_ungrounded_conversion_is_a_finding(response: str, expected: list[str]) -> None:
    assert blocking(response, WEATHER) == expected


# ---------------------------------------------------------------- a time a later call wrote
EVENTS = call(
    "QueryCalendar",
    {"events": [{"event_id": "8b2e", "name": "Project kickoff", "start_time": "2023-09-15 14:00:00",
                 "end_time": "2023-09-15 15:00:00"}]},
)  # fmt: skip


def _moved(event_id: str) -> dict[str, Any]:
    arguments = {
        "event_id": event_id,
        "new_start_time": "2023-09-15 15:00:00",
        "new_end_time": "2023-09-15 16:00:00",
    }
    return call("ModifyEvent", {"status": "success"}, arguments)


@pytest.mark.parametrize(
    "response",
    [
        "Done: Project kickoff is now from 3:00 to 4:00 PM.",
        "Project kickoff now starts at 15:00 and ends at 16:00.",
        "C'est fait : Project kickoff commence désormais à 15:00.",
    ],
)
def test_a_time_an_edit_of_the_named_record_wrote_passes(response: str) -> None:
    assert blocking(response, EVENTS, _moved("8b2e")) == []


@pytest.mark.parametrize(
    ("response", "calls", "expected"),
    [
        # the edit names another record
        ("Project kickoff now starts at 15:00.", [EVENTS, _moved("77aa")], ["15:00"]),
        # no edit at all
        ("Project kickoff starts at 15:00.", [EVENTS], ["15:00"]),
    ],
)
def test_a_time_no_edit_of_the_record_wrote_is_still_a_finding(
    response: str, calls: list[dict[str, Any]], expected: list[str]
) -> None:
    assert blocking(response, *calls) == expected


# ---------------------------------------------------------------- a clock time with a small hour
LEGS = call(
    "search_onestop_flight",
    [
        {
            "flight_number": "HAT041",
            "scheduled_departure_time_est": "11:00:00",
            "scheduled_arrival_time_est": "14:30:00",
        }
    ],
)


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        ("HAT041: BOS 10:00 → DFW 14:30", ["10:00"]),
        ("HAT041 leaves BOS at 9:00 and lands at 14:30.", ["9:00"]),
        ("HAT041 startet um 10:00 Uhr in BOS.", ["10:00 Uhr"]),
        ("El HAT041 sale a las 2:00.", ["2:00"]),
    ],
)
def test_a_clock_time_with_a_small_hour_is_checked(response: str, expected: list[str]) -> None:
    assert blocking(response, LEGS) == expected


@pytest.mark.parametrize(
    "response",
    [
        "HAT041: BOS 11:00 → DFW 14:30",
        "HAT041 leaves BOS at 11:00 AM and lands at 2:30 PM.",
        "HAT041 lands at 2:30.",  # a bare 2:30 may be 14:30
        "Le HAT041 part à 11:00.",
    ],
)
def test_a_clock_time_the_evidence_holds_passes(response: str) -> None:
    assert blocking(response, LEGS) == []


# ---------------------------------------------------------------- an ordinal day of the month
MESSAGE = call(
    "SearchMessages",
    {
        "messages": [
            {"timestamp": "2023-09-10 16:20:00", "message": "The deadline moved to Thursday the 21st."}
        ]
    },
)


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        ("The deadline moved to Thursday the 22nd.", ["22nd"]),
        ("It now falls on Thu. the 22nd at noon.", ["22nd"]),
        ("Due Friday, the 23rd.", ["23rd"]),
    ],
)
def test_an_ordinal_day_the_evidence_does_not_hold_is_a_finding(response: str, expected: list[str]) -> None:
    assert blocking(response, MESSAGE) == expected


@pytest.mark.parametrize(
    "response",
    [
        "The deadline moved to Thursday the 21st.",
        "It is due on Thursday, the 21st.",
        "Your 22nd message this week mentions it.",  # not a day: a loose ordinal stays below 0.8
        "Friday, the 10th, is when lhardy wrote.",
    ],
)
def test_an_ordinal_day_the_evidence_holds_or_a_plain_ordinal_passes(response: str) -> None:
    assert blocking(response, MESSAGE) == []


# ---------------------------------------------------------------- the value of another day's row
FORECAST = {
    "station": {"name": "Midway", "elevation_ft": 620},
    "forecast": [
        {"date": "2023-09-13", "high": 73, "low": 60},
        {"date": "2023-09-14", "high": 75, "low": 62},
        {"date": "2023-09-16", "high": 77, "low": 61},
        {"date": "2023-09-17", "high": 70, "low": 58},
    ],
}


def day_blocking(response: str, context: str = "timestamp: 2023-09-12 09:30:00") -> list[str]:
    t = Turn.from_dict(
        {"response": response, "context": context, "tool_calls": [call("ForecastWeather", FORECAST)]}
    )
    return sorted(f.identifier for f in findings(t, detector="numbers") if f.confidence >= 0.8)


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        ("Saturday will be sunny, 75°F / 61°F.", ["75"]),
        ("On Sunday expect a high of 77°F.", ["77"]),
        ("Tomorrow: a high of 73°F and a low of 62°F.", ["62"]),
        ("Samedi : 75 °F au plus chaud.", ["75"]),
        ("El sábado, máxima de 75 °F.", ["75"]),
        ("Am Samstag bis zu 75 °F.", ["75"]),
        ("Demain, 73 °F et 62 °F.", ["62"]),
        ("On September 16: 75°F.", ["75"]),
    ],
)
def test_a_value_of_another_days_row_is_a_finding(response: str, expected: list[str]) -> None:
    assert day_blocking(response) == expected


@pytest.mark.parametrize(
    ("response", "context"),
    [
        ("Saturday will be sunny, 77°F / 61°F, and Sunday 70°F / 58°F.", "timestamp: 2023-09-12"),
        ("Tomorrow: a high of 73°F and a low of 60°F.", "timestamp: 2023-09-12"),
        # a comparison names the other day: each number is read against its own day
        ("Saturday reaches 77°F, warmer than Thursday's 75°F.", "timestamp: 2023-09-12"),
        # "tomorrow" counted from no date: the context gives none, or two
        ("Tomorrow: 75°F.", ""),
        ("Tomorrow: 75°F.", "created 2023-09-10, now 2023-09-12"),
        # a number the other rows do not hold in a shared field
        ("Saturday: 77°F at the Midway station, 620 ft up.", "timestamp: 2023-09-12"),
        ("Le samedi, 77 °F.", "timestamp: 2023-09-12"),
    ],
)
def test_a_days_own_value_or_an_unnamed_row_passes(response: str, context: str) -> None:
    assert day_blocking(response, context) == []


def test_a_weekday_two_rows_fall_on_names_no_row() -> None:
    rows = {
        "days": [
            {"date": "2023-09-16", "high": 77},
            {"date": "2023-09-23", "high": 75},
            {"date": "2023-09-17", "high": 70},
        ]
    }
    t = turn("Saturday: 75°F.", call("ForecastWeather", rows))
    assert [f for f in findings(t, detector="numbers") if f.confidence >= 0.8] == []


# ---------------------------------------------------------------- a count whose total a field gives
RESERVATION = {"reservation_id": "KD4M7P", "total_baggages": 2, "nonfree_baggages": 1}
PARTS = {"reservation_id": "KD4M7P", "checked_bags": 2, "cabin_bags": 1}


@pytest.mark.parametrize(
    ("response", "result", "expected"),
    [
        ("KD4M7P now has 3 checked bags.", RESERVATION, ["3"]),
        ("KD4M7P a maintenant 3 bagages.", RESERVATION, ["3"]),
        ("KD4M7P tiene ahora 3 maletas.", RESERVATION, ["3"]),
    ],
)
def test_a_count_beside_a_total_field_is_not_a_sum_of_it(
    response: str, result: Any, expected: list[str]
) -> None:
    assert blocking(response, call("get_reservation_details", result)) == expected


@pytest.mark.parametrize(
    ("response", "result"),
    [
        ("KD4M7P now has 2 checked bags.", RESERVATION),
        ("KD4M7P a maintenant 2 bagages.", RESERVATION),
        # parts with no total: the answer may add them up
        ("KD4M7P has 3 bags in all.", PARTS),
    ],
)
def test_a_held_total_or_a_sum_of_parts_passes(response: str, result: Any) -> None:
    assert blocking(response, call("get_reservation_details", result)) == []


# ---------------------------------------------------------------- the available part of a count
SEATS = call(
    "search_direct_flight",
    [{"flight_number": "HAT118", "available_seats": {"basic_economy": 9, "economy": 17, "business": 4}}],
)
ROOMS = call("hotel_search", [{"hotel_name": "Lumen", "total_rooms": 40, "rooms_available": 3}])


@pytest.mark.parametrize(
    ("response", "call_", "expected"),
    [
        ("HAT118 has 6 business seats left.", SEATS, ["6"]),
        ("HAT118 still has 6 seats available in business.", SEATS, ["6"]),
        ("El HAT118 tiene 6 asientos disponibles en business.", SEATS, ["6"]),
        ("Lumen has 5 rooms available tonight.", ROOMS, ["5"]),
        ("L'hôtel Lumen a 5 chambres disponibles.", ROOMS, ["5"]),
    ],
)
def test_an_available_count_the_availability_field_contradicts_is_a_finding(
    response: str, call_: dict[str, Any], expected: list[str]
) -> None:
    assert blocking(response, call_) == expected


@pytest.mark.parametrize(
    ("response", "call_"),
    [
        ("HAT118 has 4 business seats left.", SEATS),
        ("El HAT118 tiene 4 asientos disponibles en business.", SEATS),
        ("Lumen has 3 rooms available tonight.", ROOMS),
        # a modifier before the noun is a change, not the available part
        ("I added 2 more seats to the hold.", SEATS),
    ],
)
def test_an_available_count_the_field_holds_passes(response: str, call_: dict[str, Any]) -> None:
    assert blocking(response, call_) == []


# ---------------------------------------------------------------- a date off the named record's date
BOOKING = call(
    "get_reservation_details",
    {
        "reservation_id": "D7JK2Q",
        "flights": [{"flight_number": "HAT104", "date": "2024-05-22", "price": 140}],
    },
)


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        ("D7JK2Q is now on HAT104 on 2024-05-23.", ["2024-05-23"]),
        ("HAT104 flies on May 29.", ["May 29"]),  # a week off
        ("El HAT104 sale el 23 de mayo a las ocho.", ["23 de mayo"]),
        ("Le HAT104 part le 21 mai au matin.", ["21 mai"]),
    ],
)
def test_a_date_off_the_named_records_date_is_a_finding(response: str, expected: list[str]) -> None:
    assert blocking(response, BOOKING) == expected


@pytest.mark.parametrize(
    "response",
    [
        "D7JK2Q is now on HAT104 on 2024-05-22.",
        "HAT104 departs May 22 and arrives on May 23.",  # an overnight arrival: an end role
        "Your next trip is on May 23.",  # no record named: a relative date stays loose
    ],
)
def test_the_records_date_an_arrival_or_an_unnamed_date_passes(response: str) -> None:
    assert blocking(response, BOOKING) == []
