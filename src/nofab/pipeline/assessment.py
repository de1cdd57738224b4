"""What the pipeline knows about an answer before it acts (``Assessment``), and the one rule
that turns it into an action per mode (``decide`` -> ``Ruling``).

Every path that acts on an answer — ``Guard.check``/``acheck``, the revise loop, each
streamed sentence, the framework integrations — asks ``decide``, so a mode means the same
thing everywhere. Failing closed lives here too: an answer that was not fully checked (a
detector raised, or the input was truncated) is blocked in every blocking mode, because a
check that did not run must not read as a check that passed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from nofab.config.policy import Policy
from nofab.model.finding import Finding
from nofab.model.verdict import TRUNCATED, ActionTaken, DetectorError

if TYPE_CHECKING:
    # A type only: the evidence index loads the lexicons, which the first Guard does.
    from nofab.evidence.index import Evidence

#: The modes that act against an answer, and the action each takes.
BLOCKING_ACTIONS: dict[str, ActionTaken] = {
    "flag": "flagged",
    "wipe": "wiped",
    "refuse": "refuse_replaced",
}

_PAST = {"flag": "flagged", "wipe": "wiped", "refuse": "refused"}


@dataclass(frozen=True, slots=True)
class Assessment:
    """The detect -> filter -> dedupe steps' result: every finding, the ones at or above their
    threshold (``blocking``), the detectors that failed, and the evidence they read."""

    findings: tuple[Finding, ...]
    blocking: tuple[Finding, ...]
    errors: tuple[DetectorError, ...]
    evidence: Evidence
    notes: tuple[str, ...] = ()
    #: Detectors stopped at ``Policy.max_findings_per_detector``: the rest of the answer went
    #: unread by them (each also has a note).
    capped: tuple[str, ...] = ()

    @property
    def incomplete(self) -> bool:
        """Part of the answer went unchecked: a detector failed or the input was cut."""
        return bool(self.errors) or any(n.startswith(TRUNCATED) for n in self.notes)

    @property
    def unchecked(self) -> str:
        """Why the answer was not fully checked, in one phrase (empty when it was)."""
        if not self.incomplete:
            return ""
        failed = ", ".join(sorted({e.detector for e in self.errors})) or "none"
        return f"the answer was not fully checked (failed detectors: {failed})"


@dataclass(frozen=True, slots=True)
class Ruling:
    """What to do with an answer: the action, the mode that chose it (``revise`` resolves to
    its fallback), whether it blocks only because the check was incomplete, and why."""

    action: ActionTaken
    mode: str
    fail_closed: bool = False
    warnings: tuple[str, ...] = ()


def decide(
    policy: Policy, assessment: Assessment, mode: str | None = None, *, reviser_missing: bool = False
) -> Ruling:
    """The action ``mode`` (default: the policy's) takes on ``assessment``.

    ``revise`` here means the revision loop is over or never ran: it acts as ``refuse``.
    With ``on_error_in_refuse="refuse"`` (the default) an incomplete check blocks in every
    blocking mode even without a finding; ``"pass"`` judges on what the other detectors found.
    """
    mode = mode or policy.mode
    warnings: list[str] = []
    if mode == "revise":
        if assessment.blocking and reviser_missing:
            warnings.append("revise mode without a reviser: fell back to refuse")
        mode = "refuse"
    if mode in BLOCKING_ACTIONS and assessment.incomplete and policy.on_error_in_refuse == "refuse":
        warnings.append(f"{_PAST[mode]} because {assessment.unchecked} and the policy fails closed")
        return Ruling(BLOCKING_ACTIONS[mode], mode, True, tuple(warnings))
    if not assessment.blocking or mode not in BLOCKING_ACTIONS:
        return Ruling("observed" if assessment.findings else "none", mode, False, tuple(warnings))
    return Ruling(BLOCKING_ACTIONS[mode], mode, False, tuple(warnings))
