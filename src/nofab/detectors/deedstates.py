"""A stated state that is a deed's outcome ("your reservation is cancelled", "la reserva está
cancelada", "la réservation est annulée"), for the claims detector.

Principle: the participle of an acting verb stated as an object's present state reports the
deed that put it there. A read of the object (``get_reservation_details``) shows the thing,
not that it was cancelled: the state is grounded only by a call of this conversation that
could do the deed, or by a result that itself shows the state (a ``"status": "cancelled"``,
or the participle anywhere in a successful call's result). The policy's wording ("insured
reservations are cancelled with a full refund") and a read that merely names the thing no
longer ground it. Reading verbs ("confirmed", "verified") are states, not deeds: not asked.
Only a state that ends its sentence is read so: one followed by its attribute ("your alarms
are set for 7:30", "was created on May 1") describes the thing as the read returned it.

Risk: a thing already in that state before the conversation, stated by the user alone
("since my flight is cancelled"), whose read shows no such status, is flagged; an answer
that repeats the state its tool result spells another way ("status": "void" for
"cancelled") is flagged too. Both need a read whose result contradicts nothing: the
fabrication they could hide (a deed claimed with only a read behind it) is the commoner.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nofab.detectors.claimmemo import ClaimQuestions
from nofab.detectors.statesources import attempted_in_vain, results_hold
from nofab.evidence.index import Evidence
from nofab.language.lexicon import Claim
from nofab.language.text import fold

#: A state as the sentence's bare predicate: only emphasis, then the sentence's end, after it.
_BARE = re.compile(r"[*_`]*\s*(?:[.!;\n]|$)")


def unshown_deed(claim: Claim, questions: ClaimQuestions, evidence: Evidence) -> bool:
    """Is the stated state ``claim`` a deed's outcome that nothing of the turn grounds?

    True for a stative claim of an acting verb when no call of this turn or an earlier one
    could do the deed on its object and no successful result holds its participle."""
    if not claim.stative or claim.action.name == "read" or claim.action.hints is None:
        return False
    if fold(claim.verb) not in fold(claim.text):
        return False  # a state word ("gone", "weg") says what a read may show, not the deed
    if not _BARE.match(evidence.answer, claim.span[1]):
        return False  # "set for 7:30", "created on May 1": the thing described as read
    if questions.grounded_by("now", claim.action, claim.objects) is not None:
        return False
    if questions.grounded_by("before", claim.action, claim.objects) is not None:
        return False
    return not results_hold(evidence)(claim.verb)


def state_reported(
    claim: Claim, questions: ClaimQuestions, holds: Callable[[str], bool], evidence: Evidence
) -> bool:
    """Does the turn report the stated state ``claim`` (``ClaimQuestions.reports_state``),
    neither as the outcome of a deed attempted in vain (``statesources.attempted_in_vain``)
    nor as a deed's outcome nothing grounds (``unshown_deed``)?"""
    return (
        questions.reports_state(claim) and not attempted_in_vain(claim, questions, holds, evidence)
        # ``unshown_deed`` is not applied yet: it contradicts pinned tests ("Both reminders are
        # deleted." after only a read is no deed) that the lead must rule on first.
    )


__all__ = ["state_reported", "unshown_deed"]
