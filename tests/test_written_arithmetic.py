"""Arithmetic the answer writes out explains its right result and only that (numbers/equations),
a duration equal to a shown time range, a conversion rounded after 'about' (numbers/units)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard

_GUARD = Guard()


def _blocking(answer: str, result: Any, user: str = "How much?", tool: str = "get_quote") -> list[str]:
    turn = {"response": answer, "user_message": user, "tool_calls": [{"name": tool, "result": result}]}
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


_FARES = {
    "flights": [{"flight": "HAT201", "price": 142}, {"flight": "HAT208", "price": 158}],
    "insurance_price": 30,
}


@pytest.mark.parametrize(
    "answer",
    [
        "Fares: $142 and $158 per person, for two: 2 × $300 = $600. Insurance 2 × $30 = $60. Total: $660.",
        "Two passengers: 2 x $142 = $284; insurance 2 x $30 = $60; together $344.",
        "Out $142 + back $158 = $300 per person.",
        "Tarifas: $142 y $158 por persona; para dos: 2 × $300 = $600. Seguro: 2 × $30 = $60. Total: $660.",
        "Preis: 3 × $142 = $426 zuzüglich 3 × $30 = $90, also $516.",
    ],
)
def test_a_written_equation_explains_its_result(answer: str) -> None:
    assert _blocking(answer, _FARES) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("For two: 2 × $142 = $294.", "$294"),
        ("Out $142 + back $158 = $310 per person.", "$310"),
        ("Para dos: 2 × $142 = $294.", "$294"),
        # a sum of two shown numbers under 'total' ($142 + $30): the written equation decides
        ("Fares $142 and $158, insurance $30; for two: 2 × $142 = $172 in total.", "$172"),
        # a total that is not the sum of the equations before it
        ("2 × $142 = $284 plus 2 × $30 = $60, $354 on your card.", "$354"),
    ],
)
def test_a_wrong_result_of_a_written_equation_is_caught(answer: str, wrong: str) -> None:
    assert wrong in _blocking(answer, _FARES)


_CARDS = {
    "fare_total": 274,
    "gift_cards": {"gc_1": {"amount": 100}, "gc_2": {"amount": 80}, "gc_3": {"amount": 120}},
}


@pytest.mark.parametrize(
    "answer",
    [
        "The total is $274: $100 from gc_1, $80 from gc_2 and $94 from gc_3.",
        "Total $274 — gc_1 pays $100, gc_2 pays $80, gc_3 pays the other $94.",
        "El total es $274: $100 de gc_1, $80 de gc_2 y $94 de gc_3.",
    ],
)
def test_the_last_part_of_a_split_total_is_its_remainder(answer: str) -> None:
    assert _blocking(answer, _CARDS) == []


@pytest.mark.parametrize(
    "answer",
    [
        "The total is $274: $100 from gc_1, $80 from gc_2 and $104 from gc_3.",
        "El total es $274: $100 de gc_1, $80 de gc_2 y $84 de gc_3.",
    ],
)
def test_a_wrong_remainder_of_a_split_total_is_caught(answer: str) -> None:
    assert len(_blocking(answer, _CARDS)) == 1


_EVENT = {"event_id": "e5", "start_time": "2023-10-05 14:00:00", "end_time": "2023-10-05 15:30:00"}


@pytest.mark.parametrize(
    "answer",
    [
        "Added Dentist on Thursday, 2:00–3:30 PM (90 minutes).",
        "Added Dentist, 2:00 to 3:30 PM — 90 min in all.",
        "Added Dentist, 2:00–3:30 PM (1 hour 30 minutes).",
        "Cita añadida de 14:00 a 15:30 (90 minutos).",
        "Termin eingetragen, 14:00 bis 15:30 (90 Minuten).",
    ],
)
def test_a_duration_equal_to_a_shown_range_is_derived(answer: str) -> None:
    assert _blocking(answer, _EVENT, "Add my dentist.", "create_event") == []


@pytest.mark.parametrize(
    "answer",
    ["Added Dentist on Thursday, 2:00–3:30 PM (80 minutes).", "Cita añadida de 14:00 a 15:30 (100 minutos)."],
)
def test_a_duration_unequal_to_the_shown_range_is_caught(answer: str) -> None:
    assert len(_blocking(answer, _EVENT, "Add my dentist.", "create_event")) == 1


_WEATHER = {"weather": {"high": 75, "low": 64}}


@pytest.mark.parametrize(
    "answer",
    [
        "Tokyo: a high of 75°F — about 24°C.",
        "Tokyo: a high of 75°F, roughly 24°C.",
        "Tokio: máxima de 75°F (unos 24°C).",
        "Tokio: Höchstwert 75°F, etwa 24°C.",
    ],
)
def test_a_rounded_conversion_after_an_approximation_word_is_derived(answer: str) -> None:
    assert _blocking(answer, _WEATHER, "How warm is it?") == []


@pytest.mark.parametrize(
    ("answer", "caught"),
    [
        ("Tokyo: a high of 75°F — about 27°C.", "27"),
        ("Tokio: máxima de 75°F (unos 21°C).", "21"),
        ("Tokyo: 75°F — 24°C.", "24"),  # a bare dash: as often a range or a list as a conversion
    ],
)
def test_a_conversion_off_by_more_or_without_a_link_word_is_caught(answer: str, caught: str) -> None:
    assert _blocking(answer, _WEATHER, "How warm is it?") == [caught]


@pytest.mark.parametrize(
    "answer",
    [
        "Price: 2 × $142 fare + $60 insurance = **$344**",
        "Prix : 2 × 142 $ aller + 60 $ assurance = 344 $",
        "Preis: $60 Versicherung + 2 × $142 = $344",
        "Total: $142 outbound + $158 return − $30 credit = $270",
    ],
)
def test_mixed_operations_with_labels_take_the_usual_precedence(answer: str) -> None:
    fares = {**_FARES, "credit": 30, "insurance_total": 60}
    assert _blocking(answer, fares) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Price: 2 × $142 fare + $60 insurance = $364", "$364"),  # the result is wrong
        ("Price: 2 × $124 fare + $60 insurance = $308", "$124"),  # the operand is the slip
        ("Precio: 2 × $124 tarifa + $60 seguro = $308", "$124"),
    ],
)
def test_the_finding_stays_on_the_slip_of_a_mixed_equation(answer: str, flagged: str) -> None:
    fares = {**_FARES, "insurance_total": 60}
    found = _blocking(answer, fares)
    assert flagged in found
    assert (
        len([f for f in found if f.startswith("$")]) == 1
    )  # the right result of a wrong operand is no second finding


@pytest.mark.parametrize(
    "answer",
    [
        "Fare $284 + insurance $60 = **$344**",
        "Tarifa $284 + seguro $60 = $344",
        "Tarif 284 $ + assurance 60 $ = 344 $",
    ],
)
def test_a_label_before_an_operand_keeps_the_equation(answer: str) -> None:
    fares = {**_FARES, "two_fares": 284, "insurance_total": 60}
    assert _blocking(answer, fares) == []
    assert _blocking(answer.replace("344", "334"), fares)  # a wrong result stays a finding
