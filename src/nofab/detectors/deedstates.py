"""Whether the turn reports a stated state ("your reservation is cancelled", "la reserva está
cancelada"), for the claims detector: the state is reported (``ClaimQuestions.reports_state``)
unless it is the outcome of a deed attempted in vain this turn (``statesources``).

Held back (see the eighth session's note): a deed's participle ending its sentence with only
a read behind it ("Reservation K7 is cancelled." after ``get_reservation_details``) could be
required to have a call able to do the deed, or a result showing the state; that contradicts
pinned tests ("Both reminders are deleted." after a read is no deed) and needs a decision first.
"""

from __future__ import annotations

from collections.abc import Callable

from nofab.detectors.claimmemo import ClaimQuestions
from nofab.detectors.statesources import attempted_in_vain
from nofab.evidence.index import Evidence
from nofab.language.lexicon import Claim


def state_reported(
    claim: Claim, questions: ClaimQuestions, holds: Callable[[str], bool], evidence: Evidence
) -> bool:
    """Does the turn report the stated state ``claim`` (``ClaimQuestions.reports_state``),
    and not as the outcome of a deed attempted in vain (``statesources.attempted_in_vain``)?"""
    return questions.reports_state(claim) and not attempted_in_vain(claim, questions, holds, evidence)


__all__ = ["state_reported"]
