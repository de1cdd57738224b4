"""An action request answered with zero tool calls, in any language.

The user's message is classified (profile trigger keywords, action verbs and request
forms from every lexicon); when it asks for a side effect and the turn made no tool call
at all, whatever the answer says in whatever language, nothing was done.
"""

from __future__ import annotations

from collections.abc import Iterator

from nofab.config.policy import Profile
from nofab.evidence.index import Evidence
from nofab.model.finding import Finding

CONFIDENCE = 0.7
#: Minimum classifier confidence for "action".
MIN_INTENT_CONFIDENCE = 0.55


class IntentDetector:
    """``intent_action_no_tool``."""

    id = "intent"
    version = "1"
    kinds = ("intent_action_no_tool",)

    def __init__(self, profile: Profile) -> None:
        del profile

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        turn = evidence.turn
        if evidence.current_calls or not turn.user_message.strip():
            return
        label, confidence, keywords = evidence.lexicon.classify_request(turn.user_message)
        if label != "action" or confidence < MIN_INTENT_CONFIDENCE:
            return
        answer = evidence.answer
        # Asking for details ("could you give me your user id?"), or saying it cannot or
        # will not do it, claims nothing — in any language a question mark is a question.
        if any(mark in answer for mark in ("?", "？", "¿")) or evidence.lexicon.states_inability(answer):
            return
        yield Finding(
            kind="intent_action_no_tool",
            detector=self.id,
            identifier="",
            confidence=CONFIDENCE,
            severity="medium",
            span=(0, 0),
            reason=(
                f"the user asked for an action (intent confidence {confidence:.2f}) "
                "but no tool was called this turn"
            ),
            evidence={"intent_confidence": round(confidence, 2), "matched_keywords": list(keywords)},
        )
