"""Principles of the ``numbers`` detector about what a number is read against (issue 12):

- a percentage change between two amounts one result writes in its free text is explained,
  as a change between two values of one field is (``nofab.numbers.change.text_change``);
- a small count bound to a counted noun ("3 jours", "2 bags") is a finding when the records the
  answer reports on count that noun as something else (``nofab.numbers.counted``);
- a number whose field word ("35 points") names a field that the record named before it in the
  sentence holds otherwise is not explained by a derivation of other numbers
  (``nofab.numbers.anchored``);
- a time or date the answer gives a role (starts, from, until, arrives ...) for a record it
  names is held against that record's field of that role (``nofab.numbers.roles``).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import call, findings, turn


def blocking(response: str, *results: Any, user: str = "") -> list[str]:
    """The identifiers of the numbers findings at or above the default threshold."""
    calls = [call(f"tool_{i}", r) for i, r in enumerate(results)]
    found = findings(turn(response, *calls, user=user), detector="numbers")
    return sorted(f.identifier for f in found if f.confidence >= 0.8)


# ---------------------------------------------------------------- changes of free-text amounts
SNIPPETS = [{"doc": "Q4 report", "text": "Sales climbed from $8.0M in Q3 to $9.2M in Q4; margin held at 12%"}]
EXTRAIT = {"résultats": "Le chiffre d'affaires passe de 250 euros à 300 euros par client sur l'année."}
PLAIN = "Operating costs went down from $400 to $340 per month after the switch."


@pytest.mark.parametrize(
    ("response", "result"),
    [
        ("Sales rose from $8.0M to $9.2M, about 15% growth.", SNIPPETS),
        ("Per the report, sales grew 15% quarter over quarter.", SNIPPETS),
        ("Le chiffre d'affaires est en hausse de 20 % sur l'année.", EXTRAIT),
        ("Costs fell by 15% after the switch.", PLAIN),
    ],
)
def test_a_change_between_two_amounts_of_one_passage_is_explained(response: str, result: Any) -> None:
    assert blocking(response, result) == []


@pytest.mark.parametrize(
    ("response", "results", "expected"),
    [
        # not the change between the passage's amounts
        ("Sales rose from $8.0M to $9.2M, about 25% growth.", [SNIPPETS], ["25%"]),
        ("Le chiffre d'affaires est en hausse de 30 % sur l'année.", [EXTRAIT], ["30 %"]),
        # no word announces a change: a share of something unsaid
        ("Sales were strong; 15% of them came from Europe.", [SNIPPETS], ["15%"]),
        # the amounts are in two results, not one passage
        (
            "Costs fell by 15%.",
            [{"text": "Costs were $400 a month."}, {"text": "Now $340 a month."}],
            ["15%"],
        ),
    ],
)
def test_a_change_no_passage_states_is_still_a_finding(
    response: str, results: list[Any], expected: list[str]
) -> None:
    assert blocking(response, *results) == expected


def test_a_passage_with_many_amounts_proves_no_change() -> None:
    """Eleven amounts change into one another by most percentages: 0.5, with the derivation."""
    prices = "; ".join(f"item {i} costs ${40 + 7 * i}" for i in range(11))
    calls = [call("search", {"text": prices})]
    (found,) = findings(turn("Prices rose 35% across the range.", *calls), detector="numbers")
    assert found.confidence == 0.5 and "uninformative" in found.evidence["possible_derivation"]


# ---------------------------------------------------------------- small counts of a counted noun
CARD = {"card_id": "crd_9", "status": "blocked", "replacement_eta_days": 5}
BOOKING = {"reservation_id": "QWE123", "total_baggages": 3, "nonfree_baggages": 1, "passengers": [{}, {}]}
HOTEL = {"hotel_id": "h-77", "nights": 4, "guests": 2}


@pytest.mark.parametrize(
    ("response", "result", "expected"),
    [
        ("Your card is blocked; the new one arrives in 3 days.", CARD, ["3"]),
        ("Votre carte est bloquée. Une nouvelle carte vous sera envoyée sous 3 jours.", CARD, ["3"]),
        ("Su tarjeta está bloqueada; recibirá la nueva en 3 días hábiles.", CARD, ["3"]),
        ("Ihre Karte ist gesperrt, die neue kommt in 3 Werktagen.", CARD, ["3"]),
        ("Reservation QWE123 now has 5 checked bags.", BOOKING, ["5"]),
        ("The booking covers 3 passengers.", BOOKING, ["3"]),
        ("Votre séjour de 2 nuits pour 2 invités est confirmé.", HOTEL, ["2"]),
        ("Tu estancia de 6 noches está confirmada.", HOTEL, ["6"]),
    ],
)
def test_a_small_count_the_reported_record_counts_otherwise_is_a_finding(
    response: str, result: Any, expected: list[str]
) -> None:
    assert blocking(response, result) == expected


@pytest.mark.parametrize(
    ("response", "result"),
    [
        # the record holds the count
        ("Your card is blocked; the new one arrives in 5 days.", CARD),
        ("Une nouvelle carte vous sera envoyée sous 5 jours ouvrés.", CARD),
        ("The booking covers 2 passengers with 3 bags.", BOOKING),
        ("Votre séjour de 4 nuits pour 2 invités est confirmé.", HOTEL),
        # a count derived from two held counts: free bags = total - paid
        ("You have 2 free bags and 1 paid bag.", BOOKING),
        # a modifier makes the count a part, an allowance or a rate
        ("You may add 2 more days; the card is blocked.", CARD),
        ("Il vous faut 2 jours supplémentaires.", CARD),
        ("You get 2 free bags on this booking.", BOOKING),
        ("Das sind 3 Werktage pro Karte.", CARD),
        ("You may check up to 5 bags on QWE123.", BOOKING),
        ("I added 5 checked bags to QWE123.", BOOKING),
        ("Puede llevar hasta 5 maletas en QWE123.", BOOKING),
        ("Sie dürfen bis zu 5 Koffer mitnehmen.", BOOKING),
        # a subset of what the field counts
        ("Of your rooms, 3 rooms are available tonight.", {"hotel_id": "h-1", "rooms": [{}, {}, {}, {}, {}]}),
        ("Quedan 3 habitaciones disponibles.", {"hotel_id": "h-1", "rooms": [{}, {}, {}, {}, {}]}),
        # the noun is no count the record holds
        ("You can do it in 3 steps, or pick one of 2 options.", CARD),
        ("It takes 3 weeks.", CARD),
        # a singular key is a calendar part, not a count
        ("The plan runs for 3 months, 2 days a week.", {"plan": "basic", "month": 5, "day": 14}),
        ("Das Abo läuft 3 Monate.", {"plan": "basic", "month": 5}),
    ],
)
def test_a_small_count_the_evidence_does_not_contradict_passes(response: str, result: Any) -> None:
    assert blocking(response, result) == []


def test_the_user_saying_the_count_grounds_it() -> None:
    assert blocking("Done: 4 checked bags on QWE123.", BOOKING, user="Please make it 4 checked bags.") == []
    assert blocking("Listo: 4 maletas en QWE123.", BOOKING, user="Quiero 4 maletas, por favor.") == []


def test_an_earlier_record_holding_the_count_grounds_it() -> None:
    earlier = call("get_reservation", {"reservation_id": "ZZZ999", "total_baggages": 5})
    now = call("update_reservation", {"reservation_id": "QWE123", "total_baggages": 2})
    assert blocking("You had 5 checked bags on the old booking.", earlier["result"], now["result"]) == []
    assert blocking("Tenías 7 maletas en la reserva anterior.", earlier["result"], now["result"]) == ["7"]


def test_only_the_records_the_answer_reports_on_count() -> None:
    """A count of an earlier, unnamed result is about something else; a named one is not."""
    earlier = call("get_reservation", {"reservation_id": "ZZZ999", "passengers": [{}]})
    total = call("calculate", 957.0, arguments={"expression": "(158 + 161) * 3"})
    said = "Total for 3 passengers: $957."
    assert [f.identifier for f in findings(turn(said, earlier, total), detector="numbers")] == []
    named = "Reservation ZZZ999 has 3 passengers; the total is $957."
    assert [f.identifier for f in findings(turn(named, earlier, total), detector="numbers")] == ["3"]


# ---------------------------------------------------------------- a field word after the number
BOX = {
    "teams": {"Hawks": {"pts": 99}, "Bulls": {"pts": 97}},
    "top": [
        {"player": "Ana Silva", "team": "Hawks", "pts": 31, "reb": 9},
        {"player": "Bo Chen", "team": "Bulls", "pts": 28, "ast": 7},
    ],
}
RECIPES = [
    {"recipe_name": "Green Curry", "calories": 420, "protein_g": 18},
    {"recipe_name": "Lentil Soup", "calories": 310, "protein_g": 21},
]


@pytest.mark.parametrize(
    ("response", "result", "user", "expected"),
    [
        ("Ana Silva led the Hawks with 35 points and 9 rebounds.", BOX, "", ["35"]),
        ("Ana Silva lideró a los Hawks con 35 puntos y 9 rebotes.", BOX, "", ["35"]),
        ("Ana Silva fez 35 pontos e 9 rebotes.", BOX, "", ["35"]),
        ("Green Curry has 438 calories and 18 g of protein.", RECIPES, "", ["438"]),
        ("Green Curry : 438 calories par portion.", RECIPES, "", ["438"]),
    ],
)
def test_a_derivation_does_not_explain_a_field_the_named_record_holds_otherwise(
    response: str, result: Any, user: str, expected: list[str]
) -> None:
    assert blocking(response, result, user=user) == expected


@pytest.mark.parametrize(
    ("response", "result", "user"),
    [
        # the named record holds it
        ("Ana Silva led the Hawks with 31 points and 9 rebounds.", BOX, ""),
        ("Lentil Soup has 310 calories.", RECIPES, ""),
        # the clause announces arithmetic: a total of parts
        ("Ana Silva and Bo Chen combined for 59 points.", BOX, ""),
        ("Ana Silva y Bo Chen sumaron 59 puntos en total.", BOX, ""),
        # the record is named in another sentence: the derivation stands
        ("Ana Silva was great. The starters added 35 points.", BOX, ""),
        # the word after the number is no field of the record
        ("Ana Silva played 35 minutes.", BOX, ""),
        # a hyphen makes it an adjective: the margin, not the points
        ("Ana Silva sealed a 2-point win; the Hawks won 99-97.", BOX, ""),
    ],
)
def test_a_derivation_still_explains_what_no_named_field_contradicts(
    response: str, result: Any, user: str
) -> None:
    assert blocking(response, result, user=user) == []


# ---------------------------------------------------------------- a time bound to a role
EVENTS = {
    "events": [
        {"title": "Team sync", "start": "2026-03-04T10:00:00", "end": "2026-03-04T11:15:00"},
        {"title": "Dentist", "start": "2026-03-04T14:30:00", "end": "2026-03-04T15:20:00"},
    ]
}
FLIGHT = {
    "flight_number": "QX101",
    "scheduled_departure_time_est": "09:05:00",
    "scheduled_arrival_time_est": "12:40:00",
}
STAY = {"hotel_name": "Hotel Lumen", "check_in_date": "2026-05-03", "check_out_date": "2026-05-07"}


@pytest.mark.parametrize(
    ("response", "result", "expected"),
    [
        ("Team sync starts at 11:15 AM.", EVENTS, ["11:15 AM"]),
        ("Team sync at 11:15, then the Dentist at 2:30 PM.", EVENTS, ["11:15"]),
        ("Team sync runs from 10:00 until 2:30 PM.", EVENTS, ["2:30 PM"]),
        ("Le Dentist commence à 15:20.", EVENTS, ["15:20"]),
        ("TEAM SYNC Starts At 11:15 AM.", EVENTS, ["11:15 AM"]),
        ("QX101 departs at 12:40.", FLIGHT, ["12:40"]),
        ("QX101 landet um 09:05.", FLIGHT, ["09:05"]),
        ("El QX101 sale a las 12:40.", FLIGHT, ["12:40"]),
        ("Hotel Lumen: check-in on May 7.", STAY, ["May 7"]),
    ],
)
def test_a_time_given_another_role_of_the_named_record_is_a_finding(
    response: str, result: Any, expected: list[str]
) -> None:
    assert blocking(response, result) == expected


MOVED = [
    {"title": "Team sync", "start": "2026-03-04T10:00:00", "end": "2026-03-04T10:30:00"},
    {"title": "Team sync", "start": "2026-03-04T11:00:00", "end": "2026-03-04T11:30:00"},
]


@pytest.mark.parametrize(
    ("response", "results"),
    [
        # the roles the record gives
        ("Team sync from 10:00 to 11:15 AM, the Dentist at 2:30 PM.", [EVENTS]),
        ("QX101 departs 09:05 and arrives 12:40.", [FLIGHT]),
        ("El QX101 sale a las 09:05 y llega a las 12:40.", [FLIGHT]),
        ("Hotel Lumen: from May 3 to May 7.", [STAY]),
        ("Hôtel Lumen : arrivée le 3 mai, départ le 7 mai.", [STAY]),
        # a move: an old and a new time, not a range
        ("I moved Team sync from 10:00 to 11:00 AM.", [MOVED[0], MOVED[1]]),
        ("J'ai déplacé Team sync de 10:00 à 11:00.", [MOVED[0], MOVED[1]]),
        # no role word, or the record is named in another sentence
        ("Team sync: 11:15 AM.", [EVENTS]),
        ("You have Team sync at 10:00. I added a gym session at 11:15 AM.", [EVENTS]),
        # a date with a plain "on" has no role: any date of the record
        ("Hotel Lumen: your booking renews on May 7.", [STAY]),
        ("Hotel Lumen : renouvellement le 7 mai.", [STAY]),
        # the record holds one role only
        ("Standup ends at 09:30.", [{"title": "Standup", "start": "2026-03-04T09:30:00"}]),
    ],
)
def test_a_time_read_in_its_role_passes(response: str, results: list[Any]) -> None:
    assert blocking(response, *results) == []


@pytest.mark.parametrize(
    "response",
    [
        f"You have {'9' * 400} days left.",
        f"Jayson Tatum had {'9' * 400} points.",
        "QX101 departs at 99:99, arrives at 12:40.",
        "Hotel Lumen: check-in on May 37, check-out on May 7.",
    ],
)
def test_hostile_numbers_never_crash_the_readings(response: str) -> None:
    results = [CARD, FLIGHT, STAY, BOX]
    findings(turn(response, *(call(f"tool_{i}", r) for i, r in enumerate(results))), detector="numbers")
