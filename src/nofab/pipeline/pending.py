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
from nofab.pipeline.provenance import DETECTOR_ID

#: The finding kinds that concern a pending tool call (the others judge the answer text).
CALL_KINDS = frozenset({"argument_without_provenance"})
#: The detector that checks them.
ARGUMENTS = DETECTOR_ID


@dataclass(frozen=True, slots=True)
class CallDecision:
    """Whether ``turn.pending_call`` may be dispatched, and the findings about it."""

    allowed: bool
    findings: tuple[Finding, ...]
    blocking: tuple[Finding, ...]
    verdict: Verdict
    #: The argument check itself failed, and the policy fails closed.
    unchecked: bool = False

    def message(self) -> str:
        """A one-paragraph explanation for the agent's model when the call is refused."""
        if self.unchecked:
            return (
                "nofab refused this tool call: its arguments could not be checked (the argument "
                "check failed), and the policy does not let unchecked calls run."
            )
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
    # Fail closed, as answers do: a call whose arguments went unchecked does not run.
    unchecked = guard.policy.on_error_in_refuse == "refuse" and any(
        e.detector == ARGUMENTS for e in verdict.detector_errors
    )
    return CallDecision(not blocking and not unchecked, findings, blocking, verdict, unchecked)
