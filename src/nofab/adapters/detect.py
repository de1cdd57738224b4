"""Which format is this JSON? Decided by the fields each format is built from."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nofab.adapters.conversation import kind_of
from nofab.errors import InputError

#: Every input format ``extract_turns`` reads; ``turn`` is nofab's own turn object.
FORMATS: tuple[str, ...] = (
    "turn",
    "openai-chat",
    "openai-responses",
    "anthropic",
    "langchain",
    "mcp",
    "otel",
    "openinference",
    "tooltalk",
)

_ANTHROPIC_BLOCKS = frozenset(
    {
        "tool_use",
        "tool_result",
        "server_tool_use",
        "web_search_tool_result",
        "mcp_tool_use",
        "mcp_tool_result",
        "thinking",
        "redacted_thinking",
    }
)
_RESPONSES_ITEMS = frozenset(
    {
        "function_call",
        "function_call_output",
        "custom_tool_call",
        "custom_tool_call_output",
        "mcp_call",
        "file_search_call",
        "web_search_call",
        "reasoning",
    }
)
_RESPONSES_PARTS = frozenset({"input_text", "output_text"})
_TURN_KEYS = frozenset(
    {"user_message", "context", "tool_calls", "prior_tool_uses", "asserted_values", "pending_call"}
)
_TRANSCRIPT_KEYS = frozenset({"messages", "traj", "conversation", "input", "output", "resourceSpans"})
_LANGCHAIN_TYPES = frozenset({"ai", "human", "system", "tool", "function", "chat"})


def detect_format(obj: Any) -> str:
    """The name of ``obj``'s format (one of ``FORMATS``); ``InputError`` saying what was seen
    when nothing matches."""
    if isinstance(obj, Mapping):
        found = _object_format(obj)
    elif isinstance(obj, list):
        found = _list_format(obj)
    else:
        found = None
    if found is None:
        raise InputError(
            f"cannot tell the input format: saw {_describe(obj)}; expected a turn (an object with "
            "'response'), a message list, a transcript object or an OTLP trace "
            f"(force one with --input-format: {', '.join(FORMATS)})",
            "input",
        )
    return found


def _object_format(obj: Mapping[str, Any]) -> str | None:
    if "mcp_calls" in obj:
        return "mcp"
    if "response" in obj or (_TURN_KEYS & obj.keys() and not _TRANSCRIPT_KEYS & obj.keys()):
        # A turn with a bad or missing ``response`` is still a turn: its reader says what is wrong.
        return "turn"
    if "resourceSpans" in obj:
        return "openinference" if "openinference.span.kind" in _attribute_keys(obj) else "otel"
    if isinstance(obj.get("traj"), list):
        return "openai-chat"
    if isinstance(obj.get("conversation"), list) and any(
        isinstance(e, Mapping) and "text" in e and "role" in e for e in obj["conversation"]
    ):
        return "tooltalk"
    if isinstance(obj.get("messages"), list):
        if "system" in obj:
            return "anthropic"
        return _list_format(obj["messages"])
    if isinstance(obj.get("output"), list) or (
        isinstance(obj.get("input"), list) and _list_format(obj["input"]) == "openai-responses"
    ):
        return "openai-responses"
    if isinstance(obj.get("content"), list) and ("isError" in obj or "structuredContent" in obj):
        return "mcp"  # a bare CallToolResult: the MCP reader explains how to wrap it
    return None


def _list_format(items: Sequence[Any]) -> str | None:
    objects = [m for m in items if isinstance(m, Mapping)]
    if not objects:
        return None
    if any(
        ("lc" in m and "kwargs" in m) or (kind_of(m) in _LANGCHAIN_TYPES and "role" not in m) for m in objects
    ):
        return "langchain"
    if any(kind_of(m) in _RESPONSES_ITEMS for m in objects) or any(
        _part_types(m) & _RESPONSES_PARTS for m in objects
    ):
        return "openai-responses"
    if any(_part_types(m) & _ANTHROPIC_BLOCKS for m in objects):
        return "anthropic"
    if any("role" in m for m in objects):
        return "openai-chat"
    return None


def _part_types(message: Mapping[str, Any]) -> set[str]:
    content = message.get("content")
    if not isinstance(content, list):
        return set()
    return {str(p.get("type")) for p in content if isinstance(p, Mapping)}


def _attribute_keys(obj: Mapping[str, Any]) -> set[str]:
    """Attribute keys of every span, looking only where OTLP puts them (malformed parts are
    left for the reader to report)."""
    keys: set[str] = set()
    for resource in _objects(obj.get("resourceSpans")):
        for scope in _objects(resource.get("scopeSpans")):
            for span in _objects(scope.get("spans")):
                attrs = span.get("attributes")
                if isinstance(attrs, Mapping):
                    keys.update(str(k) for k in attrs)
                else:
                    keys.update(str(a.get("key")) for a in _objects(attrs))
    return keys


def _objects(value: Any) -> list[Mapping[str, Any]]:
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def _describe(obj: Any) -> str:
    if isinstance(obj, Mapping):
        keys = sorted(str(k) for k in obj)
        shown = ", ".join(keys[:8]) + (", ..." if len(keys) > 8 else "")
        return f"an object with keys [{shown}]" if keys else "an empty object"
    if isinstance(obj, list):
        if not obj:
            return "an empty array"
        first = obj[0]
        return f"an array of {len(obj)} items, the first {_describe(first)}"
    return {str: "a string", bool: "a boolean", int: "a number", float: "a number"}.get(type(obj), "null")
