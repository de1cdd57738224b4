"""nofab for the OpenAI Agents SDK (``pip install 'nofab[openai-agents]'``).

    guard = AgentsGuard(Guard(Policy(mode="refuse")), safety_tiers={"fetch_url": "critical"})

    @function_tool(tool_input_guardrails=[guard.tool_input_guardrail])
    def fetch_url(url: str) -> str: ...

    agent = Agent(name="support", tools=[fetch_url], output_guardrails=[guard.output_guardrail])
    try:
        result = await Runner.run(agent, "…", hooks=guard.hooks)
    except OutputGuardrailTripwireTriggered as exc:
        show(verdict_of(exc)["output"])        # the refusal envelope

- ``hooks`` (run hooks) collect every tool call of the run and what it returned: the evidence,
  with what the run's input holds from before it (read by the OpenAI Responses adapter).
- ``output_guardrail`` checks the final output against that evidence and the user's input.
  In ``refuse`` (and ``revise``, which a guardrail cannot do) mode it trips when a finding
  reaches the threshold; in the other modes it never trips and its ``output_info`` holds the
  verdict, whose ``output`` is the flagged or wiped text to show.
- ``tool_input_guardrail`` checks a tool call's arguments before it runs and rejects the call
  (the model gets the explanation as the tool's output) when an argument came from nowhere.

Runs are told apart by the run's ``Usage`` object, which the SDK shares between the run
context and every tool context of one run, so one ``AgentsGuard`` serves concurrent runs.
"""

from __future__ import annotations

import json
import weakref
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from nofab.errors import MissingExtraError, UsageError

try:
    from agents import (
        Agent,
        GuardrailFunctionOutput,
        OutputGuardrail,
        OutputGuardrailTripwireTriggered,
        RunContextWrapper,
        RunHooks,
        Tool,
        ToolGuardrailFunctionOutput,
        ToolInputGuardrail,
        ToolInputGuardrailData,
    )
except ImportError as exc:  # pragma: no cover - exercised without the extra
    raise MissingExtraError("nofab.integrations.openai_agents", "openai-agents", exc.name) from None

from nofab.adapters import extract_turns
from nofab.model.turn import PendingCall, SafetyTier, ToolCall, Turn, parse_json_text
from nofab.pipeline.guard import Guard
from nofab.pipeline.pending import check_pending_call

#: What the SDK's default ``failure_error_function`` returns when a tool raises.
_SDK_TOOL_ERROR = "An error occurred while running the tool"
#: Runs whose state is kept at once; a run that dies before its output guardrail is forgotten.
_MAX_RUNS = 1024


class _Hooks(RunHooks[Any]):
    """Run hooks that hand every finished tool call to the ``AgentsGuard``."""

    def __init__(self, owner: AgentsGuard) -> None:
        self._owner = owner

    async def on_tool_end(
        self, context: RunContextWrapper[Any], agent: Agent[Any], tool: Tool, result: object
    ) -> None:
        self._owner._record(context, tool, result)


class AgentsGuard:
    """The guard wired into an Agents SDK run: ``hooks``, ``output_guardrail``, ``tool_input_guardrail``."""

    def __init__(
        self,
        guard: Guard | None = None,
        *,
        safety_tiers: Mapping[str, SafetyTier] | None = None,
    ) -> None:
        self.guard = guard or Guard()
        self.safety_tiers = dict(safety_tiers or {})
        self._runs: OrderedDict[int, tuple[weakref.ref[Any], list[ToolCall]]] = OrderedDict()
        self.hooks: RunHooks[Any] = _Hooks(self)
        self.output_guardrail: OutputGuardrail[Any] = OutputGuardrail(
            guardrail_function=self._check_output, name="nofab"
        )
        self.tool_input_guardrail: ToolInputGuardrail[Any] = ToolInputGuardrail(
            guardrail_function=self._check_tool_input, name="nofab_arguments"
        )

    # ------------------------------------------------------------------ evidence
    def _calls(self, context: RunContextWrapper[Any], create: bool = True) -> list[ToolCall]:
        """This run's tool calls. The weak reference guards against a finished run's ``id``
        being reused by a new run's ``Usage`` (its stale calls must not become evidence)."""
        key = id(context.usage)
        entry = self._runs.get(key)
        if entry is not None and entry[0]() is context.usage:
            return entry[1]
        calls: list[ToolCall] = []
        if create:
            self._runs[key] = (weakref.ref(context.usage), calls)
            while len(self._runs) > _MAX_RUNS:
                self._runs.popitem(last=False)
        return calls

    def _record(self, context: RunContextWrapper[Any], tool: Tool, result: object) -> None:
        arguments = parse_json_text(getattr(context, "tool_arguments", None))
        call_id = str(getattr(context, "tool_call_id", "") or "")
        value = _plain(result)
        failed = isinstance(value, str) and value.startswith(_SDK_TOOL_ERROR)
        self._calls(context).append(
            ToolCall(
                name=getattr(tool, "name", type(tool).__name__),
                arguments=arguments,
                result=None if failed else value,
                status="error" if failed else ("empty" if _empty(value) else "ok"),
                error=value if failed else None,
                id=call_id,
            )
        )

    def turn(self, context: RunContextWrapper[Any], agent: Agent[Any], response: str) -> Turn:
        """The nofab turn for this run so far: what came before it (read from the run's input by
        the OpenAI Responses adapter: user messages, earlier tool calls marked ``earlier``), the
        instructions, and this run's tool calls."""
        before = _history(agent, context.turn_input)
        calls = (*before.tool_calls, *self._calls(context, create=False))
        return replace(before, response=response, tool_calls=calls)

    # ------------------------------------------------------------------ guardrails
    def _check_output(
        self, context: RunContextWrapper[Any], agent: Agent[Any], output: Any
    ) -> GuardrailFunctionOutput:
        turn = self.turn(context, agent, _text(output))
        self._runs.pop(id(context.usage), None)  # the run is over
        verdict = self.guard.check(turn)
        # The pipeline's own decision (a finding, or a check that failed closed) trips the wire.
        trips = verdict.action == "refuse_replaced"
        return GuardrailFunctionOutput(output_info=verdict.to_dict(), tripwire_triggered=trips)

    def _check_tool_input(self, data: ToolInputGuardrailData) -> ToolGuardrailFunctionOutput:
        context = data.context
        name = context.tool_name
        pending = PendingCall(
            name=name,
            arguments=parse_json_text(context.tool_arguments),
            safety_tier=self.safety_tiers.get(name, "standard"),
        )
        turn = replace(self.turn(context, data.agent, ""), pending_call=pending)
        decision = check_pending_call(self.guard, turn)
        info = {"allowed": decision.allowed, "findings": [f.to_dict() for f in decision.findings]}
        if decision.allowed:
            return ToolGuardrailFunctionOutput.allow(output_info=info)
        return ToolGuardrailFunctionOutput.reject_content(decision.message(), output_info=info)


def verdict_of(source: Any) -> dict[str, Any]:
    """The nofab verdict (as a dict) from a run result or an ``OutputGuardrailTripwireTriggered``."""
    if isinstance(source, OutputGuardrailTripwireTriggered):
        return dict(source.guardrail_result.output.output_info)
    for result in getattr(source, "output_guardrail_results", ()):
        if result.guardrail.get_name() == "nofab":
            return dict(result.output.output_info)
    raise UsageError("no nofab verdict here: was the AgentsGuard's output_guardrail on the agent?")


def _history(agent: Agent[Any], turn_input: Any) -> Turn:
    """The turn the run's input describes before this run (answer and run's calls not yet in),
    read by ``nofab.adapters.openai_responses`` — the reader ``nofab check`` uses."""
    items: list[Any] = []
    if isinstance(turn_input, str):
        items.append({"role": "user", "content": turn_input})
    else:
        for item in turn_input or ():
            plain = _plain(item)
            if isinstance(plain, Mapping):
                items.append(plain)
    # The conversation cuts a turn at an assistant text: a placeholder, replaced by the caller.
    items.append({"type": "message", "role": "assistant", "content": "-"})
    instructions = agent.instructions if isinstance(agent.instructions, str) else ""
    source: Any = {"instructions": instructions, "input": items} if instructions else items
    return extract_turns(source, "openai-responses")[-1].turn


def _plain(value: object) -> Any:
    """A tool result as JSON-able data (Pydantic models and dataclasses are dumped)."""
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json")
    if isinstance(value, (str, int, float, bool, list, dict)) or value is None:
        return value
    return str(value)


def _empty(value: Any) -> bool:
    from nofab.model.turn import is_empty_result

    return is_empty_result(value)


def _text(output: Any) -> str:
    """The final output as text: strings as they are, structured outputs as JSON."""
    if isinstance(output, str):
        return output
    plain = _plain(output)
    return plain if isinstance(plain, str) else json.dumps(plain, ensure_ascii=False)
