"""One round of the revise loop, for frameworks that run the loop themselves (Pydantic AI's
``ModelRetry``, LangChain's jump back to the model): nofab decides, the framework asks.

The rules are the pipeline's revise state machine (``nofab.pipeline.revise``); this module
only gives its result the shape the integrations pass around."""

from __future__ import annotations

from dataclasses import dataclass

from nofab.model.turn import Turn
from nofab.model.verdict import Verdict
from nofab.pipeline.guard import Guard
from nofab.pipeline.revise import framework_round


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
    verdict, instruction = framework_round(guard, turn, revisions_used, revisions_allowed)
    return Decision(verdict, instruction)
