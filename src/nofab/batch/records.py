"""One logged record (a decoded JSON object) -> the turns it holds.

This is the ONE place that knows the record shapes the audit accepts; every reader
(JSONL, JSON, Parquet) and every engine goes through ``records_to_turns``. When the
transcript adapters land, this function delegates to them and nothing else changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nofab.corpora import openai_chat_turns, tooltalk_conversation_turns
from nofab.errors import TurnError
from nofab.turn import Turn

#: Keys a record may carry its time under, tried in order (top level, then ``metadata``).
_TIME_KEYS = ("timestamp", "created_at", "time", "ts")


def records_to_turns(obj: Any) -> list[tuple[str, Turn]]:
    """(sub-position label, turn) for every turn in one record.

    Accepted shapes: a single turn (``{"response": ...}``); a τ-bench episode
    (``{"traj": [messages]}``) or any OpenAI chat message list (``{"messages": [...]}`` or a bare
    list); a ToolTalk conversation (``{"conversation": [...]}``). The label is empty for a
    single turn, ``message N`` / ``turn N`` inside a transcript.
    """
    if isinstance(obj, list):
        return [(f"message {i}", t) for i, t in openai_chat_turns(_messages(obj, ""))]
    if not isinstance(obj, Mapping):
        raise TurnError(f"expected a JSON object (a turn or a transcript), got {type(obj).__name__}", "")
    if "response" in obj:
        return [("", Turn.from_dict(obj))]
    for key in ("traj", "messages"):
        if key in obj:
            return [(f"message {i}", t) for i, t in openai_chat_turns(_messages(obj[key], key))]
    if "conversation" in obj:
        if not isinstance(obj["conversation"], list):
            raise TurnError("must be a list of {role, text} entries", "conversation")
        try:
            return [(f"turn {i}", t) for i, t in tooltalk_conversation_turns(obj)]
        except (AttributeError, TypeError) as exc:
            raise TurnError(f"is not a ToolTalk conversation: {exc}", "conversation") from None
    keys = sorted(str(k) for k in obj)[:8]
    raise TurnError(
        f"has keys {keys}: expected a turn (response, tool_calls, ...) or a transcript "
        "(traj, messages, conversation)",
        "",
    )


def _messages(value: Any, where: str) -> list[Mapping[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(m, Mapping) for m in value):
        raise TurnError("must be a list of message objects", where or "messages")
    return value


def record_time(obj: Any) -> str | None:
    """The record's own timestamp as text, if it carries one (for findings-over-time charts)."""
    if not isinstance(obj, Mapping):
        return None
    for holder in (obj, obj.get("metadata")):
        if isinstance(holder, Mapping):
            for key in _TIME_KEYS:
                value = holder.get(key)
                if isinstance(value, (str, int, float)) and not isinstance(value, bool) and str(value):
                    return str(value)
    return None
