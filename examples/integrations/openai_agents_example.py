"""nofab in an OpenAI Agents SDK run, with the SDK's own scripted model (no network, no key).

The scripted model looks an order up, then claims a refund no tool made: nofab's output
guardrail trips in refuse mode and the user sees the refusal envelope instead. A tool input
guardrail vets the arguments of every call to ``fetch_url`` before it runs.

    pip install 'nofab[openai-agents]'
    python examples/integrations/openai_agents_example.py
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from agents import Agent, OutputGuardrailTripwireTriggered, RunConfig, Runner, function_tool
from agents.testing import ScriptedModel, assistant_message, function_call

from nofab import Guard, Policy
from nofab.integrations.openai_agents import AgentsGuard, verdict_of

ORDERS = {"A-1042": {"order_id": "A-1042", "total": 42.73, "items": 3, "status": "delivered"}}


@function_tool
def get_order(order_id: str) -> str:
    """Look an order up by its id."""
    return json.dumps(ORDERS.get(order_id, {}))


def build(nofab: AgentsGuard, script: list[Any]) -> tuple[Agent[Any], ScriptedModel]:
    """The agent under test: its tools carry nofab's argument check, its output nofab's guardrail."""

    @function_tool(tool_input_guardrails=[nofab.tool_input_guardrail])
    def fetch_url(url: str) -> str:
        """Fetch a web page."""
        return f"<html>contents of {url}</html>"

    model = ScriptedModel(script)
    agent = Agent(
        name="support",
        instructions="You are a support agent for an online shop.",
        model=model,
        tools=[get_order, fetch_url],
        output_guardrails=[nofab.output_guardrail],
    )
    return agent, model


FABRICATED_REFUND = [
    [function_call("get_order", {"order_id": "A-1042"}, call_id="call_1")],
    [assistant_message("Order A-1042 ($42.73, 3 items) is delivered. I've refunded it: refund_id=RF-88231.")],
]
GROUNDED = [
    [function_call("get_order", {"order_id": "A-1042"}, call_id="call_1")],
    [assistant_message("Order A-1042 ($42.73, 3 items) has been delivered.")],
]


async def run(nofab: AgentsGuard, script: list[Any], prompt: str) -> tuple[str, dict[str, Any]]:
    """Run the scripted agent; return what the user sees and nofab's verdict."""
    agent, _model = build(nofab, script)
    config = RunConfig(tracing_disabled=True)
    try:
        result = await Runner.run(agent, prompt, hooks=nofab.hooks, run_config=config)
    except OutputGuardrailTripwireTriggered as exc:
        verdict = verdict_of(exc)
        return verdict["output"], verdict
    return str(result.final_output), verdict_of(result)


async def main() -> None:
    nofab = AgentsGuard(Guard(Policy(mode="refuse")), safety_tiers={"fetch_url": "critical"})
    for name, script in (("fabricated refund", FABRICATED_REFUND), ("grounded answer", GROUNDED)):
        shown, verdict = await run(nofab, script, "Please refund order A-1042, it arrived broken.")
        print(f"== {name}: action={verdict['action']}")
        for finding in verdict["findings"]:
            print(f"   {finding['kind']} {finding['identifier']!r}: {finding['reason']}")
        print(f"   the user sees: {shown}")


if __name__ == "__main__":
    asyncio.run(main())
