"""One logged record (a decoded JSON object) -> the turns it holds.

This is the ONE place that knows the record shapes the audit accepts; every reader
(JSONL, JSON, Parquet) and every engine goes through ``records_to_turns``. When the
transcript adapters land, this function delegates to them and nothing else changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nofab.adapters import extract_turns
from nofab.model.turn import Turn

#: Keys a record may carry its time under, tried in order (top level, then ``metadata``).
_TIME_KEYS = ("timestamp", "created_at", "time", "ts")


def records_to_turns(obj: Any, input_format: str = "auto") -> list[tuple[str, Turn]]:
    """(sub-position label, turn) for every turn in one record.

    A single turn (``{"response": ...}``) is one turn with an empty label; anything else is a
    transcript in any format ``nofab.adapters`` reads (OpenAI chat or Responses, a τ-bench
    episode, Anthropic, LangChain, MCP, OpenTelemetry / OpenInference spans, ToolTalk), labelled
    by where each turn sits in it (``messages[12]``). ``input_format`` (one of
    ``nofab.adapters.FORMATS``) skips the detection, as ``--input-format`` asks.
    """
    if input_format == "auto" and isinstance(obj, Mapping) and "response" in obj:
        # A log record may carry its time beside the turn (see record_time); the rest is the turn.
        return [("", Turn.from_dict({k: v for k, v in obj.items() if k not in _TIME_KEYS}))]
    chosen = None if input_format == "auto" else input_format
    return [(extracted.where, extracted.turn) for extracted in extract_turns(obj, chosen)]


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
