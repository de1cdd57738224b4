"""Where a stated state may come from ("your reservation is cancelled"), for the claims
detector: the whole evidence, or only what the tools returned once a call has failed."""

from __future__ import annotations

from collections.abc import Callable

from nofab.evidence.index import Evidence
from nofab.language.text import find_token, fold


def results_hold(evidence: Evidence) -> Callable[[str], bool]:
    """Does a tool result hold this word? Asked instead of the whole evidence when a call in
    the turn's evidence failed (this turn's or an earlier one's): then the state an answer
    reports must come from what a tool returned, not from the context (a policy says
    "booked", "cancelled", "added" of every action it rules on, so a booking that failed
    twice was "booked" by the policy's wording) or the user's words. Risk: on such a turn a
    state only the user's message reports ("it's cancelled already, right?") is held to the
    tools like any claim; on a turn where nothing failed, the whole evidence still grounds a
    state (the rules text may describe it)."""
    return lambda word: any(
        find_token(s.folded, fold(word)) != -1
        for s in evidence.sources
        if s.call is not None and s.label.endswith(".result")
    )


__all__ = ["results_hold"]
