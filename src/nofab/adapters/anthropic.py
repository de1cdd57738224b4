"""Anthropic Messages -> turns.

Accepted shapes: a request-like object ``{"system": ..., "messages": [...]}`` (``system``
as a string or as ``text`` blocks) or the message list alone.

- a ``user`` message's ``text`` blocks (or string content) are user text; its
  ``tool_result`` blocks (``tool_use_id``, ``content`` as a string or blocks, ``is_error``)
  answer the ``tool_use`` with that id — the user turn that carries only tool results is
  not user text;
- server and MCP-connector tools run inside the assistant message: ``server_tool_use`` /
  ``mcp_tool_use`` blocks are requests and ``*_tool_result`` blocks (``web_search_tool_result``,
  ``mcp_tool_result``, ...) their results, structured content kept as it is;
- an ``assistant`` message's ``tool_use`` blocks (``id``, ``name``, ``input``) are requests
  and its ``text`` blocks, joined, are a turn (text written before its own tool calls ran,
  so those calls are not yet evidence for it);
- ``thinking`` / ``redacted_thinking`` blocks are the model's own narration, never
  evidence; image and document blocks carry no text to check;
- the request's ``tools`` (``name``, ``description``, ``input_schema``) are the turns' tool
  definitions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from nofab.adapters.conversation import (
    Conversation,
    ExtractedTurn,
    kind_of,
    mapping,
    sequence,
    string,
    text_of_parts,
)
from nofab.errors import TurnError
from nofab.model.turn import typename

#: Blocks that ask for a tool: client tools, and server / MCP-connector tools Anthropic runs.
_REQUEST_BLOCKS = frozenset({"tool_use", "server_tool_use", "mcp_tool_use"})
_PLAIN = frozenset({"text", "image", "document"})


def _result(content: Any, where: str) -> Any:
    # Client tool results are text (or text blocks); server tool results (web search, code
    # execution) are structured and kept as they are, so their URLs and figures stay evidence.
    if content is None or isinstance(content, str):
        return content or ""
    if isinstance(content, list) and all(isinstance(b, Mapping) and kind_of(b) in _PLAIN for b in content):
        return text_of_parts(content, f"{where}.content")
    return content


def extract(obj: Any) -> list[ExtractedTurn]:
    conversation = Conversation()
    if isinstance(obj, Mapping):
        system = obj.get("system")
        if system is not None:
            conversation.add_system(text_of_parts(system, "system"))
        if "messages" not in obj:
            raise TurnError("is required (the list of messages)", "messages")
        if obj.get("tools") is not None:
            conversation.define_tools(obj["tools"], "tools")
        messages: Sequence[Any] = sequence(obj["messages"], "messages")
    else:
        messages = sequence(obj, "messages")
    for index, raw in enumerate(messages):
        where = f"messages[{index}]"
        message = mapping(raw, where)
        role = string(message, "role", where)
        content = message.get("content")
        if role not in ("user", "assistant"):
            raise TurnError(f"unknown role {role!r}; expected user or assistant", f"{where}.role")
        if isinstance(content, str):
            blocks: Sequence[Any] = [{"type": "text", "text": content}]
        else:
            blocks = sequence(content, f"{where}.content")
        texts: list[str] = []
        for j, raw_block in enumerate(blocks):
            at = f"{where}.content[{j}]"
            block = mapping(raw_block, at)
            kind = kind_of(block)
            if kind == "text":
                texts.append(string(block, "text", at))
            elif kind in _REQUEST_BLOCKS:
                conversation.request(
                    string(block, "id", at), string(block, "name", at), block.get("input"), at
                )
            elif isinstance(kind, str) and kind.endswith("tool_result"):
                is_error = block.get("is_error")
                if is_error is not None and not isinstance(is_error, bool):
                    raise TurnError(f"must be a boolean, got {typename(is_error)}", f"{at}.is_error")
                conversation.resolve(
                    string(block, "tool_use_id", at), _result(block.get("content"), at), is_error=is_error
                )
            elif not isinstance(kind, str):
                raise TurnError("is required (a content block type)", f"{at}.type")
        text = "\n".join(texts)
        if role == "assistant":
            conversation.answer(text, index, where)
        elif text.strip():
            conversation.add_user(text)
    return conversation.turns
