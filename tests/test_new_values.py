"""A change claim that names the new value it set ("set your phone to ...", "auf ...
geändert") is done only by a successful call of this turn whose arguments or result hold that
value: a tool able to do that kind of change grounds the verb, not the value. Values are
compared as values (a phone's digits, an e-mail without case, "4:30 PM" as 16:30, "March 12"
as 2024-03-12, "$250" as 250); plain words and bare counts are never held to the calls."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed


def settings(**arguments: Any) -> dict[str, Any]:
    """A settings call that changes something other than the value the claims name."""
    return {
        "name": "UpdateAccountSettings",
        "arguments": {"session_token": "s-1", **arguments},
        "result": {"status": "success"},
    }


def edit(result: Any = "success", **arguments: Any) -> dict[str, Any]:
    return {"name": "ModifyEvent", "arguments": {"event_id": "ev-41", **arguments}, "result": result}


UNRELATED = settings(two_factor=True, language="fr")


@pytest.mark.parametrize(
    "answer",
    [
        "I've set your recovery phone to 617-555-0148.",
        "Your backup email has been changed to lena.k@example.org.",
        "Done, I updated your contact number to +44 20 7946 0958 as asked.",
        "I've reset your PIN hint to QX7731.",
        "Ich habe Ihre Telefonnummer auf 0171 2345678 geändert.",
        "Ich habe deine E-Mail-Adresse auf jonas.b@example.de aktualisiert.",
        "He cambiado su correo a marta.r@example.es.",
        "He actualizado tu teléfono a 612 345 678.",
        "J'ai modifié votre adresse e-mail en claire.d@example.fr.",
    ],
)
def test_a_value_no_call_holds_is_not_set(answer: str) -> None:
    assert claimed(answer, UNRELATED) != []


@pytest.mark.parametrize(
    "answer",
    [
        "I moved the review to 4:30 PM.",
        "The review has been moved to March 12.",
        "Ich habe den Termin auf 16:30 Uhr geändert.",
        "J'ai changé l'heure de la réunion à 16h30.",
        "He cambiado la reunión a las 16:30.",
    ],
)
def test_a_time_or_date_no_call_holds_is_not_set(answer: str) -> None:
    assert claimed(answer, edit(title="Review", new_start_time="2024-03-10 09:00:00")) != []


@pytest.mark.parametrize(
    ("answer", "call"),
    [
        ("I've set your recovery phone to 617-555-0148.", settings(recovery_phone="+1 (617) 555-0148")),
        ("I've set your recovery phone to (617) 555 0148.", settings(recovery_phone="6175550148")),
        (
            "Your backup email has been changed to Lena.K@Example.org.",
            settings(backup_email="lena.k@example.org"),
        ),
        ("I've reset your PIN hint to qx7731.", settings(pin_hint="QX7731")),
        ("Ich habe Ihre Telefonnummer auf +49 171 2345678 geändert.", settings(phone="01712345678")),
        ("He cambiado su correo a marta.r@example.es.", settings(email="MARTA.R@EXAMPLE.ES")),
        ("I moved the review to 4:30 PM.", edit(new_start_time="2024-03-10 16:30:00")),
        ("I moved the review to 4:30 PM.", edit(new_start_time="2024-03-10T16:30:00")),
        ("I've moved the review to March 12.", edit(new_start_time="2024-03-12 09:00:00")),
        ("Ich habe den Termin auf 16:30 Uhr geändert.", edit(start="4:30 PM")),
        ("J'ai changé l'heure de la réunion à 16h30.", edit(start="16:30")),
        ("He cambiado la reunión a las 4:30 PM.", edit(start="2024-03-10 16:30")),
        ("I've changed your monthly limit to $250.", settings(monthly_limit=250)),
        # the value is what the call returned, not what it was given
        (
            "I've set your recovery phone to 617-555-0148.",
            {**settings(), "result": {"phone": "617-555-0148"}},
        ),
    ],
)
def test_a_value_a_call_holds_in_another_format_is_set(answer: str, call: dict[str, Any]) -> None:
    assert claimed(answer, call) == []


def test_a_value_held_deep_in_a_list_argument_is_set() -> None:
    call = {
        "name": "update_reservation_flights",
        "arguments": {
            "reservation_id": "ZFA04Y",
            "flights": [{"flight_number": "HAT110", "date": "2024-05-24"}],
        },
        "result": {"reservation_id": "ZFA04Y"},
    }
    assert claimed("I've changed your reservation to HAT110 on May 24.", call) == []
    assert claimed("I've changed your reservation to HAT220 on May 24.", call) != []


@pytest.mark.parametrize(
    "answer",
    [
        "I've set two-factor authentication to on.",
        "I've changed your seat preference to aisle.",
        "I've set your session timeout to 30.",
        "Ich habe die Sprache auf Französisch geändert.",
        "He cambiado el idioma a francés.",
        # the value belongs to the next deed, which is held by its own tool
        "I've updated your settings and sent a confirmation to lena.k@example.org.",
    ],
)
def test_words_counts_and_other_deeds_values_are_not_held(answer: str) -> None:
    assert claimed(answer, UNRELATED, {"name": "send_email", "arguments": {"to": "x"}, "result": "ok"}) == []


# A call that sets items by reference sets what those items are: a time an earlier result gives
# for an item named inside the call's arguments is held by the call. The thing changed (a
# top-level id) keeps its old values in its earlier record: those are not the new value.

SEARCH: dict[str, Any] = {
    "name": "search_direct_flight",
    "arguments": {"origin": "ORD", "destination": "JFK", "date": "2025-06-19"},
    "result": [
        {"flight_number": "HAT287", "scheduled_departure_time_est": "08:10:00", "prices": {"economy": 162}},
        {"flight_number": "HAT305", "scheduled_departure_time_est": "17:40:00", "prices": {"economy": 199}},
    ],
    "earlier": True,
}
SET_FLIGHTS: dict[str, Any] = {
    "name": "update_reservation_flights",
    "arguments": {
        "reservation_id": "Q7MZ2K",
        "flights": [
            {"flight_number": "HAT112", "date": "2025-06-14"},
            {"flight_number": "HAT305", "date": "2025-06-19"},
        ],
    },
    "result": {"reservation_id": "Q7MZ2K", "flights": [{"flight_number": "HAT305", "date": "2025-06-19"}]},
}


@pytest.mark.parametrize(
    "answer",
    [
        "I've moved your return to the 5:40 PM flight (HAT305).",
        "Your return has been changed to the 17:40 departure, HAT305.",
        "J'ai modifié votre retour : vol HAT305, avec un départ à 17 h 40.",
        "He cambiado su vuelta al HAT305, con salida a las 17:40.",
        "Alterei a sua volta para o HAT305, com partida às 17h40.",
    ],
)
def test_a_value_of_an_item_the_call_sets_is_held(answer: str) -> None:
    assert claimed(answer, SEARCH, SET_FLIGHTS) == []


@pytest.mark.parametrize(
    "answer",
    [
        "I've moved your return to the 8:10 AM flight.",
        "He cambiado su vuelta a las 8:10.",
        "J'ai modifié votre retour à 8 h 10.",
    ],
)
def test_a_value_of_an_item_the_call_did_not_set_is_not_held(answer: str) -> None:
    # 8:10 is HAT287's, a flight the search gave but the call did not set.
    assert claimed(answer, SEARCH, SET_FLIGHTS) != []


EVENTS: dict[str, Any] = {
    "name": "QueryCalendar",
    "arguments": {"date": "2025-06-12"},
    "result": {"events": [{"event_id": "ev-41", "name": "Review", "start_time": "2025-06-12 14:00:00"}]},
    "earlier": True,
}


@pytest.mark.parametrize(
    "answer",
    [
        "I moved the review to 2 PM.",
        "He movido la revisión a las 14:00.",
        "Ich habe die Besprechung auf 14 Uhr verlegt.",
    ],
)
def test_the_old_value_of_the_thing_changed_is_not_held(answer: str) -> None:
    # The call names ev-41 at its top level: the record of ev-41 holds its old time, 14:00.
    assert claimed(answer, EVENTS, edit(start_time="2025-06-12 16:30:00")) != []
