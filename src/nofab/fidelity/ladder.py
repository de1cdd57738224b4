"""The tier ladder: what a failed declaration does to the claim it backs.

=================  ==================================  =============================
failure            confirmed claim                     inferred / hypothesis claim
=================  ==================================  =============================
identity anchor    rejected (0.95)                     rejected (0.95)
value not found    rejected (0.9)                      downgraded one tier (0.7 / 0.5)
count short        downgraded to inferred (0.7)        downgraded one tier (0.6 / 0.5)
expectation        rejected (0.9)                      downgraded one tier (0.7 / 0.5)
=================  ==================================  =============================

A value declared without a claim is its own confirmed claim. ``hypothesis`` is the
bottom rung: "downgraded" there means the lead stays a lead, now with a failed value.
An inferred claim derived from a claim that was rejected is downgraded with it: its
fidelity is that of the facts it rests on.

Requirements (``rules.fidelity.require_declarations``, on by default): a confirmed claim
must declare values; an inferred claim must declare values or name the confirmed
claims it is ``derived_from``. A hypothesis is exempt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from nofab.config.rules import Rules

if TYPE_CHECKING:
    from nofab.fidelity.report import ValueResult
    from nofab.model.turn import DeclaredClaim

Outcome = Literal["approved", "rejected", "downgraded", "undeclared"]
LadderAction = Literal["reject", "downgrade"]

_BELOW = {"confirmed": "inferred", "inferred": "hypothesis", "hypothesis": "hypothesis"}

#: Confidence of a finding, by (what failed, the claim's tier).
ANCHOR_CONFIDENCE = 0.95
REJECT_CONFIDENCE = 0.9
DOWNGRADE_CONFIDENCE = {"confirmed": 0.7, "inferred": 0.7, "hypothesis": 0.5}
SHORT_CONFIDENCE = {"confirmed": 0.7, "inferred": 0.6, "hypothesis": 0.5}
UNDECLARED_CONFIDENCE = {"confirmed": 0.85, "inferred": 0.7}


@dataclass(frozen=True, slots=True)
class FidelitySettings:
    """Per-profile settings, from ``Profile.rules["fidelity"]``."""

    #: Confirmed claims must declare values; inferred ones values or ``derived_from``.
    require_declarations: bool = True
    #: Check expectations (inverse polarity); off by default so verdicts do not change.
    expectations: bool = False

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any] | None) -> FidelitySettings:
        """The settings of ``rules.fidelity``, read through ``Rules`` (a typo is a ``ProfileError``)."""
        table = Rules.from_table(rules, "fidelity", ("require_declarations", "expectations"))
        return cls(table.flag("require_declarations", True), table.flag("expectations", False))


@dataclass(frozen=True, slots=True)
class Decision:
    """What one failed declaration does: the action, the finding's confidence, the tier after."""

    action: LadderAction
    confidence: float
    tier_after: str


def decide(result: ValueResult, tier: str) -> Decision | None:
    """The ladder step for one declaration under a claim of ``tier`` (``None``: it did not fail)."""
    if not result.failed:
        return None
    if result.status == "short":
        return Decision("downgrade", SHORT_CONFIDENCE[tier], _BELOW[tier])
    if result.anchor and result.status == "failed":
        return Decision("reject", ANCHOR_CONFIDENCE, "rejected")
    if tier == "confirmed":
        return Decision("reject", REJECT_CONFIDENCE, "rejected")
    return Decision("downgrade", DOWNGRADE_CONFIDENCE[tier], _BELOW[tier])


@dataclass(frozen=True, slots=True)
class ClaimOutcome:
    """Where a declared claim ended up."""

    id: str
    tier: str
    outcome: Outcome
    tier_after: str
    reasons: tuple[str, ...] = ()
    values: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "tier": self.tier,
            "outcome": self.outcome,
            "tier_after": self.tier_after,
            "reasons": list(self.reasons),
            "values": list(self.values),
        }


def judge_claims(
    claims: Sequence[DeclaredClaim], results: Sequence[ValueResult], settings: FidelitySettings
) -> tuple[ClaimOutcome, ...]:
    """Place each declared claim on the ladder, in declaration order."""
    tiers = {c.id: c.tier for c in claims}
    outcomes: dict[str, ClaimOutcome] = {}
    for claim in claims:
        own = [r for r in results if r.value.claim == claim.id]
        facts = [r for r in own if not r.value.expectation]
        decisions = [(r, d) for r in own if (d := decide(r, claim.tier)) is not None]
        reasons = tuple(f"asserted_values[{r.index}]: {r.reason}" for r, _d in decisions)
        indices = tuple(r.index for r in own)
        if any(d.action == "reject" for _r, d in decisions):
            outcomes[claim.id] = ClaimOutcome(claim.id, claim.tier, "rejected", "rejected", reasons, indices)
        elif decisions:
            outcomes[claim.id] = ClaimOutcome(
                claim.id, claim.tier, "downgraded", _BELOW[claim.tier], reasons, indices
            )
        elif settings.require_declarations and (missing := _requirement(claim, facts, tiers)):
            outcomes[claim.id] = ClaimOutcome(
                claim.id, claim.tier, "undeclared", claim.tier, (missing,), indices
            )
        else:
            outcomes[claim.id] = ClaimOutcome(claim.id, claim.tier, "approved", claim.tier, (), indices)
    # Derivation carries failure upward: an inferred claim resting on a rejected claim
    # cannot stay inferred. Claims are few, so a fixed-point loop is cheap and order-free.
    # Each claim is lowered by derivation at most once, so the loop ends.
    lowered: set[str] = set()
    changed = True
    while changed:
        changed = False
        for claim in claims:
            current = outcomes[claim.id]
            if claim.id in lowered or current.outcome == "rejected" or current.tier_after == "hypothesis":
                continue
            broken = [
                d
                for d in claim.derived_from
                if outcomes[d].outcome in ("rejected", "undeclared") or outcomes[d].tier_after != tiers[d]
            ]
            if broken:
                outcomes[claim.id] = ClaimOutcome(
                    claim.id,
                    claim.tier,
                    "downgraded",
                    _BELOW[current.tier_after],
                    (*current.reasons, f"derived from {', '.join(map(repr, broken))}, which did not hold"),
                    current.values,
                )
                lowered.add(claim.id)
                changed = True
    return tuple(outcomes[c.id] for c in claims)


def _requirement(claim: DeclaredClaim, facts: Sequence[ValueResult], tiers: Mapping[str, str]) -> str:
    """What a claim lacks under the declaration requirements ("" when nothing)."""
    if claim.tier == "confirmed" and not facts:
        return "a confirmed claim must declare the values it rests on (asserted_values with this claim id)"
    if claim.tier == "inferred" and not facts:
        if not claim.derived_from:
            return "an inferred claim must declare values or the confirmed claims it is derived_from"
        weak = [d for d in claim.derived_from if tiers.get(d) != "confirmed"]
        if weak:
            return f"derived_from must name confirmed claims; {', '.join(map(repr, weak))} are not"
    return ""
