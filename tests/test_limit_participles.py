"""A count after a participle of limiting is a limit, not the records' count
(``limit_cues`` and ``count_modifiers`` in numbers.json: "limited to", "capped at",
"limitado a", "limitée à", "begrenzt auf").

Principle: "bookings are limited to 6 passengers" states the policy's cap, as "up to 6
passengers" does: it is held against the limit the turn states, never against a
reservation's passenger list. Restating the cap with another count is still a finding.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import blocking, call
from tests.test_limits import POLICY, POLITICA, limits_flagged

CONTEXT = "Up to 6 passengers per reservation. Parties of 7 or more go to the group desk."
CONTEXTO = "Hasta 6 pasajeros por reserva. Los grupos de 7 o más pasan al equipo de grupos."

#: A reservation with two passengers on it.
RESERVATION: dict[str, Any] = {
    "reservation_id": "QW7T2P",
    "passengers": [
        {"first_name": "Ines", "last_name": "Okafor"},
        {"first_name": "Tomas", "last_name": "Okafor"},
    ],
}


def _flagged(answer: str, context: str = CONTEXT) -> list[str]:
    return blocking(answer, call("get_reservation_details", RESERVATION), context=context)


@pytest.mark.parametrize(
    ("answer", "context"),
    [
        ("Sorry, a single booking is limited to 6 passengers per reservation.", CONTEXT),
        ("Bookings are capped at 6 passengers per reservation.", CONTEXT),
        ("Lo siento, cada reserva está limitada a 6 pasajeros por reserva.", CONTEXTO),
        ("Désolé, chaque réservation est limitée à 6 passagers.", CONTEXT),
        ("Leider ist jede Buchung auf 6 Passagiere begrenzt.", CONTEXT),
        ("Infelizmente cada reserva é limitada a 6 passageiros.", CONTEXT),
    ],
)
def test_a_limited_count_is_not_held_against_the_records(answer: str, context: str) -> None:
    assert _flagged(answer, context) == []


@pytest.mark.parametrize(
    "answer",
    [
        "Your reservation has 6 passengers.",
        "Tu reserva tiene 6 pasajeros.",
    ],
)
def test_the_same_count_without_the_limit_word_is_the_records_count(answer: str) -> None:
    assert _flagged(answer) == ["6"]


@pytest.mark.parametrize(
    ("answer", "context", "count"),
    [
        ("A booking is limited to 9 guests.", POLICY, "9"),
        ("Checked bags are capped at 5 checked bags per reservation.", POLICY, "5"),
        ("La reserva está limitada a 9 pasajeros.", POLITICA, "9"),
    ],
)
def test_a_cap_restated_with_another_count_is_a_finding(answer: str, context: str, count: str) -> None:
    assert limits_flagged(answer, context) == [count]
