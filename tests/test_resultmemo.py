"""Readings of a source's whole text kept by content (``nofab.numbers.resultmemo``).

Principle: a reading that is a pure function of a text is read once however many turns
carry the text, and gives what reading the text again would."""

from __future__ import annotations

from nofab.language.text import fold_source
from nofab.numbers import resultmemo
from nofab.numbers.index import money_values
from nofab.numbers.units import text_unit_values

_TEXTS = [
    "Revenue grew from $4.2M in Q3 to $5.1M in Q4; costs were 1,200 USD.",
    "Los ingresos pasaron de 3.200,00 € a 4.100,50 €.",
    "A 1200 m walk at 18.4 °C, then 3 km more.",
    "Nothing numeric here.",
]


def test_kept_readings_equal_fresh_readings() -> None:
    for text in _TEXTS:
        assert resultmemo.text_amounts_of(text) == tuple(money_values(fold_source(text)))
        assert resultmemo.unit_values_of(text) == tuple(text_unit_values(text))


def test_a_text_carried_again_is_read_once() -> None:
    text = "Le loyer est passé de 900 € à 950 € (carried turn after turn)."
    first = resultmemo.text_amounts_of(text)
    again = resultmemo.text_amounts_of("".join([text[:10], text[10:]]))  # equal text, new object
    assert again is first
    units = resultmemo.unit_values_of("It is 12 km away, 12 km.")
    assert resultmemo.unit_values_of("It is 12 km away, 12 km.") is units
