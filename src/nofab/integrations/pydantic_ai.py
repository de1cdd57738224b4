"""nofab for Pydantic AI (``pip install 'nofab[pydantic-ai]'``).

    guard = PydanticAIGuard(Guard(Policy(mode="revise")))
    agent = Agent(model, tools=[...])
    agent.output_validator(guard.validate)

``validate`` is an output validator: it rebuilds this turn from the run's messages (tool
calls and what they returned, the user's prompt, the system prompt and instructions — never
the agent's own earlier text) and checks the output. In ``revise`` mode a finding at or above
the threshold raises ``ModelRetry`` with the corrective instruction (each finding and the
evidence it lacked), so the model restates; after ``Policy.max_revisions`` retries (bounded
also by the agent's own output retries) the policy's ``revise_fallback`` acts. In ``flag``,
``wipe`` and ``refuse`` modes a text output is rewritten as those modes do; ``observe``
leaves it. Structured (non-text) outputs are checked as JSON and can be revised, never
rewritten. Partial outputs of a streamed run are passed through; the final output is checked.
Each verdict goes to ``on_verdict`` (and the guard's event handlers).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from nofab.errors import MissingExtraError

try:
    from pydantic_ai import ModelRetry, RunContext
    from pydantic_ai.messages import (
        ModelMessage,
        ModelRequest,
        ModelResponse,
        RetryPromptPart,
        SystemPromptPart,
        ToolCallPart,
        ToolReturnPart,
        UserPromptPart,
    )
except ImportError as exc:  # pragma: no cover - exercised without the extra
    raise MissingExtraError("nofab.integrations.pydantic_ai", "pydantic-ai", exc.name) from None

from nofab.adapters.conversation import Conversation
from nofab.integrations._revise import decide
from nofab.model.turn import Status, Turn, parse_json_text
from nofab.model.verdict import Verdict
from nofab.pipeline.guard import Guard

OutputT = TypeVar("OutputT")

#: ToolReturnPart.outcome -> nofab status. ``retried``: the tool asked the model to call it
#: again (its content is the error), so that call returned nothing usable.
_OUTCOME: dict[str, Status] = {
    "failed": "error",
    "retried": "error",
    "denied": "blocked",
    "interrupted": "error",
}


class PydanticAIGuard:
    """An output validator for Pydantic AI agents: ``agent.output_validator(guard.validate)``."""

    def __init__(self, guard: Guard | None = None, *, on_verdict: Callable[[Verdict], Any] | None = None):
        self.guard = guard or Guard()
        self.on_verdict = on_verdict

    def turn(self, messages: Sequence[ModelMessage], response: str) -> Turn:
        """The nofab turn the run's messages describe, answered by ``response``."""
        return turn_from_messages(messages, response)

    def validate(self, ctx: RunContext[Any], output: OutputT) -> OutputT:
        """Check ``output``; revise with ``ModelRetry``, rewrite, or pass it, per the policy."""
        if ctx.partial_output:
            return output  # a streamed run validates partial outputs too; the final one is checked
        text = output if isinstance(output, str) else _json(output)
        turn = self.turn(ctx.messages, text)
        # Pydantic AI runs the loop: ModelRetry sends the instruction and this validator sees the
        # revision. ctx.retry counts the retries so far; the agent's own budget caps ours.
        decision = decide(self.guard, turn, ctx.retry, ctx.max_retries)
        if self.on_verdict is not None:
            self.on_verdict(decision.verdict)
        if decision.instruction is not None:
            raise ModelRetry(decision.instruction)
        verdict = decision.verdict
        if isinstance(output, str) and verdict.output != output:
            return verdict.output  # type: ignore[return-value]  # OutputT is str here
        return output


def turn_from_messages(messages: Sequence[ModelMessage], response: str) -> Turn:
    """Rebuild a turn from Pydantic AI messages, through ``adapters.Conversation`` — the one
    rule every transcript format follows, so the turn is what ``nofab check`` would read.

    Evidence: every tool call with what it returned (a retry prompt for a tool is its error;
    a call never answered is not evidence), calls before the latest user prompt marked
    ``earlier``. ``user_message``: the last user prompt. ``context``: system prompts,
    instructions and the earlier user prompts. The model's own text is never evidence, and
    neither is Pydantic AI's retry feedback (``RetryFeedbackPart``), which quotes the draft it
    rejected.
    """
    conversation = Conversation()
    instructions: set[str] = set()
    for index, message in enumerate(messages):
        where = f"messages[{index}]"
        if isinstance(message, ModelResponse):
            for part in message.parts:
                if isinstance(part, ToolCallPart):
                    arguments = parse_json_text(part.args)
                    conversation.request(part.tool_call_id, part.tool_name, arguments, where)
            continue
        if not isinstance(message, ModelRequest):
            continue
        if message.instructions and message.instructions not in instructions:
            instructions.add(message.instructions)
            conversation.add_system(message.instructions)
        for rpart in message.parts:
            if isinstance(rpart, SystemPromptPart):
                conversation.add_system(rpart.content)
            elif isinstance(rpart, UserPromptPart):
                conversation.add_user(_user_text(rpart.content))
            elif isinstance(rpart, ToolReturnPart):
                content = _plain(rpart.content)
                status = _OUTCOME.get(getattr(rpart, "outcome", "success"))
                if status is not None and not isinstance(content, str):
                    content = _json(content)
                conversation.resolve(
                    rpart.tool_call_id,
                    content,
                    is_error=status is not None,
                    name=rpart.tool_name,
                    status=status,
                )
            elif isinstance(rpart, RetryPromptPart) and rpart.tool_name:
                error = rpart.content if isinstance(rpart.content, str) else _json(rpart.content)
                conversation.resolve(rpart.tool_call_id, error, is_error=True, name=rpart.tool_name)
    # The conversation cuts turns at non-blank text only; a blank output is cut with a
    # placeholder and replaced.
    conversation.answer(response if response.strip() else "-", len(messages), "output")
    return conversation.turns[-1].turn.with_response(response)


def _user_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "\n".join(c for c in content if isinstance(c, str))


def _plain(value: Any) -> Any:
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json")
    return value


def _json(value: Any) -> str:
    return json.dumps(_plain(value), ensure_ascii=False, default=str)
