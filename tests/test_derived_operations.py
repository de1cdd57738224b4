"""Numbers an answer derives by an operation its words name are explained; the same figures
changed stay findings:

- a total the answer shows, split per unit by a count the turn gives ("per person", "per
  night", "/day": ``numbers.perunit`` split);
- a quantity with a unit stated per item, times a count ("20 minutes each", 4 sessions), and
  that product shown in another unit beside it;
- an amount converted into another currency at a rate a tool returned (``numbers.exchange``);
- a percentage change between one field of two results (a rate then and now);
- a difference announced by "more"/"fewer" between a shown amount and a held one.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard

_GUARD = Guard()


def _blocking(answer: str, user: str, calls: list[dict[str, Any]]) -> list[str]:
    turn = {"response": answer, "user_message": user, "tool_calls": calls}
    found = _GUARD.check(turn).findings
    return [f.identifier for f in found if f.confidence >= 0.8 and f.detector == "numbers"]


_QUOTE = [{"name": "quote_stay", "result": {"hotel": "Seaview", "total_price": 960}}]


@pytest.mark.parametrize(
    "answer",
    [
        "The stay totals $960, which is $480 per person for the two of you.",
        "The stay totals $960 for 4 nights, so $240 per night.",
        "The stay totals $960 for 4 nights ($240/night).",
        "Der Aufenthalt kostet insgesamt 960 €, also 240 € pro Nacht für 4 Nächte.",
        "La estancia cuesta 960 € en total, es decir 480 € por persona para los dos.",
    ],
)
def test_a_shown_total_split_by_a_count_the_turn_gives_passes(answer: str) -> None:
    assert _blocking(answer, "How much is the Seaview stay?", _QUOTE) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("The stay totals $960, which is $460 per person for the two of you.", "$460"),
        ("The stay totals $960 for 4 nights, so $250 per night.", "$250"),
        # a count the turn gives nowhere: 960 / 5 is no split of anything said
        ("The stay totals $960, so $192 per night.", "$192"),
        ("Der Aufenthalt kostet insgesamt 960 €, also 230 € pro Nacht für 4 Nächte.", "230"),
    ],
)
def test_a_split_that_is_wrong_or_has_no_count_is_caught(answer: str, wrong: str) -> None:
    assert wrong in " ".join(_blocking(answer, "How much is the Seaview stay?", _QUOTE))


_SERIES = [{"name": "create_series", "result": {"series_id": "s-1", "status": "created"}}]
_ASK = "Book a coaching session every Monday for 20 minutes."


@pytest.mark.parametrize(
    "answer",
    [
        "That's 4 sessions this month. At 20 minutes each, that's 80 minutes in all.",
        "That's 4 sessions this month. At 20 minutes each, that's 80 minutes (about 1.33 hours).",
        "Das sind 4 Termine. Bei 20 Minuten je Termin sind das 80 Minuten.",
    ],
)
def test_a_quantity_per_item_times_a_count_and_its_conversion_pass(answer: str) -> None:
    assert _blocking(answer, _ASK, _SERIES) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("That's 4 sessions this month. At 20 minutes each, that's 90 minutes in all.", "90"),
        ("That's 4 sessions this month. At 20 minutes each, that's 80 minutes (about 1.5 hours).", "1.5"),
        # the unit differs: 80 kilometres is no product of minutes
        ("That's 4 sessions this month. At 20 minutes each, you'll drive 80 km.", "80"),
    ],
)
def test_a_wrong_product_or_conversion_is_caught(answer: str, wrong: str) -> None:
    assert wrong in _blocking(answer, _ASK, _SERIES)


_RATE = [{"name": "fx_rate", "arguments": {"base": "USD", "quote": "EUR"}, "result": {"rate": 0.92}}]
_RATES = [*_RATE, {"name": "fx_rate", "arguments": {"date": "2024-01-02"}, "result": {"rate": 0.8}}]


@pytest.mark.parametrize(
    "answer",
    [
        "Your $250 comes to about €230 at today's rate.",
        "At today's rate, $250 = €230.",
        "Tus 250 USD son 230 EUR al cambio de hoy.",
        "Ihre 250 USD entsprechen heute 230 EUR.",
    ],
)
def test_an_amount_converted_at_a_held_rate_passes(answer: str) -> None:
    assert _blocking(answer, "How much is $250 in euros?", _RATE) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("Your $250 comes to €240 at today's rate.", "€240"),
        ("Tus 250 USD son 235 EUR al cambio de hoy.", "235"),
        # the same currency: no conversion is named, 250 x 0.92 is no dollar amount here
        ("Your $250 leaves $230 after fees.", "$230"),
    ],
)
def test_a_wrong_conversion_or_one_without_a_currency_change_is_caught(answer: str, wrong: str) -> None:
    assert wrong in " ".join(_blocking(answer, "How much is $250 in euros?", _RATE))


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("The rate was 0.80 in January and is 15% higher now.", None),
        ("The rate was 0.80 in January; the dollar now buys 15% more euros.", None),
        ("The rate was 0.80 in January and is 25% higher now.", "25%"),
    ],
)
def test_a_change_between_one_field_of_two_results(answer: str, wrong: str | None) -> None:
    found = _blocking(answer, "How has the euro rate moved since January?", _RATES)
    assert found == ([wrong] if wrong else [])


_CONVERTED = [
    {"name": "convert", "arguments": {"amount": 250}, "result": {"rate": 0.92, "converted": 230.0}},
    {"name": "fx_rate", "arguments": {"date": "2024-01-02"}, "result": {"rate": 0.8}},
]


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("Today's rate is 0.92; in January the dollar bought 13% fewer euros.", None),
        ("In January your $250 would have been €200, about €30 fewer than today.", None),
        ("In January your $250 would have been €200, about €30 more than today's amount.", None),
        ("In January your $250 would have been €200, about €40 fewer than today.", "€40"),
        # one figure changed: the conversion at January's rate no longer holds
        ("In January your $250 would have been €210, about €30 fewer than today.", "€210"),
    ],
)
def test_a_converted_result_is_money_and_more_or_fewer_name_a_difference(
    answer: str, wrong: str | None
) -> None:
    found = _blocking(answer, "How much is $250 in euros, and in January?", _CONVERTED)
    assert (wrong in found) if wrong else found == []


_BOOKING = [
    {
        "name": "get_booking",
        "result": {"passengers": [{"first_name": "Ana"}, {"first_name": "Ben"}], "total_price": 960},
    }
]


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("The booking totals $960, that is $480 per passenger.", None),
        ("La reserva cuesta 960 $ en total, es decir 480 $ por pasajero.", None),
        # three passengers is not what the booking holds
        ("The booking totals $960, that is $320 per passenger.", "$320"),
    ],
)
def test_a_split_by_the_count_a_result_holds_of_the_unit_noun(answer: str, wrong: str | None) -> None:
    found = _blocking(answer, "What does my booking cost?", _BOOKING)
    assert found == ([wrong] if wrong else [])
