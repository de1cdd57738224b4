"""Arithmetic respects the kind of its operands (issue 12): a sum or difference explains a
number only from commensurable operands — money with money, a percentage with percentages, a
temperature with temperatures of its scale, counts of one thing with counts of it
(numbers/kinds, numbers/derivations, numbers/shown). A number with no commensurable account
stays unexplained (0.8 or more), as any other; commensurable arithmetic still explains."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.numbers.kinds import answer_kind, commensurable, key_kind, split_by_kind
from nofab.numbers.numeral import Numeral

_GUARD = Guard()


def _confidence(answer: str, results: list[Any], literal: str, user: str = "How does it look?") -> float:
    """The highest confidence of a numbers finding on ``literal`` (0 when none)."""
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [{"name": f"lookup_{i}", "result": r} for i, r in enumerate(results)],
    }
    found = [f.confidence for f in _GUARD.check(turn).findings if f.identifier == literal]
    return max(found, default=0.0)


def _blocking(answer: str, results: list[Any], user: str = "How does it look?") -> list[str]:
    turn = {
        "response": answer,
        "user_message": user,
        "tool_calls": [{"name": f"lookup_{i}", "result": r} for i, r in enumerate(results)],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


# ---------------------------------------------------------------- kinds
@pytest.mark.parametrize(
    ("key", "kind"),
    [
        ("rain_chance", "percent"),
        ("humidity_pct", "percent"),
        ("min_f", "unit:f"),
        ("temperature_c", "unit:c"),
        ("trip_km", "unit:km"),
        ("checked_bags", "count:bag"),
        ("total_baggages", "count:bag"),  # "total" reads as money, the noun says what it counts
        ("fare", "money"),
        ("closing_price", "money"),
        ("value", None),
        ("record_min_temp", None),  # "min" inside a key is a minimum, not minutes
    ],
)
def test_a_field_key_names_the_kind_of_its_value(key: str, kind: str | None) -> None:
    assert key_kind(key) == kind


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("costs $12.40 now", "money"),
        ("kostet 12,40 € jetzt", "money"),
        ("up 2.5% today", "percent"),
        ("a high of 61°F", "unit:f"),
        ("un maximum de 16 °C", "unit:c"),
        ("about 42 km away", "unit:km"),
        ("31 passengers in all", "count:passenger"),
        ("number 4711 here", None),
    ],
)
def test_an_answer_number_has_the_kind_its_literal_unit_or_noun_shows(text: str, kind: str | None) -> None:
    from nofab.numbers.extract import extract_numerals

    numeral: Numeral = extract_numerals(text)[0]
    assert answer_kind(text, numeral) == kind


def test_only_two_named_kinds_that_differ_are_incommensurable() -> None:
    assert commensurable("money", "money") and commensurable(None, "percent")
    assert commensurable("unit:f", None)
    assert not commensurable("money", "percent") and not commensurable("unit:c", "unit:f")


def test_a_record_of_two_named_kinds_splits_and_keeps_its_unnamed_fields_with_each() -> None:
    groups, plain = split_by_kind([("max_c", 20.0), ("min_c", 9.0), ("rain_chance", 40.0), ("uv", 5.0)])
    assert sorted(groups, key=lambda g: str(g[0])) == [("percent", [40.0, 5.0]), ("unit:c", [20.0, 9.0, 5.0])]
    assert plain == [5.0]
    one, _plain = split_by_kind([("price", 10.0), ("seats_left", 4.0), ("flag", 1.0)])
    assert len(one) == 2  # money and a count of seats
    unnamed, rest = split_by_kind([("a", 1.0), ("b", 2.0)])
    assert unnamed == [(None, [1.0, 2.0])] and rest == [1.0, 2.0]


# ---------------------------------------------------------------- operands of one kind
_OUTLOOK = {
    "city": "Lyon",
    "days": [
        {"date": "2024-04-12", "max_c": 18, "min_c": 9, "rain_chance": 35},
        {"date": "2024-04-13", "max_c": 15, "min_c": 7, "rain_chance": 60},
        {"date": "2024-04-14", "max_c": 21, "min_c": 10, "rain_chance": 10},
    ],
}


@pytest.mark.parametrize(
    ("answer", "literal"),
    [
        # 44 = 35 (a chance of rain) + 9 (a low in Celsius); the true low is 48°F
        ("Friday: highs near 64°F, lows near 44°F, 35% chance of showers.", "44"),
        # 67 = 60 + 7, a chance plus a Celsius low; the true low is 45°F
        ("Samstag: Tiefstwert 67 °F, Regenrisiko 60 %.", "67"),
    ],
)
def test_a_temperature_is_no_sum_of_a_chance_and_a_temperature_in_celsius(answer: str, literal: str) -> None:
    assert _confidence(answer, [_OUTLOOK], literal) >= 0.8


@pytest.mark.parametrize(
    "answer",
    [
        "Friday: highs near 64°F, lows near 48°F, 35% chance of showers.",
        "Samedi : maximum 59 °F, minimum 45 °F, 60 % de risque de pluie.",
        "Sunday is the warmest day at 70°F.",
    ],
)
def test_a_true_conversion_of_the_forecast_still_passes(answer: str) -> None:
    assert _blocking(answer, [_OUTLOOK]) == []


_QUOTES = [
    {"symbol": "ACME", "price": 84.20, "previous_close": 82.10, "currency": "USD"},
    {"symbol": "GLOBX", "price": 213.75, "previous_close": 215.40, "currency": "USD"},
]


@pytest.mark.parametrize(
    ("answer", "literal"),
    [
        # −0.91% is 2.56% − $1.65 (a percentage minus an amount); the true change is −0.77%
        ("| Stock | Price | Change | % |\n|---|---|---|---|\n| ACME | $84.20 | +$2.10 | +2.56% |\n"
         "| GLOBX | $213.75 | −$1.65 | −0.91% |", "−0.91%"),
        # the same in German prose: 4,21 % = 2,56 % + 1,65 $
        ("ACME steigt um 2,10 $ (+2,56 %), GLOBX fällt um 1,65 $ (−4,21 %).", "−4,21 %"),
    ],
)  # fmt: skip
def test_a_percentage_is_no_difference_of_a_percentage_and_an_amount(answer: str, literal: str) -> None:
    assert _confidence(answer, _QUOTES, literal) >= 0.8


@pytest.mark.parametrize(
    "answer",
    [
        "| Stock | Price | Change | % |\n|---|---|---|---|\n| ACME | $84.20 | +$2.10 | +2.56% |\n"
        "| GLOBX | $213.75 | −$1.65 | −0.77% |",
        "ACME steigt um 2,10 $ (+2,56 %), GLOBX fällt um 1,65 $ (−0,77 %).",
    ],
)
def test_true_changes_of_the_quotes_pass(answer: str) -> None:
    assert _blocking(answer, _QUOTES) == []


_WALLET = {"gift_card": {"balance": 500}, "certificate": {"amount": 120}}


@pytest.mark.parametrize(
    "answer",
    [
        # money with money across sources, announced: still explained
        "You have $500 on the gift card and a $120 certificate, $620 in total.",
        "Sur la carte cadeau il y a 500 $, le certificat fait 120 $ : il reste 380 $ de différence.",
    ],
)
def test_money_still_adds_to_money(answer: str) -> None:
    assert _blocking(answer, [_WALLET]) == []


_BUDGET = {"project": "roof", "budget_eur": 1840, "spent_eur": 460, "overrun_pct": 0}


@pytest.mark.parametrize(
    "answer",
    [
        # a percentage as the ratio of two amounts of one record (one kind): still explained
        "You have spent €460 of the €1,840 budget, that is 25% of it.",
        "Sie haben 460 € von 1.840 € ausgegeben, also 25 % des Budgets.",
        # a difference of two amounts of one record, as an amount
        "There is €1,380 of the budget left.",
    ],
)
def test_a_ratio_or_difference_of_one_kind_still_explains(answer: str) -> None:
    assert _blocking(answer, [_BUDGET]) == []
