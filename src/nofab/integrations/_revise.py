"""One round of the revise loop, for frameworks that run the loop themselves (Pydantic AI's
``ModelRetry``, LangChain's jump back to the model): nofab decides, the framework asks."""

from __future__ import annotations

from dataclasses import dataclass

from nofab.model.events import FabricationDetectedEvent
from nofab.model.turn import Turn
from nofab.model.verdict import Verdict
from nofab.pipeline import actions
from nofab.pipeline.guard import Guard


@dataclass(frozen=True, slots=True)
class Decision:
    """``instruction`` set: send it to the model and check its next answer. Otherwise
    ``verdict.output`` is the text to show."""

    verdict: Verdict
    instruction: str | None = None


def decide(guard: Guard, turn: Turn, revisions_used: int, revisions_allowed: int | None = None) -> Decision:
    """Check ``turn`` as its policy's mode says. In ``revise`` mode, a failing answer gets an
    instruction while revisions remain (``Policy.max_revisions``, capped by
    ``revisions_allowed``), and the policy's ``revise_fallback`` once they are used up."""
    policy = guard.policy
    if policy.mode != "revise":
        return Decision(guard.check(turn))
    budget = policy.max_revisions
    if revisions_allowed is not None:
        budget = min(budget, revisions_allowed)
    assessment = guard.assess(turn)
    if assessment.blocking and revisions_used < budget:
        details = {"revision": revisions_used}
        verdict = guard._verdict(assessment, "revise_forced", turn.response, details=details)
        _emit(guard, turn, verdict)
        return Decision(verdict, actions.revision_instruction(assessment.blocking, bool(turn.tool_calls)))
    if assessment.blocking:
        acted = guard._act(turn, assessment, mode=policy.revise_fallback)
        why = f"still failing after {revisions_used} revision(s); fell back to {policy.revise_fallback}"
        verdict = guard._verdict(
            assessment, acted.action, acted.output, warnings=[why], details=acted.details
        )
    else:
        verdict = guard._act(turn, assessment, mode="observe")
    _emit(guard, turn, verdict)
    return Decision(verdict)


def _emit(guard: Guard, turn: Turn, verdict: Verdict) -> None:
    if verdict.findings and guard.events.wants(FabricationDetectedEvent):
        guard.events.emit(guard._event(turn, verdict, None))
