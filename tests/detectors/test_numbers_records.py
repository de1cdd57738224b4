"""Two principles of the ``numbers`` detector about where a derivation does not explain:

- a value labelled with a field of a record the answer names is a read of that record
  (``nofab.numbers.anchored``): a near slip of the held value is a finding even when other
  numbers happen to combine into it;
- arithmetic across results that the clause announces but whose operands the answer does not
  show (``nofab.numbers.across``) is at most 0.5, never an invention at 0.9 — unless such
  derivations are dense around it, when it proves nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Finding
from tests.helpers import call, findings, turn

#: Three flights: 159 = 96 + 63 is a sum of two economy fares (an informative derivation),
#: and a one-off slip of QX101's economy fare, 158.
FLIGHTS = [
    {"flight_number": "QX101", "prices": {"economy": 158, "business": 490}},
    {"flight_number": "QX202", "prices": {"economy": 96, "business": 410}},
    {"flight_number": "QX303", "prices": {"economy": 63, "business": 388}},
]
#: The same in a result whose keys are Spanish.
VUELOS = [
    {"vuelo_id": "QX101", "precio": 158},
    {"vuelo_id": "QX202", "precio": 96},
    {"vuelo_id": "QX303", "precio": 63},
]


def number_findings(response: str, *results: Any, user: str = "") -> dict[str, Finding]:
    calls = [call(f"tool_{i}", r) for i, r in enumerate(results)]
    return {f.identifier: f for f in findings(turn(response, *calls, user=user), detector="numbers")}


@pytest.mark.parametrize(
    ("response", "result", "flagged"),
    [
        ("Flight QX101\n- Departure: 09:00\n- Economy Price: $159", FLIGHTS, "$159"),
        ("1. **QX101** (SFO to IAH)\n   - Price: $159\n2. **QX202**\n   - Price: $96", FLIGHTS, "$159"),
        ("- QX101 economy price: $159", FLIGHTS, "$159"),
        ("Vuelo QX101\n- Salida: 09:00\n- Precio: 159 USD", VUELOS, "159"),
        ("* QX101 — precio: $159", VUELOS, "$159"),
    ],
)
def test_a_slip_of_a_named_records_field_is_a_finding(response: str, result: Any, flagged: str) -> None:
    found = number_findings(response, result)[flagged]
    assert found.confidence >= 0.8
    assert "QX101 holds" in found.evidence["record_field"]


@pytest.mark.parametrize(
    ("response", "result"),
    [
        # The label names something else than the field: a total, not a flight's price.
        ("Flight QX101\n- Price: $158\n- Total Price: $159", FLIGHTS),
        # No record is named in the number's block (a blank line ends the block).
        ("Flight QX101 leaves this morning.\n\nEconomy Price: $159", FLIGHTS),
        ("Economy Price: $159", FLIGHTS),
        # Far from the held value: another quantity of that name, which the sum explains.
        ("Flight QX101\n- Economy Price: $221", FLIGHTS),
        ("Vuelo QX101\n- Total: 159 USD", VUELOS),
    ],
)
def test_a_derivation_still_explains_what_is_not_a_records_field(response: str, result: Any) -> None:
    assert {k: f for k, f in number_findings(response, result).items() if f.confidence >= 0.8} == {}


@pytest.mark.parametrize(
    ("response", "user"),
    [
        ("Flight QX101\n- Economy Price: $316 for both of you", "Book it for 2 passengers."),
        ("Vuelo QX101\n- Precio: 316 USD (dos pasajeros)", "Somos dos pasajeros."),
    ],
)
def test_a_count_times_the_field_is_not_a_slip(response: str, user: str) -> None:
    result = FLIGHTS if "Flight" in response else VUELOS
    assert all(f.confidence < 0.8 for f in number_findings(response, result, user=user).values())


# ---------------------------------------------------------------- announced arithmetic across results
RESERVATION = {
    "reservation_id": "R1",
    "flights": [{"flight_number": "A1", "price": 94}, {"flight_number": "A2", "price": 80}],
}
NEW_FARE = [{"flight_number": "B9", "prices": {"economy": 136}}]


@pytest.mark.parametrize(
    "response",
    [
        "The fare difference is $38 per passenger.",
        "You will get a refund of $38 for the change.",
        "Il reste 38 dollars de différence à régler.",
        "La diferencia es de $38 por pasajero.",
    ],
)
def test_announced_arithmetic_across_results_is_loose(response: str) -> None:
    (found,) = number_findings(response, RESERVATION, NEW_FARE).values()
    assert found.confidence == 0.5
    assert "result total 174" in found.evidence["possible_derivation"]


@pytest.mark.parametrize(
    "response",
    [
        "That will be $38.",  # no word announces arithmetic
        "Ce sera 38 dollars.",
        "The fare difference is $39 per passenger.",  # no total minus amount lands on it
        "La diferencia es de $37.",
    ],
)
def test_unannounced_or_underivable_amounts_stay_flagged(response: str) -> None:
    (found,) = number_findings(response, RESERVATION, NEW_FARE).values()
    assert found.confidence >= 0.8


def test_dense_derivations_across_results_prove_nothing() -> None:
    # 40 fares of 100-139 in one reservation: its total minus any of them covers every
    # value near 4,660, so "a difference of $4,660" is no more derived than its neighbours.
    crowded = {"flights": [{"flight_number": f"F{i}", "price": 100 + i} for i in range(40)]}
    (found,) = number_findings("The fare difference is $4,660.", crowded, NEW_FARE).values()
    assert found.confidence >= 0.8
