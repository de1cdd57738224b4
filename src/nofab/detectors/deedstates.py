"""Whether the turn reports a stated state ("your reservation is cancelled", "la reserva está
cancelada"), for the claims detector: the state is reported (``ClaimQuestions.reports_state``)
unless it is the outcome of a deed attempted in vain this turn (``statesources``); and which
stated states are deeds after all (``as_made``: "your booking is confirmed" reports a booking).

Held back (see the eighth session's note): a deed's participle ending its sentence with only
a read behind it ("Reservation K7 is cancelled." after ``get_reservation_details``) could be
required to have a call able to do the deed, or a result showing the state; that contradicts
pinned tests ("Both reminders are deleted." after a read is no deed) and needs a decision first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache

from nofab.detectors.claimmemo import ClaimQuestions
from nofab.detectors.statesources import attempted_in_vain
from nofab.evidence.index import Evidence
from nofab.language.lexicon import Claim
from nofab.language.text import fold
from nofab.language.vocabulary import Action, load


def state_reported(
    claim: Claim, questions: ClaimQuestions, holds: Callable[[str], bool], evidence: Evidence
) -> bool:
    """Does the turn report the stated state ``claim`` (``ClaimQuestions.reports_state``),
    and not as the outcome of a deed attempted in vain (``statesources.attempted_in_vain``)?"""
    return questions.reports_state(claim) and not attempted_in_vain(claim, questions, holds, evidence)


@cache
def _confirmations() -> tuple[frozenset[str], dict[str, str]]:
    """(the participles of "confirm", {object group: the action that makes such a thing})."""
    spec = load("actions")["read"].get("confirmations", {})
    return frozenset(fold(v) for v in spec.get("verbs", ())), dict(spec.get("made_by", {}))


def as_made(claim: Claim, actions: Mapping[str, Action]) -> Claim:
    """A thing stated as confirmed was made: "your booking is confirmed" reports a booking,
    so only a tool that books grounds it (a status that says "confirmed", or a tool that
    read the booking, already made it a reported state). Principle: the confirmed state of
    a thing an action creates is that action's outcome. Risk: "your booking is confirmed"
    said of a booking made in an earlier conversation, with no tool of this one naming it,
    is read as a booking made now."""
    verbs, made_by = _confirmations()
    if not claim.stative or claim.action.name != "read" or fold(claim.verb) not in verbs:
        return claim
    made = next((made_by[o] for o in sorted(claim.objects) if o in made_by), None)
    action = actions.get(made) if made else None
    return replace(claim, action=action) if action else claim


__all__ = ["as_made", "state_reported"]
