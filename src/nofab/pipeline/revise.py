"""The revise mode as one state machine, driven three ways.

``revision_loop`` is a generator: it yields each corrective instruction, is sent what the
reviser answered (the text, or the exception it raised), checks the revision, and returns the
final verdict. It holds every rule of the mode — when to ask, when to stop, what a failed
reviser means, the fallback — and no I/O, so one machine serves:

- ``revise`` — ``Guard.check``: calls a sync reviser (or runs an async one to completion);
- ``arevise`` — ``Guard.acheck``: awaits the reviser;
- ``framework_round`` — the integrations whose framework runs the loop itself (Pydantic AI's
  ``ModelRetry``, LangChain's jump back to the model): one step per call, the number of
  revisions so far supplied by the caller.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator
from typing import TYPE_CHECKING, Any

from nofab.errors import UsageError
from nofab.model.turn import Turn
from nofab.model.verdict import RevisionRound, Verdict
from nofab.pipeline.actions import revision_instruction
from nofab.pipeline.assessment import Assessment

if TYPE_CHECKING:
    from nofab.pipeline.guard import Guard

Reviser = Callable[[str], "str | Awaitable[str]"]

#: Yields instructions, is sent replies, returns the verdict.
RevisionLoop = Generator[str, object, Verdict]


def revision_loop(
    guard: Guard, turn: Turn, first: Assessment, run_id: str = "", *, budget: int | None = None, used: int = 0
) -> RevisionLoop:
    """Revise ``turn`` (assessed as ``first``) up to ``budget`` times (default: the policy's
    ``max_revisions``); ``used`` is how many revisions a framework already asked for."""
    if not first.blocking:
        return guard.act(turn, first)  # nothing to revise; an incomplete check still fails closed
    rounds: list[RevisionRound] = []
    current, assessment = turn, first
    for _ in range(guard.policy.max_revisions if budget is None else budget):
        instruction = revision_instruction(assessment.blocking, bool(turn.tool_calls))
        reply = yield instruction
        current, assessment = _round(guard, current, assessment, instruction, reply, rounds, run_id)
        if not assessment.blocking or rounds[-1].error:
            break
    return _settle(guard, current, assessment, rounds, used)


def _round(
    guard: Guard,
    current: Turn,
    assessment: Assessment,
    instruction: str,
    reply: object,
    rounds: list[RevisionRound],
    run_id: str,
) -> tuple[Turn, Assessment]:
    """Record one round; a failed reviser leaves the current draft and its findings in place."""
    error = revision_error(reply)
    if error is not None or not isinstance(reply, str):
        rounds.append(
            RevisionRound(instruction, current.response, "", assessment.findings, error, assessment.blocking)
        )
        return current, assessment
    revised = current.with_response(reply)
    new = guard.assess(revised, run_id)
    rounds.append(
        RevisionRound(
            instruction, current.response, revised.response, new.findings, None, assessment.blocking
        )
    )
    return revised, new


def _settle(
    guard: Guard, current: Turn, assessment: Assessment, rounds: list[RevisionRound], used: int
) -> Verdict:
    warnings = [f"reviser failed: {r.error}" for r in rounds if r.error]
    fails_closed = assessment.incomplete and guard.policy.on_error_in_refuse == "refuse"
    if not assessment.blocking and not fails_closed:
        return guard.verdict(assessment, "revise_forced", current.response, rounds=rounds, warnings=warnings)
    fallback = guard.policy.revise_fallback
    if not assessment.blocking:
        why = "the revision could not be fully checked"
    elif rounds:
        why = "the revision still failed"
    elif used:
        why = f"still failing after {used} revision(s)"
    else:
        why = "max_revisions is 0, so no revision was asked for"
    return guard.act(
        current, assessment, fallback, rounds=rounds, warnings=[*warnings, f"{why}; fell back to {fallback}"]
    )


def _advance(loop: RevisionLoop, reply: object) -> str | Verdict:
    """Send ``reply`` (``None`` to start): the next instruction, or the final verdict."""
    try:
        return loop.send(reply)
    except StopIteration as stop:
        verdict: Verdict = stop.value
        return verdict


def revise(loop: RevisionLoop, reviser: Reviser) -> Verdict:
    """Drive ``loop`` with a sync reviser (an async one is run to completion when no event
    loop is running; inside one, use ``arevise``)."""
    step = _advance(loop, None)
    while isinstance(step, str):
        reply: object
        try:
            result = reviser(step)
            reply = _run_sync(result) if isinstance(result, Awaitable) else result
        except UsageError:
            raise
        except Exception as exc:  # the guard never crashes the agent over its reviser
            reply = exc
        step = _advance(loop, reply)
    return step


async def arevise(loop: RevisionLoop, reviser: Reviser) -> Verdict:
    """Drive ``loop`` with a reviser that may be async."""
    step = _advance(loop, None)
    while isinstance(step, str):
        reply: object
        try:
            result = reviser(step)
            reply = await result if isinstance(result, Awaitable) else result
        except Exception as exc:  # the guard never crashes the agent over its reviser
            reply = exc
        step = _advance(loop, reply)
    return step


def framework_round(
    guard: Guard, turn: Turn, used: int, allowed: int | None = None, run_id: str = ""
) -> tuple[Verdict, str | None]:
    """One step of a loop a framework runs: (verdict, instruction to send, or ``None``).

    ``used`` revisions were asked for already; the budget is ``Policy.max_revisions``, capped
    by ``allowed`` (the framework's own retry limit). The verdict is emitted to the guard's
    handlers; a verdict with an instruction has action ``revise_forced``.
    """
    policy = guard.policy
    if policy.mode != "revise":
        return guard.check(turn, run_id=run_id or None), None
    budget = policy.max_revisions if allowed is None else min(policy.max_revisions, allowed)
    first = guard.assess(turn, run_id)
    loop = revision_loop(guard, turn, first, run_id, budget=max(0, budget - used), used=used)
    step = _advance(loop, None)
    instruction: str | None = None
    if isinstance(step, str):  # the framework sends it; this loop's state ends here
        loop.close()
        instruction = step
        verdict = guard.verdict(first, "revise_forced", turn.response, details={"revision": used})
    else:
        verdict = step
    guard.emit(turn, verdict, run_id or None)
    return verdict, instruction


def revision_error(reply: object) -> str | None:
    """Why a reviser's return value cannot be used as a revision (``None`` when it can)."""
    if isinstance(reply, BaseException):
        return f"{type(reply).__name__}: {reply}"
    if not isinstance(reply, str):
        return f"the reviser returned {type(reply).__name__}, not a string"
    if not reply.strip():
        return "the reviser returned an empty answer"
    return None


def _run_sync(awaitable: Awaitable[Any]) -> Any:
    import asyncio
    import inspect

    try:
        asyncio.get_running_loop()
    except RuntimeError:

        async def _wait() -> Any:
            return await awaitable

        return asyncio.run(_wait())
    if inspect.iscoroutine(awaitable):
        awaitable.close()
    raise UsageError("the reviser is async and an event loop is running: use `await guard.acheck(...)`")
