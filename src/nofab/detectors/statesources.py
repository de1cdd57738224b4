"""Where a stated state may come from ("your reservation is cancelled"), for the claims
detector: the whole evidence, or only what the tools returned once a call has failed."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache

from nofab.detectors.claimmemo import ClaimQuestions
from nofab.evidence.index import Evidence, Source
from nofab.language.capabilities import capability, part_matches
from nofab.language.lexicon import Claim
from nofab.language.text import find_token, fold, normalise, strip_accents
from nofab.language.vocabulary import load
from nofab.model.turn import ToolCall


def results_hold(evidence: Evidence) -> Callable[[str], bool]:
    """Does a tool result hold this word? Asked instead of the whole evidence when a call in
    the turn's evidence failed (this turn's or an earlier one's): then the state an answer
    reports must come from what a tool returned, not from the context (a policy says
    "booked", "cancelled", "added" of every action it rules on, so a booking that failed
    twice was "booked" by the policy's wording) or the user's words. Risk: on such a turn a
    state only the user's message reports ("it's cancelled already, right?") is held to the
    tools like any claim; on a turn where nothing failed, the whole evidence still grounds a
    state (the rules text may describe it). A failed call's own result is no such source:
    "could not be cancelled" holds the word of the deed it denies (``evidence/denials``)."""
    results = _live_results(evidence)
    return lambda word: any(find_token(s.folded, fold(word)) != -1 for s in results)


def _live_results(evidence: Evidence) -> list[Source]:
    """The sources that are results of calls that did not fail."""
    failed = {id(c) for c in evidence.failed_calls}
    return [
        s
        for s in evidence.sources
        if s.call is not None and id(s.call) not in failed and s.label.endswith(".result")
    ]


def attempted_in_vain(
    claim: Claim, questions: ClaimQuestions, holds: Callable[[str], bool], evidence: Evidence
) -> bool:
    """Is a stated state ("your reservation is cancelled", "the alarm is removed") the
    outcome of a deed this turn attempted and failed at? Then a tool that read the thing
    (``get_reservation_details``, ``FindAlarms``) does not report the state: it showed the
    thing as it was before the attempt, and the state is the failed deed's claimed outcome,
    held to the failure as "I've cancelled your reservation" is.

    Principle: a state the agent just tried to bring about (a failed call this turn whose
    name's verb is that deed: ``cancel_reservation`` for "cancelled", not for "confirmed"),
    with no call this turn or earlier that could have brought it about succeeding, is
    reported only by a result that holds the state itself (``holds``). Risk: a thing already
    in that state before the attempt ("already cancelled" said only in the error, which is
    no result) is flagged unless a result says so."""
    if not (claim.stative or claim.passive) or not evidence.failed_calls:
        return False  # a passive ("ist storniert", "foi cancelado") states a state as well
    made = questions.as_made(claim)
    action = made.action
    lexicon = evidence.lexicon
    if action.hints is None or _held_of(claim, evidence, holds):
        return False
    tried = any(
        not call.earlier
        and any(part_matches(hint, verb) for hint in action.hints for verb in capability(call, {}).verbs)
        and lexicon.grounded_by(action, (call,), made.objects) is not None
        for call in evidence.failed_calls
    )
    return (
        tried
        and questions.grounded_by("now", action, made.objects) is None
        and questions.grounded_by("before", action, made.objects) is None
    )


def _held_of(claim: Claim, evidence: Evidence, holds: Callable[[str], bool]) -> bool:
    """Does a result hold the claimed state for the thing the claim's sentence names?

    Principle: a result reports a state only of the thing it is about: a flight status
    "cancelled" (``get_flight_status``) says nothing of the reservation C5NP8Y a failed
    ``cancel_reservation`` left active. When the claim names an identifier a result holds
    ("Reservation C5NP8Y is cancelled"; else its sentence does), only the results that hold
    that identifier may report its state. Risk: a result about the thing that does not repeat
    its identifier (a status read by another key) is not read; a sentence naming no
    identifier is read against every result, as before."""
    # the claim's own words first ("Reservation C5NP8Y is cancelled"), else its sentence's
    ids = [fold(m) for m in _ID.findall(evidence.answer, *claim.span)]
    if not ids:
        ids = [fold(m) for m in _ID.findall(evidence.answer, *evidence.sentence_at(claim.span[0]))]
    results = _live_results(evidence)
    named = [i for i in ids if any(find_token(s.folded, i) != -1 for s in results)]
    if not named:
        return holds(claim.verb)
    word = fold(claim.verb)
    about = [s for s in results if any(find_token(s.folded, i) != -1 for i in named)]
    return any(find_token(s.folded, word) != -1 for s in about)


#: An identifier a sentence names: five or more capitals and digits, at least one digit.
_ID = re.compile(r"\b(?=[A-Z0-9]*\d)(?=[0-9]*[A-Z])[A-Z0-9]{5,}\b")


@cache
def _we(code: str) -> re.Pattern[str] | None:
    """Language ``code``'s openers of a claim whose subject is "we" (``we_subjects``)."""
    words = sorted((normalise(w) for w in load(code).get("we_subjects", ())), key=len, reverse=True)
    if not words:
        return None
    return re.compile(r"(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words) + r")(?![\w'’])")


def told_by_us(
    claim: Claim, questions: ClaimQuestions, observers: Sequence[ToolCall], evidence: Evidence
) -> bool:
    """Is a deed told by "we" ("since we cancelled the flight", "hemos cancelado el vuelo")
    the state a read tool returned for the thing ("cancelled", from ``get_flight_status``)?

    Principle: an agent speaks for its organisation as "we"; a deed "we" did that no tool of
    the conversation could have done, while a tool that only reads returned its participle
    as a value for that kind of thing (a flight status "cancelled"), reports the state that
    read shows — the organisation's doing before this turn (the airline cancelled the
    flight) — not a write of this turn. "I" never: the agent's own deeds are its tool calls.
    Risk: "we cancelled your booking" said of a booking the read shows cancelled by someone
    else passes; but not after a call that could do the deed on that thing failed ("we
    cancelled your booking" when ``cancel_reservation`` errored is held to the failure), nor
    when no read returned the participle."""
    opener = _we(claim.language)
    if opener is None or opener.match(normalise(claim.text)) is None:
        return False
    if questions.grounded_by("failed", claim.action, claim.objects) is not None:
        return False
    lexicon = evidence.lexicon
    participle = strip_accents(fold(" ".join(claim.verb.split())))
    return any(
        (not claim.objects or lexicon.acts_on(call, claim.objects))
        and participle in lexicon.returned_values((call,))
        for call in observers
    )


__all__ = ["attempted_in_vain", "results_hold", "told_by_us"]
