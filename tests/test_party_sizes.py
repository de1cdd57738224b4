"""A party's size as its members state it grounds a count of people
(numbers/parties.py; ``party_sizes`` in numbers.json).

Principle: "there are 7 of us", "somos siete", "nous sommes 7" state a count of people; an
answer restating it as "7 travelers" or "7 pasajeros" repeats the user's figure, whatever a
record's list of people holds. Another count of people is still held against the records.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab.numbers.parties import party_sizes
from tests.helpers import blocking, call

#: A profile with no saved passengers: its list counts none.
PROFILE: dict[str, Any] = {
    "user_id": "rosa_lind_204",
    "name": {"first_name": "Rosa", "last_name": "Lind"},
    "saved_passengers": [],
    "membership": "gold",
}

CASES = [
    ("Hi, there are 7 of us flying to Lisbon in June.", "Your party has 7 travelers: a group booking."),
    ("We're a family of five going to Oslo.", "For 5 passengers, the fare comes to the group desk."),
    ("Hola, somos siete y queremos volar a Lima.", "Como son 7 pasajeros, lo gestiona el equipo de grupos."),
    ("Bonjour, nous sommes 7 à partir pour Nice.", "Pour 7 passagers, voyez le service groupes."),
    ("Hallo, wir sind sieben und wollen nach Wien.", "Für 7 Passagiere ist das eine Gruppenbuchung."),
    ("Olá, somos 7 e queremos ir para Recife.", "Para 7 passageiros, é uma reserva de grupo."),
]


def _flagged(user: str, answer: str) -> list[str]:
    return blocking(answer, call("get_user_details", PROFILE), user=user)


@pytest.mark.parametrize(("user", "answer"), CASES)
def test_the_users_party_size_grounds_a_count_of_people(user: str, answer: str) -> None:
    assert _flagged(user, answer) == []


@pytest.mark.parametrize(("user", "answer"), CASES)
def test_without_the_party_size_the_count_is_held_against_the_records(user: str, answer: str) -> None:
    assert len(_flagged("I'd like to book a trip.", answer)) == 1


@pytest.mark.parametrize(("user", "answer"), CASES[:3])
def test_another_count_of_people_is_still_a_finding(user: str, answer: str) -> None:
    changed = answer.replace("7", "6").replace("5", "4")
    assert len(_flagged(user, changed)) == 1


@pytest.mark.parametrize(
    ("text", "sizes"),
    [
        ("Seven of us are going", {7}),
        ("we are 12 in total", {12}),
        ("un groupe de 9 amis", {9}),
        ("4 de nós vão viajar", {4}),
        ("I have 7 bags", set()),
        ("one of us is late", set()),
    ],
)
def test_party_sizes_are_read_as_whole_phrases(text: str, sizes: set[int]) -> None:
    assert party_sizes(text) == sizes


def test_a_texts_party_sizes_are_read_once_and_kept_immutable() -> None:
    """Every turn of a conversation reads the same sources (the policy context above all):
    each text is read once, and what is kept cannot be changed by a caller (a frozenset),
    so a kept answer is what a new read gives."""
    text = "Policy: a family of 5 pays one fee; somos cuatro; " + "x " * 5_000
    party_sizes.cache_clear()
    first = party_sizes(text)
    assert first == frozenset({5, 4}) and isinstance(first, frozenset)
    assert party_sizes(text) is first  # kept
    assert party_sizes.cache_info().hits == 1
    party_sizes.cache_clear()
    assert party_sizes(text) == first  # a new read gives the same
