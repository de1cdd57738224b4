"""The revise round that framework integrations share (nofab decides, the framework asks the
model): an instruction while revisions remain, then the fallback; other modes act directly."""

from __future__ import annotations

import pytest

from nofab import Guard, PendingCall, Policy, Turn, UsageError
from nofab.config.policy import DEFAULT_ENVELOPE
from nofab.integrations._revise import decide
from nofab.pipeline.pending import check_pending_call

FABRICATED = Turn(response="Done, I sent it (task_id=9f2b1e47aa).", user_message="email Dana the report")
CLEAN = Turn(response="Hello! How can I help?")


def guard(mode: str, **policy: object) -> Guard:
    return Guard(Policy(mode=mode, load_plugins=False, **policy))  # type: ignore[arg-type]


def test_instruction_while_revisions_remain() -> None:
    """A failing answer with revisions left gets the corrective instruction and a revise_forced verdict."""
    decision = decide(guard("revise"), FABRICATED, revisions_used=0)
    assert decision.instruction is not None and "9f2b1e47aa" in decision.instruction
    assert decision.verdict.action == "revise_forced"


@pytest.mark.parametrize(("fallback", "action"), [("refuse", "refuse_replaced"), ("flag", "flagged")])
def test_fallback_once_revisions_are_used(fallback: str, action: str) -> None:
    """With the budget spent, the policy's fallback acts and says why."""
    decision = decide(guard("revise", revise_fallback=fallback), FABRICATED, revisions_used=1)
    assert decision.instruction is None
    assert decision.verdict.action == action
    assert "fell back to " + fallback in decision.verdict.warnings[-1]


def test_framework_budget_caps_ours() -> None:
    """A framework allowing fewer retries than max_revisions wins: no instruction it could not send."""
    decision = decide(guard("revise", max_revisions=3), FABRICATED, revisions_used=1, revisions_allowed=1)
    assert decision.instruction is None and decision.verdict.output == DEFAULT_ENVELOPE


def test_clean_answer_passes_in_revise_mode() -> None:
    """Nothing to fix: no instruction, the answer unchanged."""
    decision = decide(guard("revise"), CLEAN, revisions_used=0)
    assert decision.instruction is None and decision.verdict.output == CLEAN.response


def test_other_modes_check_directly() -> None:
    """Outside revise mode the guard's own check decides."""
    decision = decide(guard("refuse"), FABRICATED, revisions_used=0)
    assert decision.instruction is None and decision.verdict.action == "refuse_replaced"


def test_check_pending_call_needs_a_pending_call() -> None:
    """Asking about a pending call on a turn without one is a UsageError."""
    with pytest.raises(UsageError, match="no pending_call"):
        check_pending_call(guard("observe"), CLEAN)
    decision = check_pending_call(guard("observe"), Turn(response="", pending_call=PendingCall("f")))
    assert decision.allowed and decision.findings == ()
