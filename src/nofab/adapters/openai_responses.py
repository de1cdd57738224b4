"""OpenAI Responses API items -> turns.

Accepted shapes: a list of items (the ``input`` you send, with earlier ``output`` items
appended), or a response-like object with ``instructions`` / ``input`` / ``output``
(read in that order).

- ``instructions`` and ``message`` items with role ``system`` / ``developer`` are the system
  prompt; ``message`` items with role ``user`` are user text (``content`` as a string or as
  ``input_text`` parts); items with a ``role`` but no ``type`` are messages too (the API's
  "easy input message");
- a ``function_call`` item (``call_id``, ``name``, ``arguments`` as JSON text kept as text)
  is a request, answered by the ``function_call_output`` item with the same ``call_id``
  (``output`` as a string or as ``input_text`` parts);
- a ``message`` item with role ``assistant`` (``output_text`` / ``refusal`` parts) is a turn;
- ``custom_tool_call`` / ``custom_tool_call_output`` pair the same way (``input`` is the
  free-text argument); a hosted ``mcp_call`` item is a whole call (``name``, ``arguments``,
  ``output``, ``error``); a ``file_search_call`` with ``results`` is a call of ``file_search``;
- ``reasoning`` items are the model's own narration and never evidence; other built-in tool
  items (web search, computer use, ...) carry no result text to check and are skipped;
- the object's ``tools`` (``{"type": "function", "name", "description", "parameters"}``) are
  the turns' tool definitions.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from nofab.adapters.conversation import (
    Conversation,
    ExtractedTurn,
    mapping,
    sequence,
    string,
    text_of_parts,
)
from nofab.errors import TurnError

_TEXT_PARTS = ("input_text", "output_text", "text")


def extract(obj: Any) -> list[ExtractedTurn]:
    conversation = Conversation()
    if isinstance(obj, Mapping):
        if obj.get("tools") is not None:
            conversation.define_tools(obj["tools"], "tools")
        instructions = obj.get("instructions")
        if isinstance(instructions, str):
            conversation.add_system(instructions)
        elif instructions is not None:
            _items(conversation, sequence(instructions, "instructions"), "instructions")
        found = False
        for key in ("input", "output"):
            value = obj.get(key)
            if isinstance(value, str) and key == "input":
                conversation.add_user(value)
                found = True
            elif value is not None:
                _items(conversation, sequence(value, key), key)
                found = True
        if not found:
            raise TurnError("expected an item list, or an object with 'input' and/or 'output'", "input")
    else:
        _items(conversation, sequence(obj, "items"), "items")
    return conversation.turns


def _items(conversation: Conversation, items: Sequence[Any], prefix: str) -> None:
    for index, raw in enumerate(items):
        where = f"{prefix}[{index}]"
        item = mapping(raw, where)
        kind = item.get("type", "message" if "role" in item else None)
        if kind == "message":
            role = string(item, "role", where)
            text = text_of_parts(item.get("content"), f"{where}.content", _TEXT_PARTS)
            if role in ("system", "developer"):
                conversation.add_system(text)
            elif role == "user":
                conversation.add_user(text)
            elif role == "assistant":
                conversation.answer(text, index, where)
            else:
                raise TurnError(
                    f"unknown role {role!r}; expected system, developer, user or assistant", f"{where}.role"
                )
        elif kind in ("function_call", "custom_tool_call"):
            # Custom tools take free text (``input``) where functions take JSON ``arguments``.
            arguments = item.get("arguments") if kind == "function_call" else item.get("input")
            conversation.request(
                string(item, "call_id", where), string(item, "name", where), arguments, where
            )
        elif kind in ("function_call_output", "custom_tool_call_output"):
            output = item.get("output")
            if isinstance(output, list):
                output = text_of_parts(output, f"{where}.output", _TEXT_PARTS)
            conversation.resolve(string(item, "call_id", where), output)
        elif kind == "mcp_call":
            # A hosted MCP call arrives whole: request, output and error in one item.
            error = item.get("error")
            conversation.add_call(
                string(item, "id", where, required=False),
                string(item, "name", where),
                item.get("arguments"),
                (error if isinstance(error, str) else json.dumps(error)) if error else item.get("output"),
                is_error=bool(error),
            )
        elif kind == "file_search_call" and item.get("results") is not None:
            conversation.add_call(
                string(item, "id", where, required=False),
                "file_search",
                {"queries": item.get("queries")},
                item.get("results"),
                is_error=item.get("status") == "failed",
            )
        elif not isinstance(kind, str):
            raise TurnError(
                "is required (an item type such as 'message' or 'function_call')", f"{where}.type"
            )
