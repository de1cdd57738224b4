"""The JSON Schema of a turn: the one description of the turn's fields.

``nofab.model.turn`` takes the known keys of every object from here (``KEYS``), so the
validator cannot accept a key the schema does not document, nor the schema describe a key
the validator rejects; ``tests/test_turn_schema.py`` checks that both agree on types too.
``nofab schema turn`` prints it; ``docs/turn.md`` explains each field.
"""

from __future__ import annotations

from typing import Any

#: Deepest nesting accepted in a free-form value (a tool result, arguments, metadata). Every
#: walk over evidence is iterative (tests/test_value_text_depth.py keeps every detector on at
#: 50,000 levels), so this only bounds the work a pathological value can ask for; JSON *text*
#: meets the decoder's own limit (about 1,000 levels) first, with its own error.
MAX_DEPTH = 100_000

_ANY = "any JSON value"
_TEXT = {"type": "string"}
#: A string with at least one non-space character.
_NAME = {"type": "string", "pattern": "\\S"}

TOOL_CALL: dict[str, Any] = {
    "type": "object",
    "description": "A tool call the agent made in this turn, with what came back.",
    "required": ["name"],
    "properties": {
        "name": {**_NAME, "description": "the tool's name"},
        "arguments": {"description": f"{_ANY}, or JSON text (parsed)"},
        "result": {"description": f"{_ANY}, or text (JSON text is parsed); the evidence"},
        "status": {
            "enum": ["ok", "error", "empty", "blocked", None],
            "description": "inferred from error and result when absent",
        },
        "error": {"type": ["string", "null"], "description": "the error the tool returned, if any"},
        "id": {
            "type": ["string", "integer", "null"],
            "description": "the call's id (asserted_values name it)",
        },
        "earlier": {
            "type": "boolean",
            "description": "made before the user's latest message: evidence, not an action of this turn",
        },
    },
}
PENDING_CALL: dict[str, Any] = {
    "type": "object",
    "description": "A tool call the agent wants to make next, checked before it is dispatched.",
    "required": ["name"],
    "properties": {
        "name": _TEXT,
        "arguments": {"description": _ANY},
        "safety_tier": {"type": "string", "enum": ["critical", "standard", "advisory"]},
    },
}
PRIOR_TOOL_USE: dict[str, Any] = {
    "type": "object",
    "description": "A tool use from an earlier turn (to recognise confessions about it).",
    "required": ["name"],
    "properties": {"name": _TEXT, "job_id": {"type": ["string", "null"]}},
}
TOOL: dict[str, Any] = {
    "type": "object",
    "description": "A tool the agent could call (never evidence that it ran).",
    "required": ["name"],
    "properties": {
        "name": _NAME,
        "description": {"type": ["string", "null"]},
        "parameters": {"description": "the JSON Schema of its parameters"},
    },
}
USER_INTENT: dict[str, Any] = {
    "type": "object",
    "description": "The caller's own classification of the user's request.",
    "required": ["label"],
    "properties": {
        "label": {"type": "string", "description": 'e.g. "action" or "question"'},
        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
    },
}
ASSERTED_VALUE: dict[str, Any] = {
    "type": "object",
    "description": "A value the answer declares it read from a tool's output (docs/fidelity.md).",
    "required": ["tool_call_id", "path", "expected"],
    "properties": {
        "tool_call_id": _TEXT,
        "path": {"type": "string", "description": "a path into the tool's output"},
        "expected": {"description": _ANY},
        "match": {
            "type": "string",
            "enum": ["exact", "contains", "int", "number", "iso_ts", "record", "regex"],
        },
        "count": {"type": ["integer", "null"], "minimum": 1},
        "claim": {"type": ["string", "null"], "description": "the id of a declared claim"},
        "expectation": {"type": "boolean", "description": "a prediction rather than a reading"},
    },
}
DECLARED_CLAIM: dict[str, Any] = {
    "type": "object",
    "description": "A claim the answer makes, with how sure it says it is.",
    "required": ["id"],
    "properties": {
        "id": _NAME,
        "tier": {"type": "string", "enum": ["confirmed", "inferred", "hypothesis"]},
        "derived_from": {"type": ["array", "null"], "items": {"type": "string", "minLength": 1}},
        "text": {"type": ["string", "null"]},
    },
}


def _array(item: dict[str, Any]) -> dict[str, Any]:
    return {"type": ["array", "null"], "items": item}


def _nullable(obj: dict[str, Any]) -> dict[str, Any]:
    return {"oneOf": [{"type": "null"}, obj]}


TURN: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "nofab turn",
    "description": "One agent turn: the answer and everything that could ground it (docs/turn.md).",
    "type": "object",
    "required": ["response"],
    "properties": {
        "response": {"type": "string", "description": "the agent's answer, the text checked"},
        "user_message": {"type": ["string", "null"], "description": "what the user asked"},
        "context": {
            "description": "the system prompt, policy or retrieved passages (a list is joined)",
            "oneOf": [{"type": ["string", "null"]}, {"type": "array", "items": _TEXT}],
        },
        "tool_calls": _array(TOOL_CALL),
        "prior_tool_uses": _array(PRIOR_TOOL_USE),
        "asserted_values": _array(ASSERTED_VALUE),
        "declared_claims": _array(DECLARED_CLAIM),
        "pending_call": _nullable(PENDING_CALL),
        "tools": _array(TOOL),
        "user_intent": _nullable(USER_INTENT),
        "earlier_answers": {
            "type": ["array", "null"],
            "items": _TEXT,
            "description": "the agent's own earlier answers, oldest first (a repeated number only)",
        },
        "earlier_user_messages": {
            "type": ["array", "null"],
            "items": _TEXT,
            "description": "the user's earlier messages, oldest first (also part of the context)",
        },
        "metadata": {
            "type": ["object", "null"],
            "description": "free-form; carried into the verdict's events",
        },
    },
}

_OBJECTS: dict[str, dict[str, Any]] = {
    "turn": TURN,
    "tool_call": TOOL_CALL,
    "pending_call": PENDING_CALL,
    "prior_tool_use": PRIOR_TOOL_USE,
    "tool": TOOL,
    "user_intent": USER_INTENT,
    "asserted_value": ASSERTED_VALUE,
    "declared_claim": DECLARED_CLAIM,
}
for _obj in _OBJECTS.values():
    _obj["additionalProperties"] = False

#: The keys each object of a turn may carry (the validator rejects any other).
KEYS: dict[str, frozenset[str]] = {name: frozenset(obj["properties"]) for name, obj in _OBJECTS.items()}


def turn_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a turn, with every nested object inlined."""
    return TURN
