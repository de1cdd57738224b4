"""OpenAI Chat Completions messages -> turns.

Accepted shapes: the message list itself, ``{"messages": [...]}`` (a request body), and a
τ-bench episode ``{"traj": [...], ...}``.

- ``system`` / ``developer`` messages are the system prompt; ``user`` messages are user text;
- an ``assistant`` message's ``tool_calls[j]`` (``id``, ``function.name``,
  ``function.arguments``) are requests; ``arguments`` is kept as the JSON text it is (parsed
  lazily by ``ToolCall.parsed_arguments``), so invalid JSON stays a string, never a crash;
  the legacy ``function_call`` is read the same way;
- a ``tool`` message answers the request with the same ``tool_call_id`` (a legacy
  ``function`` message answers by ``name``); OpenAI has no error flag, so a result that
  starts with ``Error`` is a failed call;
- an ``assistant`` message's text (``content`` as a string or as ``text`` / ``refusal``
  parts) is a turn;
- a request body's ``tools`` (and legacy ``functions``) are the turns' tool definitions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nofab.adapters.conversation import (
    Conversation,
    ExtractedTurn,
    call_id,
    mapping,
    sequence,
    string,
    text_of_parts,
)
from nofab.errors import TurnError
from nofab.model.turn import typename

_SYSTEM_ROLES = frozenset({"system", "developer"})


def extract(obj: Any) -> list[ExtractedTurn]:
    if isinstance(obj, Mapping):
        for key in ("messages", "traj"):
            if key in obj:
                conversation = Conversation()
                for tools_key in ("tools", "functions"):
                    if obj.get(tools_key) is not None:
                        conversation.define_tools(obj[tools_key], tools_key)
                return extract_messages(sequence(obj[key], key), key, conversation)
        raise TurnError("expected a message list, or an object with 'messages' or 'traj'", "input")
    return extract_messages(sequence(obj, "messages"), "messages")


def extract_messages(
    messages: Sequence[Any], prefix: str = "messages", conversation: Conversation | None = None
) -> list[ExtractedTurn]:
    conversation = conversation or Conversation()
    for index, raw in enumerate(messages):
        where = f"{prefix}[{index}]"
        message = mapping(raw, where)
        role = string(message, "role", where)
        if role in _SYSTEM_ROLES:
            conversation.add_system(text_of_parts(message.get("content"), f"{where}.content"))
        elif role == "user":
            conversation.add_user(text_of_parts(message.get("content"), f"{where}.content"))
        elif role == "assistant":
            _assistant(conversation, message, index, where)
        elif role == "tool":
            conversation.resolve(
                call_id(message, "tool_call_id", where),
                _result(message.get("content"), f"{where}.content"),
                name=message.get("name") if isinstance(message.get("name"), str) else None,
            )
        elif role == "function":
            name = string(message, "name", where)
            conversation.resolve(
                f"function:{name}", _result(message.get("content"), f"{where}.content"), name=name
            )
        else:
            raise TurnError(
                f"unknown role {role!r}; expected system, developer, user, assistant, tool or function",
                f"{where}.role",
            )
    return conversation.turns


def _assistant(conversation: Conversation, message: Mapping[str, Any], index: int, where: str) -> None:
    for j, raw in enumerate(sequence(message.get("tool_calls"), f"{where}.tool_calls", optional=True)):
        at = f"{where}.tool_calls[{j}]"
        call = mapping(raw, at)
        function = mapping(call.get("function"), f"{at}.function")
        conversation.request(
            string(call, "id", at), string(function, "name", f"{at}.function"), function.get("arguments"), at
        )
    legacy = message.get("function_call")
    if legacy is not None:
        at = f"{where}.function_call"
        function = mapping(legacy, at)
        name = string(function, "name", at)
        conversation.request(f"function:{name}", name, function.get("arguments"), at)
    text = text_of_parts(message.get("content"), f"{where}.content")
    refusal = message.get("refusal")
    if isinstance(refusal, str) and refusal and refusal not in text:
        text = f"{text}\n{refusal}" if text else refusal
    conversation.answer(text, index, where)


def _result(content: Any, where: str) -> Any:
    # A tool message's content is usually text (often JSON text, parsed lazily later);
    # a list of text parts is joined so it reads the same.
    if content is None or isinstance(content, str):
        return content
    if isinstance(content, list):
        return text_of_parts(content, where)
    raise TurnError(f"must be a string or an array of content parts, got {typename(content)}", where)
