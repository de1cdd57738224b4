"""The LangChain v1 integration, run against the real library with langchain-core's fake chat
model: the middleware checks after the model, jumps back once to revise (sync and async),
falls back, rewrites per mode, and its wrap_tool_call refuses an argument from nowhere."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("langchain.agents")

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

from nofab import Guard, Policy
from nofab.config.policy import DEFAULT_ENVELOPE
from nofab.integrations.langchain import NofabMiddleware, turn_from_messages
from nofab.pipeline.actions import FLAG_HEADER

from .integration_helpers import UrlProvenance, load_example

example = load_example("langchain_example")
STILL_FABRICATED = "Order A-1042 is delivered and refunded (refund_id=RF-88231)."


def final(messages: list[Any]) -> str:
    return str(messages[-1].content)


def test_example_runs(capsys: Any) -> None:
    """The shipped example runs and prints the instruction and the grounded revision."""
    example.main()
    out = capsys.readouterr().out
    assert "[HumanMessage/nofab]" in out and example.GROUNDED in out


def test_revise_jumps_back_to_the_model_once() -> None:
    """A fabricated answer adds nofab's instruction and the model is called again; the revision stands."""
    messages, verdicts = example.run("revise", example.lookup(), example.FABRICATED, example.GROUNDED)
    assert final(messages) == example.GROUNDED
    instructions = [m for m in messages if isinstance(m, HumanMessage) and m.name == "nofab"]
    assert len(instructions) == 1 and "RF-88231" in str(instructions[0].content)
    assert [v.action for v in verdicts] == ["revise_forced", "none"]


def test_revise_async() -> None:
    """The async hooks (ainvoke) revise the same way."""
    verdicts: list[Any] = []
    mw = NofabMiddleware(Guard(Policy(mode="revise", load_plugins=False)), on_verdict=verdicts.append)
    agent = example.build(mw, example.lookup(), example.FABRICATED, example.GROUNDED)
    state = asyncio.run(agent.ainvoke({"messages": [HumanMessage(example.PROMPT)]}))
    assert final(state["messages"]) == example.GROUNDED
    assert [v.action for v in verdicts] == ["revise_forced", "none"]


@pytest.mark.parametrize(
    ("fallback", "check"),
    [
        ("refuse", lambda out: out == DEFAULT_ENVELOPE),
        ("flag", lambda out: out.startswith(STILL_FABRICATED) and FLAG_HEADER in out),
    ],
)
def test_revision_that_still_fails_falls_back(fallback: str, check: Any) -> None:
    """The instruction is never evidence: a revision repeating the invented id fails; the fallback acts."""
    messages, verdicts = example.run(
        "revise", example.lookup(), example.FABRICATED, STILL_FABRICATED, revise_fallback=fallback
    )
    assert check(final(messages))
    assert sum(isinstance(m, HumanMessage) and m.name == "nofab" for m in messages) == 1
    assert verdicts[-1].warnings and "fell back to " + fallback in verdicts[-1].warnings[-1]


def test_max_revisions_two_allows_two_rounds() -> None:
    """With max_revisions=2 the model is asked twice before the fallback."""
    messages, _ = example.run(
        "revise", example.lookup(), example.FABRICATED, STILL_FABRICATED, example.GROUNDED, max_revisions=2
    )
    assert final(messages) == example.GROUNDED
    assert sum(isinstance(m, HumanMessage) and m.name == "nofab" for m in messages) == 2


@pytest.mark.parametrize(
    ("mode", "check"),
    [
        ("observe", lambda out: out == example.FABRICATED),
        ("flag", lambda out: out.startswith(example.FABRICATED) and FLAG_HEADER in out),
        ("wipe", lambda out: "RF-88231" not in out),
        ("refuse", lambda out: out == DEFAULT_ENVELOPE),
    ],
)
def test_other_modes_rewrite_the_answer_in_place(mode: str, check: Any) -> None:
    """flag/wipe/refuse replace the answer message (same id), observe leaves it; no extra model call."""
    messages, verdicts = example.run(mode, example.lookup(), example.FABRICATED)
    assert check(final(messages))
    assert sum(isinstance(m, AIMessage) for m in messages) == 2  # the lookup and the (rewritten) answer
    assert len(verdicts) == 1


def test_grounded_answer_passes_untouched() -> None:
    """Figures backed by the tool result pass: the ToolMessage is evidence."""
    messages, verdicts = example.run("refuse", example.lookup(), example.GROUNDED)
    assert final(messages) == example.GROUNDED and verdicts[0].action == "none"


def _fetch_run(url: str, *, use_async: bool) -> list[Any]:
    mw = NofabMiddleware(Guard(Policy(mode="refuse", load_plugins=False), detectors=[UrlProvenance]))
    call = AIMessage(content="", tool_calls=[{"name": "fetch_url", "args": {"url": url}, "id": "call_7"}])
    agent = example.build(mw, call, "Done.")
    request = {"messages": [HumanMessage("Summarise https://docs.example/a please")]}
    state = asyncio.run(agent.ainvoke(request)) if use_async else agent.invoke(request)
    return [m for m in state["messages"] if isinstance(m, ToolMessage)]


@pytest.mark.parametrize("use_async", [False, True])
def test_wrap_tool_call_refuses_an_invented_url(use_async: bool) -> None:
    """A fetch_url argument nobody supplied never runs: the model gets an error ToolMessage instead."""
    (tool_message,) = _fetch_run("https://evil.example/x", use_async=use_async)
    assert tool_message.status == "error"
    assert "nofab refused this tool call" in str(tool_message.content)
    assert "contents of" not in str(tool_message.content)


@pytest.mark.parametrize("use_async", [False, True])
def test_wrap_tool_call_lets_a_supplied_url_through(use_async: bool) -> None:
    """A URL from the user's message passes and the tool runs."""
    (tool_message,) = _fetch_run("https://docs.example/a", use_async=use_async)
    assert tool_message.status == "success"
    assert "contents of https://docs.example/a" in str(tool_message.content)


def test_turn_from_messages() -> None:
    """Tool calls pair with ToolMessages (error status kept); an invalid call nothing answered never
    ran and is not evidence; nofab's instructions and the model's text are not evidence; system and
    earlier human messages are context."""
    messages = [
        SystemMessage("be brief"),
        HumanMessage("hi"),
        AIMessage("Hello, your code is ZX-1."),
        HumanMessage("status of A-1?"),
        AIMessage(
            "",
            tool_calls=[
                {"name": "get_order", "args": {"id": "A-1"}, "id": "t1"},
                {"name": "get_user", "args": {"id": 7}, "id": "t2"},
            ],
            invalid_tool_calls=[
                {"name": "bad", "args": "{oops", "id": "t3", "error": "bad json", "type": "invalid_tool_call"}
            ],
        ),
        ToolMessage('{"status": "shipped"}', tool_call_id="t1", name="get_order"),
        ToolMessage("user service down", tool_call_id="t2", name="get_user", status="error"),
        HumanMessage("Your previous answer ... ZX-9", name="nofab"),
    ]
    turn = turn_from_messages(messages, "It shipped.")
    assert turn.user_message == "status of A-1?"
    assert turn.context == "be brief\n\nhi"
    assert [(c.name, c.status) for c in turn.tool_calls] == [
        ("get_order", "ok"),
        ("get_user", "error"),
    ]
    assert turn.tool_calls[0].parsed_result == {"status": "shipped"}
    assert "ZX-1" not in turn.context and "ZX-9" not in turn.context


def test_middleware_and_nofab_check_read_a_transcript_alike(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """The turn the middleware checks is the one `nofab check` reads from the same logged
    conversation: a call from an earlier user message is marked earlier, so an action claimed
    now is not grounded by it — in both."""
    import json

    from langchain_core.messages import messages_to_dict

    from nofab.adapters import extract_turns
    from nofab.cli.main import main

    history = [
        SystemMessage("You are a support agent."),
        HumanMessage("Cancel order A-1042."),
        AIMessage("", tool_calls=[{"name": "cancel_order", "args": {"order_id": "A-1042"}, "id": "c1"}]),
        ToolMessage('{"cancelled": true, "order_id": "A-1042"}', tool_call_id="c1", name="cancel_order"),
        AIMessage("Order A-1042 is cancelled."),
        HumanMessage("Now refund order A-1043 too."),
    ]
    answer = AIMessage("I cancelled and refunded order A-1043, refund_id=RF-7731.")
    middleware_turn = turn_from_messages(history, str(answer.content))
    assert [c.earlier for c in middleware_turn.tool_calls] == [True]
    path = tmp_path / "transcript.json"
    path.write_text(json.dumps(messages_to_dict([*history, answer])))
    assert extract_turns(json.loads(path.read_text()))[-1].turn == middleware_turn
    middleware = Guard().check(middleware_turn)
    assert middleware.blocking  # the refund claim: only a cancel ran, and in an earlier turn
    assert main(["check", str(path), "--format", "json"]) == 1
    cli_last = json.loads(capsys.readouterr().out)["turns"][-1]
    assert [(f["kind"], f["identifier"]) for f in cli_last["findings"]] == [
        (f.kind, f.identifier) for f in middleware.findings
    ]


def test_messages_that_hold_no_turn_are_skipped() -> None:
    """A RemoveMessage or a custom-role ChatMessage in the state never stops the middleware."""
    from langchain_core.messages import ChatMessage, RemoveMessage

    messages = [HumanMessage("hi"), ChatMessage(content="note", role="critic"), RemoveMessage(id="m1")]
    turn = turn_from_messages(messages, "Hello")
    assert (turn.user_message, turn.response, turn.tool_calls) == ("hi", "Hello", ())
