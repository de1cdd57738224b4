"""One pipeline on every path (issue 11): ``check``, ``acheck`` and a framework's own revise
loop take the same decisions, because they drive one state machine through public steps."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from nofab import Guard, Policy, Turn
from nofab.integrations._revise import decide as framework_decide
from nofab.pipeline.assessment import decide

TURNS = [
    Turn(response="Done, I sent it (task_id=9f2b1e47aa).", user_message="email Dana the report"),
    Turn(response="Hecho, lo envié (task_id=77ab12cd90).", user_message="envía el informe a Dana"),
    Turn(response="Hello! How can I help?"),
    Turn(
        response="Your order A-1042 totals $42.73.\n\nRefund id: refund_id=RF-88231.",
        tool_calls=(),
        user_message="What does order A-1042 cost? It said $42.73.",
    ),
]

#: Revisers: a clean restatement, one that repeats the fabrication, one that fails, an empty one.
REVISERS: dict[str, Callable[[str], Any]] = {
    "fixes": lambda instruction: "I could not do that: no tool ran.",
    "repeats": lambda instruction: "Sent, task_id=0badc0de11 as promised.",
    "raises": lambda instruction: (_ for _ in ()).throw(RuntimeError("model down")),
    "empty": lambda instruction: "   ",
}


def _same(a: Any, b: Any) -> bool:
    return (a.action, a.output, a.findings, a.blocking, a.rounds, a.warnings) == (
        b.action,
        b.output,
        b.findings,
        b.blocking,
        b.rounds,
        b.warnings,
    )


@pytest.mark.parametrize("fallback", ["refuse", "flag"])
@pytest.mark.parametrize("reviser", sorted(REVISERS))
@pytest.mark.parametrize("max_revisions", [0, 1, 2])
def test_check_and_acheck_revise_alike(fallback: str, reviser: str, max_revisions: int) -> None:
    guard = Guard(
        Policy(mode="revise", revise_fallback=fallback, max_revisions=max_revisions, load_plugins=False)  # type: ignore[arg-type]
    )
    for turn in TURNS:
        sync = guard.check(turn, reviser=REVISERS[reviser])
        async_ = asyncio.run(guard.acheck(turn, reviser=REVISERS[reviser]))
        assert _same(sync, async_), (turn.response, reviser)
        assert len(sync.rounds) <= max_revisions


def _framework(guard: Guard, turn: Turn, reviser: Callable[[str], Any], allowed: int) -> Iterator[Any]:
    """A framework that runs the loop itself: ask, send the instruction, check the reply."""
    used = 0
    while True:
        decision = framework_decide(guard, turn, used, allowed)
        yield decision.verdict
        if decision.instruction is None:
            return
        reply = reviser(decision.instruction)
        turn = turn.with_response(reply)
        used += 1


@pytest.mark.parametrize("reviser", ["fixes", "repeats"])
@pytest.mark.parametrize("max_revisions", [0, 1, 2])
def test_a_framework_loop_ends_where_check_ends(reviser: str, max_revisions: int) -> None:
    """Same answer shown, same action — the framework just holds the loop's state itself."""
    guard = Guard(Policy(mode="revise", max_revisions=max_revisions, load_plugins=False))
    for turn in TURNS:
        checked = guard.check(turn, reviser=REVISERS[reviser])
        verdicts = list(_framework(guard, turn, REVISERS[reviser], allowed=5))
        final = verdicts[-1]
        if checked.action == "revise_forced":  # the framework sees the revision as a new answer
            assert final.action in ("none", "observed") and final.output == checked.output
        else:
            assert (final.action, final.output) == (checked.action, checked.output)
        assert len(verdicts) - 1 == len(checked.rounds)


@pytest.mark.parametrize("mode", ["observe", "flag", "wipe", "refuse", "revise"])
def test_act_is_decide_plus_text(mode: str) -> None:
    """``act`` takes the action ``decide`` chose, for every mode and turn."""
    guard = Guard(Policy(mode=mode, load_plugins=False))  # type: ignore[arg-type]
    for turn in TURNS:
        assessment = guard.assess(turn)
        ruling = decide(guard.policy, assessment, reviser_missing=True)
        verdict = guard.act(turn, assessment, reviser_missing=True)
        assert verdict.action == ruling.action
        assert set(ruling.warnings) <= set(verdict.warnings)
        assert verdict == guard.check(turn)


@pytest.mark.parametrize(
    "response",
    ["The lookup failed, so I have nothing to report yet.", "La consulta falló; todavía no hay datos."],
)
def test_a_turn_without_findings_still_carries_the_tool_partition(response: str) -> None:
    """The no-finding fast path skips merging, not the verdict's facts: a failed tool is
    still reported when nothing in the answer was flagged."""
    turn = {
        "response": response,
        "tool_calls": [{"name": "get_order", "arguments": {}, "status": "error", "error": "HTTP 500"}],
    }
    verdict = Guard(Policy(mode="flag", load_plugins=False)).check(turn)
    assert verdict.findings == () and verdict.blocking == () and verdict.action == "none"
    assert verdict.max_confidence == 0.0
    assert verdict.to_dict()["api_failed_tools"] == ["get_order"]


def test_pending_call_routing_follows_the_detectors_the_guard_runs_now() -> None:
    """Whether ``arguments`` runs is remembered per detector tuple: a caller that replaces
    ``guard.detectors`` (to wrap or drop some) gets routing only while ``arguments`` runs."""
    turn = {
        "response": "Fetching it now.",
        "pending_call": {"name": "fetch_url", "arguments": {"url": "https://x.example/a"}},
    }
    guard = Guard(Policy(load_plugins=False))
    assert "pending_call" in guard.check(turn).to_dict()
    everything = guard.detectors
    guard.detectors = tuple(d for d in everything if d.id != "arguments")
    assert "pending_call" not in guard.check(turn).to_dict()
    guard.detectors = everything
    assert "pending_call" in guard.check(turn).to_dict()
