"""nofab in a Pydantic AI agent, with Pydantic AI's own FunctionModel scripting the model
(no network, no key).

The scripted model looks an order up, then claims a refund no tool made. nofab's output
validator (revise mode) raises ModelRetry with the corrective instruction; the model's
second answer sticks to what the tool returned and is released.

    pip install 'nofab[pydantic-ai]'
    python examples/integrations/pydantic_ai_example.py
"""

from __future__ import annotations

import json
from typing import Any

from pydantic_ai import Agent
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    TextPart,
    ToolCallPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel

from nofab import Guard, Policy, Verdict
from nofab.integrations.pydantic_ai import PydanticAIGuard

ORDERS = {"A-1042": {"order_id": "A-1042", "total": 42.73, "items": 3, "status": "delivered"}}

FABRICATED = "Order A-1042 ($42.73, 3 items) is delivered. I've refunded it: refund_id=RF-88231."
GROUNDED = "Order A-1042 ($42.73, 3 items) is delivered. I could not issue a refund: no refund tool ran."


class Script:
    """A FunctionModel function that plays its responses in order and keeps what it was told."""

    def __init__(self, *responses: ModelResponse) -> None:
        self.responses = list(responses)
        self.retry_prompts: list[str] = []

    def __call__(self, messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        last = messages[-1]
        if isinstance(last, ModelRequest):
            # Pydantic AI shows the model a ModelRetry message as fenced user text.
            for part in last.parts:
                if isinstance(part, UserPromptPart) and "retry_feedback" in str(part.content):
                    self.retry_prompts.append(str(part.content))
        return self.responses.pop(0)


def build(guard: PydanticAIGuard, script: Script) -> Agent[None, str]:
    agent: Agent[None, str] = Agent(
        FunctionModel(script), instructions="You are a support agent for an online shop."
    )

    @agent.tool_plain
    def get_order(order_id: str) -> str:
        """Look an order up by its id."""
        return json.dumps(ORDERS.get(order_id, {}))

    agent.output_validator(guard.validate)
    return agent


def refund_script(*answers: str) -> Script:
    return Script(
        ModelResponse(parts=[ToolCallPart("get_order", {"order_id": "A-1042"}, tool_call_id="call_1")]),
        *(ModelResponse(parts=[TextPart(a)]) for a in answers),
    )


def run(mode: str, *answers: str, **policy: Any) -> tuple[str, list[Verdict], Script]:
    verdicts: list[Verdict] = []
    guard = PydanticAIGuard(Guard(Policy(mode=mode, **policy)), on_verdict=verdicts.append)  # type: ignore[arg-type]
    script = refund_script(*answers)
    result = build(guard, script).run_sync("Please refund order A-1042, it arrived broken.")
    return result.output, verdicts, script


def main() -> None:
    output, verdicts, script = run("revise", FABRICATED, GROUNDED)
    print("the model was told:")
    print("  " + script.retry_prompts[0].replace("\n", "\n  "))
    print(f"rounds: {[v.action for v in verdicts]}")
    print(f"the user sees: {output}")


if __name__ == "__main__":
    main()
