"""A finding: one claim in the answer that nothing this turn backs up, and why."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Severity = Literal["low", "medium", "high"]

#: The stable finding kinds (DESIGN.md). New kinds may be added; these names never change.
KINDS: tuple[str, ...] = (
    "uuid",
    "kv",
    "short_hex_near_verb",
    "short_hex_near_key",
    "verb_claim",
    "intent_action_no_tool",
    "unverified_number",
    "phantom_tool",
    "unavailable_tool_reference",
    "bulk_failure",
    "data_inflation",
    "self_confession",
    "method_result_confession",
    "degenerate_prose",
    "ungrounded_entity",
    "misattributed_value",
    "misread_value",
    "refuted_expectation",
    "argument_without_provenance",
    # Added by nofab beyond the original families.
    "hex_hash",
    "undeclared_claim",
)


def severity_for(confidence: float) -> Severity:
    """The default severity of a finding of this confidence."""
    if confidence >= 0.8:
        return "high"
    if confidence >= 0.6:
        return "medium"
    return "low"


@dataclass(frozen=True, slots=True)
class Finding:
    """One flagged claim.

    ``span`` is a half-open ``(start, end)`` range of character offsets into the answer;
    ``(0, 0)`` with an empty ``identifier`` marks a whole-turn finding.
    """

    kind: str
    detector: str
    identifier: str
    confidence: float
    span: tuple[int, int]
    reason: str
    severity: Severity = "medium"
    evidence: Mapping[str, Any] = field(default_factory=dict)

    @property
    def whole_turn(self) -> bool:
        return self.span == (0, 0) and not self.identifier

    @property
    def fingerprint(self) -> str:
        """A stable id that ignores position, so labels survive edits elsewhere in the answer."""
        import hashlib  # here, not at the top: OpenSSL's loader costs ~2 ms of `import nofab`

        key = f"{self.detector}\x1f{self.kind}\x1f{self.identifier.casefold()}"
        return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]

    def to_dict(self) -> dict[str, Any]:
        """The documented JSON shape of a finding."""
        return {
            "kind": self.kind,
            "detector": self.detector,
            "identifier": self.identifier,
            "confidence": round(self.confidence, 3),
            "severity": self.severity,
            "span": [self.span[0], self.span[1]],
            "reason": self.reason,
            "evidence": dict(self.evidence),
            "fingerprint": self.fingerprint,
        }
