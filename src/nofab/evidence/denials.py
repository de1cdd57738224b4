"""A call whose own result says its deed was not done.

Principle: a tool result that negates the tool's own deed — a negation or failure word
governing a word of that deed: "reservation W2KD8H could not be cancelled", "alarm a_3f12
was not deleted", "Wecker wurde nicht gelöscht", "la réservation n'a pas été annulée", "no se
pudo cancelar la reserva" — reports that the call failed, whatever status the transcript
gave it (OpenAI chat has no error flag: a result that does not start with "Error" counts as
a success). Such a call never grounds a claim of that deed; it counts among the turn's
failed calls, so a state claim ("your reservation is cancelled", "ist gelöscht") or a deed
claim ("I've cancelled it") of it is a failed call reported as a success.

Read narrowly: only a call of a tool that acts (a read's result may well say "not
cancelled" of a record it found), only a short result (an acknowledgement, not a listing),
and only a deed word the tool itself can perform (``Lexicon.grounded_by``) with a negation
of the same language at most three words before it.

Risk: a partial batch answered in one result ("2 deleted, a_7 was not deleted") makes the
whole call a failure, so a claim of the items that did go through is held to it; a result
that negates the deed of something else the tool names ("reservation cancelled; flights
already flown are not cancelled") reads as a failure too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from nofab.language.lexicon import Lexicon
from nofab.language.text import normalise
from nofab.language.vocabulary import stem
from nofab.model.turn import ToolCall

#: An acknowledgement is short; a longer result is a payload whose "not" speaks of records.
MAX_CHARS = 2048
#: How many words before the deed word a negation still governs it ("could not be cancelled",
#: "n'a pas été annulée").
WINDOW = 3
_WORDS = re.compile(r"\w+(?:['’]\w+)?")


def _phrases(call: ToolCall) -> tuple[str, ...]:
    """The result's phrases, each read on its own ("" values, keys and one-word codes aside:
    ``"insurance": "no", "status": "cancelled"`` is two fields, not "no ... cancelled"); none
    when the result is not short."""
    result = call.parsed_result
    if isinstance(result, str):
        return (result,) if len(result) <= MAX_CHARS else ()
    found: list[str] = []
    size = 0
    stack = [result]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            size += len(value)
            if size > MAX_CHARS:
                return ()
            if " " in value.strip():
                found.append(value)
        elif isinstance(value, (dict, list)):
            if len(stack) + len(value) > MAX_CHARS:
                return ()  # a long listing: a payload, not an acknowledgement (never copied)
            stack.extend(value.values() if isinstance(value, dict) else value)
    return tuple(found)


def denies_own_deed(call: ToolCall, lexicon: Lexicon) -> bool:
    """Does this call's result negate a deed the call's tool performs (see the module doc)?"""
    if call.status != "ok" or call.result is None or lexicon.reads_only(call):
        return False
    deeds = {a for text in _phrases(call) for a in _negated_deeds(lexicon, text)}
    return any(lexicon.grounded_by(lexicon.actions[a], (call,)) for a in deeds)


def succeeded(calls: Sequence[ToolCall], failed_calls: Sequence[ToolCall]) -> tuple[ToolCall, ...]:
    """The calls that ran and did not fail: ok or empty, and not among ``failed_calls`` (the
    turn's ``failed``, so each result is read for a denial once, not once per question)."""
    out = {id(c) for c in failed_calls}
    return tuple(c for c in calls if c.status in ("ok", "empty") and id(c) not in out)


def failed(calls: Sequence[ToolCall], lexicon: Lexicon) -> tuple[ToolCall, ...]:
    """The calls that errored, that a guard blocked, or whose result denies their deed."""
    return tuple(c for c in calls if c.status in ("error", "blocked") or denies_own_deed(c, lexicon))


@lru_cache(maxsize=1024)
def _negated_deeds(lexicon: Lexicon, text: str) -> frozenset[str]:
    """The actions whose deed words ``text`` negates, in any language (kept per text: a
    conversation carries the same result turn after turn)."""
    tokens = _WORDS.findall(normalise(text))
    found: set[str] = set()
    for lang in lexicon.languages:
        negated = [
            i
            for i, token in enumerate(tokens)
            if token in lang.negations or token.endswith(lang.negation_suffixes or ("\0",))
        ]
        for i in negated:
            for token in tokens[i + 1 : i + 1 + WINDOW]:
                action = lang.verbs.get(token)
                if action is None and lang.stemmer:
                    action = lang.stem_verbs.get(stem(lang.stemmer, token))
                if action is not None and action in lexicon.actions:
                    found.add(action)
    return frozenset(found)


__all__ = ["MAX_CHARS", "WINDOW", "denies_own_deed", "failed", "succeeded"]
