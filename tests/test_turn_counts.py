"""``turn_counts``: the counts of a turn's records, read once and shared by the readings of
the turn, answer exactly as ``CountedFields`` read directly; another turn's records (another
tuple, even with the same rows) are read anew."""

from __future__ import annotations

import pytest

from nofab.evidence.records import Record
from nofab.numbers.counted import CountedFields, turn_counts


def _records(bags: str, nights: str) -> tuple[Record, ...]:
    return (
        Record(where="tool_calls[0].result", names=(("id", "R1"),), values={"total_baggages": bags}),
        Record(where="tool_calls[0].result", names=(("id", "R2"),), values={"nights": nights, "fee": "12"}),
    )


@pytest.mark.parametrize(("bags", "nights"), [("2", "3"), ("0", "7"), ("4", "1")])
def test_same_answers_as_a_direct_reading(bags: str, nights: str) -> None:
    records = _records(bags, nights)
    shared, direct = turn_counts(records), CountedFields(records)
    assert shared.concepts() == direct.concepts()
    for concept in direct.concepts():
        assert shared.counts(concept) == direct.counts(concept)
        for count in range(10):
            assert shared.holds(concept, count) == direct.holds(concept, count)
            assert shared.contradicts(concept, count) == direct.contradicts(concept, count)


def test_read_once_per_turn_and_anew_for_another() -> None:
    first = _records("2", "3")
    assert turn_counts(first) is turn_counts(first)  # the readings of one turn share it
    second = _records("5", "3")  # the next turn: another tuple
    assert turn_counts(second).counts("bag") == frozenset({5.0})
    assert turn_counts(first).counts("bag") == frozenset({2.0})
