"""LangChain messages (serialised) -> turns.

Accepted message shapes, mixed freely in one list (or under ``{"messages": [...]}``, a
LangGraph state):

- ``message.model_dump()``: ``{"type": "ai", "content": ..., "tool_calls": [...], ...}``;
- ``messages_to_dict``: ``{"type": "ai", "data": {...}}``;
- ``dumpd`` / ``dumps``: ``{"lc": 1, "type": "constructor", "id": [..., "AIMessage"], "kwargs": {...}}``.

Mapping: ``system`` -> system prompt; ``human`` -> user text; ``ai`` -> its ``tool_calls``
(``name``, ``args``, ``id``) and ``invalid_tool_calls`` (``args`` kept as the raw text the
model wrote) are requests, its text (``content`` as a string or ``text`` blocks) is a turn;
``tool`` -> the result of the call with its ``tool_call_id``, failed when
``status == "error"`` (``artifact`` is not shown to the model and is not evidence).
An old ``AIMessage`` without ``tool_calls`` is read from ``additional_kwargs.tool_calls``
(OpenAI format). A state's ``tools`` (OpenAI-format dicts from ``convert_to_openai_tool``, or
``{"name", "description", "args_schema"}``) are the turns' tool definitions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nofab.adapters.conversation import (
    Conversation,
    ExtractedTurn,
    call_id,
    kind_of,
    mapping,
    sequence,
    string,
    text_of_parts,
)
from nofab.errors import TurnError

#: The name nofab puts on its corrective ``HumanMessage`` (the LangChain middleware): such a
#: message is neither the user's words nor evidence.
INSTRUCTION_NAME = "nofab"

#: Message type names as ``model_dump`` writes them and as class names in ``dumpd`` ids.
_TYPES = {
    "ai": "ai",
    "AIMessage": "ai",
    "AIMessageChunk": "ai",
    "human": "human",
    "HumanMessage": "human",
    "HumanMessageChunk": "human",
    "system": "system",
    "SystemMessage": "system",
    "tool": "tool",
    "ToolMessage": "tool",
    "ToolMessageChunk": "tool",
    "function": "function",
    "FunctionMessage": "function",
}
_CHAT_ROLES = {"assistant": "ai", "user": "human", "system": "system", "tool": "tool"}


def unwrap(raw: Any, where: str) -> tuple[str, Mapping[str, Any]]:
    """(normalised type, fields) of one serialised message, whichever of the three shapes."""
    message = mapping(raw, where)
    if "lc" in message and "kwargs" in message:
        ident = sequence(message.get("id"), f"{where}.id")
        kind = str(ident[-1]) if ident else ""
        fields = mapping(message["kwargs"], f"{where}.kwargs")
    elif "data" in message and isinstance(message.get("data"), Mapping):
        kind = string(message, "type", where)
        fields = message["data"]
    else:
        kind = string(message, "type", where)
        fields = message
    if kind in ("chat", "ChatMessage"):
        role = kind_of(fields, "role")
        if role in _CHAT_ROLES:
            return _CHAT_ROLES[role], fields
    if kind not in _TYPES:
        raise TurnError(
            f"unknown message type {kind!r}; expected ai, human, system, tool or function", f"{where}.type"
        )
    return _TYPES[kind], fields


def extract(obj: Any) -> list[ExtractedTurn]:
    messages: Sequence[Any]
    conversation = Conversation()
    if isinstance(obj, Mapping):
        if "messages" not in obj:
            raise TurnError("is required (the list of messages)", "messages")
        messages = sequence(obj["messages"], "messages")
        if obj.get("tools") is not None:
            conversation.define_tools(obj["tools"], "tools")
    else:
        messages = sequence(obj, "messages")
    for index, raw in enumerate(messages):
        where = f"messages[{index}]"
        kind, fields = unwrap(raw, where)
        text = text_of_parts(fields.get("content"), f"{where}.content")
        if kind == "system":
            conversation.add_system(text)
        elif kind == "human":
            if fields.get("name") == INSTRUCTION_NAME:
                continue  # nofab's own corrective instruction: it quotes the findings, so
                # reading it as the user's words would ground the very values it questions
            conversation.add_user(text)
        elif kind == "ai":
            _requests(conversation, fields, where)
            conversation.answer(text, index, where)
        elif kind == "tool":
            status = fields.get("status")
            if status is not None and status not in ("success", "error"):
                raise TurnError(f"unknown status {status!r}; expected success or error", f"{where}.status")
            name = fields.get("name")
            conversation.resolve(
                call_id(fields, "tool_call_id", where),
                fields.get("content") if isinstance(fields.get("content"), str) else text,
                is_error=None if status is None else status == "error",
                name=name if isinstance(name, str) and name else None,
            )
        else:  # legacy FunctionMessage: answers the last request of that name
            name = string(fields, "name", where)
            conversation.resolve(f"function:{name}", text, name=name)
    return conversation.turns


def _requests(conversation: Conversation, fields: Mapping[str, Any], where: str) -> None:
    if "tool_calls" in fields:
        for j, raw in enumerate(sequence(fields.get("tool_calls"), f"{where}.tool_calls", optional=True)):
            at = f"{where}.tool_calls[{j}]"
            call = mapping(raw, at)
            conversation.request(call_id(call, "id", at), string(call, "name", at), call.get("args"), at)
    else:
        extra = fields.get("additional_kwargs")
        legacy = extra.get("tool_calls") if isinstance(extra, Mapping) else None
        for j, raw in enumerate(sequence(legacy, f"{where}.additional_kwargs.tool_calls", optional=True)):
            at = f"{where}.additional_kwargs.tool_calls[{j}]"
            call = mapping(raw, at)
            function = mapping(call.get("function"), f"{at}.function")
            conversation.request(
                call_id(call, "id", at),
                string(function, "name", f"{at}.function"),
                function.get("arguments"),
                at,
            )
    invalid = fields.get("invalid_tool_calls")
    for j, raw in enumerate(sequence(invalid, f"{where}.invalid_tool_calls", optional=True)):
        at = f"{where}.invalid_tool_calls[{j}]"
        call = mapping(raw, at)
        name = call.get("name")
        # An invalid call has no parseable arguments and often no name; it is kept (with the
        # raw text the model wrote) so that a tool message answering it still links.
        conversation.request(
            call_id(call, "id", at), name if isinstance(name, str) and name else "?", call.get("args"), at
        )
