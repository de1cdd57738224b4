"""An ISO currency code touching a number in a tool's prose makes it money (numbers/codemoney.py),
and a stay's nights come from the dates after arrival and departure words (numbers/staylengths.py)."""

from __future__ import annotations

import pytest

from nofab.numbers.codemoney import code_amounts
from nofab.numbers.index import money_values
from nofab.numbers.staylengths import text_nights


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("amount due: chf 1,250.00 by friday", 1250.0),
        ("gesamtbetrag 3.480,50 eur inkl. mwst", 3480.5),
        ("total: jpy 61,200 (payable at the desk)", 61200.0),
        ("le montant de 742 cad a été reçu", 742.0),
        ("precio final aud 318.40", 318.4),
    ],
)
def test_a_number_touching_a_code_is_money(text: str, value: float) -> None:
    assert value in code_amounts(text)
    assert value in money_values(text)


@pytest.mark.parametrize(
    "text",
    [
        "cadence 120 steps per minute",  # "cad" inside a word
        "audit 2024 closed",  # "aud" inside a word
        "jpy rates: see row 7 of the sheet",  # a code with no number touching it
        "usd, then 44 items later",  # a comma between them
    ],
)
def test_no_amount_without_a_code_touching_the_number(text: str) -> None:
    assert not any(v in code_amounts(text) for v in (120.0, 2024.0, 7.0, 44.0))


@pytest.mark.parametrize(
    ("text", "nights"),
    [
        ("Check-in: Fri 9 October 2026 from 14:00. Check-out: Tue 13 October 2026 by 10:00.", 4),
        ("Arrival 3 May 2026, departure 6 May", 3),
        ("Anreise: 27. Dezember 2026, Abreise: 2. Januar", 6),
        ("Arrivée le 12 juin 2026, départ le 15 juin 2026.", 3),
        ("Llegada: 2026-11-20 · Salida: 2026-11-22", 2),
        ("Chegada: 2 de abril 2026. Saída: 5 de abril 2026.", 3),
    ],
)
def test_nights_between_arrival_and_departure_dates(text: str, nights: int) -> None:
    assert text_nights(text) == nights


@pytest.mark.parametrize(
    "text",
    [
        "Booked on 1 May 2026. Arrival 3 May 2026.",  # no departure
        "Check-in from 15:00, check-out by 11:00 on 6 May 2026.",  # no arrival date
        "Arrival 3 May or 4 May 2026, departure 9 May 2026",  # two arrival dates: which?
        "Sent 2 March 2026, confirmed 4 March 2026",  # no stay words
    ],
)
def test_no_nights_without_one_date_after_each_word(text: str) -> None:
    assert text_nights(text) is None
