"""Records written as one group are one itinerary (numbers/roles.py): "HX310 + HX882 — leaves
6:40 AM, arrives 5:20 PM" leaves with its first leg and arrives with its last, so a time any
member holds with that role agrees. A time no member holds with that role is still a misread.
"""

from __future__ import annotations

import pytest

from tests.helpers import blocking, call


def _leg(number: str, origin: str, destination: str, leaves: str, arrives: str) -> dict[str, object]:
    return {
        "flight_number": number,
        "origin": origin,
        "destination": destination,
        "scheduled_departure_time_est": leaves,
        "scheduled_arrival_time_est": arrives,
    }


SEARCH = call(
    "search_onestop_flight",
    [
        [
            _leg("HX310", "SEA", "DEN", "06:40:00", "10:12:00"),
            _leg("HX882", "DEN", "MIA", "11:35:00", "17:20:00"),
        ],
        [
            _leg("HX314", "SEA", "DEN", "09:05:00", "12:38:00"),
            _leg("HX890", "DEN", "MIA", "14:10:00", "19:58:00"),
        ],
    ],
)


@pytest.mark.parametrize(
    "answer",
    [
        "1. **HX310 + HX882** — leaves 6:40 AM, arrives Miami 5:20 PM\n"
        "2. **HX314 + HX890** — leaves 9:05 AM, arrives 7:58 PM",
        "Option 1: HX310 and HX882, departing at 6:40 AM and arriving at 5:20 PM.",
        "1. HX310 + HX882: sale a las 6:40 y llega a las 17:20.",
        "1. HX310 + HX882 : départ à 6 h 40, arrivée à 17 h 20.",
        "1. HX310 + HX882 – Abflug 6:40 Uhr, Ankunft 17:20 Uhr.",
    ],
)
def test_an_itinerary_takes_the_times_of_its_first_and_last_legs(answer: str) -> None:
    assert blocking(answer, SEARCH) == []


@pytest.mark.parametrize(
    "answer",
    [
        "1. HX310 + HX882 — arrives in Miami at 6:40 AM.",
        "HX882 leaves at 6:40 AM.",
        "1. HX310 + HX882 — leaves 9:05 AM, arrives 5:20 PM.",
    ],
)
def test_a_time_no_member_holds_in_its_role_is_a_misread(answer: str) -> None:
    assert blocking(answer, SEARCH) != []


@pytest.mark.parametrize(
    "answer",
    [
        "**Departure:** 6:40 AM on HX310 · **Arrival:** 5:20 PM on HX882",
        "Salida: 6:40 en el HX310 · Llegada: 17:20 con el HX882",
        "Départ : 6 h 40 avec HX310 · Arrivée : 17 h 20 avec HX882",
        "Leaves 6:40 AM (HX310), arrives 5:20 PM (HX882).",
    ],
)
def test_a_time_takes_the_record_named_right_after_it(answer: str) -> None:
    assert blocking(answer, SEARCH) == []


@pytest.mark.parametrize(
    "answer",
    ["**Departure:** 6:40 AM on HX310 · **Arrival:** 10:12 PM on HX882", "Arrival: 11:35 AM on HX882."],
)
def test_a_time_the_record_after_it_does_not_hold_in_its_role_is_found(answer: str) -> None:
    assert blocking(answer, SEARCH) != []
