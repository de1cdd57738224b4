"""The Pydantic AI integration, run against the real library with its FunctionModel: the output
validator revises with ModelRetry, falls back when revisions run out, rewrites text per mode, and
rebuilds the turn from the run's messages."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pydantic_ai")

from pydantic_ai.messages import (
    ModelRequest,
    ModelResponse,
    SystemPromptPart,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)

from nofab.config.policy import DEFAULT_ENVELOPE
from nofab.integrations.pydantic_ai import turn_from_messages
from nofab.pipeline.actions import FLAG_HEADER

from .integration_helpers import load_example

example = load_example("pydantic_ai_example")
STILL_FABRICATED = "Order A-1042 is delivered and refunded (refund_id=RF-88231)."


def test_example_runs(capsys: Any) -> None:
    """The shipped example runs and shows the instruction and the grounded revision."""
    example.main()
    out = capsys.readouterr().out
    assert "Missing evidence" in out and example.GROUNDED in out


def test_revise_raises_model_retry_with_the_instruction() -> None:
    """A fabricated answer triggers one ModelRetry naming each finding; the grounded revision is released."""
    output, verdicts, script = example.run("revise", example.FABRICATED, example.GROUNDED)
    assert output == example.GROUNDED
    assert [v.action for v in verdicts] == ["revise_forced", "none"]
    (prompt,) = script.retry_prompts
    assert "RF-88231" in prompt and "[verb_claim]" in prompt and "Missing evidence" in prompt


@pytest.mark.parametrize(
    ("fallback", "check"),
    [
        ("refuse", lambda out: out == DEFAULT_ENVELOPE),
        ("flag", lambda out: out.startswith(STILL_FABRICATED) and FLAG_HEADER in out),
    ],
)
def test_revision_that_still_fails_falls_back(fallback: str, check: Any) -> None:
    """When the one revision still invents the refund id (the retry feedback never counts as evidence),
    the policy's fallback acts."""
    output, verdicts, script = example.run(
        "revise", example.FABRICATED, STILL_FABRICATED, revise_fallback=fallback
    )
    assert check(output)
    assert len(script.retry_prompts) == 1
    assert any("fell back to " + fallback in w for w in verdicts[-1].warnings)
    assert "RF-88231" in {f.identifier for f in verdicts[-1].blocking}


def test_more_revisions_than_the_agent_allows_are_capped() -> None:
    """max_revisions above the agent's output retries is bounded by the agent, never an agent error."""
    output, _, script = example.run("revise", example.FABRICATED, STILL_FABRICATED, max_revisions=5)
    assert output == DEFAULT_ENVELOPE and len(script.retry_prompts) == 1


@pytest.mark.parametrize(
    ("mode", "check"),
    [
        ("observe", lambda out: out == example.FABRICATED),
        ("flag", lambda out: out.startswith(example.FABRICATED) and FLAG_HEADER in out),
        ("wipe", lambda out: "RF-88231" not in out),
        ("refuse", lambda out: out == DEFAULT_ENVELOPE),
    ],
)
def test_other_modes_rewrite_text_output(mode: str, check: Any) -> None:
    """Without revise, the validator returns the text as the mode leaves it, with no retry."""
    output, verdicts, script = example.run(mode, example.FABRICATED)
    assert check(output)
    assert script.retry_prompts == [] and len(verdicts) == 1


def test_turn_from_messages() -> None:
    """Tool calls pair with their returns; the last user prompt is the user message; the model's text
    and earlier prompts are not evidence but the system prompt and earlier prompts are context."""
    messages = [
        ModelRequest(parts=[SystemPromptPart("be brief"), UserPromptPart("hi")]),
        ModelResponse(parts=[TextPart("Hello! Your code is ZX-1.")]),
        ModelRequest(parts=[UserPromptPart("status of A-1?")]),
        ModelResponse(
            parts=[
                ToolCallPart("get_order", '{"id": "A-1"}', tool_call_id="t1"),
                ToolCallPart("get_user", {"id": 7}, tool_call_id="t2"),
            ]
        ),
        ModelRequest(
            parts=[
                ToolReturnPart("get_order", {"status": "shipped"}, tool_call_id="t1"),
                ToolReturnPart("get_user", "user service down", tool_call_id="t2", outcome="failed"),
            ]
        ),
    ]
    turn = turn_from_messages(messages, "It shipped.")
    assert turn.user_message == "status of A-1?"
    assert turn.context == "be brief\n\nhi"
    assert [(c.name, c.arguments, c.status) for c in turn.tool_calls] == [
        ("get_order", {"id": "A-1"}, "ok"),
        ("get_user", {"id": 7}, "error"),
    ]
    assert turn.tool_calls[0].result == {"status": "shipped"}
    assert turn.tool_calls[1].error == "user service down"
    assert "ZX-1" not in turn.context


def test_partial_outputs_pass_and_the_final_one_is_checked() -> None:
    """During a streamed run partial outputs go through unchecked; the final output is refused."""
    import dataclasses

    from pydantic_ai import RunContext
    from pydantic_ai.models.test import TestModel
    from pydantic_ai.usage import RunUsage

    from nofab import Guard, Policy
    from nofab.integrations.pydantic_ai import PydanticAIGuard

    guard = PydanticAIGuard(Guard(Policy(mode="refuse", load_plugins=False)))
    ctx = RunContext(deps=None, model=TestModel(), usage=RunUsage(), partial_output=True)
    draft = "I sent it, task_id=9f2b1e47aa."
    assert guard.validate(ctx, draft) == draft
    assert guard.validate(dataclasses.replace(ctx, partial_output=False), draft) == DEFAULT_ENVELOPE


def test_calls_before_the_latest_prompt_are_earlier_and_unanswered_calls_are_not_evidence() -> None:
    """Built through adapters.Conversation: an action done for an earlier request is marked
    earlier (it cannot ground an action claimed now), a call never answered is no evidence."""
    messages = [
        ModelRequest(parts=[UserPromptPart("cancel order A-1")]),
        ModelResponse(parts=[ToolCallPart("cancel_order", {"id": "A-1"}, tool_call_id="c1")]),
        ModelRequest(parts=[ToolReturnPart("cancel_order", {"cancelled": True}, tool_call_id="c1")]),
        ModelResponse(parts=[TextPart("Cancelled.")]),
        ModelRequest(parts=[UserPromptPart("now refund it")]),
        ModelResponse(parts=[ToolCallPart("refund_order", {"id": "A-1"}, tool_call_id="r1")]),
    ]
    turn = turn_from_messages(messages, "Refunded order A-1.")
    assert [(c.name, c.earlier) for c in turn.tool_calls] == [("cancel_order", True)]
    assert turn.user_message == "now refund it" and turn.context == "cancel order A-1"
