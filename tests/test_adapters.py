"""Transcript adapters: every format yields the same turns for the same conversation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nofab.adapters import FORMATS, detect_format, extract_turns
from nofab.errors import InputError, TurnError

FIXTURES = Path(__file__).parent / "fixtures" / "transcripts"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "transcripts"

SYSTEM = "You are the support agent of Acme Parcel. Use the tools; never guess."
FIRST_USER = "Hi, where is my order A-1042?"
SECOND_USER = "Thanks. Please cancel order B-7 too."
LOOKUP = "Let me look that up for you."
SHIPPED = "Order A-1042 has shipped with DHL; the total was $42.73."
CANCELLED = "Done! I have cancelled order B-7 for you."

# Every fixture tells the same story: a greeting-like text before any tool, an answer
# grounded in get_order, and a claim that a failed cancel_order succeeded.
# (file, format, [(response, [(tool name, status), ...]), ...])
STORY = [
    (LOOKUP, []),
    (SHIPPED, [("get_order", "ok")]),
    (CANCELLED, [("get_order", "ok"), ("cancel_order", "error")]),
]
CASES: list[tuple[str, str, list[tuple[str, list[tuple[str, str]]]]]] = [
    ("openai_chat.json", "openai-chat", STORY),
    ("openai_responses.json", "openai-responses", STORY),
    ("anthropic.json", "anthropic", STORY),
    ("langchain.json", "langchain", STORY),
    ("langchain_dumpd.json", "langchain", STORY),
    ("otel_genai.json", "otel", STORY),
    ("otel_genai_events.json", "otel", STORY),
    ("openinference.json", "openinference", STORY),
    ("mcp.json", "mcp", [STORY[2]]),
    (
        "tooltalk.json",
        "tooltalk",
        [(SHIPPED, [("GetOrder", "ok")]), (CANCELLED, [("GetOrder", "ok"), ("CancelOrder", "error")])],
    ),
]


def load(name: str, folder: Path = FIXTURES) -> Any:
    return json.loads((folder / name).read_text("utf-8"))


@pytest.mark.parametrize(("name", "fmt", "expected"), CASES, ids=[c[0] for c in CASES])
def test_fixture_turns(name: str, fmt: str, expected: list[tuple[str, list[tuple[str, str]]]]) -> None:
    """Each format is detected and yields one turn per assistant text, with every tool result
    that arrived before it as evidence, in order."""
    obj = load(name)
    assert detect_format(obj) == fmt
    turns = extract_turns(obj)
    assert [t.turn.response for t in turns] == [response for response, _ in expected]
    assert [[(c.name, c.status) for c in t.turn.tool_calls] for t in turns] == [
        calls for _, calls in expected
    ]


@pytest.mark.parametrize("name", [c[0] for c in CASES if c[1] not in ("mcp", "tooltalk")])
def test_context_is_system_and_earlier_users_never_own_text(name: str) -> None:
    """The last user message is user_message; system prompt and earlier user messages are the
    context; the assistant's own earlier answers appear nowhere in the turn."""
    last = extract_turns(load(name))[-1].turn
    assert last.user_message == SECOND_USER
    assert last.context == f"{SYSTEM}\n\n{FIRST_USER}"
    assert last.earlier_user_messages == (FIRST_USER,)  # told apart from the system prompt
    assert last.user_messages == (FIRST_USER, SECOND_USER)
    everything = json.dumps([last.context, last.user_message, [c.result for c in last.tool_calls]])
    assert SHIPPED not in everything and LOOKUP not in everything


@pytest.mark.parametrize("name", ["openai_chat.json", "anthropic.json", "langchain.json", "otel_genai.json"])
def test_call_requested_with_the_text_is_not_evidence(name: str) -> None:
    """A tool call asked for in the same message as a text had no result yet: it is listed as
    requested, not used as evidence."""
    first = extract_turns(load(name))[0]
    assert first.turn.tool_calls == ()
    assert [r.name for r in first.requested] == ["get_order"]


def test_openai_invalid_argument_json_is_kept_as_text() -> None:
    """Arguments that are not valid JSON stay the string the model wrote; nothing crashes."""
    cancel = extract_turns(load("openai_chat.json"))[-1].turn.tool_calls[1]
    assert cancel.arguments == '{"order_id": "B-7"'
    assert cancel.parsed_arguments == '{"order_id": "B-7"'
    assert cancel.error == "Error: order B-7 not found" and cancel.result is None


def test_langchain_invalid_tool_call_keeps_raw_args_and_links_its_result() -> None:
    """An invalid_tool_calls entry keeps its raw args and still receives its ToolMessage."""
    cancel = extract_turns(load("langchain.json"))[-1].turn.tool_calls[1]
    assert (cancel.name, cancel.id, cancel.arguments) == ("cancel_order", "call_2", '{"order_id": "B-7"')
    assert cancel.status == "error" and cancel.error == "order B-7 not found"


def test_langchain_nofab_instruction_is_neither_user_words_nor_evidence() -> None:
    """A saved LangChain transcript holds nofab's own corrective message (a human message named
    "nofab" that quotes the questioned values): ``nofab check`` must not read it as the user's
    words or as context, or it would ground the value it questions on the re-check."""
    messages = [
        {"type": "human", "content": "Refund order A-1."},
        {"type": "ai", "content": "Refund R-999 issued for order A-1."},
        {"type": "human", "name": "nofab", "content": "R-999 is in no tool result; revise the answer."},
        {"type": "ai", "content": "Refund R-999 issued for order A-1."},
    ]
    last = extract_turns(messages, "langchain")[-1].turn
    assert last.user_message == "Refund order A-1."
    assert "R-999" not in last.context
    named = [dict(messages[0], name="Ana"), *messages[1:]]  # a user who gives a name is still the user
    assert extract_turns(named, "langchain")[-1].turn.user_message == "Refund order A-1."


def test_mcp_structured_content_is_the_result_and_is_error_fails() -> None:
    """structuredContent that the text only repeats becomes the result; isError makes the call failed."""
    (turn,) = extract_turns(load("mcp.json"))
    get_order, cancel = turn.turn.tool_calls
    assert get_order.result == {"order_id": "A-1042", "status": "shipped", "total": 42.73, "carrier": "DHL"}
    assert (cancel.status, cancel.error, cancel.id) == ("error", "order B-7 not found", "8")


@pytest.mark.parametrize(
    ("result", "expected"),
    [
        ({"content": [{"type": "text", "text": "plain words"}]}, {"result": "plain words"}),
        (
            {"content": [{"type": "text", "text": "2 rows"}], "structuredContent": {"rows": 2}},
            {"result": {"structuredContent": {"rows": 2}, "content": "2 rows"}},
        ),
        (
            {"content": [{"type": "resource_link", "uri": "file:///r.pdf", "name": "r.pdf"}]},
            {"result": "r.pdf file:///r.pdf"},
        ),
        ({"content": [], "isError": True}, {"status": "error"}),
    ],
)
def test_mcp_result_mapping(result: dict[str, Any], expected: dict[str, Any]) -> None:
    """Text, extra text beside structured content, links and bare errors all survive into the call."""
    obj = {"response": "ok", "mcp_calls": [{"name": "t", "arguments": {}, "result": result}]}
    call = extract_turns(obj)[0].turn.tool_calls[0]
    for key, value in expected.items():
        assert getattr(call, key) == value


def test_otel_tool_span_without_history_is_evidence() -> None:
    """An execute_tool span that ended before a model span is evidence even when the model's
    input history does not carry its result."""
    obj = load("otel_genai.json")
    spans = obj["resourceSpans"][0]["scopeSpans"][0]["spans"]
    for span in spans:  # drop the tool responses from every model input
        for attr in span["attributes"]:
            if attr["key"] == "gen_ai.input.messages":
                messages = [m for m in json.loads(attr["value"]["stringValue"]) if m["role"] != "tool"]
                attr["value"]["stringValue"] = json.dumps(messages)
    last = extract_turns(obj)[-1].turn
    assert [(c.name, c.status, c.id) for c in last.tool_calls] == [
        ("get_order", "ok", "call_1"),
        ("cancel_order", "error", "call_2"),
    ]


def test_tool_span_of_another_trace_is_not_evidence() -> None:
    """Tool spans of another trace never ground an answer."""
    obj = load("openinference.json")
    for span in obj["resourceSpans"][0]["scopeSpans"][0]["spans"]:
        if span["name"] == "cancel_order":
            span["traceId"] = "0" * 32
    last = extract_turns(obj)[-1]
    assert [c.name for c in last.turn.tool_calls] == ["get_order"]
    assert [r.name for r in last.requested] == ["cancel_order"]


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_shipped_examples_extract(name: str) -> None:
    """Every shipped example is detected and yields its turns."""
    obj = load(name, EXAMPLES)
    assert detect_format(obj) in FORMATS
    assert extract_turns(obj)


# ------------------------------------------------------------------ bad input
BAD: list[tuple[Any, str | None, type[Exception], str]] = [
    ([{"role": "user", "content": "hi"}, "oops"], None, TurnError, "messages[1]"),
    ([{"role": "wizard", "content": "hi"}], "openai-chat", TurnError, "messages[0].role"),
    ([{"content": "hi"}], "openai-chat", TurnError, "messages[0].role"),
    (
        [{"role": "assistant", "tool_calls": [{"id": "c", "function": {"arguments": "{}"}}]}],
        None,
        TurnError,
        "messages[0].tool_calls[0].function.name",
    ),
    ([{"role": "assistant", "tool_calls": {"id": "c"}}], None, TurnError, "messages[0].tool_calls"),
    ([{"role": "user", "content": 7}], None, TurnError, "messages[0].content"),
    (
        {"system": "s", "messages": [{"role": "user", "content": [{"text": "x"}]}]},
        None,
        TurnError,
        "messages[0].content[0].type",
    ),
    (
        {
            "messages": [
                {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "is_error": "yes"}]}
            ],
            "system": "",
        },
        None,
        TurnError,
        "messages[0].content[0].is_error",
    ),
    (
        [{"type": "ai", "content": "x", "tool_calls": [{"args": {}}]}],
        None,
        TurnError,
        "messages[0].tool_calls[0].name",
    ),
    ([{"type": "tool", "content": "x", "status": "maybe"}], None, TurnError, "messages[0].status"),
    ([{"type": "function_call", "name": "f", "arguments": "{}"}], None, TurnError, "items[0].call_id"),
    ({"content": [{"type": "text", "text": "42"}], "isError": False}, None, TurnError, "input"),
    (
        {"response": "x", "mcp_calls": [{"request": {"method": "tools/list"}}]},
        None,
        TurnError,
        "mcp_calls[0].request.method",
    ),
    (
        {
            "resourceSpans": [
                {"scopeSpans": [{"spans": [{"attributes": [{"key": "a", "value": {"weird": 1}}]}]}]}
            ]
        },
        None,
        TurnError,
        "resourceSpans[0].scopeSpans[0].spans[0].attributes[0].value",
    ),
    ({"conversation": [{"role": "user", "text": 5}]}, "tooltalk", TurnError, "conversation[0].text"),
    (
        {
            "response": "x",
            "tool_calls": [{"name": "a"}],
            "mcp_calls": [{"name": "", "result": {"content": []}}],
        },
        None,
        TurnError,
        "mcp_calls[0].name",
    ),
    (
        {
            "resourceSpans": [
                {
                    "scopeSpans": [
                        {
                            "spans": [
                                {
                                    "attributes": {
                                        "gen_ai.operation.name": "chat",
                                        "gen_ai.input.messages": '[{"role": "user"',
                                    }
                                }
                            ]
                        }
                    ]
                }
            ]
        },
        None,
        TurnError,
        "resourceSpans[0].scopeSpans[0].spans[0].attributes[gen_ai.input.messages]",
    ),
    ({"hello": "world"}, None, InputError, "input"),
    ([1, 2, 3], None, InputError, "input"),
    ([], "no-such-format", InputError, "format"),
]


@pytest.mark.parametrize(("obj", "fmt", "error", "where"), BAD)
def test_bad_input_names_the_field(obj: Any, fmt: str | None, error: type[Exception], where: str) -> None:
    """Malformed input raises a typed nofab error whose ``where`` names the offending field."""
    with pytest.raises(error) as info:
        extract_turns(obj, fmt)
    assert isinstance(info.value, InputError)
    assert info.value.where == where


def test_undetectable_input_says_what_was_seen() -> None:
    """Auto-detection failure names the keys it saw and how to force a format."""
    with pytest.raises(InputError, match=r"keys \[hello, world\].*--input-format"):
        detect_format({"hello": 1, "world": 2})


# ------------------------------------------------------------------ shared data
def test_tau_bench_every_assistant_text_is_a_turn(shared_data: Path) -> None:
    """Every τ-bench assistant message with text is extracted (615 in the airline dev half),
    at its own message index, with no conversion step."""
    episodes = json.loads((shared_data / "tau-bench-airline" / "gpt-4o-airline-dev.json").read_text("utf-8"))
    total = 0
    for episode in episodes:
        expected = [
            i
            for i, m in enumerate(episode["traj"])
            if m["role"] == "assistant" and isinstance(m.get("content"), str) and m["content"].strip()
        ]
        assert detect_format(episode) == detect_format(episode["traj"]) == "openai-chat"
        assert [t.index for t in extract_turns(episode)] == expected
        assert [t.index for t in extract_turns(episode["traj"])] == expected
        total += len(expected)
    assert total == 615


def test_tau_bench_evidence_is_every_tool_result_so_far(shared_data: Path) -> None:
    """A τ-bench turn's evidence is exactly the tool messages before it, linked to their calls."""
    episode = json.loads((shared_data / "tau-bench-airline" / "gpt-4o-airline-dev.json").read_text("utf-8"))[
        0
    ]
    for extracted in extract_turns(episode):
        before = [m for m in episode["traj"][: extracted.index] if m["role"] == "tool"]
        assert [c.id for c in extracted.turn.tool_calls] == [m["tool_call_id"] for m in before]
        assert [c.name for c in extracted.turn.tool_calls] == [m["name"] for m in before]


def test_tooltalk_every_reply_is_a_turn(shared_data: Path) -> None:
    """Every ToolTalk assistant reply is a turn (118 in the shared half), with its API calls."""
    total = 0
    for path in sorted((shared_data / "tooltalk").glob("*/*.json")):
        if path.parent.name == "databases":
            continue
        data = json.loads(path.read_text("utf-8"))
        assert detect_format(data) == "tooltalk"
        replies = [i for i, e in enumerate(data["conversation"]) if e["role"] == "assistant"]
        turns = extract_turns(data)
        assert [t.index for t in turns] == replies
        calls = sum(len(e.get("apis") or ()) for e in data["conversation"])
        assert len(turns[-1].turn.tool_calls) == calls
        total += len(turns)
    assert total == 118


def test_corpora_readers_keep_their_counts(shared_data: Path) -> None:
    """The corpus readers, now built on the adapters, still give 615 τ-bench and 118 ToolTalk turns."""
    from corpora import tau_bench_turns, tooltalk_corpus

    tau = list(tau_bench_turns(shared_data / "tau-bench-airline" / "gpt-4o-airline-dev.json"))
    assert len(tau) == 615 and tau[0][0] == "task 0 trial 0 message 2"
    assert len(list(tooltalk_corpus(shared_data / "tooltalk"))) == 118


def _agent_span(trace_id: str) -> dict[str, Any]:
    output = json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": CANCELLED}]}])
    return {
        "traceId": trace_id,
        "spanId": "00000000000000f0",
        "name": "invoke_agent support",
        "startTimeUnixNano": "1700000000000000000",
        "endTimeUnixNano": "1700000005000000000",
        "attributes": [
            {"key": "gen_ai.operation.name", "value": {"stringValue": "invoke_agent"}},
            {"key": "gen_ai.output.messages", "value": {"stringValue": output}},
        ],
    }


def test_otel_agent_span_is_read_only_without_model_spans() -> None:
    """An invoke_agent span repeating the final answer adds no turn when the model spans are
    there, and is the turn when they were not exported."""
    obj = load("otel_genai.json")
    spans = obj["resourceSpans"][0]["scopeSpans"][0]["spans"]
    spans.append(_agent_span(spans[0]["traceId"]))
    assert [t.turn.response for t in extract_turns(obj)] == [LOOKUP, SHIPPED, CANCELLED]
    spans[:] = [s for s in spans if not s["name"].startswith("chat")]
    (only,) = extract_turns(obj)
    assert only.turn.response == CANCELLED
    # The tools ran inside the agent span: every one that ended before it did is evidence.
    assert [(c.name, c.status) for c in only.turn.tool_calls] == [
        ("get_order", "ok"),
        ("cancel_order", "error"),
    ]


def test_spans_are_read_in_start_time_order() -> None:
    """Turns follow the spans' start times, not their order in the file."""
    obj = load("openinference.json")
    obj["resourceSpans"][0]["scopeSpans"][0]["spans"].reverse()
    turns = extract_turns(obj)
    assert [t.turn.response for t in turns] == [LOOKUP, SHIPPED, CANCELLED]
    assert [c.name for c in turns[-1].turn.tool_calls] == ["get_order", "cancel_order"]


HOSTED: list[tuple[str, Any, list[tuple[str, str, Any]]]] = [
    (
        "openai-responses",
        [
            {"role": "user", "content": "Which regions are down?"},
            {
                "type": "mcp_call",
                "id": "mcp_1",
                "server_label": "ops",
                "name": "status",
                "arguments": "{}",
                "output": '{"down": ["eu-2"]}',
                "error": None,
            },
            {
                "type": "mcp_call",
                "id": "mcp_2",
                "server_label": "ops",
                "name": "restart",
                "arguments": "{}",
                "output": None,
                "error": "permission denied",
            },
            {"type": "custom_tool_call", "call_id": "c1", "name": "grep", "input": "eu-2 /var/log"},
            {"type": "custom_tool_call_output", "call_id": "c1", "output": "3 matches"},
            {
                "type": "message",
                "role": "assistant",
                "content": [{"type": "output_text", "text": "eu-2 is down."}],
            },
        ],
        [("status", "ok", '{"down": ["eu-2"]}'), ("restart", "error", None), ("grep", "ok", "3 matches")],
    ),
    (
        "anthropic",
        [
            {"role": "user", "content": "News on Oslo trams?"},
            {
                "role": "assistant",
                "content": [
                    {
                        "type": "server_tool_use",
                        "id": "srv_1",
                        "name": "web_search",
                        "input": {"query": "Oslo trams"},
                    },
                    {
                        "type": "web_search_tool_result",
                        "tool_use_id": "srv_1",
                        "content": [
                            {"type": "web_search_result", "url": "https://example.org/t", "title": "Trams"}
                        ],
                    },
                    {
                        "type": "mcp_tool_use",
                        "id": "mcp_1",
                        "name": "lines",
                        "server_name": "ruter",
                        "input": {},
                    },
                    {
                        "type": "mcp_tool_result",
                        "tool_use_id": "mcp_1",
                        "is_error": True,
                        "content": [{"type": "text", "text": "timeout"}],
                    },
                    {"type": "text", "text": "Trams run as usual."},
                ],
            },
        ],
        [
            (
                "web_search",
                "ok",
                [{"type": "web_search_result", "url": "https://example.org/t", "title": "Trams"}],
            ),
            ("lines", "error", None),
        ],
    ),
]


@pytest.mark.parametrize(("fmt", "obj", "calls"), HOSTED, ids=[h[0] for h in HOSTED])
def test_hosted_tool_calls_are_evidence(fmt: str, obj: Any, calls: list[tuple[str, str, Any]]) -> None:
    """Tools the provider runs itself (hosted MCP, custom tools, web search) are evidence
    like client tools, with their results kept and their errors failed."""
    assert detect_format(obj) == fmt
    (turn,) = extract_turns(obj)
    assert [(c.name, c.status, c.result) for c in turn.turn.tool_calls] == calls


def test_tool_span_without_recorded_result_ran_ok() -> None:
    """An execute_tool span that succeeded without the opt-in result attribute is an ``ok``
    call with no result, not an empty one."""
    obj = load("otel_genai.json")
    spans = obj["resourceSpans"][0]["scopeSpans"][0]["spans"]
    for span in spans:
        span["attributes"] = [a for a in span["attributes"] if a["key"] != "gen_ai.tool.call.result"]
        for attr in span["attributes"]:  # and no tool responses in the model inputs either
            if attr["key"] == "gen_ai.input.messages":
                messages = [m for m in json.loads(attr["value"]["stringValue"]) if m["role"] != "tool"]
                attr["value"]["stringValue"] = json.dumps(messages)
    get_order = extract_turns(obj)[1].turn.tool_calls[0]
    assert (get_order.name, get_order.status, get_order.result) == ("get_order", "ok", None)


def test_requests_without_ids_are_all_kept_and_matched_by_name() -> None:
    """Tool calls logged without ids are neither merged nor lost: each result answers the
    oldest open request of its tool, and the unanswered one stays listed as requested."""
    messages = [
        {"type": "human", "content": "Weather in Oslo and Rome? And book a table."},
        {
            "type": "ai",
            "content": "",
            "tool_calls": [
                {"name": "weather", "args": {"city": "Oslo"}},
                {"name": "weather", "args": {"city": "Rome"}},
                {"name": "book", "args": {"table": 2}},
            ],
        },
        {"type": "tool", "name": "weather", "content": "Oslo 4C"},
        {"type": "tool", "name": "weather", "content": "Rome 17C"},
        {"type": "ai", "content": "Oslo is 4C, Rome 17C."},
    ]
    (turn,) = extract_turns(messages)
    assert [(c.name, c.arguments, c.result) for c in turn.turn.tool_calls] == [
        ("weather", {"city": "Oslo"}, "Oslo 4C"),
        ("weather", {"city": "Rome"}, "Rome 17C"),
    ]
    assert [(r.name, r.arguments) for r in turn.requested] == [("book", {"table": 2})]
