"""Arithmetic beside its operands (issue 12): products and ratios within one table row or
sentence (numbers/rows), a conversion with its source in brackets after it (numbers/units),
a per-unit amount the answer computed itself (numbers/perunit), the digits of a masked id
are no operand (numbers/shown), and the amounts of a record that names its currency combine
as money (numbers/currencyrecords). Each table has must-fire and must-not-fire rows."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.rows import units

_GUARD = Guard()


def _blocking(answer: str, result: Any, user: str = "What do I have?") -> list[str]:
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [{"name": "lookup", "result": result}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


_PRICES = {"items": [{"name": "lamp", "unit_price": 37.5}, {"name": "desk", "unit_price": 129.0}]}
_NIGHTS = {"hotel": "Seehof", "rate_per_night": 118, "currency": "EUR"}


# ---------------------------------------------------------------- products within a row
@pytest.mark.parametrize(
    ("answer", "user"),
    [
        ("| Item | Qty | Price | Line |\n|---|---|---|---|\n| lamp | 14 | $37.50 | $525.00 |", "14 lamps"),
        ("You asked for 14 lamps: at $37.50 each they come to $525.", "14 lamps please"),
        ("| Artikel | Menge | Preis | Summe |\n|---|---|---|---|\n| desk | 3 | $129 | $387 |", "3 desks"),
        ("Para 3 escritorios a $129 cada uno, son $387 en total.", "quiero 3 escritorios"),
        ("Für 16 Nächte à 118 € zahlen Sie 1888 €.", "16 Nächte"),
    ],
)
def test_a_product_of_two_numbers_of_its_row_is_explained(answer: str, user: str) -> None:
    result = _NIGHTS if "€" in answer else _PRICES
    assert _blocking(answer, result, user) == []


@pytest.mark.parametrize(
    ("answer", "user", "wrong"),
    [
        # a wrong product of the row stays a finding
        ("| Item | Qty | Price | Line |\n| lamp | 14 | $37.50 | $552 |", "14 lamps", "$552"),
        ("You asked for 14 lamps: at $37.50 each they come to $575.", "14 lamps please", "$575"),
        ("Para 3 escritorios a $129 cada uno, son $397 en total.", "quiero 3 escritorios", "$397"),
        # operands in another row or sentence do not explain it
        ("| lamp | 14 | $37.50 |\n| desk | $525.00 |", "14 lamps", "$525.00"),
        ("You asked for 14 lamps at $37.50. The desk is $525.", "14 lamps please", "$525"),
        # two amounts of money multiply into no amount
        ("The lamp is $37.50 and the desk $129; that makes $4,837.50.", "prices?", "$4,837.50"),
    ],
)
def test_a_wrong_or_distant_product_stays_a_finding(answer: str, user: str, wrong: str) -> None:
    assert wrong in _blocking(answer, _PRICES, user)


def test_a_row_ends_at_a_line_break_and_a_sentence_at_a_full_stop_not_a_decimal_point() -> None:
    text = "a 1.5 b. c\n| d |"
    starts = units(text)
    assert starts[0] == 0 and len(starts) == 3
    assert text[starts[1] :].startswith(" c") and text[starts[2] :].startswith("| d")


# ---------------------------------------------------------------- a conversion beside its source
_FORECAST = {"forecast": [{"date": "2023-08-17", "high": 24, "low": 15}], "unit": "celsius"}


@pytest.mark.parametrize(
    "answer",
    [
        "| Day | High | Low |\n|---|---|---|\n| Thu | 75°F (24°C) | 59°F (15°C) |",
        "Highs of 75°F (24°C), lows around 59°F (15°C).",
        "Máxima de 75 °F (24 °C) y mínima de 59 °F (15 °C).",
        "82°F (about 28°C) is not in the table, but 24°C (75°F) is.",
    ],
)
def test_a_conversion_with_its_source_in_brackets_after_it_is_explained(answer: str) -> None:
    result = {**_FORECAST, "note": "28"} if "28" in answer else _FORECAST
    found = _blocking(answer, result)
    assert [f for f in found if f not in ("82",)] == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("| Day | High | Low |\n|---|---|---|\n| Thu | 78°F (24°C) | 59°F (15°C) |", "78"),
        # a slip of a written conversion is not explained as a sum of other shown numbers (24 + 59)
        ("| Day | High | Low |\n|---|---|---|\n| Thu | 83°F (24°C) | 59°F (15°C) |", "83"),
        ("Máxima de 80 °F (24 °C).", "80"),
        # a comma is no bracket: a list of figures, not a conversion
        ("It will be 75°F, 24°C and dry.", "75"),
    ],
)
def test_a_wrong_conversion_beside_its_source_stays_a_finding(answer: str, wrong: str) -> None:
    assert wrong in _blocking(answer, _FORECAST)


# ---------------------------------------------------------------- a per-unit amount the answer computed
# Two searches, one fare each: no result holds their sum, only the answer computes it.
_OUT = {"flight_number": "BF880", "price": 312}
_BACK = {"flight_number": "BF881", "price": 298}
_WALLET = {
    "payment_methods": {
        "gift_card_1": {"source": "gift_card", "amount": 250},
        "gift_card_2": {"source": "gift_card", "amount": 180},
        "credit_card_9": {"source": "credit_card", "last_four": "7781"},
    }
}


def _calls(answer: str, user: str = "Book both flights for me and Rafael.") -> list[str]:
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [
            {"name": "get_user_details", "result": _WALLET},
            {"name": "search_direct_flight", "result": [_OUT]},
            {"name": "search_direct_flight", "result": [_BACK]},
        ],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "Fares: $312 + $298 = $610 per person → **$1,220** for two.",
        "Tarifas: $312 + $298 = $610 por persona, es decir **$1,220** para los dos.",
        "$312 + $298 = $610 per passenger, so $1,220 for you and Rafael.",
    ],
)
def test_a_multiple_of_a_per_unit_amount_the_answer_computed_is_explained(answer: str) -> None:
    assert _calls(answer) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("Fares: $312 + $298 = $610 per person → **$1,830** for two.", "$1,830"),
        ("Tarifas: $312 + $298 = $610 por persona, es decir **$1,830** para los dos.", "$1,830"),
        # a per-unit amount that is neither held nor computed proves nothing
        ("Fares are $605 per person, so $1,210 for two.", "$1,210"),
    ],
)
def test_a_wrong_multiple_stays_a_finding(answer: str, wrong: str) -> None:
    assert wrong in _calls(answer)


# ---------------------------------------------------------------- masked ids are no operands
_PAID = "$312 + $298 = $610 per person, **$1,220** for two."


@pytest.mark.parametrize(
    "answer",
    [
        f"{_PAID} Gift card 1: $250; gift card 2: $180; Visa ending in 7781: $790 (the rest).",
        f"{_PAID}\n- $250\n- $180\n- card ending **7781**: **$790**",
        f"{_PAID} Tarjeta 1: $250, tarjeta 2: $180, Visa terminada en 7781: $790 (el resto).",
    ],
)
def test_a_remainder_after_parts_is_not_broken_by_a_masked_card(answer: str) -> None:
    assert _calls(answer) == []


def test_a_wrong_remainder_stays_a_finding() -> None:
    answer = f"{_PAID} Gift card 1: $250; gift card 2: $180; Visa ending in 7781: $709 (the rest)."
    assert "$709" in _calls(answer)


# ---------------------------------------------------------------- a currency record's amounts combine
_QUOTE = {"symbol": "NVTK", "price": 182.5, "previous_close": 176.0, "currency": "USD"}


@pytest.mark.parametrize(
    "answer",
    [
        "NVTK is at $182.50, +$6.50 (+3.7%) on the day.",
        "| NVTK | $182.50 | 📈 +$6.50 (+3.7%) |",
        "NVTK cotiza a 182,50 $, sube 6,50 $ (+3,7 %).",
    ],
)
def test_a_change_between_two_amounts_of_a_currency_record_is_explained(answer: str) -> None:
    assert _blocking(answer, _QUOTE) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("NVTK is at $182.50, +$6.50 (+4.1%) on the day.", "+4.1%"),
        ("NVTK is at $182.50, +$7.50 on the day.", "+$7.50"),
        # no currency key and a field that names no price ("volume"): the difference is no
        # amount (a price point such as "previous_close" is one: numbers/changefields.py)
        ("NVTK is at $182.50, +$6.50 today.", "+$6.50"),
    ],
)
def test_a_wrong_change_stays_a_finding(answer: str, wrong: str) -> None:
    result = _QUOTE if "today" not in answer else {"symbol": "NVTK", "price": 182.5, "volume": 176.0}
    assert wrong in _blocking(answer, result)


def test_a_run_of_numbers_with_no_sentence_end_is_no_row() -> None:
    from nofab.numbers.rows import MAX_MEMBERS

    figures = " ".join(str(1000 + 7 * i) for i in range(MAX_MEMBERS + 2))
    answer = f"Quantities 14 and 37.5 give 525 {figures}"
    assert "525" in _blocking(answer, _PRICES, "14 lamps")
