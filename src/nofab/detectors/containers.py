"""A removal from a thing is a change of that thing: "I removed Tom from the meeting" after
``ModifyEvent(new_attendees=[...])``, "Quité a Tom de la reunión".

Principle: taking a part out of a container (an attendee out of a meeting, a passenger off
a reservation) leaves the container in place, changed; the deed is an update of the
container, so a tool that updates that kind of thing grounds it. Only when the claim says
what the part was taken from, with a preposition of removal (``lexicons/containers.json``)
followed closely by a word naming a kind of thing the claim is about. Risk: "removed the
meeting from your calendar" after a tool that updates calendars (not one that deletes
events) is grounded as a change of the calendar.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

from nofab.language.lexicon import Claim, Lexicon
from nofab.language.text import fold
from nofab.language.vocabulary import load
from nofab.model.turn import ToolCall, ToolDef

_WORDS = re.compile(r"\w+")
_CLAUSE_END = re.compile(r"[.!?;:\n]")
#: How far after the verb the preposition is looked for, and how near it the container.
_REACH = 80
_CONTAINER_WORDS = 3


@cache
def _prepositions(language: str) -> frozenset[str]:
    return frozenset(fold(p) for p in load("containers")["from"].get(language, ()))


def updated_container(
    claim: Claim,
    answer: str,
    lexicon: Lexicon,
    calls: tuple[ToolCall, ...],
    definitions: Mapping[str, ToolDef],
) -> str | None:
    """The tool that updated the thing a removal claim takes something out of, or None."""
    update = lexicon.actions.get("update")
    if claim.action.name != "delete" or not claim.objects or update is None:
        return None
    prepositions = _prepositions(claim.language)
    after = _CLAUSE_END.split(answer[claim.span[1] : claim.span[1] + _REACH])[0]
    # A verb-final clause holds the container inside the claim ("Tom aus dem Meeting entfernt").
    words = _WORDS.findall(fold(answer[claim.span[0] : claim.span[1]])) + _WORDS.findall(fold(after))
    for i, word in enumerate(words):
        if word not in prepositions:
            continue
        for following in words[i + 1 : i + 1 + _CONTAINER_WORDS]:
            group = lexicon.entities.get(following)
            if group in claim.objects:
                return lexicon.grounded_by(update, calls, frozenset({group}), definitions)
    return None
