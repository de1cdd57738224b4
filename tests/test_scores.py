"""A score pair beside a score word must be a pair the evidence holds, once it holds scores."""

from __future__ import annotations

from typing import Any

import pytest

import nofab


def _turn(result: Any, response: str) -> dict[str, Any]:
    return {
        "user_message": "How did it go?",
        "tool_calls": [{"id": "c1", "name": "get_result", "arguments": {}, "result": result}],
        "response": response,
    }


def _scores(turn: dict[str, Any]) -> list[str]:
    verdict = nofab.check(turn)
    return [f.identifier for f in verdict.findings if f.evidence.get("literal_kind") == "score"]


MATCH = {"home": "Lyon", "away": "Nantes", "score": "4-0", "minute_first_goal": 9}
SETS = {"winner": "Ruud", "sets": ["7-5", "6-3"]}
POINTS = [{"team": "Suns", "pts": 101}, {"team": "Jazz", "pts": 97}]
DRAW = {"home": "Porto", "away": "Braga", "score": "1:1"}


@pytest.mark.parametrize(
    ("result", "response", "invented"),
    [
        (MATCH, "Lyon beat Nantes 4–1 at home.", "4–1"),
        (MATCH, "El Lyon ganó 3-0 al Nantes.", "3-0"),
        (MATCH, "Lyon gewann gegen Nantes mit 5-0.", "5-0"),
        (SETS, "Ruud won 7-5, 6-4.", "6-4"),
        (DRAW, "O jogo terminou empatado, placar 2-2.", "2-2"),
    ],
)
def test_a_score_the_evidence_does_not_hold_is_flagged(result: Any, response: str, invented: str) -> None:
    assert _scores(_turn(result, response)) == [invented]


@pytest.mark.parametrize(
    ("result", "response"),
    [
        (MATCH, "Lyon beat Nantes 4–0; the first goal came in the 9th minute."),
        (MATCH, "Nantes perdió 0-4 en Lyon."),  # the same pair told from the away side
        (SETS, "Ruud won 7-5, 6-3."),
        (DRAW, "Porto und Braga trennten sich 1-1, Endstand 1–1."),
        (POINTS, "The Suns won 101-97."),
    ],
)
def test_a_held_score_is_not_flagged(result: Any, response: str) -> None:
    assert _scores(_turn(result, response)) == []


@pytest.mark.parametrize(
    "response",
    [
        "Lyon won 4-0; delivery of the shirts takes 3-5 days.",  # a range, no score word near it
        "Lyon won 4-0 playing a 4-3-3.",  # a formation: three parts
    ],
)
def test_a_pair_that_is_no_result_is_not_flagged(response: str) -> None:
    assert _scores(_turn(MATCH, response)) == []


def test_pairs_are_not_checked_when_the_evidence_holds_no_scores() -> None:
    """Without scores in the evidence, "won 2-1" is not this turn's data to check."""
    turn = _turn(
        {"status": "ok", "stadium": "Groupama"}, "The stadium opened in 2016; Lyon won 2-1 that night."
    )
    assert _scores(turn) == []
