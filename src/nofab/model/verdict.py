"""The verdict: what the guard found in a turn and what it did about it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from nofab.model.finding import Finding

#: How the guard's notes about a truncated input begin (a verdict carries them in ``warnings``).
TRUNCATED = "input truncated"

ActionTaken = Literal["none", "observed", "flagged", "wiped", "revise_forced", "refuse_replaced"]


@dataclass(frozen=True, slots=True)
class DetectorError:
    """A detector that raised; reported instead of breaking the turn."""

    detector: str
    error_type: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"detector": self.detector, "error_type": self.error_type, "message": self.message}


@dataclass(frozen=True, slots=True)
class RevisionRound:
    """One round of the revise loop: the draft and what was wrong with it, what was asked,
    what came back, and what the revision still had (``findings``)."""

    instruction: str
    draft: str
    revision: str
    findings: tuple[Finding, ...]
    error: str | None = None
    #: The draft's findings at or above the threshold: what the instruction asked to fix.
    draft_findings: tuple[Finding, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "instruction": self.instruction,
            "draft": self.draft,
            "draft_findings": [f.to_dict() for f in self.draft_findings],
            "revision": self.revision,
            "findings": [f.to_dict() for f in self.findings],
            "error": self.error,
        }


@dataclass(frozen=True, slots=True)
class Verdict:
    """Findings, the action taken, and the text to show the user (``output``)."""

    findings: tuple[Finding, ...]
    action: ActionTaken
    output: str
    mode: str
    threshold: float
    max_confidence: float = 0.0
    detector_errors: tuple[DetectorError, ...] = ()
    warnings: tuple[str, ...] = ()
    rounds: tuple[RevisionRound, ...] = ()
    #: Paragraph accounting in wipe mode, tool partitions and other family-specific facts.
    details: Mapping[str, Any] = field(default_factory=dict)
    blocking: tuple[Finding, ...] = ()

    @property
    def passed(self) -> bool:
        """Nothing reached the threshold."""
        return not self.blocking

    @property
    def blocked(self) -> bool:
        """The answer must not pass as checked: a finding reached the threshold, or part of it
        went unchecked (a detector failed, or the input was truncated), whatever the mode.
        Exit codes use this."""
        truncated = any(w.startswith(TRUNCATED) for w in self.warnings)
        return bool(self.blocking or self.detector_errors or truncated)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "findings": [f.to_dict() for f in self.findings],
            "action": self.action,
            "output": self.output,
            "mode": self.mode,
            "threshold": self.threshold,
            "max_confidence": round(self.max_confidence, 3),
        }
        if self.detector_errors:
            data["detector_errors"] = [e.to_dict() for e in self.detector_errors]
        if self.warnings:
            data["warnings"] = list(self.warnings)
        if self.rounds:
            data["rounds"] = [r.to_dict() for r in self.rounds]
        if self.details:
            data.update(self.details)
        return data
