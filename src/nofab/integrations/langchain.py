"""nofab for LangChain v1 agents (``pip install 'nofab[langchain]'``).

    from langchain.agents import create_agent
    agent = create_agent(model, tools, middleware=[NofabMiddleware(Guard(Policy(mode="revise")))])

``NofabMiddleware`` (sync and async) does two things:

- **after the model**: when the model gives a final answer (an ``AIMessage`` without tool
  calls), it rebuilds this turn from the conversation — tool calls with their ``ToolMessage``
  results as evidence, the last user message, the system and earlier user messages as
  context; the agent's own earlier text is never evidence — and checks it. In ``revise``
  mode a finding at or above the threshold adds the corrective instruction as a
  ``HumanMessage`` named ``nofab`` and jumps back to the model, at most
  ``Policy.max_revisions`` times per user message; what still fails then gets the policy's
  ``revise_fallback``. ``flag``, ``wipe`` and ``refuse`` rewrite the answer in place (same
  message id); ``observe`` leaves it.
- **around each tool call** (``wrap_tool_call``): a call whose argument came from nowhere
  is not run; the model gets a ``ToolMessage`` with ``status="error"`` explaining why.

Every verdict goes to ``on_verdict`` (and the guard's event handlers).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from nofab.errors import MissingExtraError

try:
    from langchain.agents.middleware import AgentMiddleware, AgentState, hook_config
    from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, SystemMessage, ToolMessage
except ImportError as exc:  # pragma: no cover - exercised without the extra
    raise MissingExtraError("nofab.integrations.langchain", "langchain", exc.name) from None

from nofab.adapters import extract_turns
from nofab.adapters.langchain import INSTRUCTION_NAME
from nofab.integrations._revise import decide
from nofab.model.turn import PendingCall, SafetyTier, Turn
from nofab.model.verdict import Verdict
from nofab.pipeline.guard import Guard
from nofab.pipeline.pending import check_pending_call

#: The messages a turn is read from; others (``RemoveMessage``, custom chat roles) say nothing
#: about what was asked, run or answered.
_READ = (AIMessage, HumanMessage, SystemMessage, ToolMessage)


class NofabMiddleware(AgentMiddleware):
    """Checks final answers after the model (revising once by default) and vets tool arguments."""

    def __init__(
        self,
        guard: Guard | None = None,
        *,
        safety_tiers: Mapping[str, SafetyTier] | None = None,
        on_verdict: Callable[[Verdict], Any] | None = None,
    ) -> None:
        super().__init__()
        self.guard = guard or Guard()
        self.safety_tiers = dict(safety_tiers or {})
        self.on_verdict = on_verdict

    # ------------------------------------------------------------------ after the model
    @hook_config(can_jump_to=["model"])
    def after_model(self, state: AgentState[Any], runtime: Any) -> dict[str, Any] | None:
        return self._after_model(state)

    @hook_config(can_jump_to=["model"])
    async def aafter_model(self, state: AgentState[Any], runtime: Any) -> dict[str, Any] | None:
        return self._after_model(state)

    def _after_model(self, state: Mapping[str, Any]) -> dict[str, Any] | None:
        messages: list[AnyMessage] = list(state.get("messages", ()))
        if not messages or not isinstance(messages[-1], AIMessage):
            return None
        answer = messages[-1]
        if answer.tool_calls or self.guard.policy.mode == "off":
            return None  # not a final answer yet
        text = answer.text if isinstance(answer.text, str) else str(answer.content)
        turn = turn_from_messages(messages[:-1], text)
        decision = decide(self.guard, turn, _revisions_so_far(messages))
        if self.on_verdict is not None:
            self.on_verdict(decision.verdict)
        if decision.instruction is not None:
            return {
                "messages": [HumanMessage(content=decision.instruction, name=INSTRUCTION_NAME)],
                "jump_to": "model",
            }
        verdict = decision.verdict
        if verdict.output == text:
            return None
        # Same id: LangGraph's message reducer replaces the draft instead of appending.
        rewritten = AIMessage(
            content=verdict.output,
            id=answer.id,
            name=answer.name,
            response_metadata=answer.response_metadata,
            additional_kwargs={**answer.additional_kwargs, "nofab": {"action": verdict.action}},
        )
        return {"messages": [rewritten]}

    # ------------------------------------------------------------------ around tool calls
    def wrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        refusal = self._vet(request)
        return refusal if refusal is not None else handler(request)

    async def awrap_tool_call(self, request: Any, handler: Callable[[Any], Awaitable[Any]]) -> Any:
        refusal = self._vet(request)
        return refusal if refusal is not None else await handler(request)

    def _vet(self, request: Any) -> ToolMessage | None:
        call = request.tool_call
        name = str(call.get("name", ""))
        state = request.state
        messages = state.get("messages", ()) if isinstance(state, Mapping) else getattr(state, "messages", ())
        # Only calls that ran are evidence: the pending call's own arguments (and those of
        # calls issued beside it) must not vouch for themselves.
        turn = turn_from_messages(list(messages), "", answered_only=True)
        pending = PendingCall(
            name=name, arguments=call.get("args"), safety_tier=self.safety_tiers.get(name, "standard")
        )
        decision = check_pending_call(self.guard, _with_pending(turn, pending))
        if decision.allowed:
            return None
        return ToolMessage(
            content=decision.message(),
            tool_call_id=str(call.get("id", "")),
            name=name,
            status="error",
            additional_kwargs={"nofab": {"findings": [f.to_dict() for f in decision.blocking]}},
        )


def _with_pending(turn: Turn, pending: PendingCall) -> Turn:
    # Every other field (tool definitions, earlier answers, metadata) stays as read.
    return dataclasses.replace(turn, pending_call=pending)


def _is_instruction(message: AnyMessage) -> bool:
    return isinstance(message, HumanMessage) and message.name == INSTRUCTION_NAME


def _revisions_so_far(messages: Sequence[AnyMessage]) -> int:
    """nofab instructions since the user's last message (the revise budget is per user message)."""
    count = 0
    for message in reversed(messages):
        if _is_instruction(message):
            count += 1
        elif isinstance(message, HumanMessage):
            break
    return count


def turn_from_messages(messages: Sequence[AnyMessage], response: str, *, answered_only: bool = False) -> Turn:
    """Rebuild a turn from LangChain messages answered by ``response``.

    The messages go through the LangChain transcript adapter (``nofab.adapters.langchain``)
    — the reader ``nofab check`` uses — so the middleware and the CLI build the same turn
    from the same conversation: tool calls answered by a ``ToolMessage`` are evidence (calls
    before the user's latest message marked ``earlier``), the last human message is
    ``user_message``, system and earlier human messages are context, the model's own text is
    never evidence. nofab's own instructions are dropped first: they are not the user's words.
    A call no ``ToolMessage`` answered yet is not evidence (``answered_only`` is kept for
    callers; it is always so).
    """
    del answered_only  # a call without its result is never evidence
    dumped: list[dict[str, Any]] = [
        m.model_dump() for m in messages if isinstance(m, _READ) and not _is_instruction(m)
    ]
    # The answer closes the conversation; a blank one (vetting a pending call) is cut with a
    # placeholder and replaced, since the conversation cuts turns only at non-blank text.
    dumped.append({"type": "ai", "content": response if response.strip() else "-"})
    return extract_turns(dumped, "langchain")[-1].turn.with_response(response)
