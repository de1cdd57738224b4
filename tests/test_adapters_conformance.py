"""The adapters read what the real libraries write: messages, results and spans produced by the
official SDKs (langchain-core, openai, anthropic, mcp, opentelemetry, openinference) and
serialised the way users log them. Each test is skipped when its library is not installed
(the ``dev`` extra installs them all)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from nofab.adapters import detect_format, extract_turns

ORDER = {"order_id": "A-1042", "status": "shipped"}
ANSWER = "Order A-1042 has shipped."
CLAIM = "I cancelled order B-7."


def story(turns: Any) -> list[tuple[str, list[tuple[str, str]]]]:
    return [(t.turn.response, [(c.name, c.status) for c in t.turn.tool_calls]) for t in turns]


EXPECTED = [
    (ANSWER, [("get_order", "ok")]),
    (CLAIM, [("get_order", "ok"), ("cancel_order", "error")]),
]


def test_langchain_messages_in_all_three_serialisations() -> None:
    """Messages built with langchain-core and dumped by model_dump, messages_to_dict and dumpd
    give the same turns."""
    pytest.importorskip("langchain_core")
    from langchain_core.load import dumpd
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage, messages_to_dict

    messages = [
        SystemMessage("Be exact."),
        HumanMessage("Where is A-1042? And cancel B-7."),
        AIMessage("", tool_calls=[{"name": "get_order", "args": {"order_id": "A-1042"}, "id": "c1"}]),
        ToolMessage(json.dumps(ORDER), tool_call_id="c1"),
        AIMessage(ANSWER),
        AIMessage(
            "",
            invalid_tool_calls=[
                {
                    "name": "cancel_order",
                    "args": '{"order_id": ',
                    "id": "c2",
                    "error": "bad JSON",
                    "type": "invalid_tool_call",
                }
            ],
        ),
        ToolMessage("order B-7 not found", tool_call_id="c2", status="error"),
        AIMessage(CLAIM),
    ]
    for serialised in (
        [m.model_dump() for m in messages],
        messages_to_dict(messages),
        [dumpd(m) for m in messages],
    ):
        data = json.loads(json.dumps(serialised))
        assert detect_format(data) == "langchain"
        turns = extract_turns(data)
        assert story(turns) == EXPECTED
        assert [t.turn.earlier_answers for t in turns] == [(), (ANSWER,)]  # the agent's own earlier text


def test_openai_sdk_chat_messages() -> None:
    """Assistant messages as the openai SDK returns them (model_dump) read as OpenAI chat."""
    pytest.importorskip("openai")
    from openai.types.chat import ChatCompletionMessage

    call = ChatCompletionMessage.model_validate(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "get_order", "arguments": '{"order_id": "A-1042"}'},
                },
                {
                    "id": "c2",
                    "type": "function",
                    "function": {"name": "cancel_order", "arguments": '{"order_id":'},
                },
            ],
        }
    )
    data = [
        {"role": "user", "content": "Where is A-1042? And cancel B-7."},
        call.model_dump(exclude_none=True),
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps(ORDER)},
        {"role": "tool", "tool_call_id": "c2", "content": "Error: order B-7 not found"},
        ChatCompletionMessage(role="assistant", content=CLAIM).model_dump(exclude_none=True),
    ]
    assert detect_format(data) == "openai-chat"
    (turn,) = extract_turns(json.loads(json.dumps(data)))
    assert story([turn]) == [EXPECTED[1]]
    assert turn.turn.tool_calls[1].arguments == '{"order_id":'


def test_openai_sdk_responses_items() -> None:
    """Output items as the openai SDK returns them (model_dump) read as Responses items."""
    pytest.importorskip("openai")
    from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage

    def message(text: str, ident: str) -> dict[str, Any]:
        return ResponseOutputMessage.model_validate(
            {
                "id": ident,
                "type": "message",
                "role": "assistant",
                "status": "completed",
                "content": [{"type": "output_text", "text": text, "annotations": []}],
            }
        ).model_dump(exclude_none=True)

    def call(name: str, ident: str, arguments: str) -> dict[str, Any]:
        return ResponseFunctionToolCall(
            type="function_call", call_id=ident, name=name, arguments=arguments
        ).model_dump(exclude_none=True)

    items = [
        {"role": "user", "content": "Where is A-1042? And cancel B-7."},
        call("get_order", "c1", '{"order_id": "A-1042"}'),
        {"type": "function_call_output", "call_id": "c1", "output": json.dumps(ORDER)},
        message(ANSWER, "m1"),
        call("cancel_order", "c2", '{"order_id": "B-7"}'),
        {"type": "function_call_output", "call_id": "c2", "output": "Error: order B-7 not found"},
        message(CLAIM, "m2"),
    ]
    data = json.loads(json.dumps(items))
    assert detect_format(data) == "openai-responses"
    turns = extract_turns(data)
    assert story(turns) == EXPECTED
    assert [t.turn.earlier_answers for t in turns] == [(), (ANSWER,)]  # the agent's own earlier text


def test_anthropic_sdk_messages() -> None:
    """Assistant content as the anthropic SDK returns it (Message.model_dump) reads as Anthropic."""
    pytest.importorskip("anthropic")
    from anthropic.types import Message

    def reply(content: list[dict[str, Any]], ident: str) -> dict[str, Any]:
        message = Message.model_validate(
            {
                "id": ident,
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4-5",
                "content": content,
                "stop_reason": "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": 1, "output_tokens": 1},
            }
        ).model_dump(exclude_none=True)
        return {"role": message["role"], "content": message["content"]}

    data = {
        "system": "Be exact.",
        "messages": [
            {"role": "user", "content": "Where is A-1042? And cancel B-7."},
            reply(
                [{"type": "tool_use", "id": "t1", "name": "get_order", "input": {"order_id": "A-1042"}}], "m1"
            ),
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t1", "content": json.dumps(ORDER)}],
            },
            reply([{"type": "text", "text": ANSWER}], "m2"),
            reply(
                [{"type": "tool_use", "id": "t2", "name": "cancel_order", "input": {"order_id": "B-7"}}], "m3"
            ),
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "t2", "content": "not found", "is_error": True}
                ],
            },
            reply([{"type": "text", "text": CLAIM}], "m4"),
        ],
    }
    data = json.loads(json.dumps(data))
    assert detect_format(data) == "anthropic"
    turns = extract_turns(data)
    assert story(turns) == EXPECTED
    assert [t.turn.earlier_answers for t in turns] == [(), (ANSWER,)]  # the agent's own earlier text


def test_mcp_sdk_call_tool_results() -> None:
    """CallToolResult objects from the mcp SDK, dumped by alias as on the wire, become results."""
    pytest.importorskip("mcp")
    import mcp.types as mt

    ok = mt.CallToolResult(
        content=[mt.TextContent(type="text", text=json.dumps(ORDER))], structuredContent=ORDER, isError=False
    )
    failed = mt.CallToolResult(
        content=[mt.TextContent(type="text", text="order B-7 not found")], isError=True
    )
    data = {
        "response": CLAIM,
        "mcp_calls": [
            {
                "name": "get_order",
                "arguments": {"order_id": "A-1042"},
                "result": ok.model_dump(by_alias=True, mode="json"),
            },
            {
                "request": {
                    "jsonrpc": "2.0",
                    "id": 2,
                    "method": "tools/call",
                    "params": {"name": "cancel_order", "arguments": {"order_id": "B-7"}},
                },
                "response": {
                    "jsonrpc": "2.0",
                    "id": 2,
                    "result": failed.model_dump(by_alias=True, mode="json"),
                },
            },
        ],
    }
    (turn,) = extract_turns(json.loads(json.dumps(data)))
    assert story([turn]) == [EXPECTED[1]]
    assert turn.turn.tool_calls[0].result == ORDER


def _otlp_json(build: Any) -> dict[str, Any]:
    """Run ``build(tracer)`` under the OpenTelemetry SDK and return the spans as OTLP JSON,
    encoded by the official OTLP encoder."""
    pytest.importorskip("opentelemetry.sdk")
    pytest.importorskip("opentelemetry.exporter.otlp.proto.common")
    from google.protobuf.json_format import MessageToDict
    from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    build(provider.get_tracer("nofab-test"))
    return MessageToDict(encode_spans(exporter.get_finished_spans()))


def _fail(span: Any, message: str) -> None:
    from opentelemetry.trace import Status, StatusCode

    span.set_status(Status(StatusCode.ERROR, message))


def test_otel_sdk_spans_with_genai_attribute_constants() -> None:
    """Spans named with the semantic-conventions package's own GenAI constants, exported by
    the OTLP encoder, read as OTel GenAI."""
    pytest.importorskip("opentelemetry.semconv._incubating.attributes.gen_ai_attributes")
    from opentelemetry.semconv._incubating.attributes import gen_ai_attributes as g

    def user(text: str) -> dict[str, Any]:
        return {"role": "user", "parts": [{"type": "text", "content": text}]}

    def build(tracer: Any) -> None:
        def tool(name: str, call_id: str, arguments: Any, result: Any = None, error: str = "") -> None:
            with tracer.start_as_current_span(f"execute_tool {name}") as span:
                span.set_attribute(g.GEN_AI_OPERATION_NAME, g.GenAiOperationNameValues.EXECUTE_TOOL.value)
                span.set_attribute(g.GEN_AI_TOOL_NAME, name)
                span.set_attribute(g.GEN_AI_TOOL_CALL_ID, call_id)
                span.set_attribute(g.GEN_AI_TOOL_CALL_ARGUMENTS, json.dumps(arguments))
                if result is not None:
                    span.set_attribute(g.GEN_AI_TOOL_CALL_RESULT, json.dumps(result))
                if error:
                    _fail(span, error)

        def chat(history: list[dict[str, Any]], text: str) -> None:
            with tracer.start_as_current_span("chat gpt-4o") as span:
                span.set_attribute(g.GEN_AI_OPERATION_NAME, g.GenAiOperationNameValues.CHAT.value)
                span.set_attribute(g.GEN_AI_INPUT_MESSAGES, json.dumps(history))
                span.set_attribute(
                    g.GEN_AI_OUTPUT_MESSAGES,
                    json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": text}]}]),
                )

        with tracer.start_as_current_span("invoke_agent support"):
            tool("get_order", "c1", {"order_id": "A-1042"}, ORDER)
            chat([user("Where is A-1042?")], ANSWER)
            tool("cancel_order", "c2", {"order_id": "B-7"}, error="order B-7 not found")
            chat([user("Where is A-1042?"), user("Cancel B-7.")], CLAIM)

    data = _otlp_json(build)
    assert detect_format(data) == "otel"
    turns = extract_turns(data)
    assert story(turns) == EXPECTED
    assert [t.turn.earlier_answers for t in turns] == [(), (ANSWER,)]  # the agent's own earlier text


def test_openinference_spans_with_semconv_constants() -> None:
    """Spans named with the openinference-semantic-conventions constants, exported by the OTLP
    encoder, read as OpenInference."""
    pytest.importorskip("openinference.semconv.trace")
    from openinference.semconv.trace import (
        MessageAttributes,
        OpenInferenceSpanKindValues,
        SpanAttributes,
        ToolCallAttributes,
    )

    kind = SpanAttributes.OPENINFERENCE_SPAN_KIND

    def build(tracer: Any) -> None:
        def tool(name: str, call_id: str, arguments: Any, result: Any = None, error: str = "") -> None:
            with tracer.start_as_current_span(name) as span:
                span.set_attribute(kind, OpenInferenceSpanKindValues.TOOL.value)
                span.set_attribute(SpanAttributes.TOOL_NAME, name)
                span.set_attribute(SpanAttributes.TOOL_ID, call_id)
                span.set_attribute(SpanAttributes.INPUT_VALUE, json.dumps(arguments))
                if result is not None:
                    span.set_attribute(SpanAttributes.OUTPUT_VALUE, json.dumps(result))
                if error:
                    _fail(span, error)

        def llm(texts: list[str], calls: list[tuple[str, str]], answer: str) -> None:
            with tracer.start_as_current_span("ChatCompletion") as span:
                span.set_attribute(kind, OpenInferenceSpanKindValues.LLM.value)
                prefix = SpanAttributes.LLM_INPUT_MESSAGES
                for i, text in enumerate(texts):
                    span.set_attribute(f"{prefix}.{i}.{MessageAttributes.MESSAGE_ROLE}", "user")
                    span.set_attribute(f"{prefix}.{i}.{MessageAttributes.MESSAGE_CONTENT}", text)
                i = len(texts)
                span.set_attribute(f"{prefix}.{i}.{MessageAttributes.MESSAGE_ROLE}", "assistant")
                for j, (call_id, name) in enumerate(calls):
                    call = f"{prefix}.{i}.{MessageAttributes.MESSAGE_TOOL_CALLS}.{j}"
                    span.set_attribute(f"{call}.{ToolCallAttributes.TOOL_CALL_ID}", call_id)
                    span.set_attribute(f"{call}.{ToolCallAttributes.TOOL_CALL_FUNCTION_NAME}", name)
                out = SpanAttributes.LLM_OUTPUT_MESSAGES
                span.set_attribute(f"{out}.0.{MessageAttributes.MESSAGE_ROLE}", "assistant")
                span.set_attribute(f"{out}.0.{MessageAttributes.MESSAGE_CONTENT}", answer)

        with tracer.start_as_current_span("agent"):
            tool("get_order", "c1", {"order_id": "A-1042"}, ORDER)
            llm(["Where is A-1042?"], [("c1", "get_order")], ANSWER)
            tool("cancel_order", "c2", {"order_id": "B-7"}, error="order B-7 not found")
            llm(["Where is A-1042?", "Cancel B-7."], [("c1", "get_order"), ("c2", "cancel_order")], CLAIM)

    data = _otlp_json(build)
    assert detect_format(data) == "openinference"
    turns = extract_turns(data)
    assert story(turns) == EXPECTED
    assert [t.turn.earlier_answers for t in turns] == [(), (ANSWER,)]  # the agent's own earlier text
