"""Decision verbs ("accepted", "declined"): the agent's answer to an invitation only when active.

Principle: accepting or declining is a decision, and a claim of one is the agent's deed only
when the agent is its subject or the report is subjectless ("I declined the vendor demo",
"Accepted: Q1 review"). A passive or a stated state ("your card was declined", "your request
has been accepted") names no decider and reports a third party's decision (a bank's, a
system's), and the verb before an infinitive ("I declined to change the flight") is a
refusal, not an answer. The decision actions are those ``actions.json`` marks ``decision``;
the infinitive markers are each language's ``infinitive_markers``.

Risk: "the invitation has been declined" said of the agent's own (failed) decline is not
read as a claim; the active and report forms, the usual ways an answer reports it, are.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from nofab.language.claimfinder import Claim
from nofab.language.vocabulary import LANGUAGES, load


@cache
def _decisions() -> tuple[frozenset[str], dict[str, re.Pattern[str]]]:
    """(the decision actions, each language's infinitive marker right after a verb)."""
    actions = frozenset(k for k, v in load("actions").items() if isinstance(v, dict) and v.get("decision"))
    markers: dict[str, re.Pattern[str]] = {}
    for code in LANGUAGES:
        words = load(code).get("infinitive_markers", ())
        if words:
            alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
            markers[code] = re.compile(rf"\s+(?:{alternatives})(?:\s+|(?<=['’]))\w", re.IGNORECASE)
    return actions, markers


def without_third_party_decisions(claims: Sequence[Claim], text: str) -> list[Claim]:
    """``claims`` without passive or stated decisions and refusals ("declined to ...")."""
    actions, markers = _decisions()
    if not any(c.action.name in actions for c in claims):
        return list(claims)
    out = []
    for claim in claims:
        if claim.action.name in actions:
            if claim.passive or claim.stative:
                continue
            marker = markers.get(claim.language)
            if marker is not None and marker.match(text, claim.span[1]):
                continue
        out.append(claim)
    return out
