"""Adapters fill ``Turn.tools`` from the tool definitions the transcript holds (issue 12),
each format in its own shape, and a definition tells the claim detector what an opaquely
named tool does."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy
from nofab.adapters import extract_turns
from nofab.errors import TurnError

SCHEMA = {"type": "object", "properties": {"to": {"type": "string"}}}
PAGE = "Sends a page to the on-call engineer."
ANSWER = "I've notified the on-call engineer."


def openai_chat() -> dict[str, Any]:
    return {
        "tools": [
            {"type": "function", "function": {"name": "pd_v2", "description": PAGE, "parameters": SCHEMA}}
        ],
        "functions": [{"name": "legacy_fn", "description": "Looks up a user."}],
        "messages": [
            {"role": "user", "content": "Page whoever is on call."},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": "c1", "type": "function", "function": {"name": "pd_v2", "arguments": "{}"}}
                ],
            },
            {"role": "tool", "tool_call_id": "c1", "content": '{"ok": true}'},
            {"role": "assistant", "content": ANSWER},
        ],
    }


def openai_responses() -> dict[str, Any]:
    return {
        "tools": [
            {"type": "function", "name": "pd_v2", "description": PAGE, "parameters": SCHEMA},
            {"type": "web_search"},  # built-in: no name, nothing to read
        ],
        "input": [
            {"role": "user", "content": "Page whoever is on call."},
            {"type": "function_call", "call_id": "c1", "name": "pd_v2", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "c1", "output": '{"ok": true}'},
            {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": ANSWER}]},
        ],
    }


def anthropic() -> dict[str, Any]:
    return {
        "tools": [{"name": "pd_v2", "description": PAGE, "input_schema": SCHEMA}],
        "messages": [
            {"role": "user", "content": "Page whoever is on call."},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t1", "name": "pd_v2", "input": {}}],
            },
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]},
            {"role": "assistant", "content": [{"type": "text", "text": ANSWER}]},
        ],
    }


def langchain() -> dict[str, Any]:
    return {
        "tools": [{"name": "pd_v2", "description": PAGE, "args_schema": SCHEMA}],
        "messages": [
            {"type": "human", "content": "Page whoever is on call."},
            {"type": "ai", "content": "", "tool_calls": [{"name": "pd_v2", "args": {}, "id": "c1"}]},
            {"type": "tool", "content": "ok", "tool_call_id": "c1"},
            {"type": "ai", "content": ANSWER},
        ],
    }


def mcp(tools: Any) -> dict[str, Any]:
    return {
        "user_message": "Page whoever is on call.",
        "mcp_calls": [
            {"name": "pd_v2", "arguments": {}, "result": {"content": [{"type": "text", "text": "ok"}]}}
        ],
        "mcp_tools": tools,
        "response": ANSWER,
    }


MCP_TOOL = {"name": "pd_v2", "description": PAGE, "inputSchema": SCHEMA}
CASES = [
    ("openai-chat", openai_chat()),
    ("openai-responses", openai_responses()),
    ("anthropic", anthropic()),
    ("langchain", langchain()),
    ("mcp", mcp({"tools": [MCP_TOOL]})),
    ("mcp", mcp({"jsonrpc": "2.0", "id": 1, "result": {"tools": [MCP_TOOL]}})),
    ("mcp", mcp([MCP_TOOL])),
]


@pytest.mark.parametrize(("fmt", "transcript"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_adapter_fills_the_tool_definitions(fmt: str, transcript: dict[str, Any]) -> None:
    (extracted,) = extract_turns(transcript, fmt)
    tools = {t.name: t for t in extracted.turn.tools}
    assert tools["pd_v2"].description == PAGE
    assert tools["pd_v2"].parameters == SCHEMA
    assert all(t.name for t in extracted.turn.tools)


def test_legacy_openai_functions_are_definitions_too() -> None:
    (extracted,) = extract_turns(openai_chat(), "openai-chat")
    assert [t.name for t in extracted.turn.tools] == ["pd_v2", "legacy_fn"]


@pytest.mark.parametrize(("fmt", "transcript"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_a_definition_grounds_a_claim_the_tool_name_cannot(fmt: str, transcript: dict[str, Any]) -> None:
    guard = Guard(Policy(load_plugins=False, detectors=("claims",)))
    (extracted,) = extract_turns(transcript, fmt)
    assert guard.assess(extracted.turn).findings == ()
    bare = extracted.turn.__class__(**{**extracted.turn.__dict__, "tools": ()})
    assert [f.kind for f in guard.assess(bare).findings] == ["verb_claim"]


@pytest.mark.parametrize(
    ("transcript", "where"),
    [
        ({**anthropic(), "tools": {"name": "x"}}, "tools"),
        ({**anthropic(), "tools": ["pd_v2"]}, "tools[0]"),
        ({**anthropic(), "tools": [{"name": 7}]}, "tools[0].name"),
        (
            {**openai_chat(), "tools": [{"type": "function", "function": {"name": " "}}]},
            "tools[0].function.name",
        ),
        (mcp({"tools": [{"name": "a", "description": 3}]}), "mcp_tools.tools[0].description"),
    ],
)
def test_malformed_definitions_name_the_field(transcript: dict[str, Any], where: str) -> None:
    with pytest.raises(TurnError) as caught:
        extract_turns(transcript)
    assert caught.value.where == where
