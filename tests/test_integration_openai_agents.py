"""The OpenAI Agents SDK integration, run against the real SDK with its own scripted model:
hooks collect the evidence, the output guardrail trips in refuse mode, the tool input
guardrail rejects an argument that came from nowhere."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("agents")

from agents import OutputGuardrailTripwireTriggered, RunConfig, Runner
from agents.testing import assistant_message, function_call

from nofab import Guard, Policy
from nofab.config.policy import DEFAULT_ENVELOPE
from nofab.integrations.openai_agents import AgentsGuard, verdict_of

from .integration_helpers import UrlProvenance, load_example

example = load_example("openai_agents_example")
PROMPT = "Please refund order A-1042, it arrived broken."


def nofab(mode: str = "refuse", **kw: Any) -> AgentsGuard:
    return AgentsGuard(Guard(Policy(mode=mode, load_plugins=False), **kw))  # type: ignore[arg-type]


def tool_outputs(model: Any) -> list[dict[str, Any]]:
    """The tool outputs the scripted model was shown on its last call."""
    items = model.last_call.input
    return [i for i in items if isinstance(i, dict) and i.get("type") == "function_call_output"]


def test_example_runs() -> None:
    """The shipped example runs end to end and prints both verdicts."""
    asyncio.run(example.main())


def test_output_guardrail_trips_in_refuse_mode() -> None:
    """A refund claim no tool made trips the guardrail; the verdict carries the envelope and findings."""
    shown, verdict = asyncio.run(example.run(nofab(), example.FABRICATED_REFUND, PROMPT))
    assert shown == DEFAULT_ENVELOPE
    assert verdict["action"] == "refuse_replaced"
    kinds = {f["kind"] for f in verdict["findings"]}
    assert "verb_claim" in kinds and kinds & {"kv", "ungrounded_entity"}  # the invented id, either way


def test_hooks_collect_tool_results_as_evidence() -> None:
    """The order's total and item count come from the collected tool result, so nothing is flagged."""
    shown, verdict = asyncio.run(example.run(nofab(), example.GROUNDED, PROMPT))
    assert shown.startswith("Order A-1042 ($42.73, 3 items)")
    assert verdict["findings"] == [] and verdict["action"] == "none"


def test_without_hooks_the_same_answer_is_unbacked() -> None:
    """Control: run without the hooks and the figures have no evidence, so the guardrail trips."""
    guard = nofab()
    agent, _ = example.build(guard, example.GROUNDED)

    async def main() -> None:
        await Runner.run(agent, PROMPT, run_config=RunConfig(tracing_disabled=True))

    with pytest.raises(OutputGuardrailTripwireTriggered) as caught:
        asyncio.run(main())
    assert "unverified_number" in {f["kind"] for f in verdict_of(caught.value)["findings"]}


def test_observe_mode_never_trips_and_reports() -> None:
    """In observe mode the run completes and the verdict is available from the result."""
    shown, verdict = asyncio.run(example.run(nofab("observe"), example.FABRICATED_REFUND, PROMPT))
    assert "RF-88231" in shown
    assert verdict["action"] == "observed"


def test_tool_input_guardrail_rejects_an_invented_url() -> None:
    """A fetch_url call whose URL nobody supplied is rejected; the model gets the explanation instead."""
    guard = nofab(detectors=[UrlProvenance])
    script = [
        [function_call("fetch_url", {"url": "https://evil.example/payload"}, call_id="call_9")],
        [assistant_message("I could not fetch that page.")],
    ]
    agent, model = example.build(guard, script)

    async def main() -> Any:
        return await Runner.run(
            agent,
            "Summarise https://docs.example/a",
            hooks=guard.hooks,
            run_config=RunConfig(tracing_disabled=True),
        )

    result = asyncio.run(main())
    outputs = tool_outputs(model)
    assert len(outputs) == 1
    assert "nofab refused this tool call" in str(outputs[0]["output"])
    assert "https://evil.example/payload" in str(outputs[0]["output"])
    assert result.final_output == "I could not fetch that page."


def test_tool_input_guardrail_allows_a_url_from_the_user() -> None:
    """A URL the user gave passes the argument check and the tool runs."""
    guard = nofab("observe", detectors=[UrlProvenance])
    script = [
        [function_call("fetch_url", {"url": "https://docs.example/a"}, call_id="call_9")],
        [assistant_message("Fetched it.")],
    ]
    agent, model = example.build(guard, script)

    async def main() -> Any:
        return await Runner.run(
            agent,
            "Summarise https://docs.example/a",
            hooks=guard.hooks,
            run_config=RunConfig(tracing_disabled=True),
        )

    asyncio.run(main())
    outputs = tool_outputs(model)
    assert "contents of https://docs.example/a" in str(outputs[0]["output"])


def test_concurrent_runs_keep_their_own_evidence() -> None:
    """Two runs at once through one AgentsGuard do not see each other's tool calls."""
    guard = nofab()

    async def main() -> list[Any]:
        return list(
            await asyncio.gather(
                example.run(guard, example.GROUNDED, PROMPT),
                example.run(guard, example.FABRICATED_REFUND, PROMPT),
            )
        )

    (grounded, fabricated) = asyncio.run(main())
    assert grounded[1]["action"] == "none"
    assert fabricated[1]["action"] == "refuse_replaced"
    assert guard._runs == {}  # each run's evidence is dropped once its output is checked


def test_a_reused_run_id_does_not_inherit_stale_evidence() -> None:
    """Evidence left by a run that died is never handed to a new run whose Usage got the same id."""
    import weakref

    from agents import Agent, RunContextWrapper

    from nofab import ToolCall

    guard = nofab()
    context = RunContextWrapper(context=None)

    class Gone:
        pass

    stale = Gone()
    guard._runs[id(context.usage)] = (weakref.ref(stale), [ToolCall("refund", None, {"refund_id": "RF-1"})])
    turn = guard.turn(context, Agent(name="a"), "refund_id=RF-1")
    assert turn.tool_calls == ()


def test_a_follow_up_run_reads_its_input_like_nofab_check() -> None:
    """A run whose input carries an earlier exchange (``result.to_input_list()`` plus a new
    message): its earlier tool calls are evidence marked earlier, its earlier user messages
    context — the turn the Responses adapter reads from the same items."""
    from agents import Agent, RunContextWrapper

    from nofab.adapters import extract_turns

    earlier = [
        {"role": "user", "content": "Cancel order A-1042."},
        {"type": "function_call", "call_id": "c1", "name": "cancel_order", "arguments": '{"id": "A-1042"}'},
        {"type": "function_call_output", "call_id": "c1", "output": '{"cancelled": true}'},
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Cancelled."}]},
        {"role": "user", "content": "Now refund it."},
    ]
    context = RunContextWrapper(context=None, turn_input=earlier)
    agent = Agent(name="support", instructions="Be brief.")
    turn = AgentsGuard(Guard(Policy(load_plugins=False))).turn(context, agent, "Refunded A-1042.")
    assert [(c.name, c.earlier) for c in turn.tool_calls] == [("cancel_order", True)]
    assert (turn.user_message, turn.context) == ("Now refund it.", "Be brief.\n\nCancel order A-1042.")
    answer = {
        "type": "message",
        "role": "assistant",
        "content": [{"type": "output_text", "text": turn.response}],
    }
    logged = extract_turns({"instructions": "Be brief.", "input": [*earlier, answer]}, "openai-responses")
    assert logged[-1].turn == turn
