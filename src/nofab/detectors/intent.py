"""An action request answered with zero tool calls, in any language.

The user's request is classified either by the caller (``Turn.user_intent``: its own intent
model's label and confidence, as Symfonic threads its ``IntentVerdict``) or, when the caller
gives none, by nofab (profile trigger keywords, action verbs and request forms from every
lexicon). When it asks for a side effect (``action`` at confidence >= 0.55) and the turn made
no tool call at all, whatever the answer says in whatever language, nothing was done.

Risk: a classifier that calls a question an action fires on every answer that needs no tool.
The finding is therefore capped at 0.7 — below the default threshold, telemetry unless the
operator lowers it — and an answer that asks back or says it cannot act claims nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from nofab.config.policy import Profile
from nofab.config.rules import Rules
from nofab.detectors.base import DetectorBase
from nofab.evidence.index import Evidence
from nofab.model.finding import Finding

#: The finding's confidence, whatever the classifier's own confidence: the intent is a
#: guess about the request, not evidence about the answer.
CONFIDENCE = 0.7
#: Minimum classifier confidence for "action".
MIN_INTENT_CONFIDENCE = 0.55


class IntentDetector(DetectorBase):
    """``intent_action_no_tool``."""

    id = "intent"
    version = "2"
    kinds = ("intent_action_no_tool",)

    def __init__(self, profile: Profile) -> None:
        Rules(profile, self.id, ())  # no settings: any key under rules.intent is a typo

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        turn = evidence.turn
        answer = evidence.answer
        # Asking for details ("could you give me your user id?"), or saying it cannot or
        # will not do it, claims nothing — in any language a question mark is a question.
        # Checked first: it is the cheapest way out, cheaper than classifying the request.
        if evidence.current_calls or any(mark in answer for mark in ("?", "？", "¿")):
            return
        keywords: tuple[str, ...] = ()
        if turn.user_intent is not None:
            label, confidence, source = turn.user_intent.label, turn.user_intent.confidence, "caller"
        elif turn.user_message.strip():
            label, confidence, keywords = evidence.lexicon.classify_request(turn.user_message)
            source = "nofab"
        else:
            return
        if label.lower() != "action" or confidence < MIN_INTENT_CONFIDENCE:
            return
        if evidence.lexicon.states_inability(answer):
            return
        yield self.finding(
            "intent_action_no_tool",
            "",
            CONFIDENCE,
            (0, 0),
            f"the user asked for an action (intent confidence {confidence:.2f}, classified by "
            f"{source}) but no tool was called this turn",
            evidence={
                "intent_confidence": round(confidence, 2),
                "intent_source": source,
                "matched_keywords": list(keywords),
            },
        )
