"""nofab in a LangChain v1 agent, with langchain-core's GenericFakeChatModel scripting the
model (no network, no key).

The scripted model looks an order up, then claims a refund no tool made. NofabMiddleware
(revise mode) adds the corrective instruction and jumps back to the model once; the model's
second answer sticks to the tool result. A fetch_url call with an invented URL never runs.

    pip install 'nofab[langchain]'
    python examples/integrations/langchain_example.py
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.tools import tool

from nofab import Guard, Policy, Verdict
from nofab.integrations.langchain import NofabMiddleware

ORDERS = {"A-1042": {"order_id": "A-1042", "total": 42.73, "items": 3, "status": "delivered"}}
FABRICATED = "Order A-1042 ($42.73, 3 items) is delivered. I've refunded it: refund_id=RF-88231."
GROUNDED = "Order A-1042 ($42.73, 3 items) is delivered. I could not issue a refund: no refund tool ran."
PROMPT = "Please refund order A-1042, it arrived broken."


class ScriptedChatModel(GenericFakeChatModel):
    """langchain-core's fake chat model plays the script; agents bind tools, which it ignores."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedChatModel:
        return self


@tool
def get_order(order_id: str) -> str:
    """Look an order up by its id."""
    return json.dumps(ORDERS.get(order_id, {}))


@tool
def fetch_url(url: str) -> str:
    """Fetch a web page."""
    return f"<html>contents of {url}</html>"


def lookup(order_id: str = "A-1042") -> AIMessage:
    call = {"name": "get_order", "args": {"order_id": order_id}, "id": "call_1"}
    return AIMessage(content="", tool_calls=[call])


def build(middleware: NofabMiddleware, *replies: AIMessage | str) -> Any:
    model = ScriptedChatModel(messages=iter(replies))
    return create_agent(model, [get_order, fetch_url], middleware=[middleware])


def run(mode: str, *replies: AIMessage | str, **policy: Any) -> tuple[list[Any], list[Verdict]]:
    verdicts: list[Verdict] = []
    middleware = NofabMiddleware(Guard(Policy(mode=mode, **policy)), on_verdict=verdicts.append)  # type: ignore[arg-type]
    state = build(middleware, *replies).invoke({"messages": [HumanMessage(PROMPT)]})
    return state["messages"], verdicts


def main() -> None:
    messages, verdicts = run("revise", lookup(), FABRICATED, GROUNDED)
    for message in messages:
        print(f"[{type(message).__name__}{'/' + message.name if message.name else ''}] {message.content}")
    print(f"rounds: {[v.action for v in verdicts]}")


if __name__ == "__main__":
    main()
