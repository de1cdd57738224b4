"""The conversation: what every transcript adapter feeds, and the turns it yields.

Each format adapter walks its own shape and reports what happened, in order — a system
prompt, a user message, a tool call requested, a tool result, an assistant text — to a
``Conversation``. The conversation owns the one rule for what a turn holds, so that every
format gets the same semantics:

- every assistant text (non-blank) is a turn, whether or not any tool ran before it: an
  answer with no tool behind it is exactly where fabrication hides, and a greeting gives
  no finding anyway;
- the turn's evidence is every tool call whose result had arrived before that text, from
  the start of the conversation (the calls of this step and of earlier steps);
- a call requested but without a result yet (for example in the same message as the text)
  is not evidence — its result was not known when the text was written — and is listed in
  ``ExtractedTurn.requested`` instead, so nothing is silently dropped;
- the last user message is ``user_message``; the system prompt(s) and the earlier user
  messages, joined by blank lines, are ``context``, and the earlier user messages are also
  ``earlier_user_messages`` (a request made turns ago, told apart from a policy's words);
- the assistant's own earlier texts are never evidence for a claim: an agent must not
  ground today's claim in its own earlier narration. They travel with the turn as
  ``earlier_answers`` for one narrow use: a number repeated unchanged from an earlier answer
  in which the tool evidence explained it (``nofab.detectors.numbers``);
- the tool definitions the transcript carries (a request's ``tools`` list, an MCP
  ``tools/list`` result) are every turn's ``tools``: what each tool can do, never evidence
  that it ran.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from nofab.errors import TurnError
from nofab.model.failures import reports_failure, reports_failure_text
from nofab.model.turn import GUARD_BLOCK_PREFIXES, Status, ToolCall, ToolDef, Turn, is_empty_result, typename


@dataclass(frozen=True)
class RequestedCall:
    """A tool call the assistant asked for whose result had not arrived at the time of a text."""

    name: str
    arguments: Any
    id: str
    where: str


@dataclass(frozen=True)
class ExtractedTurn:
    """One turn found in a transcript.

    ``index`` is the position of the assistant text in the source sequence (message index,
    item index, conversation entry or span index); ``where`` is the same as a path, e.g.
    ``messages[12]`` or ``spans[3]``.
    """

    index: int
    where: str
    turn: Turn
    requested: tuple[RequestedCall, ...] = ()


@dataclass
class Conversation:
    """Accumulates the events of one transcript and cuts a turn at every assistant text."""

    system: list[str] = field(default_factory=list)
    users: list[str] = field(default_factory=list)
    calls: list[ToolCall] = field(default_factory=list)
    #: Requests without a result yet, oldest first (a list: ids may be missing or repeated).
    pending: list[RequestedCall] = field(default_factory=list)
    turns: list[ExtractedTurn] = field(default_factory=list)
    #: The tools the agent could call, as the transcript defines them.
    tools: list[ToolDef] = field(default_factory=list)
    #: The assistant's texts so far (each turn's ``earlier_answers``), oldest first.
    answers: list[str] = field(default_factory=list)
    _resolved_ids: set[str] = field(default_factory=set)

    def define_tools(self, value: Any, where: str) -> None:
        """A list of tool definitions (any of the shapes ``tool_definitions`` reads)."""
        known = {t.name for t in self.tools}
        self.tools.extend(t for t in tool_definitions(value, where) if t.name not in known)

    def add_system(self, text: str) -> None:
        self.system.append(text)

    def add_user(self, text: str) -> None:
        self.users.append(text)
        # Calls before the user's new message belong to earlier turns: still evidence,
        # but an action claimed now must be done now.
        self.calls = [c if c.earlier else replace(c, earlier=True) for c in self.calls]

    def request(self, call_id: str, name: str, arguments: Any, where: str) -> None:
        """The assistant asked for a tool call; it becomes evidence once its result arrives."""
        self.pending.append(RequestedCall(name=name, arguments=arguments, id=call_id, where=where))

    def is_pending(self, call_id: str) -> bool:
        return any(r.id == call_id for r in self.pending)

    def _take(self, call_id: str, name: str | None) -> RequestedCall | None:
        # The oldest request with this id; a result without an id answers the oldest request
        # of its tool (or, without a name either, the oldest request without an id).
        for i, requested in enumerate(self.pending):
            if requested.id == call_id and (call_id or name is None or requested.name == name):
                return self.pending.pop(i)
        return None

    def resolve(
        self,
        call_id: str,
        content: Any,
        *,
        is_error: bool | None = None,
        name: str | None = None,
        arguments: Any = None,
        status: Status | None = None,
    ) -> None:
        """A tool result arrived for ``call_id``.

        A result whose id matches no request is still kept (named from the result itself,
        or ``?``): losing a tool result would turn grounded claims into false findings.
        """
        requested = self._take(call_id, name)
        if requested is not None:
            name, arguments = requested.name, requested.arguments
        self.add_call(call_id, name or "?", arguments, content, is_error=is_error, status=status)

    def add_call(
        self,
        call_id: str,
        name: str,
        arguments: Any,
        content: Any,
        *,
        is_error: bool | None,
        status: Status | None = None,
    ) -> None:
        """A complete tool call (request and result together); ``status`` overrides the one
        read from the result (a trace that recorded a success but not what came back)."""
        inferred, error = tool_status(content, is_error)
        status = status or inferred
        self.calls.append(
            ToolCall(
                name=name,
                arguments=arguments,
                result=None if error is not None else content,
                status=status,
                error=error,
                id=call_id,
            )
        )
        if call_id:
            self._resolved_ids.add(call_id)

    def has_call(self, call_id: str) -> bool:
        return bool(call_id) and call_id in self._resolved_ids

    def remember(self, text: str) -> None:
        """An assistant text that is not checked here (a span's input history replays the
        conversation before the answer it produced): only an earlier answer of later turns."""
        if text.strip() and text not in self.answers:
            self.answers.append(text)

    def answer(self, text: str, index: int, where: str) -> None:
        """An assistant text: cut a turn from everything known so far."""
        if not text.strip():
            return
        self.turns.append(
            ExtractedTurn(
                index=index,
                where=where,
                turn=Turn(
                    response=text,
                    user_message=self.users[-1] if self.users else "",
                    context="\n\n".join(self.system + self.users[:-1]),
                    tool_calls=tuple(self.calls),
                    tools=tuple(self.tools),
                    earlier_answers=tuple(self.answers),
                    earlier_user_messages=tuple(self.users[:-1]),
                ),
                requested=tuple(self.pending),
            )
        )
        self.answers.append(text)


#: Where each format keeps a tool's parameter schema.
_SCHEMA_KEYS = ("parameters", "input_schema", "inputSchema", "args_schema", "args")


def tool_definitions(value: Any, where: str) -> list[ToolDef]:
    """Tool definitions in the shapes agents send them, one list possibly mixing them:

    - OpenAI chat / LangChain ``bind_tools``: ``{"type": "function", "function": {"name",
      "description", "parameters"}}``, and the legacy ``functions`` entries ``{"name", ...}``;
    - OpenAI Responses: ``{"type": "function", "name", "description", "parameters"}``;
    - Anthropic: ``{"name", "description", "input_schema"}``;
    - MCP ``tools/list``: ``{"name", "description", "inputSchema"}``.

    A built-in tool without a name (``{"type": "web_search"}``) defines nothing to read.
    """
    out: list[ToolDef] = []
    for i, raw in enumerate(sequence(value, where)):
        at = f"{where}[{i}]"
        item = mapping(raw, at)
        if isinstance(item.get("function"), Mapping):
            item, at = item["function"], f"{at}.function"
        if item.get("name") is None:
            continue
        name = string(item, "name", at)
        if not name.strip():
            raise TurnError("must be a non-empty string", f"{at}.name")
        description = string(item, "description", at, required=False)
        schema = next((item[k] for k in _SCHEMA_KEYS if item.get(k) is not None), None)
        out.append(ToolDef(name=name, description=description, parameters=schema))
    return out


def tool_status(content: Any, is_error: bool | None) -> tuple[Status, str | None]:
    """(status, error text) of a tool result.

    An explicit error flag (Anthropic ``is_error``, MCP ``isError``, LangChain
    ``status="error"``, an OTel span status) wins. Formats without one — OpenAI chat, where
    τ-bench tools answer ``"Error: reservation not found"`` — are read by the text: a result
    that starts with ``error`` failed. Errors that start with a guard prefix (``BLOCKED:``)
    were refusals, not failures.
    """
    text = content if isinstance(content, str) else None
    if is_error is None and text is not None and text.lstrip().upper().startswith(GUARD_BLOCK_PREFIXES):
        return "blocked", text
    if is_error or (
        is_error is None
        and (
            (text is not None and (text.lstrip().lower().startswith("error") or reports_failure_text(text)))
            # {"status": "error", "error": "..."}: the result itself reports the failure.
            or reports_failure(content)
        )
    ):
        message = text if text is not None else json.dumps(content, ensure_ascii=False, default=str)
        if message.lstrip().upper().startswith(GUARD_BLOCK_PREFIXES):
            return "blocked", message
        return "error", message
    return ("empty" if is_empty_result(content) else "ok"), None


def text_of_parts(value: Any, where: str, text_types: Iterable[str] = ("text",)) -> str:
    """The text of a message ``content``: a string, ``null``, or a list of content parts.

    Parts of the listed types contribute their ``text`` (joined by newlines); a part of
    another type (an image, a file) carries no text to check, so it contributes nothing.
    A part that is not an object, or a text part whose ``text`` is not a string, is an error.
    """
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if not isinstance(value, list):
        raise TurnError(f"must be a string, null or an array of content parts, got {typename(value)}", where)
    texts: list[str] = []
    kinds = tuple(text_types)
    for i, part in enumerate(value):
        if isinstance(part, str):
            texts.append(part)
            continue
        if not isinstance(part, Mapping):
            raise TurnError(f"must be a content part object, got {typename(part)}", f"{where}[{i}]")
        if part.get("type") in kinds:
            text = part.get("text")
            if not isinstance(text, str):
                raise TurnError(f"must be a string, got {typename(text)}", f"{where}[{i}].text")
            texts.append(text)
        elif part.get("type") == "refusal" and isinstance(part.get("refusal"), str):
            texts.append(part["refusal"])
    return "\n".join(texts)


def kind_of(obj: Mapping[str, Any], key: str = "type") -> str | None:
    """A discriminator field (``type``, ``role``) when it is a string, else ``None``: a list or
    an object there must not reach a set lookup, it must reach the error that names it."""
    value = obj.get(key)
    return value if isinstance(value, str) else None


def mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise TurnError(f"must be a JSON object, got {typename(value)}", where)
    return value


def sequence(value: Any, where: str, *, optional: bool = False) -> Sequence[Any]:
    if value is None and optional:
        return ()
    if not isinstance(value, list):
        raise TurnError(f"must be an array, got {typename(value)}", where)
    return value


def string(obj: Mapping[str, Any], key: str, where: str, *, required: bool = True) -> str:
    value = obj.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        what = "is required" if value is None else f"must be a string, got {typename(value)}"
        raise TurnError(what, f"{where}.{key}")
    return value


def call_id(obj: Mapping[str, Any], key: str, where: str) -> str:
    """An id field: a string or a number (some loggers write numbers), or absent."""
    value = obj.get(key)
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise TurnError(f"must be a string, got {typename(value)}", f"{where}.{key}")
    return str(value)
