"""Action claims with no tool behind them: "I've sent the invoice", "your refund has been
issued", "He enviado el correo" — when no tool that could send, refund or book ran.

Each claim verb names an action, and each action lists the tool-name parts that could
perform it (``lexicons/actions.json``): "sent" is grounded by ``send_email`` or
``SendMessage``, never by ``postgres_query`` (whole name parts only).
"""

from __future__ import annotations

from collections.abc import Iterator

from nofab.evidence import Evidence
from nofab.finding import Finding, severity_for
from nofab.policy import Profile

#: A claim that only a call from an earlier turn could have made true. Measured on τ-bench
#: and ToolTalk, restating an earlier action as if done now is rare in grounded traffic
#: (no extra false positive at 0.8), while an invented "I've also refunded the fee" right
#: after an unrelated update is the common fabrication: so it keeps the full weight.
CONFIDENCE_EARLIER = 0.8


class ClaimDetector:
    """``verb_claim``."""

    id = "claims"
    version = "1"
    kinds = ("verb_claim",)

    def __init__(self, profile: Profile) -> None:
        del profile  # the vocabulary comes compiled in evidence.lexicon

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        lexicon = evidence.lexicon
        now = tuple(c for c in evidence.succeeded_calls if not c.earlier)
        before = tuple(c for c in evidence.succeeded_calls if c.earlier)
        for claim in evidence.claims:
            if lexicon.grounded_by(claim.action, now, claim.objects):
                continue
            earlier = lexicon.grounded_by(claim.action, before, claim.objects)
            failed = lexicon.grounded_by(claim.action, evidence.failed_calls, claim.objects)
            ran = list(evidence.tool_names)
            confidence = claim.action.confidence
            if earlier:
                confidence = min(confidence, CONFIDENCE_EARLIER)
                reason = (
                    f"claims '{claim.text}' but no call this turn could have done it; only an earlier "
                    f"turn's call ({earlier}) could"
                )
            elif failed:
                reason = f"claims '{claim.text}' but the only tool that could have done it ({failed}) failed"
            elif not ran:
                reason = f"claims '{claim.text}' but no tool ran this turn"
            else:
                verb = claim.action.name.removeprefix("profile:")
                reason = (
                    f"claims '{claim.text}' but no tool that could {verb} "
                    f"ran this turn (ran: {', '.join(dict.fromkeys(ran))})"
                )
            yield Finding(
                kind="verb_claim",
                detector=self.id,
                identifier=claim.text,
                confidence=confidence,
                severity=severity_for(confidence),
                span=claim.span,
                reason=reason,
                evidence={
                    "verb": claim.verb,
                    "action": claim.action.name,
                    "language": claim.language,
                    "tool_name_parts_looked_for": sorted(claim.action.hints or ["<any tool>"]),
                    "tools_run": ran,
                    **({"object": sorted(claim.objects)} if claim.objects else {}),
                    **({"failed_tool": failed} if failed else {}),
                    **({"earlier_tool": earlier} if earlier else {}),
                },
            )
