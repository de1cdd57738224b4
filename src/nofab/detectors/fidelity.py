"""Fact fidelity: every declared value must be in the output of the tool call it cites.

An answer (or the code around the agent) declares the structured values it rests on
(``asserted_values``: tool call id, path, expected value, match kind). Each one is
re-extracted from the cited output by ``nofab.fidelity`` with no model in the loop:

- ``misread_value`` — the value is not there (0.9; 0.95 for an identity anchor: a hash,
  an IP address, an e-mail, a file name), the cited call does not exist, or the value
  appears fewer times than ``count`` claims (a demotion, below the default threshold);
- ``refuted_expectation`` — an opted-in expectation whose path holds only conflicting values;
- ``undeclared_claim`` — a confirmed claim with no declared values, or an inferred one
  with neither values nor confirmed claims it derives from.

Confidences follow the tier ladder (``nofab.fidelity.ladder``). Settings live in
``Profile.rules["fidelity"]``: ``require_declarations`` (default true), ``expectations``
(default false).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from nofab.detectors.base import DetectorBase
from nofab.fidelity.ladder import UNDECLARED_CONFIDENCE, FidelitySettings, decide
from nofab.fidelity.matchers import record_constraints, scalar_text
from nofab.fidelity.report import FidelityReport, ValueResult, assess
from nofab.language.text import find_token, fold
from nofab.model.finding import Finding

if TYPE_CHECKING:
    from nofab.config.policy import Profile
    from nofab.evidence.index import Evidence

DETECTOR_ID = "fidelity"


class FidelityDetector(DetectorBase):
    """Checks declared values against the cited tool outputs."""

    id = DETECTOR_ID
    version = "1"
    kinds = ("misread_value", "refuted_expectation", "undeclared_claim")

    def __init__(self, profile: Profile) -> None:
        self.settings = FidelitySettings.from_rules(profile.rules.get(DETECTOR_ID))

    def report(self, evidence: Evidence) -> FidelityReport:
        return assess(evidence.turn, self.settings)

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        turn = evidence.turn
        if not turn.asserted_values and not turn.declared_claims:
            return
        report = self.report(evidence)
        tiers = {c.id: c.tier for c in turn.declared_claims}
        answer = evidence.answer
        for result in report.values:
            tier = tiers.get(result.value.claim, "confirmed")
            decision = decide(result, tier)
            if decision is None:
                continue
            kind = "refuted_expectation" if result.status == "refuted" else "misread_value"
            identifier, span = _locate(answer, _texts(result))
            v = result.value
            yield self.finding(
                kind,
                identifier,
                decision.confidence,
                span,
                _reason(result, decision.action, tier, decision.tier_after),
                evidence={
                    "asserted_value": result.index,
                    "tool_call_id": v.tool_call_id,
                    "path": v.path,
                    "match": v.match,
                    "expected": v.expected,
                    "status": result.status,
                    "detail": result.reason,
                    "anchor": result.anchor,
                    "claim": v.claim,
                    "tier": tier,
                    "ladder": decision.action,
                    "tier_after": decision.tier_after,
                    "matched": list(result.matched),
                },
            )
        claims = {c.id: c for c in turn.declared_claims}
        for outcome in report.claims:
            if outcome.outcome != "undeclared":
                continue
            claim = claims[outcome.id]
            confidence = UNDECLARED_CONFIDENCE.get(claim.tier, 0.5)
            identifier, span = _locate(answer, [claim.text] if claim.text else [])
            yield self.finding(
                "undeclared_claim",
                identifier or claim.id,
                confidence,
                span,
                f"{claim.tier} claim {claim.id!r}: {outcome.reasons[0]}",
                evidence={"claim": claim.id, "tier": claim.tier},
            )


def _texts(result: ValueResult) -> list[str]:
    """Candidate texts of a declaration to find in the answer, most specific first."""
    v = result.value
    if v.match == "record":
        try:
            return sorted(record_constraints(v.expected).values(), key=len, reverse=True)
        except ValueError:
            return []
    text = scalar_text(v.expected) if not isinstance(v.expected, (dict, list)) else None
    return [text] if text and v.match != "regex" else []


def _locate(answer: str, texts: Iterable[str]) -> tuple[str, tuple[int, int]]:
    """Where the answer states the value: its span, or ``(0, 0)`` when it does not quote it.

    ``(0, 0)`` with a non-empty identifier keeps the finding separate from other
    findings (it overlaps nothing) while saying the answer does not quote the value.
    """
    folded = fold(answer)
    same_length = len(folded) == len(answer)
    fallback = ""
    for text in texts:
        text = text.strip()
        if not text:
            continue
        fallback = fallback or text
        hay, needle = (folded, fold(text)) if same_length else (answer, text)
        at = find_token(hay, needle)
        if at != -1:
            return answer[at : at + len(needle)], (at, at + len(needle))
    return fallback, (0, 0)


def _reason(result: ValueResult, action: str, tier: str, tier_after: str) -> str:
    v = result.value
    what = "expectation" if v.expectation else "declared value"
    if result.unknown_call:
        head = f"{what} cites tool call {v.tool_call_id!r}, which never ran"
    elif result.status == "refuted":
        head = f"{what} at {v.tool_call_id}:{v.path} is refuted by the output"
    elif result.status == "short":
        head = f"{what} at {v.tool_call_id}:{v.path} appears fewer times than claimed"
    else:
        head = f"{what} ({v.match}) not found at {v.tool_call_id}:{v.path}"
    anchor = f"; identity anchor ({result.anchor})" if result.anchor and action == "reject" else ""
    ladder = "claim rejected" if action == "reject" else f"claim downgraded {tier} -> {tier_after}"
    return f"{head} — {result.reason}{anchor}; {ladder}"


def verdict_details(detectors: Iterable[Any], evidence: Evidence) -> dict[str, Any]:
    """The fidelity facts for ``Verdict.details`` when the fidelity detector runs:
    every declaration's status and the values the parser read (``asserted_values``) and
    every claim's place on the ladder (``declared_claims``)."""
    for detector in detectors:
        if isinstance(detector, FidelityDetector):
            turn = evidence.turn
            if turn.asserted_values or turn.declared_claims:
                try:
                    return detector.report(evidence).details()
                except Exception as exc:  # the guard never crashes the agent; detect() reported it too
                    return {"asserted_values_error": f"{type(exc).__name__}: {exc}"[:500]}
    return {}
