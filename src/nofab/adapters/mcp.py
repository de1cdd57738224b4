"""MCP tool results -> a turn.

An MCP ``CallToolResult`` is what a tool returned, not a conversation: it has no answer to
check. nofab reads MCP results inside a turn object that holds the answer — the turn format
with an ``mcp_calls`` list in place of (or beside) ``tool_calls``::

    {"user_message": "...", "context": "...",
     "mcp_calls": [
       {"name": "get_forecast", "arguments": {"city": "Oslo"},
        "result": {"content": [{"type": "text", "text": "..."}],
                   "structuredContent": {...}, "isError": false}},
       {"request": {"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                    "params": {"name": "get_alerts", "arguments": {"region": "NO"}}},
        "response": {"jsonrpc": "2.0", "id": 7, "result": {...CallToolResult...}}}
     ],
     "response": "the agent's answer"}

Each item is either the call with its ``CallToolResult`` or a JSON-RPC ``tools/call``
request/response pair (a JSON-RPC ``error`` response is a failed call). A result becomes a
tool call's ``result``:

- ``structuredContent`` when present and the text blocks only repeat it as JSON (the spec
  asks servers to send both); when the text says more, both are kept
  (``{"structuredContent": ..., "content": "<text>"}``);
- otherwise the ``text`` blocks joined by newlines (JSON text is parsed lazily later),
  plus the ``uri`` / ``name`` / ``title`` of ``resource_link`` blocks and the ``text`` of
  embedded ``resource`` blocks; image and audio blocks carry no text to check;
- ``isError: true`` makes the call failed, with the text as its error.

The server's tool list may come beside the calls as ``mcp_tools``: a ``tools/list`` result
(``{"tools": [...]}``), the JSON-RPC response holding one, or the list itself; each tool's
``name``, ``description`` and ``inputSchema`` become the turn's tool definitions.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from nofab.adapters.conversation import ExtractedTurn, mapping, sequence, string, tool_definitions
from nofab.errors import TurnError
from nofab.model.turn import ToolDef, Turn, typename

WRAP_HINT = (
    'wrap it with the answer as {"response": "...", "mcp_calls": '
    '[{"name": ..., "arguments": ..., "result": <CallToolResult>}]}'
)


def is_call_tool_result(obj: Any) -> bool:
    return (
        isinstance(obj, Mapping)
        and isinstance(obj.get("content"), list)
        and ("isError" in obj or "structuredContent" in obj or "response" not in obj)
        and all(isinstance(b, Mapping) and "type" in b for b in obj["content"])
    )


def extract(obj: Any) -> list[ExtractedTurn]:
    if is_call_tool_result(obj):
        raise TurnError(
            f"an MCP CallToolResult holds a tool's output but no answer to check; {WRAP_HINT}", "input"
        )
    data = dict(mapping(obj, "input"))
    if "mcp_calls" not in data:
        raise TurnError(f"is required; {WRAP_HINT}", "mcp_calls")
    calls = [
        _call(item, f"mcp_calls[{i}]") for i, item in enumerate(sequence(data.pop("mcp_calls"), "mcp_calls"))
    ]
    plain = sequence(data.get("tool_calls"), "tool_calls", optional=True)
    data["tool_calls"] = [*plain, *calls]
    defined = _tool_list(data.pop("mcp_tools")) if data.get("mcp_tools") is not None else []
    try:
        turn = Turn.from_dict(data)
        if defined:
            known = {t.name for t in turn.tools}
            turn = replace(turn, tools=(*turn.tools, *(t for t in defined if t.name not in known)))
    except TurnError as exc:
        raise TurnError(exc.detail, _source_path(exc.where, len(plain))) from None
    return [ExtractedTurn(index=0, where="response", turn=turn)]


def _tool_list(value: Any) -> list[ToolDef]:
    """The tools of a ``tools/list`` result, its JSON-RPC response, or the bare list."""
    where = "mcp_tools"
    if isinstance(value, Mapping) and "result" in value:
        value, where = mapping(value["result"], f"{where}.result"), f"{where}.result"
    if isinstance(value, Mapping):
        return tool_definitions(value.get("tools"), f"{where}.tools")
    return tool_definitions(value, where)


def _source_path(where: str, plain: int) -> str:
    """Name an error in a converted call by its place in ``mcp_calls``, where the user wrote it."""
    match = re.match(r"tool_calls\[(\d+)\]", where)
    if match and int(match.group(1)) >= plain:
        return f"mcp_calls[{int(match.group(1)) - plain}]{where[match.end() :]}"
    return where


def _call(raw: Any, where: str) -> dict[str, Any]:
    item = mapping(raw, where)
    if "request" in item:
        request = mapping(item["request"], f"{where}.request")
        method = request.get("method")
        if method != "tools/call":
            raise TurnError(f"expected 'tools/call', got {method!r}", f"{where}.request.method")
        params = mapping(request.get("params"), f"{where}.request.params")
        name = string(params, "name", f"{where}.request.params")
        arguments = params.get("arguments")
        reply = mapping(item.get("response"), f"{where}.response")
        if "error" in reply:
            error = mapping(reply["error"], f"{where}.response.error")
            return {
                "name": name,
                "arguments": arguments,
                "status": "error",
                "error": f"{error.get('code', '')}: {error.get('message', '')}".strip(": "),
                "id": _id(request.get("id")),
            }
        result = mapping(reply.get("result"), f"{where}.response.result")
        return {
            "name": name,
            "arguments": arguments,
            "id": _id(request.get("id")),
            **_result(result, f"{where}.response.result"),
        }
    name = string(item, "name", where)
    result = mapping(item.get("result"), f"{where}.result")
    return {
        "name": name,
        "arguments": item.get("arguments"),
        "id": _id(item.get("id")),
        **_result(result, f"{where}.result"),
    }


def _id(value: Any) -> str:
    return "" if value is None else str(value)


def _result(result: Mapping[str, Any], where: str) -> dict[str, Any]:
    texts: list[str] = []
    for j, raw in enumerate(sequence(result.get("content"), f"{where}.content", optional=True)):
        at = f"{where}.content[{j}]"
        block = mapping(raw, at)
        kind = block.get("type")
        if kind == "text":
            texts.append(string(block, "text", at))
        elif kind == "resource_link":
            texts.append(" ".join(str(block[k]) for k in ("title", "name", "uri") if block.get(k)))
        elif kind == "resource":
            resource = mapping(block.get("resource"), f"{at}.resource")
            text = resource.get("text")
            texts.append(text if isinstance(text, str) else str(resource.get("uri", "")))
        elif not isinstance(kind, str):
            raise TurnError("is required (a content block type)", f"{at}.type")
    text = "\n".join(t for t in texts if t)
    is_error = result.get("isError")
    if is_error is not None and not isinstance(is_error, bool):
        raise TurnError(f"must be a boolean, got {typename(is_error)}", f"{where}.isError")
    if is_error:
        return {"status": "error", "error": text or "tool reported an error (isError) with no text"}
    structured = result.get("structuredContent")
    if structured is None:
        return {"result": text}
    if all(_same_json(t, structured) for t in texts):
        return {"result": structured}
    return {"result": {"structuredContent": structured, "content": text}}


def _same_json(text: str, value: Any) -> bool:
    try:
        return bool(json.loads(text) == value)
    except ValueError:
        return False
