"""Transcript adapters: the formats agents already log -> nofab turns.

>>> from nofab.adapters import detect_format, extract_turns
>>> messages = [
...     {"role": "user", "content": "Where is order A-7?"},
...     {"role": "assistant", "content": None, "tool_calls": [
...         {"id": "c1", "type": "function",
...          "function": {"name": "get_order", "arguments": '{"id": "A-7"}'}}]},
...     {"role": "tool", "tool_call_id": "c1", "content": '{"status": "shipped"}'},
...     {"role": "assistant", "content": "Order A-7 has shipped."},
... ]
>>> detect_format(messages)
'openai-chat'
>>> [(t.index, t.turn.tool_calls[0].name) for t in extract_turns(messages)]
[(3, 'get_order')]

Every adapter follows one contract (see ``nofab.adapters.conversation`` and
``docs/adapters.md``): each non-blank assistant text is a turn; its evidence is every tool
result that had arrived before it; the system prompt and earlier user messages are
context; the assistant's own earlier text is never evidence. Malformed input raises
``TurnError`` naming the field (``messages[4].tool_calls[0].function``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nofab.adapters.conversation import ExtractedTurn, RequestedCall
from nofab.adapters.detect import FORMATS, detect_format
from nofab.errors import InputError
from nofab.model.turn import Turn

__all__ = ["FORMATS", "ExtractedTurn", "RequestedCall", "detect_format", "extract_turns"]


def _turn(obj: Any) -> list[ExtractedTurn]:
    return [ExtractedTurn(index=0, where="", turn=Turn.from_dict(obj))]


def _reader(name: str) -> Callable[[Any], list[ExtractedTurn]]:
    # Adapters are imported on first use: `import nofab.adapters` stays cheap.
    import importlib

    if name == "turn":
        return _turn
    module = {
        "openai-chat": "openai_chat",
        "openai-responses": "openai_responses",
        "anthropic": "anthropic",
        "langchain": "langchain",
        "mcp": "mcp",
        "otel": "otel",
        "openinference": "openinference",
        "tooltalk": "tooltalk",
    }[name]
    extract: Callable[[Any], list[ExtractedTurn]] = importlib.import_module(
        f"nofab.adapters.{module}"
    ).extract
    return extract


def extract_turns(obj: Any, format: str | None = None) -> list[ExtractedTurn]:
    """Every turn in ``obj`` (decoded JSON), in order; ``format`` skips auto-detection.

    Raises ``InputError`` for an unknown or undetectable format and ``TurnError`` (naming
    the offending field) for malformed content.
    """
    name = format or detect_format(obj)
    if name not in FORMATS:
        raise InputError(f"unknown input format {name!r}; expected one of {', '.join(FORMATS)}", "format")
    return _reader(name)(obj)
