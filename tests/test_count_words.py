"""A count written as a word ("three passengers", "vier Passagiere") is held against the
records' count of that noun like its digits (numbers/counted)."""

from __future__ import annotations

import pytest

from nofab import Guard
from nofab.numbers.counted import word_counts

_GUARD = Guard()
_RESERVATION = {
    "reservation_id": "PL5M8C",
    "passengers": [
        {"first_name": "Fatima", "last_name": "Al-Sayed"},
        {"first_name": "Omar", "last_name": "Al-Sayed"},
        {"first_name": "Layla", "last_name": "Al-Sayed"},
    ],
    "total_baggages": 3,
}


def _blocking(answer: str) -> list[str]:
    turn = {
        "response": answer,
        "user_message": "Who is on PL5M8C?",
        "tool_calls": [{"name": "get_reservation_details", "result": _RESERVATION}],
    }
    return [f.identifier for f in _GUARD.check(turn).findings if f.confidence >= 0.8]


@pytest.mark.parametrize(
    "answer",
    [
        "PL5M8C has three passengers and three checked bags.",
        "Your reservation lists Three Passengers.",
        "La reserva PL5M8C tiene tres pasajeros.",
        "Die Buchung PL5M8C hat drei Passagiere.",
        "La réservation PL5M8C compte trois passagers.",
    ],
)
def test_a_count_word_the_records_agree_with_passes(answer: str) -> None:
    assert _blocking(answer) == []


@pytest.mark.parametrize(
    ("answer", "wrong"),
    [
        ("PL5M8C has four passengers.", "four"),
        ("There are two checked bags on PL5M8C.", "two"),
        ("La reserva PL5M8C tiene cuatro pasajeros.", "cuatro"),
        ("Die Buchung PL5M8C hat zwei Passagiere.", "zwei"),
    ],
)
def test_a_count_word_the_records_contradict_is_caught(answer: str, wrong: str) -> None:
    assert _blocking(answer) == [wrong]


def test_scaling_words_and_unbound_words_are_no_counts_here() -> None:
    # 'twice' and 'double' scale a number; a count word with no counted noun is left alone
    assert [c for c, _span, _w in word_counts("twice the fare, a double room, four of them")] == [4]
    assert _blocking("Four of them are adults.") == []
