"""The policy's input limits: an answer, a tool-call list or evidence past its limit raises
``InputTooLargeError``, or is cut (``on_oversize="truncate"``) with a note that says what was
cut — a truncated answer was not fully checked, so blocking modes fail closed on it."""

from __future__ import annotations

from dataclasses import replace

from nofab.config.policy import Policy
from nofab.errors import InputTooLargeError
from nofab.model.turn import Turn
from nofab.model.verdict import TRUNCATED


def within_limits(policy: Policy, turn: Turn) -> tuple[Turn, list[str]]:
    """Apply the policy's input limits: raise, or truncate and say what was cut."""
    cuts: list[tuple[str, str]] = []
    response, calls = turn.response, turn.tool_calls
    if len(response) > policy.max_answer_chars:
        cuts.append(("response", f"{len(response)} characters, limit {policy.max_answer_chars}"))
        response = response[: policy.max_answer_chars]
    if len(calls) > policy.max_tool_calls:
        cuts.append(("tool_calls", f"{len(calls)} calls, limit {policy.max_tool_calls}"))
        calls = calls[-policy.max_tool_calls :]  # the most recent calls matter most
    size = len(turn.context) + len(turn.user_message)
    for call in calls:  # a loop, not a generator: this runs on every turn
        if isinstance(call.result, str):
            size += len(call.result)
    if size > policy.max_evidence_chars:
        cuts.append(("evidence", f"about {size} characters, limit {policy.max_evidence_chars}"))
    if not cuts:
        return turn, []
    if policy.on_oversize == "error":
        where, what = cuts[0]
        raise InputTooLargeError(
            f"is too large ({what}); raise the policy limit or use on_oversize='truncate'", where
        )
    notes = [
        f"{TRUNCATED}: {where} had {what}; only the part within the limit was checked" for where, what in cuts
    ]
    return replace(turn, response=response, tool_calls=calls), notes
