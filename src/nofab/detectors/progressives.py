"""A deed told in progress, when a read reports the thing in progress: the status, not a deed.

The progressive passive of a claim verb ("$26 is being refunded", "está siendo procesado",
"est en cours de remboursement", "wird gerade erstattet") claims that the deed was started,
as the perfect claims it was done: the claim finder reads it as a passive claim of that
action, held to the tools of the turn like "has been refunded".

Principle: a thing can also be in progress because a system says so: a status read this
turn ("status": "processing", "pending", "en cours", ``statuses`` in ``progressives.json``)
reports the refund or the order as under way, and "your refund is being processed" then
relays that status. So a progressive claim (its words hold a ``markers`` word of its
language) is answered when a tool that only reads returned such a status as a value.

Risk: an in-progress status returned for another thing than the claim's (one order
pending, the claim about another) answers the claim; a progressive about a thing no read
reported (the agent's own invented refund) stays a claim.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from nofab.language.lexicon import Claim, Lexicon
from nofab.language.text import fold, strip_accents
from nofab.language.vocabulary import load
from nofab.model.turn import ToolCall


@cache
def _markers() -> dict[str, tuple[str, ...]]:
    markers: dict[str, list[str]] = load("progressives")["markers"]
    return {code: tuple(fold(w) for w in words) for code, words in markers.items()}


@cache
def _statuses() -> frozenset[str]:
    return frozenset(strip_accents(fold(s)) for s in load("progressives")["statuses"])


def progressive(claim: Claim) -> bool:
    """Do the claim's words tell its deed in progress ("is being refunded")?"""
    if claim.stative:
        return False
    words = f" {' '.join(fold(claim.text).split())} "
    return any(f" {m} " in words for m in _markers().get(claim.language, ()))


def reports_progress(claim: Claim, lexicon: Lexicon, observers: Sequence[ToolCall]) -> bool:
    """A progressive claim while a read of this turn returned an in-progress status."""
    if not observers or not progressive(claim):
        return False
    return not _statuses().isdisjoint(lexicon.returned_values(observers))


__all__ = ["progressive", "reports_progress"]
