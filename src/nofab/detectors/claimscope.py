"""Where a claim stands in an answer, and what a call acted on: the two readings the claim
rules share (its sentence, or the list a colon opens; a call's string argument values)."""

from __future__ import annotations

from nofab.model.turn import ToolCall

#: An argument value shorter than this is no item ("en", "yes").
MIN_ID_CHARS = 4


def argument_values(call: ToolCall) -> list[str]:
    """The string arguments of a call (the items it acted on, and its other settings)."""
    arguments = call.parsed_arguments
    if not isinstance(arguments, dict):
        return []
    return [v for v in arguments.values() if isinstance(v, str) and v.strip()]


def claim_scope(answer: str, span: tuple[int, int]) -> tuple[int, int]:
    """The sentence holding a claim, plus the block that follows it when the sentence ends
    with a colon ("The following reservations have been cancelled:\n1. ...")."""
    start = max(answer.rfind(c, 0, span[0]) for c in ".!?\n") + 1
    end = next((i for i in range(span[1], len(answer)) if answer[i] in ".!?\n:"), len(answer))
    if end < len(answer) and answer[end] == ":":
        # The list may start after a blank line ("cancelled:\n\n1. ..."); it ends at the
        # next blank line after its first item.
        first = end + 1
        while first < len(answer) and answer[first].isspace():
            first += 1
        blank = answer.find("\n\n", first)
        end = blank if blank != -1 else len(answer)
    return start, end
