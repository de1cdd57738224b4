"""The OpenAPI pieces of the service: the turn as a request body and the JSON error shape."""

from __future__ import annotations

from typing import Any

_TOOL_CALL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name"],
    "properties": {
        "id": {"type": "string"},
        "name": {"type": "string"},
        "arguments": {"description": "any JSON value, or JSON text"},
        "result": {"description": "any JSON value, or text (JSON text is parsed)"},
        "status": {"type": "string", "enum": ["ok", "error", "empty", "blocked"]},
        "error": {"type": ["string", "null"]},
    },
}
_PENDING_CALL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name"],
    "properties": {
        "name": {"type": "string"},
        "arguments": {"description": "any JSON value"},
        "safety_tier": {"type": "string", "enum": ["critical", "standard", "advisory"]},
    },
}
TURN_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["response"],
    "properties": {
        "response": {"type": "string", "description": "the agent's answer"},
        "user_message": {"type": "string"},
        "context": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
        "tool_calls": {"type": "array", "items": _TOOL_CALL_SCHEMA},
        "prior_tool_uses": {"type": "array", "items": {"type": "object"}},
        "asserted_values": {"type": "array", "items": {"type": "object"}},
        "pending_call": _PENDING_CALL_SCHEMA,
        "metadata": {"type": "object"},
    },
}
_ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["error"],
    "properties": {"error": {"type": "string"}, "where": {"type": "string"}},
}
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    code: {"description": text, "content": {"application/json": {"schema": _ERROR_SCHEMA}}}
    for code, text in (
        (400, "the body is not JSON"),
        (401, "missing or wrong bearer token"),
        (408, "the body did not arrive within the body timeout"),
        (413, "the body or the answer in it is over the size limit"),
        (415, "the body is not sent as application/json"),
        (422, "the JSON does not have the documented shape"),
        (503, "the check did not finish within the time budget, or the service is at its limit"),
    )
}
