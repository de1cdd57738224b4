"""Readers that turn the public evaluation corpora into turns.

- τ-bench trajectories (OpenAI chat messages): one turn per assistant message with text,
  with every tool call so far (results linked by ``tool_call_id``) as evidence, the last
  user message as ``user_message`` and the system prompt plus earlier user messages as
  context. The assistant's own earlier text is never evidence.
- ToolTalk conversations: one turn per assistant reply, with the API calls of that reply
  and of earlier replies as evidence and the conversation metadata (user, time, place) as
  context.

These feed the false-positive tests and the benchmarks; the transcript adapters
(``nofab.adapters``) read the same shapes for users.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from nofab.turn import ToolCall, Turn, is_empty_result


def _tool_status(content: Any) -> tuple[str, str | None]:
    if isinstance(content, str) and content.lstrip().lower().startswith("error"):
        return "error", content
    return ("empty" if is_empty_result(content) else "ok"), None


def openai_chat_turns(messages: list[Mapping[str, Any]]) -> Iterator[tuple[int, Turn]]:
    """(message index, turn) for each assistant message with text in an OpenAI chat transcript."""
    calls: list[ToolCall] = []
    pending: dict[str, tuple[str, Any]] = {}
    system: list[str] = []
    users: list[str] = []
    for index, message in enumerate(messages):
        role = message.get("role")
        content = message.get("content")
        if role == "system" and isinstance(content, str):
            system.append(content)
        elif role == "user" and isinstance(content, str):
            users.append(content)
        elif role == "assistant":
            for call in message.get("tool_calls") or ():
                function = call.get("function", {})
                pending[call.get("id", "")] = (function.get("name", "?"), function.get("arguments"))
            if isinstance(content, str) and content.strip():
                yield index, Turn(
                    response=content,
                    user_message=users[-1] if users else "",
                    context="\n\n".join(system + users[:-1]),
                    tool_calls=tuple(calls),
                )
        elif role == "tool":
            call_id = message.get("tool_call_id", "")
            name, arguments = pending.pop(call_id, (message.get("name", "?"), None))
            status, error = _tool_status(content)
            calls.append(
                ToolCall(
                    name=name,
                    arguments=arguments,
                    result=None if error else content,
                    status=status,  # type: ignore[arg-type]
                    error=error,
                    id=call_id,
                )
            )


def tau_bench_turns(path: Path) -> Iterator[tuple[str, Turn]]:
    """("task <id> message <i>", turn) for every assistant text turn of a τ-bench results file."""
    for episode in json.loads(path.read_text("utf-8")):
        for index, turn in openai_chat_turns(episode["traj"]):
            yield f"task {episode['task_id']} message {index}", turn


def tooltalk_turns(path: Path) -> Iterator[tuple[str, Turn]]:
    """("<file> turn <i>", turn) for every assistant reply of a ToolTalk conversation file."""
    data = json.loads(path.read_text("utf-8"))
    metadata = data.get("metadata", {})
    context = "\n".join(f"{k}: {v}" for k, v in metadata.items())
    calls: list[ToolCall] = []
    users: list[str] = []
    for position, entry in enumerate(data.get("conversation", [])):
        if entry["role"] == "user":
            users.append(entry["text"])
            continue
        for api in entry.get("apis") or ():
            request = api.get("request", {})
            error = api.get("exception")
            result = api.get("response")
            calls.append(
                ToolCall(
                    name=request.get("api_name", "?"),
                    arguments=request.get("parameters"),
                    result=result,
                    status="error" if error else ("empty" if is_empty_result(result) else "ok"),
                    error=str(error) if error else None,
                )
            )
        yield f"{path.name} turn {position}", Turn(
            response=entry["text"],
            user_message=users[-1] if users else "",
            context="\n\n".join([context, *users[:-1]]),
            tool_calls=tuple(calls),
        )


def tooltalk_corpus(root: Path) -> Iterator[tuple[str, Turn]]:
    """Every ToolTalk reply under ``root`` (the ``easy`` and ``tooltalk`` folders)."""
    for path in sorted(root.glob("*/*.json")):
        if path.parent.name == "databases":
            continue
        yield from tooltalk_turns(path)


def tooltalk_conversation_turns(data: Mapping[str, Any]) -> Iterator[tuple[int, Turn]]:
    """(conversation position, turn) for each assistant reply of an already-decoded ToolTalk
    conversation (the same turns as ``tooltalk_turns``, for callers that hold the object)."""
    metadata = data.get("metadata") or {}
    context = "\n".join(f"{k}: {v}" for k, v in metadata.items())
    calls: list[ToolCall] = []
    users: list[str] = []
    for position, entry in enumerate(data.get("conversation") or ()):
        if entry.get("role") == "user":
            users.append(str(entry.get("text", "")))
            continue
        for api in entry.get("apis") or ():
            request = api.get("request") or {}
            error = api.get("exception")
            result = api.get("response")
            calls.append(
                ToolCall(
                    name=request.get("api_name", "?"),
                    arguments=request.get("parameters"),
                    result=result,
                    status="error" if error else ("empty" if is_empty_result(result) else "ok"),
                    error=str(error) if error else None,
                )
            )
        yield position, Turn(
            response=str(entry.get("text", "")),
            user_message=users[-1] if users else "",
            context="\n\n".join([context, *users[:-1]]),
            tool_calls=tuple(calls),
        )
