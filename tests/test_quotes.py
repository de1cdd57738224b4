"""A quote before a booking (numbers/quotes.py): the per-person fares of the items the answer
lists, times the people it names, plus an extra it shows, announced as a total.

No write call has run, so no record holds the total: it is the answer's own arithmetic over
what it lists. Written from the principle in four languages; a slip of the total, a party
size nobody named and a figure with no total cue stay findings.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking, call

USER = call(
    "get_user_details",
    {
        "user_id": "ines_moreau_3321",
        "name": {"first_name": "Ines", "last_name": "Moreau"},
        "payment_methods": {"gift_card_771": {"source": "gift_card", "amount": 150, "id": "gift_card_771"}},
        "saved_passengers": [{"first_name": "Paul", "last_name": "Moreau", "dob": "1991-04-02"}],
        "membership": "gold",
    },
)


def _flight(number: str, economy: int, business: int) -> dict[str, Any]:
    return {
        "flight_number": number,
        "scheduled_departure_time_est": "08:00:00",
        "available_seats": {"economy": 9, "business": 3},
        "prices": {"economy": economy, "business": business},
    }


OUT = call("search_direct_flight", [_flight("QF210", 188, 455), _flight("QF214", 172, 430)])
BACK = call("search_direct_flight", [_flight("QF305", 203, 470), _flight("QF309", 166, 415)])
POLICY = "Travel insurance costs $25 per passenger."


@pytest.mark.parametrize(
    "answer",
    [
        "Here's the booking:\n- QF210 out, QF305 back\n- Passengers: Ines Moreau and Paul Moreau\n"
        "- Total: $782 ($150 from your gift card, $632 on your card)",
        "Flights QF210 and QF305 for Ines and Paul, economy. Total price: $782. Shall I book it?",
        "Resumen: QF210 (ida) y QF305 (vuelta), pasajeros Ines Moreau y Paul Moreau. Total: 782 USD.",
        "Récapitulatif : QF210 à l'aller, QF305 au retour, pour Ines et Paul. Total : 782 $.",
        "Zusammenfassung: QF210 hin, QF305 zurück, für Ines und Paul. Gesamtpreis: 782 $.",
        # one passenger, business, insurance shown as an extra
        "- QF214, business\n- Passenger: Ines Moreau\n- Insurance: $25\n- Total: $455",
        # two passengers with insurance each
        "QF214 for Ines and Paul, insurance $25 each: $394 in total.",
    ],
)
def test_a_quote_of_the_listed_items_for_the_named_people_is_clean(answer: str) -> None:
    assert blocking(answer, USER, OUT, BACK, context=POLICY) == []


@pytest.mark.parametrize(
    "answer",
    [
        # a slip of the total
        "Flights QF210 and QF305 for Ines and Paul, economy. Total price: $728.",
        "Resumen: QF210 y QF305, pasajeros Ines Moreau y Paul Moreau. Total: 792 USD.",
        # three people's fares when two are named
        "Flights QF210 and QF305 for Ines and Paul, economy. Total price: $1,173.",
        # the other flight's fare
        "Flights QF210 and QF305 for Ines and Paul, economy. Total price: $708.",
    ],
)
def test_a_total_that_is_no_quote_of_what_is_listed_is_found(answer: str) -> None:
    assert blocking(answer, USER, OUT, BACK, context=POLICY) != []


def test_a_wrong_part_of_a_quoted_total_is_found() -> None:
    answer = "QF210 and QF305 for Ines and Paul. Total: $782 ($150 from your gift card, $623 on your card)"
    assert blocking(answer, USER, OUT, BACK, context=POLICY) != []
