"""Numbers written the European way ("54,20 €", "3.200,00 €"), with a magnitude ("$4.2M",
"1,5 Mio."), and the last digits of a masked identifier without "in" ("ending 1117"): the
same written form reads the same in the answer and in the evidence."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from nofab import Guard, Policy
from nofab.numbers.extract import extract_numerals
from nofab.numbers.index import NumberIndex, money_values
from nofab.numbers.locale import plain_digits

_GUARD = Guard(Policy(load_plugins=False))


def _flagged(answer: str, result: Any) -> list[str]:
    turn = {"response": answer, "tool_calls": [{"name": "get_record", "result": result}]}
    return [f.identifier for f in _GUARD.check(turn).findings if f.detector == "numbers"]


@pytest.mark.parametrize(
    ("written", "digits"),
    [
        ("54,20", "54.20"),
        ("14,8", "14.8"),
        ("3.200,00", "3200.00"),
        ("1.787,5", "1787.5"),
        ("1,234.50", "1234.50"),
        ("1,750", "1750"),  # a comma and three digits stays English thousands
        ("12,345,678", "12345678"),
        ("42.73", "42.73"),
    ],
)
def test_separators_read_by_their_pattern(written: str, digits: str) -> None:
    assert plain_digits(written) == digits


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Betrag −54,20 € heute", [-54.2]),
        ("Gehalt +3.200,00 € erhalten", [3200.0]),
        ("une moyenne de 14,8 sur 20", [14.8, 20.0]),
        ("it cost $1,750 in total", [1750.0]),
        ("items 1,2,3 were moved", [1.0, 2.0, 3.0]),  # a list, not a decimal
        ("Rows 3,45 were read", [3.45]),  # the stated risk: a glued pair reads as a decimal
    ],
)
def test_answer_numbers_read_with_a_decimal_comma(text: str, values: list[float]) -> None:
    assert [n.value for n in extract_numerals(text)] == pytest.approx(values)


@pytest.mark.parametrize(
    ("answer", "result"),
    [
        ("Deine letzte Buchung: REWE, −54,20 €.", {"amount": -54.2}),
        ("Montant débité : 54,20 €.", {"amount": 54.2}),
        ("Brutto 4.800,00 €, netto 3.012,45 €.", {"gross": 4800.0, "net": 3012.45}),
        ("Salaire net : 3.012,45 € ce mois-ci.", {"net": 3012.45}),
        ("La moyenne est d'environ 14,8.", {"average": 14.83}),
    ],
)
def test_a_decimal_comma_answer_is_grounded_by_the_same_value(answer: str, result: Any) -> None:
    assert _flagged(answer, result) == []


@pytest.mark.parametrize(
    ("answer", "result", "flagged"),
    [
        ("Deine letzte Buchung: REWE, −54,30 €.", {"amount": -54.2}, "−54,30"),
        ("Brutto 4.900,00 € diesen Monat.", {"gross": 4800.0}, "4.900,00"),
        ("Montant débité : 3.200,00 €.", {"amount": 3.2}, "3.200,00"),  # 3200, not 3.2
        ("La moyenne est de 15,8.", {"average": 14.83}, "15,8"),
    ],
)
def test_a_changed_decimal_comma_amount_is_still_caught(answer: str, result: Any, flagged: str) -> None:
    assert flagged in _flagged(answer, result)


def test_evidence_text_reads_decimal_commas_as_the_answer_does() -> None:
    values = NumberIndex("Umsatz: 54,20 € und 1.787,55 €; Liste 1, 2, 3; Zeilen 1,2,3").values
    assert 54.2 in values and 1787.55 in values
    assert 1.2 not in values and 2.3 not in values  # "1,2,3" is a list
    assert 1787.55 in money_values("1.787,55 eur") and 54.2 in money_values("€54,20")
    assert _flagged("Umsatz: 54,20 €.", {"note": "Umsatz 54,20 € laut Beleg"}) == []
    assert "54,30" in _flagged("Umsatz: 54,30 €.", {"note": "Umsatz 54,20 € laut Beleg"})


@pytest.mark.parametrize(
    ("answer", "text"),
    [
        ("Revenue rose from $4.2M to $5.1M.", "Revenue grew from $4.2M to $5.1M this year."),
        ("Sales reached €1.5 bn.", "Sales: €1.5 bn (FY25)."),
        ("Der Umsatz lag bei 1,5 Mio. €.", "Umsatz 2025: 1,5 Mio. Euro"),
        ("Les ventes ont atteint 2 millions d'euros.", "ventes : 2 millions d'euros"),
    ],
)
def test_the_same_written_magnitude_grounds_itself(answer: str, text: str) -> None:
    assert _flagged(answer, [{"doc": "report", "text": text}]) == []


def test_a_changed_magnitude_is_caught_and_metres_are_no_millions() -> None:
    result = [{"doc": "report", "text": "Revenue grew from $4.2M to $5.1M this year."}]
    assert "$4.7M" in _flagged("Revenue rose from $4.7M to $5.1M.", result)
    assert 5e6 not in NumberIndex("a cable 5 m long, 7 mm thick").values
    assert 4.2e6 in money_values("revenue $4.2m") and 4.2 in money_values("revenue $4.2m")


_CARDS = [{"id": "pm_2", "number": "6011111111111117", "brand": "Discover"}]


@pytest.mark.parametrize(
    "phrase",
    [
        "Your Discover card ending {} is the backup.",
        "Tu tarjeta Discover con final {} es la de respaldo.",
        "O cartão final {} é o de reserva.",
        "Deine Karte mit Endziffern {} ist die Reserve.",
        "Votre carte finissant en {} est la carte de secours.",
    ],
)
def test_masked_endings_without_in(phrase: str) -> None:
    assert _flagged(phrase.format("1117"), _CARDS) == []
    assert "1118" in _flagged(phrase.format("1118"), _CARDS)  # no card ends in 1118


# The deposit makes the result one that types amounts: a number under any other key is then
# no amount unless its key names one.
_LISTINGS = [
    {"id": "L-1", "rent_pcm": 1750, "size_sqm": 62, "deposit": 2000},
    {"id": "L-2", "rent_pcm": 1695, "size_sqm": 58, "deposit": 2000},
]


@pytest.mark.parametrize(
    "answer",
    [
        "Flat L-1 is £1,750 a month and L-2 £1,695; L-2 is £55 cheaper.",
        "Die Wohnung L-1 kostet 1.750,00 € im Monat, L-2 nur 1.695,00 €.",
        "Le L-2 coûte 1695 € par mois.",
    ],
)
def test_a_rent_key_holds_amounts(answer: str) -> None:
    assert _flagged(answer, _LISTINGS) == []


def test_a_changed_rent_is_caught_and_words_merely_containing_rent_are_no_money() -> None:
    assert "£1,850" in _flagged("Flat L-1 is £1,850 a month.", _LISTINGS)
    # the same numbers under keys naming no amount are no amounts of money
    renamed = [{"id": r["id"], "size": r["rent_pcm"], "deposit": r["deposit"]} for r in _LISTINGS]
    assert "£1,750" in _flagged("Flat L-1 is £1,750 a month.", renamed)
    assert money_values('"rent_pcm": 1750, "weekly_wage": 600') == [600.0, 1750.0]
    assert money_values('"parent_id": 1750, "current_floor": 3, "torrent": 12') == []


def test_the_hinted_scan_finds_what_a_scan_at_every_digit_finds() -> None:
    """``matches_at`` tries the patterns only where a hint is: on generated text it finds
    exactly what the same patterns, tried at every number start, find."""
    from nofab.numbers import index, locale

    rng = random.Random(7)
    pieces = [
        "1",
        "23",
        "4.5",
        ",",
        ".",
        " ",
        "M",
        "k",
        "bn",
        " Mio",
        "million",
        "x",
        "€",
        "$",
        "7,25",
        "1.234,5",
    ]
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 14)))
        slow_comma = re.compile(rf"(?<![\d.,])(?:{locale.DECIMAL_COMMA})(?![.,]\d)")
        slow_scaled = re.compile(rf"(?<![\d.,]){index._EVIDENCE_SCALED.pattern}")
        want = [float(locale.plain_digits(m)) for m in slow_comma.findall(text)]
        assert locale.decimal_comma_values(text) == want, text
        want_scaled = [
            float(locale.plain_digits(m.group(1))) * index._lookup_scale(m.group(2))
            for m in slow_scaled.finditer(text)
        ]
        assert index.scaled_values(text) == want_scaled, text


@pytest.mark.parametrize(
    ("answer", "result"),
    [
        ("Die Miete beträgt 1.750 € im Monat.", {"rent_pcm": 1750}),
        ("Le loyer est de 1.750 € par mois.", {"rent_pcm": 1750}),
        ("The sample weighs 1.750 kg.", {"weight_kg": 1.75}),  # the English reading still holds
    ],
)
def test_a_dot_and_three_digits_matches_either_reading(answer: str, result: Any) -> None:
    assert _flagged(answer, result) == []


@pytest.mark.parametrize(
    ("answer", "result", "flagged"),
    [
        ("Die Miete beträgt 1.850 € im Monat.", {"rent_pcm": 1750}, "1.850"),
        ("The sample weighs 1.850 kg.", {"weight_kg": 1.75}, "1.850"),
        ("The ratio is 0.750 now.", {"ratio": 750}, "0.750"),  # "0.750" is never grouping
    ],
)
def test_neither_reading_of_a_changed_number_matches(answer: str, result: Any, flagged: str) -> None:
    assert flagged in _flagged(answer, result)
