"""A recap of an earlier turn's deeds is not a new claim of them.

Two readings. The claim names both the kind of thing and the item an earlier call acted on
(``recalls``). Or the user asked for a recap ("summarize what you've done", "qué has hecho",
"récapitule": ``recap_requests`` in ``recaps.json``), or the answer announces one before the
claim ("To recap:", "En resumen", "Pour récapituler": ``recap_markers``), so the deeds it
reports are about past turns, and one an earlier call could do is that call's
(``asked_for_recap``).
Risk of the second: an invented deed of the same kind as an earlier one, slipped into a
requested recap, passes (its details stay checked: a recipient, a value, a number).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

from nofab.detectors.claimscope import MIN_ID_CHARS, argument_values, claim_scope
from nofab.evidence.index import Evidence
from nofab.language.lexicon import Claim
from nofab.language.text import find_token, fold, normalise
from nofab.language.vocabulary import load
from nofab.model.turn import ToolCall, ToolDef


def recalls(
    evidence: Evidence, claim: Claim, before: tuple[ToolCall, ...], definitions: Mapping[str, ToolDef]
) -> bool:
    """The claim restates a deed of an earlier turn: a call of an earlier turn could do it,
    and the claim's sentence names both the kind of thing that call acted on (its name or
    arguments name the claim's object) and the item itself (one of its argument values): "I
    set a reminder to buy milk" after AddReminder(task="buy milk"), "sent your message to
    jlee" after SendMessage(receiver="jlee"). Principle: a recap ("Today I set ... and sent
    ...") is about deeds the evidence shows; an invented extra deed names nothing an earlier
    call did, and another deed on the same item ("I added insurance to X5C9ZB" after an
    earlier bag update of X5C9ZB) does not name the kind of thing that call changed. Risk: a
    claim to have redone an earlier deed on the same item ("I've resent the email to
    bob@example.com") passes as a recap."""
    if not claim.objects:
        return False
    start, end = claim_scope(evidence.answer, claim.span)
    scope = fold(evidence.answer[start:end])
    lexicon = evidence.lexicon
    return any(
        lexicon.acts_on(call, claim.objects)
        and lexicon.grounded_by(claim.action, (call,), claim.objects, definitions)
        and any(len(v) >= MIN_ID_CHARS and find_token(scope, fold(v)) != -1 for v in argument_values(call))
        for call in before
    )


@cache
def _phrases(key: str, end_at_word: bool) -> re.Pattern[str]:
    """Any phrase of ``recaps.json``'s ``key`` (every language), from a word start; to a word
    end too when ``end_at_word`` (a marker may end in a colon)."""
    phrases = {normalise(p) for ps in load("recaps")[key].values() for p in ps}
    alternatives = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<![^\W_])(?:{alternatives})" + (r"(?![^\W_])" if end_at_word else ""))


def asked_for_recap(evidence: Evidence, claim: Claim | None = None) -> bool:
    """Does the turn's user message ask what the agent has done so far, or does the answer
    announce a recap before ``claim``?"""
    message = evidence.turn.user_message
    if message and _phrases("recap_requests", True).search(normalise(message)) is not None:
        return True
    if claim is None:
        return False
    return _phrases("recap_markers", False).search(evidence.normalised, 0, claim.span[0]) is not None
