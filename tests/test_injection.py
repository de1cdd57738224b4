"""The fabrication-injection benchmark's mutations: seeded, reproducible, and really unsupported."""

from __future__ import annotations

import sys
from pathlib import Path

from nofab.model.turn import ToolCall, Turn

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import injection

TURN = Turn(
    response=(
        "Thanks, Amelia! I've cancelled your reservation: it cost $286 and the refund of $120 is on its way."
    ),
    tool_calls=(
        ToolCall(
            name="get_reservation_details",
            result={"first_name": "Amelia", "last_name": "Sanchez", "amount": 286, "refund": 120},
        ),
        ToolCall(name="cancel_reservation", result={"status": "cancelled"}),
    ),
)


def _mutants(seed: int) -> list[injection.Mutant]:
    return list(injection.mutants("test", [("t", TURN)], seed, ["Noah", "Amelia"]))


def test_the_same_seed_gives_the_same_mutants() -> None:
    """Mutants are a function of the seed: two runs give identical turns and spans."""
    assert _mutants(3) == _mutants(3)


def test_every_mutation_type_applies_and_marks_its_injected_span() -> None:
    """Each mutation makes one change whose span holds the injected, unsupported text."""
    by_kind = {m.mutation: m for m in _mutants(3)}
    assert set(by_kind) == set(injection.MUTATIONS)
    number = by_kind["number_changed"]
    new = number.turn.response[number.span[0] : number.span[1]]
    assert new.isdigit() and new not in ("286", "120")
    swapped = by_kind["name_swapped"]
    assert swapped.turn.response[swapped.span[0] : swapped.span[1]] == "Noah"
    code = by_kind["invented_id"]
    assert code.turn.response.endswith(code.turn.response[code.span[0] : code.span[1]] + ".")
    failed = by_kind["failed_as_success"]
    assert failed.turn.tool_calls[-1].status == "error" and failed.turn.response == TURN.response


def test_failed_as_success_needs_an_answer_that_reports_the_action() -> None:
    """A turn whose answer never says the action was done gets no failed_as_success mutant."""
    quiet = Turn(response="Is there anything else?", tool_calls=TURN.tool_calls)
    kinds = {m.mutation for m in injection.mutants("test", [("t", quiet)], 7, ["Noah"])}
    assert "failed_as_success" not in kinds
