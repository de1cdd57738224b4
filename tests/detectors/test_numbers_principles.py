"""The principles of the ``numbers`` detector, each as must-fire / must-not-fire tables written
from the principle (several phrasings, two or more languages where the lexicon has them)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Finding, Profile
from nofab.detectors.numbers import NumberDetector
from nofab.errors import ProfileError
from tests.helpers import call, findings, turn


def number_findings(response: str, *results: Any, user: str = "") -> dict[str, Finding]:
    calls = [call(f"tool_{i}", r) for i, r in enumerate(results)]
    return {f.identifier: f for f in findings(turn(response, *calls, user=user), detector="numbers")}


def blocking(response: str, *results: Any, user: str = "") -> list[str]:
    return [k for k, f in number_findings(response, *results, user=user).items() if f.confidence >= 0.8]


# ---------------------------------------------------------------- informative derivations
#: 40 fares: their pairwise sums and differences cover most integers up to ~1,300.
_PRICES = [303, 666, 617, 193, 438, 678, 545, 700, 654, 127, 680, 73, 540, 325, 624, 299, 256, 541, 613, 622]
_PRICES += [547, 466, 214, 297, 215, 595, 459, 75, 125, 223, 665, 103, 368, 91, 335, 544, 669, 456, 497, 464]
FARES = {"flights": [{"flight": f"F{i}", "price": p} for i, p in enumerate(_PRICES)]}


@pytest.mark.parametrize(
    "response",
    [
        "Both legs together come to $969.",  # 303 + 666, among hundreds of such pairs
        "The two flights cost $969 combined.",
        "Los dos vuelos cuestan $969 en total.",
    ],
)
def test_a_derivation_among_dense_derivable_values_proves_nothing(response: str) -> None:
    found = number_findings(response, FARES)["$969"]
    assert found.confidence == 0.5
    assert "uninformative" in found.evidence["possible_derivation"]


@pytest.mark.parametrize(
    ("response", "result"),
    [
        ("The difference is $18.", {"old_price": 130, "new_price": 112}),
        ("Your two orders total $75.", {"orders": [{"amount": 30}, {"amount": 45}]}),
        ("La diferencia es de 18 dólares.", {"old_price": 130, "new_price": 112}),
    ],
)
def test_a_derivation_among_few_related_numbers_explains(response: str, result: Any) -> None:
    assert number_findings(response, result) == {}


@pytest.mark.parametrize(
    ("response", "flagged"),
    [
        ("Your upgrade costs $25.", ["$25"]),  # 100 / 400 as a percentage: not money
        ("The fee is 25 dollars.", ["25"]),
        ("Conversion was 25%.", []),  # a percentage of two counts explains a percent
        ("Die Konversionsrate lag bei 25 %.", []),
    ],
)
def test_money_is_never_a_ratio(response: str, flagged: list[str]) -> None:
    assert blocking(response, {"visits": 400, "signups": 100}) == flagged


# ---------------------------------------------------------------- shown arithmetic with a cue
CERTIFICATE = {"certificate_id": "cert_1", "amount": 500}
BOOKING = {"reservation": "ABC123", "price": 299}


@pytest.mark.parametrize(
    "response",
    [
        "The flight is $299, paid with your $500 certificate, so $201 remains on it.",
        "After paying $299 with the $500 certificate you have $201 left.",
        "Your $500 certificate covers the $299 fare; the remaining balance is $201.",
        "El certificado de $500 cubre los $299; el saldo restante es de $201.",
        "Le certificat de 500 $ couvre les 299 $ ; il reste 201 $.",
    ],
)
def test_arithmetic_on_shown_numbers_with_a_cue_is_explained(response: str) -> None:
    assert blocking(response, CERTIFICATE, BOOKING) == []
    assert number_findings(response, CERTIFICATE, BOOKING) == {}


@pytest.mark.parametrize(
    "response",
    [
        "The flight is $299 and your certificate is $500. Your seat is $201.",
        "Certificate: $500. Fare: $299. Insurance: $201.",
    ],
)
def test_arithmetic_on_shown_numbers_without_a_cue_is_loose(response: str) -> None:
    found = number_findings(response, CERTIFICATE, BOOKING)["$201"]
    assert found.confidence == 0.5
    assert "possible_derivation" in found.evidence


def test_arithmetic_needs_an_operand_the_answer_shows() -> None:
    # 201 = 500 - 299, but the answer shows neither number: nothing to build on.
    assert blocking("You have $201 remaining.", CERTIFICATE, BOOKING) == ["$201"]


# ---------------------------------------------------------------- masked identifiers
CARDS = {"payment_methods": [{"id": "credit_card_7815826", "brand": "visa"}]}


@pytest.mark.parametrize(
    "response",
    [
        "I charged the Visa card ending in 5826.",
        "Paid with card ending with 15826.",
        "Charged to ****5826.",
        "Charged to •••• 5826.",
        "The last four digits are 5826.",
        "Last 4 digits: 5826.",
        "Cobrado a la tarjeta terminada en 5826.",
        "Belastet auf die Karte endend auf 5826.",
    ],
)
def test_a_masked_id_is_grounded_by_an_id_ending_in_its_digits(response: str) -> None:
    assert blocking(response, CARDS) == []


@pytest.mark.parametrize(
    "response",
    [
        "I charged the Visa card ending in 4321.",
        "Charged to ****4321.",
        "Cobrado a la tarjeta terminada en 4321.",
        "Your order 5826 has shipped.",  # not masked: the whole number must be there
    ],
)
def test_a_masked_id_whose_digits_end_no_id_is_flagged(response: str) -> None:
    assert len(blocking(response, CARDS)) == 1


# ---------------------------------------------------------------- invalid times and dates, units
@pytest.mark.parametrize(
    "response",
    [
        "Your flight departs at 36:00.",
        "The meeting is at 9:75 tomorrow.",
        "The flight leaves on May 37.",
        "The flight leaves on the 37th of May.",
        "Le vol part le 37 mai.",
    ],
)
def test_an_invalid_time_or_date_is_a_finding(response: str) -> None:
    found = number_findings(response, {"departure": "2024-05-17T16:00:00", "day": 37})
    assert any(f.evidence["literal_kind"] == "invalid" and f.confidence >= 0.8 for f in found.values())


def test_an_invalid_looking_time_the_evidence_holds_is_grounded() -> None:
    assert blocking("The video runs 36:00 exactly.", {"duration": "36:00"}) == []


@pytest.mark.parametrize(
    ("response", "flagged"),
    [
        ("That is a 37-hour trip.", ["37"]),
        ("It is a 36-hour trip with a 3-night stay.", []),
        ("Un viaje de 37-horas.", ["37"]),
    ],
)
def test_a_number_with_a_unit_suffix_is_a_number(response: str, flagged: list[str]) -> None:
    assert blocking(response, {"duration_hours": 36, "nights": 3}) == flagged


# ---------------------------------------------------------------- dates are not quantities
@pytest.mark.parametrize(
    ("response", "flagged"),
    [
        ("It was booked within the last 25 hours.", ["25"]),
        ("Plan for 25 minutes at the gate.", ["25"]),
        ("You fly on the 25th.", []),  # a day of the month: a date part
        ("Your reminder is on 5/25.", []),
        ("That was in 2024.", []),
    ],
)
def test_a_quantity_is_not_grounded_by_a_date_fragment(response: str, flagged: list[str]) -> None:
    assert blocking(response, {"created_at": "2024-05-25T10:30:00"}) == flagged


# ---------------------------------------------------------------- records keyed by id
GIFT_CARDS = {
    "payment_methods": {
        "gift_card_1": {"id": "gift_card_1", "source": "gift_card", "amount": 120},
        "gift_card_2": {"id": "gift_card_2", "source": "gift_card", "amount": 80},
        "certificate_3": {"id": "certificate_3", "source": "certificate", "amount": 500},
    }
}


@pytest.mark.parametrize(
    "response",
    [
        "Your gift cards and certificate hold $700 in total.",  # a column sum over the rows
        "Your two gift cards hold $200 together.",  # a pair within the amount column
        "Entre tus tarjetas tienes $700 en total.",
    ],
)
def test_records_keyed_by_id_are_one_table(response: str) -> None:
    assert blocking(response, GIFT_CARDS) == []


# ---------------------------------------------------------------- unit amounts are not multiples
FEE = {"insurance_fee": 30, "passengers": [{"name": "A"}, {"name": "B"}, {"name": "C"}]}


@pytest.mark.parametrize(
    ("response", "loose"),
    [
        ("For 3 passengers the insurance comes to $90.", True),  # 3 x $30: a loose multiple
        ("Insurance is $90 per passenger for your 3 passengers.", False),
        ("Insurance costs $90 each for the 3 of you.", False),
        ("El seguro cuesta $90 por pasajero para 3 pasajeros.", False),
        ("Insurance for 3 passengers is $90/person.", False),
    ],
)
def test_an_amount_stated_per_unit_is_not_a_multiple(response: str, loose: bool) -> None:
    found = number_findings(response, FEE)["$90"]
    assert (found.confidence == 0.5) is loose


def test_a_typo_in_the_numbers_settings_is_an_error_naming_the_key() -> None:
    with pytest.raises(ProfileError, match=r"structural_maxx"):
        NumberDetector(Profile(rules={"numbers": {"structural_maxx": 3}}))
    with pytest.raises(ProfileError, match=r"rules\.numbers\.structural_max"):
        NumberDetector(Profile(rules={"numbers": {"structural_max": "12"}}))
