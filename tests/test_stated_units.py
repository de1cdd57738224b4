"""A per-unit quantity a source states times the count of those units (numbers/statedunits.py).

Principle: a figure equal to ``k`` times a quantity the context, a result or the user states
per unit ("6 bags per passenger", "$35 per passenger", "35 € pro Passagier", "par passager",
"por pasajero") is derived when ``k`` is the count of that unit the turn gives (the
passengers a reservation holds, "4 passengers" written, the people the figure is for), the
figure of the rate's kind and noun, and no rate itself.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Turn
from nofab.numbers.statedunits import stated_rates
from tests.helpers import findings

RESERVATION: dict[str, Any] = {
    "reservation_id": "QX7T2M",
    "cabin": "economy",
    "passengers": [
        {"first_name": "Ines", "last_name": "Varga"},
        {"first_name": "Tomas", "last_name": "Varga"},
        {"first_name": "Lior", "last_name": "Varga"},
    ],
}

POLICY = {
    "en": "Each member may check at most 6 bags per passenger. Lounge access costs $35 per passenger.",
    "de": "Höchstens 6 Koffer pro Passagier. Der Loungezugang kostet 35 € pro Passagier.",
    "fr": "Au plus 6 bagages par passager. L'accès au salon coûte 35 € par passager.",
    "es": "Como máximo 6 maletas por pasajero. El acceso a la sala cuesta 35 € por pasajero.",
}


def _numbers(answer: str, language: str = "en", user: str = "what can we?", held: bool = True) -> list[str]:
    result = RESERVATION if held else {"reservation_id": "QX7T2M", "cabin": "economy"}
    call = {"name": "get_reservation_details", "arguments": {"reservation_id": "QX7T2M"}, "result": result}
    turn = Turn.from_dict(
        {"user_message": user, "context": POLICY[language], "response": answer, "tool_calls": [call]}
    )
    return [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= 0.8]


QUIET = [
    ("The most you can check is 18 bags for the whole reservation.", "en"),
    ("Lounge access for everyone on QX7T2M would come to $105.", "en"),
    ("Insgesamt dürft ihr 18 Koffer aufgeben; die Lounge kostet euch 105 €.", "de"),
    ("Vous pouvez enregistrer 18 bagages au total, et le salon vous coûterait 105 €.", "fr"),
    ("Pueden facturar hasta 18 maletas en total; la sala les costaría 105 €.", "es"),
]
FIRES = [
    # another multiple than the held count of passengers (3)
    ("The most you can check is 24 bags for the whole reservation.", "en", "24"),
    ("Lounge access for everyone on QX7T2M would come to $140.", "en", "$140"),
    ("Insgesamt dürft ihr 24 Koffer aufgeben.", "de", "24"),
    ("Le salon vous coûterait 140 € au total.", "fr", "140"),
    # another noun than the rate's: 3 x 6 bags are no nights
    ("You could stay 18 nights with that allowance.", "en", "18"),
    # a rate itself is stated, not derived: the product is no rate
    ("Lounge access is $105 per passenger.", "en", "$105"),
]


@pytest.mark.parametrize(("answer", "language"), QUIET)
def test_a_stated_rate_times_the_held_count_of_its_unit_is_derived(answer: str, language: str) -> None:
    assert _numbers(answer, language) == []


@pytest.mark.parametrize(("answer", "language", "figure"), FIRES)
def test_a_figure_that_is_no_stated_rate_times_its_units_count_is_flagged(
    answer: str, language: str, figure: str
) -> None:
    assert _numbers(answer, language) == [figure]


def test_the_count_may_be_written_with_the_unit_noun() -> None:
    # no passengers held: the user's "4 passengers" is the count
    assert _numbers("That makes 24 bags at most.", user="We are 4 passengers.", held=False) == []
    assert _numbers("Das sind höchstens 24 Koffer.", "de", user="Wir sind 4 Passagiere.", held=False) == []
    # no count of the unit anywhere: nothing derives the product
    assert _numbers("That makes 24 bags at most.", held=False) == ["24"]
    assert _numbers("That makes 24 bags at most.", user="I asked 4 friends.", held=False) == ["24"]


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("At most 5 checked bags per passenger.", (5.0, "number", "bag", "passenger")),
        ("Insurance is $30 per passenger.", (30.0, "money", None, "passenger")),
        ("Versicherung: 30 € pro Passagier.", (30.0, "money", None, "passenger")),
        ("Hasta 2 maletas por pasajero.", (2.0, "number", "bag", "passenger")),
        ("Un supplément de 12,50 € par nuit.", (12.5, "money", None, "night")),
    ],
)
def test_stated_rates_read_in_several_languages(text: str, rate: tuple[Any, ...]) -> None:
    found = stated_rates(text)
    assert [(r.value, r.kind, r.noun, r.unit) for r in found] == [rate]


@pytest.mark.parametrize(
    "text",
    [
        "50 per cent of the seats",  # the unit is no counted noun
        "5 bags, which the airline then charges per passenger",  # a clause between
        "Fees apply per passenger.",  # no quantity
    ],
)
def test_no_rate_without_a_quantity_right_before_a_counted_unit(text: str) -> None:
    assert stated_rates(text) == []
