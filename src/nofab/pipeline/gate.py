"""The release gate of a stream: which of a batch of pending sentences may be shown.

A stream in wipe or refuse mode checks its complete sentences before releasing them. Checking
them one by one costs one full detector pass per sentence, and most of a detector's cost per
call is fixed (walking the turn's evidence), so a stream checks every sentence that is ready at
once: the sentences a chunk completed form one batch, checked as one text against the shared
evidence, and each blocking finding withholds the sentences it lies in.

Principle: a sentence is withheld when a blocking finding of its batch's check lies in it — at
the finding's span or wherever the same identifier is repeated (``repeated_at``: an identifier
reported once per text is still withheld from every sentence that cites it), as the wipe action
does by paragraph. A finding that cannot be located (whole-answer, or a failed detector: fail
closed) withholds the whole batch, as does a check that did not cover the whole batch (a
detector stopped at the policy's cap on findings: the rest of the batch went unread by it).

Risk: a batch's check sees its sentences together, as the final full check does, so a finding
that needs two sentences of the batch is caught before release, where a sentence-by-sentence
gate would only report it afterwards; conversely a sentence that another sentence of its batch
grounds is released where checked alone it would have been held. The batch is never larger
than what had arrived, so batching adds no latency.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nofab.model.finding import Finding


@dataclass(frozen=True)
class Hold:
    """For each piece of a batch, whether it is held back; ``located`` is False when a blocking
    finding (or failure) could not be placed in a piece, so every piece is held."""

    held: tuple[bool, ...]
    located: bool


def hold_all(pieces: Sequence[str]) -> Hold:
    """Every sentence of the batch held (its blank separators aside): the check cannot say
    which one is at fault, or did not cover them all."""
    return Hold(tuple(bool(p.strip()) for p in pieces), False)


def rule(pieces: Sequence[str], blocking: Sequence[Finding]) -> Hold:
    """Which ``pieces`` (consecutive, joined they are the checked text) a check that blocked
    holds back, given its blocking findings."""
    places = [(a, b) for f in blocking for a, b in (f.span, *f.evidence.get("repeated_at", ()))]
    if not places or any(f.whole_turn for f in blocking):
        # blocked with nothing to point at (a whole-answer finding, a failed detector)
        return hold_all(pieces)
    held: list[bool] = []
    start = 0
    for piece in pieces:
        end = start + len(piece)
        body_end = start + len(piece.rstrip())  # a finding never lies in the trailing whitespace
        held.append(body_end > start and any(a < body_end and start < b for a, b in places))
        start = end
    if not any(held):  # blocked, yet in no sentence's text: fail closed
        return hold_all(pieces)
    return Hold(tuple(held), True)
