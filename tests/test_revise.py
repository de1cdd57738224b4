"""The revise loop: the reviser is asked to restate, the revision is re-checked, every round is
recorded, and whatever still fails (or a reviser that breaks) falls back to flag or refuse."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from nofab import Guard, Policy, Turn, UsageError
from nofab.config.policy import DEFAULT_ENVELOPE
from nofab.pipeline.actions import FLAG_HEADER, missing_evidence, revision_instruction

FABRICATED = Turn(
    response="Done, I sent it to Dana (task_id=9f2b1e47aa).",
    user_message="Please email Dana the report.",
    tool_calls=(),
)
GROUNDED_REVISION = "I could not send the report: no email tool ran this turn."
STILL_FABRICATED = "I sent the report again, ref task_id=77aa99bb00."


def guard(**policy: Any) -> Guard:
    return Guard(Policy(mode="revise", load_plugins=False, **policy))


class Scripted:
    """A reviser that answers from a script and records every instruction it got."""

    def __init__(self, *answers: Any) -> None:
        self.answers = list(answers)
        self.instructions: list[str] = []

    def __call__(self, instruction: str) -> Any:
        self.instructions.append(instruction)
        answer = self.answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer


class AsyncScripted(Scripted):
    async def __call__(self, instruction: str) -> Any:  # type: ignore[override]
        await asyncio.sleep(0)
        return Scripted.__call__(self, instruction)


def test_max_revisions_defaults_to_one() -> None:
    """A policy asks for at most one revision unless told otherwise."""
    assert Policy().max_revisions == 1


def test_instruction_lists_each_finding_and_missing_evidence() -> None:
    """The corrective instruction names each blocking finding, its reason and the missing evidence."""
    reviser = Scripted(GROUNDED_REVISION)
    verdict = guard().check(FABRICATED, reviser=reviser)
    (instruction,) = reviser.instructions
    assert len(verdict.blocking) == 0
    first = guard().check(FABRICATED).blocking
    assert {f.kind for f in first} >= {"verb_claim", "kv"}
    assert sum(line.startswith("- ") for line in instruction.splitlines()) == len(first)
    for finding in first:
        line = next(line for line in instruction.splitlines() if f"[{finding.kind}]" in line)
        assert finding.reason in line
        assert "Missing evidence: " + missing_evidence(finding) in line
    assert "NO tool was called" in instruction


@pytest.mark.parametrize(
    ("kind", "needed"),
    [
        ("uuid", "this exact identifier"),
        ("verb_claim", "a successful call to a tool"),
        ("unverified_number", "this number"),
        ("some_plugin_kind", "support in this turn's tool results"),
    ],
)
def test_missing_evidence_per_kind(kind: str, needed: str) -> None:
    """Each finding kind says what would have grounded it; unknown kinds get a generic phrase."""
    from nofab.model.finding import Finding

    assert needed in missing_evidence(Finding(kind, "d", "x", 0.9, (0, 1), "r"))


def test_instruction_when_tools_ran_asks_to_use_their_results() -> None:
    """With tool results present, the instruction asks to restate from them rather than call tools."""
    from nofab.model.finding import Finding

    text = revision_instruction([Finding("uuid", "identifiers", "abc", 0.95, (0, 3), "UUID not found")], True)
    assert "appear in the tool results above" in text and "NO tool" not in text


def test_revision_that_passes_is_released_and_recorded() -> None:
    """A grounded revision becomes the output with action revise_forced and one recorded round."""
    reviser = Scripted(GROUNDED_REVISION)
    verdict = guard().check(FABRICATED, reviser=reviser)
    assert verdict.action == "revise_forced"
    assert verdict.output == GROUNDED_REVISION
    assert verdict.passed
    (round_,) = verdict.rounds
    assert round_.draft == FABRICATED.response
    assert round_.revision == GROUNDED_REVISION
    assert round_.findings == () and round_.error is None
    assert verdict.to_dict()["rounds"][0]["revision"] == GROUNDED_REVISION


@pytest.mark.parametrize(
    ("fallback", "action", "check_output"),
    [
        ("refuse", "refuse_replaced", lambda out: out == DEFAULT_ENVELOPE),
        ("flag", "flagged", lambda out: out.startswith(STILL_FABRICATED) and FLAG_HEADER in out),
    ],
)
def test_revision_that_still_fails_falls_back(fallback: str, action: str, check_output: Any) -> None:
    """A revision that still holds fabrications is flagged or refused per policy, and says so."""
    reviser = Scripted(STILL_FABRICATED)
    verdict = guard(revise_fallback=fallback).check(FABRICATED, reviser=reviser)
    assert verdict.action == action
    assert check_output(verdict.output)
    assert len(verdict.rounds) == 1 and verdict.rounds[0].findings
    assert any("still failed" in w and fallback in w for w in verdict.warnings)
    assert "77aa99bb00" in {f.identifier for f in verdict.blocking}


def test_rounds_stop_at_max_revisions_and_each_instruction_is_about_the_last_draft() -> None:
    """With max_revisions=2 the reviser is asked twice; round two names the new fabrication."""
    reviser = Scripted(STILL_FABRICATED, "I sent it, ref task_id=12ab34cd56.", "never asked")
    verdict = guard(max_revisions=2).check(FABRICATED, reviser=reviser)
    assert len(reviser.instructions) == 2
    assert "77aa99bb00" in reviser.instructions[1] and "9f2b1e47aa" not in reviser.instructions[1]
    assert [r.draft for r in verdict.rounds] == [FABRICATED.response, STILL_FABRICATED]
    assert verdict.action == "refuse_replaced"
    assert reviser.answers == ["never asked"]


def test_second_round_can_succeed() -> None:
    """A second round that grounds the answer ends the loop with revise_forced."""
    reviser = Scripted(STILL_FABRICATED, GROUNDED_REVISION)
    verdict = guard(max_revisions=3).check(FABRICATED, reviser=reviser)
    assert verdict.action == "revise_forced" and verdict.output == GROUNDED_REVISION
    assert len(verdict.rounds) == 2


def test_max_revisions_zero_goes_straight_to_fallback() -> None:
    """max_revisions=0 never calls the reviser and falls back with a warning saying why."""
    reviser = Scripted()
    verdict = guard(max_revisions=0).check(FABRICATED, reviser=reviser)
    assert reviser.instructions == []
    assert verdict.action == "refuse_replaced" and verdict.rounds == ()
    assert any("max_revisions is 0" in w for w in verdict.warnings)


@pytest.mark.parametrize(
    ("answer", "error"),
    [
        (RuntimeError("model down"), "RuntimeError: model down"),
        (None, "returned NoneType, not a string"),
        ({"text": "hi"}, "returned dict, not a string"),
        ("   ", "empty answer"),
    ],
)
def test_reviser_that_fails_falls_back_without_crashing(answer: Any, error: str) -> None:
    """A reviser that raises or returns a non-string or blank answer is recorded and the fallback acts."""
    verdict = guard().check(FABRICATED, reviser=Scripted(answer))
    assert verdict.action == "refuse_replaced"
    (round_,) = verdict.rounds
    assert round_.error is not None and error in round_.error
    assert round_.revision == ""
    assert any(error in w for w in verdict.warnings)


def test_reviser_failure_stops_the_loop() -> None:
    """After a reviser error no further round is attempted, even with rounds left."""
    reviser = Scripted(RuntimeError("x"), GROUNDED_REVISION)
    verdict = guard(max_revisions=3).check(FABRICATED, reviser=reviser)
    assert len(verdict.rounds) == 1 and len(reviser.instructions) == 1


def test_async_reviser_in_acheck() -> None:
    """acheck awaits an async reviser and records its round."""
    reviser = AsyncScripted(GROUNDED_REVISION)
    verdict = asyncio.run(guard().acheck(FABRICATED, reviser=reviser))
    assert verdict.action == "revise_forced" and len(reviser.instructions) == 1


def test_async_reviser_that_raises_in_acheck() -> None:
    """An async reviser's exception is recorded and the fallback acts."""
    reviser = AsyncScripted(KeyError("k"))
    verdict = asyncio.run(guard(revise_fallback="flag").acheck(FABRICATED, reviser=reviser))
    assert verdict.action == "flagged" and "KeyError" in (verdict.rounds[0].error or "")


def test_sync_check_runs_an_async_reviser_without_a_loop() -> None:
    """check() outside an event loop drives an async reviser to completion."""
    verdict = guard().check(FABRICATED, reviser=AsyncScripted(GROUNDED_REVISION))
    assert verdict.action == "revise_forced"


def test_sync_check_with_async_reviser_inside_a_loop_is_a_usage_error() -> None:
    """Inside a running loop, check() with an async reviser says to use acheck instead."""

    async def main() -> None:
        with pytest.raises(UsageError, match="acheck"):
            guard().check(FABRICATED, reviser=AsyncScripted(GROUNDED_REVISION))

    asyncio.run(main())


def test_clean_turn_never_calls_the_reviser() -> None:
    """With nothing at or above the threshold the reviser is not called and the answer is unchanged."""
    reviser = Scripted()
    turn = Turn(response="Hello! How can I help?")
    verdict = guard().check(turn, reviser=reviser)
    assert reviser.instructions == [] and verdict.output == turn.response and verdict.rounds == ()


def test_revise_without_reviser_refuses_with_warning() -> None:
    """revise mode with no reviser refuses, with a warning that says so."""
    verdict = guard().check(FABRICATED)
    assert verdict.action == "refuse_replaced"
    assert any("without a reviser" in w for w in verdict.warnings)


def test_each_round_records_the_drafts_findings() -> None:
    """A round keeps what its draft was refused for, so a passing revision still shows the problem."""
    verdict = guard().check(FABRICATED, reviser=Scripted(GROUNDED_REVISION))
    (round_,) = verdict.rounds
    assert {f.kind for f in round_.draft_findings} >= {"verb_claim", "kv"}
    assert verdict.to_dict()["rounds"][0]["draft_findings"][0]["kind"] in {"verb_claim", "kv"}


def test_event_reports_the_drafts_findings_after_a_successful_revision() -> None:
    """A fabrication fixed by revision is still reported: the event carries the draft's findings."""
    from nofab.model.events import FabricationDetectedEvent

    events: list[FabricationDetectedEvent] = []
    g = guard()
    g.subscribe(events.append, FabricationDetectedEvent)
    g.check(FABRICATED, reviser=Scripted(GROUNDED_REVISION))
    (event,) = events
    assert event.action_taken == "revise_forced"
    assert {f["kind"] for f in event.findings} >= {"verb_claim", "kv"}
    assert event.max_finding_confidence >= 0.8
    assert event.replacement_preview == GROUNDED_REVISION
