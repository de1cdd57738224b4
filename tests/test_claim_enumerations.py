"""A deed claimed for an enumeration of items ("your 5:30 and 7:00 alarms") was done once per
item by a tool that acts on one item per call: fewer calls than items named overstates it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed


def delete(alarm_id: str) -> dict[str, Any]:
    return {
        "name": "DeleteAlarm",
        "arguments": {"token": "s-1", "alarm_id": alarm_id},
        "result": {"status": "success"},
    }


@pytest.mark.parametrize(
    "answer", ["Deleted your 5:30 AM and 7:00 AM alarms.", "I've deleted the 5:30, 6:00 and 7:00 alarms."]
)
def test_more_items_than_calls_fires(answer: str) -> None:
    assert claimed(answer, delete("a-1")) != []


def test_one_call_per_item_passes() -> None:
    assert claimed("Deleted your 5:30 AM and 7:00 AM alarms.", delete("a-1"), delete("a-2")) == []
    assert (
        claimed("I've deleted the 5:30, 6:00 and 7:00 alarms.", delete("a-1"), delete("a-2"), delete("a-3"))
        == []
    )


@pytest.mark.parametrize(
    "answer", ["He eliminado tus alarmas.", "J'ai supprimé les alarmes de lundi et de mardi."]
)
def test_without_an_enumeration_before_the_noun_nothing_is_counted(answer: str) -> None:
    assert claimed(answer, delete("a-1")) == []


@pytest.mark.parametrize(
    ("answer", "call"),
    [
        # One call acts on a list of items.
        (
            "I've updated your outbound and return flights.",
            {"name": "update_reservation_flights", "arguments": {"flights": [{"n": "A"}, {"n": "B"}]}},
        ),
        # One call sets a count.
        (
            "I've added the checked and carry-on bags.",
            {
                "name": "update_reservation_baggages",
                "arguments": {"reservation_id": "R1", "total_baggages": 2},
            },
        ),
        # "or" offers alternatives; it enumerates nothing done.
        ("Deleted your 5:30 AM or 7:00 AM alarms, whichever was first.", delete("a-1")),
    ],
)
def test_calls_acting_on_many_items_or_alternatives_are_not_counted(
    answer: str, call: dict[str, Any]
) -> None:
    assert claimed(answer, {**call, "result": {"status": "success"}}) == []


def add(task: str) -> dict[str, Any]:
    return {
        "name": "AddReminder",
        "arguments": {"token": "s-1", "task": task, "due_date": "2025-05-02 09:00:00"},
        "result": {"status": "success"},
    }


COUNTED = [
    "I've created 3 reminders: pay rent, call the bank and water the plants.",
    "I created three reminders for you.",
    "He creado tres recordatorios: pagar el alquiler, llamar al banco y regar las plantas.",
    "J'ai créé trois rappels pour vous.",
    "Criei três lembretes: pagar o aluguel, ligar para o banco e regar as plantas.",
]


@pytest.mark.parametrize("answer", COUNTED)
def test_a_stated_count_of_items_needs_that_many_calls(answer: str) -> None:
    """A deed claimed for a stated number of items ("created 3 reminders") was done once per
    item: two AddReminder calls do not make three reminders."""
    assert claimed(answer, add("pay rent"), add("call the bank")) != []
    assert claimed(answer, add("pay rent"), add("call the bank"), add("water the plants")) == []


@pytest.mark.parametrize(
    "answer",
    [
        # the first count is the deed's; "of your three" is its whole
        "I created two of your three reminders; the third one failed.",
        # a read names what one call returned
        "I found 3 reminders for tomorrow.",
    ],
)
def test_a_part_or_a_read_is_not_counted_against_the_calls(answer: str) -> None:
    assert claimed(answer, add("pay rent"), add("call the bank")) == []
