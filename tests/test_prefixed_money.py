"""Money written with a country-prefixed dollar sign ("CA$", "R$", "NZ$") or with one space
after its sign ("R$ 2.632,67", "€ 40") is money (numbers/extract); a conversion record whose
units are currency codes types its amount and result as money (numbers/currencyrecords);
a rate written "1 € = R$ 6,3184" is a rate (numbers/rates); a share written after a per-unit
subject ("each of you gets", "cada um fica com") splits a total of its own currency shown a
few amounts before (numbers/perunit)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab.numbers.extract import extract_numerals
from tests.helpers import blocking


def _flagged(answer: str, *calls: dict[str, Any], user: str = "How much is it?") -> list[str]:
    return blocking(answer, *calls, user=user)


def _convert(amount: float, source: str, target: str, rate: float, result: float) -> dict[str, Any]:
    record = {"amount": amount, "from_unit": source, "to_unit": target, "rate": rate, "result": result}
    return {"name": "Convert", "arguments": {"amount": amount}, "result": record}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("CA$1,971.52", 1971.52),
        ("NZ$12", 12.0),
        ("R$2.632,67", 2632.67),
        ("R$ 2.632,67", 2632.67),
        ("€ 40", 40.0),
    ],
)
def test_a_prefixed_or_spaced_sign_makes_money(text: str, value: float) -> None:
    (numeral,) = extract_numerals(text)
    assert numeral.kind == "money" and numeral.value == value


def test_a_sign_after_a_number_stays_that_numbers() -> None:
    kinds = [n.kind for n in extract_numerals("price: 3 € 40")]
    assert kinds == ["money", "number"]


EUR_CAD = _convert(1260, "EUR", "CAD", 1.5647, 1971.52)
EUR_BRL = _convert(1250, "EUR", "BRL", 6.3184, 7898.0)


@pytest.mark.parametrize(
    "answer",
    [
        "€1,260 is about CA$1,971.52 at today's rate (1 EUR = 1.5647 CAD).",
        "1.260 € sind etwa 1.971,52 CAD.",
        "1 260 € font environ 1 971,52 $ CA, soit 492,88 $ chacun pour quatre.",
    ],
)
def test_a_conversion_result_is_money(answer: str) -> None:
    assert _flagged(answer, EUR_CAD, user="We are four. How much each in CAD?") == []


@pytest.mark.parametrize(
    ("answer", "slip"),
    [
        ("€1,260 is about CA$1,917.52.", "CA$1,917.52"),
        ("Split four ways: CA$429.88 each.", "CA$429.88"),
    ],
)
def test_a_slip_in_prefixed_dollars_is_a_finding(answer: str, slip: str) -> None:
    assert slip in _flagged("€1,260 is CA$1,971.52. " + answer, EUR_CAD, user="We are four.")


@pytest.mark.parametrize(
    "answer",
    [
        "- 1.250 € = **R$ 7.898,00** (1 € = R$ 6,3184)\n\n"
        "Dividindo por três, cada um fica com cerca de **R$ 2.632,67**.",
        "- 1,250 € = R$7,898.00 (1 € = R$ 6.3184)\n\nDivided by three, each of you gets about R$2,632.67.",
        "- 1.250 € = R$ 7.898,00 (1 € = R$ 6,3184)\n\nDividido entre tres, cada uno paga R$ 2.632,67.",
    ],
)
def test_a_share_after_a_per_unit_subject_splits_the_total(answer: str) -> None:
    assert _flagged(answer, EUR_BRL, user="Somos três, quanto fica para cada um?") == []
    slipped = answer.replace("2.632,67", "2.362,67").replace("2,632.67", "2,362.67")
    assert _flagged(slipped, EUR_BRL, user="Somos três, quanto fica para cada um?")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("| Intesa | 2.000 | 3,874 € | 7.748,00 € |", 3.874),  # the text groups with dots
        ("Prezzo 3,874 € (totale 4.951,20 €)", 3.874),
    ],
)
def test_a_comma_before_three_digits_is_decimal_where_the_text_groups_with_dots(
    text: str, value: float
) -> None:
    assert value in [n.value for n in extract_numerals(text)]


def test_a_comma_before_three_digits_stays_grouping_in_english() -> None:
    assert [n.value for n in extract_numerals("It costs $3,874 in total.")] == [3874.0]


@pytest.mark.parametrize(
    ("answer", "held"),
    [
        ("Intesa is at €3.874 now.", 3.874),  # a sign before: the English reading first
        ("It costs €3.874.", 3874),  # the other reading is still held
        ("Der Preis liegt bei 3.874 €.", 3874),  # a sign after: the grouped reading
    ],
)
def test_an_amount_read_two_ways_is_grounded_by_either(answer: str, held: float) -> None:
    quote = {"name": "QueryStock", "arguments": {}, "result": {"price": held, "currency": "EUR"}}
    assert _flagged(answer, quote) == []


@pytest.mark.parametrize(
    ("answer", "result"),
    [
        ("1 850 CHF font **1 970,25 €** au taux du jour.", {"value": 1970.25, "unit": "EUR", "rate": 1.065}),
        ("US$ 240,00 dão **R$ 1.313,52** na cotação de agora.", {"value": 1313.52, "unit": "BRL"}),
        ("That's about SEK 2,310.40 at today's rate.", {"result": 2310.4, "to": "SEK", "from": "EUR"}),
    ],
)
def test_a_conversion_whose_unit_is_a_currency_code_gives_money(answer: str, result: dict[str, Any]) -> None:
    convert = {"name": "Convert", "arguments": {}, "result": result}
    assert _flagged(answer, convert, user="Convert 1 850 CHF, US$ 240 and EUR 2,000 please") == []


def test_a_code_before_a_scaled_amount_types_the_amount_it_stands_for() -> None:
    sent = {"name": "SendEmail", "arguments": {"body": "total spend was KES 4.2M"}, "result": {"ok": True}}
    assert _flagged("Sent: total spend KES 4.2M, 6% under plan.", sent, user="spend KES 4.2M, 6% under") == []


@pytest.mark.parametrize(
    "answer", ["The connection takes 5h 30m.", "It likes 3 stops.", "That makes 12 bags."]
)
def test_a_code_must_be_a_whole_word_before_a_number(answer: str) -> None:
    kinds = {n.text: n.kind for n in extract_numerals(answer)}
    assert "money" not in kinds.values()  # "takes" ends in "kes", "makes" too: no shilling
