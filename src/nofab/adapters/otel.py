"""OpenTelemetry GenAI spans (OTLP JSON) -> turns.

Every model-call span with output text is a turn (one per output message / choice). Its
evidence is what that call saw — tool results in its input history — plus every tool
execution span of the same trace that had ended before the model call started. Two
generations of the GenAI semantic conventions are read:

- current (``OTEL_SEMCONV_STABILITY_OPT_IN=gen_ai_latest_experimental``): the model span's
  ``gen_ai.system_instructions``, ``gen_ai.input.messages`` and ``gen_ai.output.messages``
  (JSON: ``{"role", "parts": [{"type": "text", "content"}, {"type": "tool_call", "id",
  "name", "arguments"}, {"type": "tool_call_response", "id", "result"|"response"}]}``),
  and ``execute_tool`` spans (``gen_ai.operation.name = "execute_tool"``) with
  ``gen_ai.tool.name``, ``gen_ai.tool.call.id``, ``gen_ai.tool.call.arguments`` and
  ``gen_ai.tool.call.result``; a span with error status (or ``error.type``) is a failed call;
- older (v1.36 and before): span events ``gen_ai.system.message``, ``gen_ai.user.message``,
  ``gen_ai.assistant.message`` (``content``, ``tool_calls``), ``gen_ai.tool.message``
  (``content``, ``id``) and ``gen_ai.choice`` (``message``), their fields as event
  attributes or as JSON in ``gen_ai.event.content``; and the flattened
  ``gen_ai.prompt.<i>.*`` / ``gen_ai.completion.<i>.*`` attributes.

The assistant texts inside a span's *input* history are earlier answers: not turns of that
span (they are turns of their own spans) and never evidence.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from nofab.adapters.conversation import Conversation, ExtractedTurn, kind_of, mapping, sequence
from nofab.adapters.otlp import Span, flattened, json_value, read_spans
from nofab.errors import TurnError
from nofab.model.turn import Status, parse_json_text, typename

_MODEL_OPERATIONS = frozenset({"chat", "text_completion", "generate_content"})
_AGENT_OPERATIONS = frozenset({"invoke_agent", "invoke_workflow"})
#: Roles whose text is not the model's own (what ``feed`` reads as an assistant text is the rest).
_NOT_ANSWERS = frozenset({"system", "developer", "user", "human", "tool"})
_EVENT_ROLES = {
    "gen_ai.system.message": "system",
    "gen_ai.user.message": "user",
    "gen_ai.assistant.message": "assistant",
    "gen_ai.tool.message": "tool",
}


@dataclass
class Message:
    """A format-neutral chat message read from span attributes or events."""

    role: str
    text: str = ""
    calls: list[tuple[str, str, Any]] = field(default_factory=list)  # (id, name, arguments)
    tool_call_id: str = ""
    results: list[tuple[str, Any]] = field(default_factory=list)  # (id, result) parts


@dataclass(frozen=True)
class ToolSpan:
    span: Span
    id: str
    name: str
    arguments: Any
    result: Any
    failed: bool


def extract(obj: Any) -> list[ExtractedTurn]:
    spans = read_spans(obj)
    tools = [t for t in (tool_span(s) for s in spans) if t is not None]
    answers = model_answers(spans, _outputs)
    by_span: list[tuple[int, list[ExtractedTurn]]] = []
    agent_spans: list[tuple[int, Span, list[Message], list[Message]]] = []
    answered_traces: set[str] = set()
    for position, span in enumerate(spans):
        if tool_span(span) is not None:
            continue
        history, outputs = _messages(span)
        if not outputs:
            continue
        if kind_of(span.attributes, "gen_ai.operation.name") in _AGENT_OPERATIONS:
            agent_spans.append((position, span, history, outputs))
            continue
        by_span.append((position, span_turns(span, history, outputs, tools, answers=answers)))
        answered_traces.add(span.trace_id)
    # An agent span's output repeats its last model call's answer; it is read only for a
    # trace whose model calls were not exported, so no answer is checked twice or lost. Its
    # tools run inside it, so every tool span that ended before it did is evidence.
    for position, span, history, outputs in agent_spans:
        if span.trace_id not in answered_traces:
            by_span.append((position, span_turns(span, history, outputs, tools, cutoff=span.end)))
    by_span.sort(key=lambda item: item[0])
    return [turn for _, turns in by_span for turn in turns]


def model_answers(spans: Iterable[Span], outputs: Callable[[Span], list[Message]]) -> list[tuple[Span, str]]:
    """(span, text) of every assistant text the model spans of a trace produced: the agent's
    earlier answers of the later spans of its trace (``earlier_answers``)."""
    return [(s, m.text) for s in spans for m in outputs(s) if m.role not in _NOT_ANSWERS and m.text.strip()]


def _outputs(span: Span) -> list[Message]:
    return [] if tool_span(span) is not None else _messages(span)[1]


def span_turns(
    span: Span,
    history: list[Message],
    outputs: list[Message],
    tools: Iterable[ToolSpan],
    cutoff: int | None = None,
    answers: Iterable[tuple[Span, str]] = (),
) -> list[ExtractedTurn]:
    """The turns of one span: its input history, the tool spans of its trace that ended by
    ``cutoff`` (default: the span's start — a model call sees results that came before it),
    and its outputs; ``answers``: the model texts of the trace, those that ended by then are
    the turns' earlier answers."""
    cutoff = span.start if cutoff is None else cutoff
    conversation = Conversation()
    for earlier, text in answers:
        if earlier.trace_id == span.trace_id and earlier.end <= cutoff and earlier is not span:
            conversation.remember(text)
    for message in history:
        feed(conversation, message, answer=False, index=span.index, where=span.where)
    for tool in tools:
        if tool.span.trace_id == span.trace_id and tool.span.end <= cutoff:
            _add_tool_span(conversation, tool)
    for k, message in enumerate(outputs):
        where = span.where if len(outputs) == 1 else f"{span.where}.output[{k}]"
        feed(conversation, message, answer=True, index=span.index, where=where)
    return conversation.turns


def _add_tool_span(conversation: Conversation, tool: ToolSpan) -> None:
    """Add a tool span as evidence unless the model's input history already holds its result.

    With a call id the match is exact. Without one (OpenInference tool spans usually carry
    none) the span answers the oldest open request of the same tool, or — when the history
    already holds a result of that tool with the same arguments — is that same call seen twice.
    A span that succeeded without recording its result (``gen_ai.tool.call.result`` is
    opt-in) is a call that ran ``ok`` with nothing to ground a figure in — not an empty result.
    """
    is_error = tool.failed or None
    status: Status | None = "ok" if tool.result is None and not tool.failed else None
    if tool.id:
        if conversation.has_call(tool.id):
            return
        if conversation.is_pending(tool.id):
            conversation.resolve(tool.id, tool.result, is_error=is_error, status=status)
            return
    else:
        for requested in conversation.pending:
            if requested.name == tool.name:
                conversation.resolve(
                    requested.id, tool.result, is_error=is_error, status=status, name=tool.name
                )
                return
        arguments = parse_json_text(tool.arguments)
        if any(c.name == tool.name and c.parsed_arguments == arguments for c in conversation.calls):
            return
    conversation.add_call(tool.id, tool.name, tool.arguments, tool.result, is_error=is_error, status=status)


def feed(conversation: Conversation, message: Message, *, answer: bool, index: int, where: str) -> None:
    if message.role in ("system", "developer"):
        conversation.add_system(message.text)
    elif message.role in ("user", "human"):
        if message.text:
            conversation.add_user(message.text)
        for call_id, result in message.results:
            conversation.resolve(call_id, result)
    elif message.role == "tool":
        for call_id, result in message.results:
            conversation.resolve(call_id, result)
        if not message.results:
            conversation.resolve(message.tool_call_id, message.text)
    else:  # assistant / model
        for call_id, name, arguments in message.calls:
            conversation.request(call_id, name, arguments, where)
        for call_id, result in message.results:
            conversation.resolve(call_id, result)
        if answer:
            conversation.answer(message.text, index, where)
        else:
            conversation.remember(message.text)


def tool_span(span: Span) -> ToolSpan | None:
    attrs = span.attributes
    if attrs.get("gen_ai.operation.name") != "execute_tool" and not span.name.startswith("execute_tool"):
        return None
    name = attrs.get("gen_ai.tool.name") or span.name.removeprefix("execute_tool").strip() or "?"
    failed = span.failed or bool(attrs.get("error.type"))
    result = attrs.get("gen_ai.tool.call.result")
    if failed and result is None:
        result = span.status_message or str(attrs.get("error.type", "")) or "tool span ended in error"
    return ToolSpan(
        span=span,
        id=str(attrs.get("gen_ai.tool.call.id", "")),
        name=str(name),
        arguments=attrs.get("gen_ai.tool.call.arguments"),
        result=result,
        failed=failed,
    )


def _messages(span: Span) -> tuple[list[Message], list[Message]]:
    attrs = span.attributes

    def at(key: str) -> str:
        return f"{span.where}.attributes[{key}]"

    history: list[Message] = []
    outputs: list[Message] = []
    # Current convention: JSON message lists on the span.
    system = attrs.get("gen_ai.system_instructions")
    if system is not None:
        parts = json_value(system)
        if isinstance(parts, list):
            history.append(Message("system", _parts_text(parts, at("gen_ai.system_instructions"))))
        else:
            history.append(Message("system", _content_text(system)))
    key = "gen_ai.input.messages"
    history.extend(
        _parts_message(m, f"{at(key)}[{i}]") for i, m in enumerate(_json_list(attrs.get(key), at(key)))
    )
    key = "gen_ai.output.messages"
    outputs.extend(
        _parts_message(m, f"{at(key)}[{i}]") for i, m in enumerate(_json_list(attrs.get(key), at(key)))
    )
    # Older convention: one span event per message, and gen_ai.choice for the output.
    for event in span.events:
        body = dict(event.attributes)
        content = json_value(body.pop("gen_ai.event.content", None))
        if isinstance(content, Mapping):
            body.update(content)
        if event.name in _EVENT_ROLES:
            history.append(_openai_message(_EVENT_ROLES[event.name], body, event.where))
        elif event.name == "gen_ai.choice":
            message = json_value(body.get("message"))
            if isinstance(message, Mapping):
                outputs.append(_openai_message("assistant", message, f"{event.where}.message"))
            else:
                outputs.append(_openai_message("assistant", body, event.where))
    # Oldest: flattened gen_ai.prompt.<i>.* / gen_ai.completion.<i>.* attributes.
    for fields in flattened(attrs, "gen_ai.prompt.").values():
        history.append(_flat_message(fields, "user"))
    for fields in flattened(attrs, "gen_ai.completion.").values():
        outputs.append(_flat_message(fields, "assistant"))
    return history, outputs


def _json_list(value: Any, where: str) -> list[Any]:
    """A JSON array attribute (written as JSON text, or as an OTLP array)."""
    if value is None:
        return []
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError as exc:
            raise TurnError(f"is not valid JSON: {exc}", where) from None
    if not isinstance(value, list):
        raise TurnError(f"must be a JSON array, got {typename(value)}", where)
    return value


def _content_text(value: Any) -> str:
    """Message content: text, or JSON text / a list holding text parts."""
    if value is None:
        return ""
    decoded = json_value(value)
    if isinstance(decoded, list):
        return "\n".join(
            _content_text(v.get("text", v.get("content"))) if isinstance(v, Mapping) else _content_text(v)
            for v in decoded
        )
    # JSON text that is not a list of parts is the content itself: keep it as written.
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _parts_text(parts: list[Any], where: str) -> str:
    texts: list[str] = []
    for i, part in enumerate(parts):
        obj = mapping(part, f"{where}[{i}]")
        if obj.get("type") == "text":
            texts.append(_content_text(obj.get("content")))
    return "\n".join(texts)


def _parts_message(raw: Any, where: str) -> Message:
    obj = mapping(raw, where)
    message = Message(kind_of(obj, "role") or "user")
    texts: list[str] = []
    for j, part in enumerate(sequence(obj.get("parts"), f"{where}.parts", optional=True)):
        at = f"{where}.parts[{j}]"
        item = mapping(part, at)
        kind = item.get("type")
        if kind == "text":
            texts.append(_content_text(item.get("content")))
        elif kind == "tool_call":
            message.calls.append((str(item.get("id", "")), str(item.get("name", "?")), item.get("arguments")))
        elif kind == "tool_call_response":
            # The field was ``response`` in early drafts of the schema and ``result`` later.
            result = item.get("result", item.get("response"))
            message.results.append((str(item.get("id", "")).strip(), result))
    message.text = "\n".join(t for t in texts if t)
    return message


def _openai_message(role: str, body: Mapping[str, Any], where: str) -> Message:
    if role == "tool":
        message = Message(role)
        message.tool_call_id = str(body.get("id", body.get("tool_call_id", "")))
        message.results.append((message.tool_call_id, body.get("content")))
        return message
    message = Message(role, _content_text(body.get("content")))
    for j, raw in enumerate(_json_list(body.get("tool_calls"), f"{where}.tool_calls")):
        call = mapping(raw, f"{where}.tool_calls[{j}]")
        function = call.get("function")
        if not isinstance(function, Mapping):
            function = call
        message.calls.append(
            (str(call.get("id", "")), str(function.get("name", "?")), function.get("arguments"))
        )
    return message


def _flat_message(fields: Mapping[str, Any], default_role: str) -> Message:
    message = Message(str(fields.get("role", default_role)), _content_text(fields.get("content")))
    if message.role == "tool":
        message.tool_call_id = str(fields.get("tool_call_id", ""))
        message.results.append((message.tool_call_id, fields.get("content")))
        message.text = ""
    for call in flattened(fields, "tool_calls.").values():
        message.calls.append((str(call.get("id", "")), str(call.get("name", "?")), call.get("arguments")))
    return message
