"""OpenInference spans (OTLP JSON, as Arize Phoenix and the OpenInference instrumentors
export them) -> turns.

- an ``LLM`` span (``openinference.span.kind``) with output text is a turn: its
  ``llm.input_messages.<i>.message.*`` are the history it saw (``role``, ``content`` or
  ``contents.<j>.message_content.text``, ``tool_calls.<j>.tool_call.{id, function.name,
  function.arguments}``, and ``tool_call_id`` on tool messages) and its
  ``llm.output_messages.<i>.message.*`` the answer (and any tool calls it asked for);
- a ``TOOL`` span is a tool call: ``tool.name``, ``tool.id`` (the call it answers),
  ``input.value`` as the arguments,
  ``output.value`` as the result, failed when the span status is an error; it is evidence
  for the ``LLM`` spans of the same trace that start after it ended.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nofab.adapters.conversation import ExtractedTurn
from nofab.adapters.otel import Message, ToolSpan, model_answers, span_turns
from nofab.adapters.otlp import Span, flattened, read_spans

KIND = "openinference.span.kind"


def extract(obj: Any) -> list[ExtractedTurn]:
    spans = read_spans(obj)
    tools = [t for t in (_tool(s) for s in spans) if t is not None]
    turns: list[ExtractedTurn] = []
    answers = model_answers(spans, _outputs)
    for span in spans:
        if str(span.attributes.get(KIND, "")).upper() != "LLM":
            continue
        history = [_message(f) for f in flattened(span.attributes, "llm.input_messages.").values()]
        if outputs := _outputs(span):
            turns.extend(span_turns(span, history, outputs, tools, answers=answers))
    return turns


def _outputs(span: Span) -> list[Message]:
    if str(span.attributes.get(KIND, "")).upper() != "LLM":
        return []
    return [_message(f) for f in flattened(span.attributes, "llm.output_messages.").values()]


def _tool(span: Span) -> ToolSpan | None:
    attrs = span.attributes
    if str(attrs.get(KIND, "")).upper() != "TOOL":
        return None
    result = attrs.get("output.value")
    if span.failed and result is None:
        result = span.status_message or "tool span ended in error"
    return ToolSpan(
        span=span,
        # ``tool.id`` is the spec's name for the call a TOOL span answers; some exporters
        # write ``tool_call.id`` instead.
        id=str(attrs.get("tool.id") or attrs.get("tool_call.id") or ""),
        name=str(attrs.get("tool.name") or span.name or "?"),
        arguments=attrs.get("input.value"),
        result=result,
        failed=span.failed,
    )


def _message(fields: Mapping[str, Any]) -> Message:
    role = str(fields.get("message.role", "user"))
    text = fields.get("message.content")
    if not isinstance(text, str):
        parts = flattened(fields, "message.contents.")
        text = "\n".join(
            str(p["message_content.text"])
            for p in parts.values()
            if p.get("message_content.text") is not None
        )
    message = Message(role, text)
    for call in flattened(fields, "message.tool_calls.").values():
        message.calls.append(
            (
                str(call.get("tool_call.id", "")),
                str(call.get("tool_call.function.name", "?")),
                call.get("tool_call.function.arguments"),
            )
        )
    if role == "tool":
        message.tool_call_id = str(fields.get("message.tool_call_id", ""))
        message.results.append((message.tool_call_id, text))
        message.text = ""
    return message
