"""The hostile-input families of ``bench/fuzz.py`` (measured per MB by ``bench/hostile.py``):
each builds a valid turn that every detector checks without an error, and the numbers
index keeps its per-turn structures bounded however large the evidence grows."""

from __future__ import annotations

import pytest

from fuzz import FAMILIES, hostile_turn
from nofab import Guard, Policy, Turn
from nofab.evidence.index import Evidence
from nofab.numbers.pairs import MAX_PAIR_VALUES, PAIR_OPERANDS


@pytest.mark.parametrize("family", FAMILIES)
def test_each_family_is_checked_without_detector_errors(family: str) -> None:
    raw = hostile_turn(family, 3000, seed=1)
    assert 3000 <= len(raw["response"]) < 3200
    assert raw["tool_calls"][0]["result"]["rows"], "the evidence grows with the answer"
    verdict = Guard(Policy(load_plugins=False)).check(raw)
    assert not verdict.detector_errors


def test_an_unknown_family_is_a_one_line_error() -> None:
    with pytest.raises(ValueError, match="unknown family 'nope'"):
        hostile_turn("nope", 100)


def test_the_derived_table_stays_bounded_on_a_huge_result() -> None:
    raw = hostile_turn("dense_numbers", 60_000)
    guard = Guard(Policy(load_plugins=False))
    evidence = Evidence(Turn.from_dict(raw), guard.profile, guard.lexicon)
    # each group is charged 4 n² against the budget and yields at most 3 n² values
    assert 0 < len(evidence.derived) <= MAX_PAIR_VALUES
    assert len(raw["tool_calls"][0]["result"]["rows"]) > PAIR_OPERANDS
