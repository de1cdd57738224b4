"""The deliberate differences between nofab.compat.symfonic and Symfonic 9.12.0, as predicates.

``classify`` names the documented difference (``docs/compat.md``, D1...) that explains one
finding present on one side only, or returns None. The differential test
(tests/compat/test_symfonic_differential.py) allows only what this explains; ``bench/compat.py``
counts each difference on the clean corpora.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Verbs nofab reads as look-ups: any successful tool grounds them, and unbacked they are 0.7.
LOOKUP_VERBS = frozenset(["called", "queried", "fetched", "checked", "retrieved", "pulled"])
#: Symfonic keys nofab does not read as identifier keys.
NOT_ID_KEYS = frozenset(["service", "service_name", "instance"])
#: Symfonic's claim verbs (its English "I <verb>" pattern).
_VERBS = (
    "ran called invoked executed queried triggered launched fetched started stopped posted updated "
    "deleted created spawned sent delivered dispatched checked retrieved pulled pushed"
)
SYMFONIC_VERBS = frozenset(_VERBS.split())
_NOT_ID_KEY_VALUE = r"\b(?:service|service_name|instance)\s*[:=]\s*"
IDS = ("D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9")


@dataclass(frozen=True)
class Case:
    """What a difference is judged against: the draft, whether a tool ran, Symfonic's grounding text."""

    text: str
    tools_ran: bool
    corpus: str


def _verb(identifier: str) -> str:
    return identifier.split()[-1].lower() if identifier else ""


def classify(kind: str, identifier: str, key: str | None, side: str, case: Case) -> str | None:
    """The id of the documented difference explaining this one-sided finding, or None."""
    if side == "theirs" and key in NOT_ID_KEYS:
        return "D1"
    if side == "ours" and re.search(_NOT_ID_KEY_VALUE + re.escape(identifier) + r"\b", case.text):
        return "D1"  # not a key to nofab, so a claim verb nearby anchors it instead
    if side == "theirs" and kind == "verb_claim":
        verb = re.escape(_verb(identifier))
        if re.search(rf"\bthe\s+\w+(?:\s+(?:that|which))?\s+I\s+{verb}\b", case.text, re.IGNORECASE):
            return "D6"
    if kind == "verb_claim" and _verb(identifier) in LOOKUP_VERBS:
        return "D2"
    if kind == "verb_claim" and case.tools_ran:
        return "D3"
    if side == "theirs" and re.fullmatch(r"\d+e\d+", identifier, re.IGNORECASE):
        return "D4"
    if side == "ours" and identifier and identifier in case.corpus:
        return "D5"
    if side == "theirs" and kind == "intent_action_no_tool" and "?" in case.text:
        return "D7"
    if (
        side == "ours"
        and kind == "verb_claim"
        and not (identifier.lower().startswith("i ") and _verb(identifier) in SYMFONIC_VERBS)
    ):
        return "D8"  # a claim form Symfonic's "I <verb>" pattern does not read
    if side == "ours" and kind in ("kv", "short_hex_near_key") and key and key not in _SYMFONIC_KEYS:
        return "D9"
    if side == "ours" and kind == "short_hex_near_verb":
        return "D8"  # anchored by a claim form Symfonic does not read
    return None


_KEYS = (
    "task_id taskid job_id jobid pid process_id request_id req_id trace_id span_id run_id ticket_id order_id "
    "service service_name instance instance_id"
)
_SYMFONIC_KEYS = frozenset(_KEYS.split())
