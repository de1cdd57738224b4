"""Arguments of a pending tool call that came from nowhere (``argument_without_provenance``).

The turn's ``pending_call`` is checked before dispatch (see ``nofab.pipeline.provenance``): a URL,
email, path, account number or id among its arguments that no earlier tool result, the
context or the user's message holds was made up by the model. Each finding carries the
route the tool's ``safety_tier`` dictates (critical -> halt, standard -> approval,
advisory -> observe); advisory findings stay below the default threshold.
"""

from __future__ import annotations

from collections.abc import Iterator

from nofab.config.policy import Profile
from nofab.detectors.base import DetectorBase
from nofab.evidence.index import Evidence
from nofab.model.finding import Finding
from nofab.pipeline import provenance


class ArgumentDetector(DetectorBase):
    """``argument_without_provenance``."""

    id = provenance.DETECTOR_ID
    version = "1"
    kinds = ("argument_without_provenance",)

    def __init__(self, profile: Profile) -> None:
        provenance.ArgumentRules(profile)  # a bad rule fails when the guard is built

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        pending = evidence.turn.pending_call
        if pending is None:
            return
        for suspect in provenance.suspects(pending, evidence.turn, evidence.profile):
            yield provenance.finding_for(pending, suspect)
