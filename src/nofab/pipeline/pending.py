"""The decision on a pending tool call: may it go ahead?

The one place the HTTP service and the framework integrations ask, so that they all follow
the library's tool-argument provenance check (``argument_without_provenance``) without
changes of their own when that check evolves.
"""

from __future__ import annotations

from dataclasses import dataclass

from nofab.errors import UsageError
from nofab.model.finding import Finding
from nofab.model.turn import Turn
from nofab.model.verdict import Verdict
from nofab.pipeline.guard import Guard

#: The finding kinds that concern a pending tool call (the others judge the answer text).
CALL_KINDS = frozenset({"argument_without_provenance"})


@dataclass(frozen=True, slots=True)
class CallDecision:
    """Whether ``turn.pending_call`` may be dispatched, and the findings about it."""

    allowed: bool
    findings: tuple[Finding, ...]
    blocking: tuple[Finding, ...]
    verdict: Verdict

    def message(self) -> str:
        """A one-paragraph explanation for the agent's model when the call is refused."""
        lines = ["nofab refused this tool call: its arguments are not backed by anything this turn."]
        for f in self.blocking:
            lines.append(f'- "{f.identifier}": {f.reason}')
        lines.append("Use only values from the user's message or earlier tool results, or ask the user.")
        return "\n".join(lines)


def check_pending_call(guard: Guard, turn: Turn) -> CallDecision:
    """Check ``turn.pending_call`` against the turn's evidence (its answer may be empty)."""
    if turn.pending_call is None:
        raise UsageError("the turn has no pending_call to check")
    verdict = guard.check(turn)
    findings = tuple(f for f in verdict.findings if f.kind in CALL_KINDS)
    blocking = tuple(f for f in verdict.blocking if f.kind in CALL_KINDS)
    return CallDecision(not blocking, findings, blocking, verdict)
