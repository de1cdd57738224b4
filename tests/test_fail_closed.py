"""Fail closed (issue 16.2/16.7): an answer a detector could not check is never passed as
checked. In every blocking mode it is blocked (flag says so, wipe keeps nothing, refuse and
revise refuse); observe reports it; ``nofab check`` exits 1 whatever the mode."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

import nofab.detectors
from nofab import Guard, Policy, Profile
from nofab.cli.main import main
from nofab.integrations._revise import decide
from nofab.model.turn import Turn

CLEAN = Turn(
    response="Your order A-1042 has shipped.\n\nIt totals $42.73.",
    tool_calls=(),
    user_message="Where is order A-1042? It was $42.73.",
)


class Boom:
    """A detector that fails on every answer."""

    id = "boom"
    version = "1"
    kinds = ("uuid",)

    def __init__(self, profile: Profile) -> None:
        del profile

    def detect(self, evidence: object) -> list[Any]:
        raise RecursionError("maximum recursion depth exceeded")


def guard(mode: str, **policy: Any) -> Guard:
    return Guard(Policy(mode=mode, load_plugins=False, **policy), detectors=[Boom])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("mode", "action"),
    [("flag", "flagged"), ("wipe", "wiped"), ("refuse", "refuse_replaced"), ("revise", "refuse_replaced")],
)
def test_every_blocking_mode_blocks_an_unchecked_answer(mode: str, action: str) -> None:
    v = guard(mode).check(CLEAN)
    assert v.action == action and v.blocked and not v.blocking
    assert any("not fully checked (failed detectors: boom)" in w for w in v.warnings)
    if mode == "flag":  # the answer stays, with a visible note that it was not fully checked
        assert v.output.startswith(CLEAN.response) and "failed detectors: boom" in v.output
    else:
        assert v.output == guard(mode).policy.envelope


def test_revise_with_a_reviser_falls_back_when_the_revision_is_unchecked() -> None:
    """A revision that cannot be checked either is not accepted as clean."""
    asked: list[str] = []
    g = Guard(Policy(mode="revise", load_plugins=False))
    draft = CLEAN.with_response("Done: refund_id=RF-88231.")
    ok = g.check(draft, reviser=lambda i: asked.append(i) or "I could not do that.")
    assert ok.action == "revise_forced" and asked
    failing = guard("revise").check(draft, reviser=lambda i: "I could not do that.")
    assert failing.action == "refuse_replaced" and failing.blocked


def test_observe_reports_and_pass_lets_through() -> None:
    observed = guard("observe").check(CLEAN)
    assert observed.action == "none" and observed.output == CLEAN.response
    assert observed.blocked  # still not a pass for exit codes
    for mode in ("flag", "wipe", "refuse"):
        v = guard(mode, on_error_in_refuse="pass").check(CLEAN)
        assert v.action == "none" and v.output == CLEAN.response


def test_acheck_and_framework_round_fail_closed_alike() -> None:
    assert asyncio.run(guard("wipe").acheck(CLEAN)).action == "wiped"
    decision = decide(guard("revise"), CLEAN, 0)
    assert decision.instruction is None and decision.verdict.action == "refuse_replaced"


@pytest.mark.parametrize("mode", ["observe", "flag", "wipe", "refuse"])
def test_cli_exits_1_over_a_detector_error(
    mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(nofab.detectors, "BUILTIN", (*nofab.detectors.BUILTIN, Boom))
    path = tmp_path / "turn.json"
    path.write_text(json.dumps({"response": CLEAN.response, "user_message": CLEAN.user_message}))
    code = main(["check", str(path), "--format", "json", "--mode", mode])
    verdict = json.loads(capsys.readouterr().out)
    assert code == 1 and verdict["detector_errors"][0]["detector"] == "boom"
    monkeypatch.setattr(nofab.detectors, "BUILTIN", tuple(nofab.detectors.BUILTIN[:-1]))
    assert main(["check", str(path), "--format", "json", "--mode", mode]) == 0


def test_a_pending_call_whose_argument_check_failed_does_not_run(monkeypatch: pytest.MonkeyPatch) -> None:
    from nofab.model.turn import PendingCall
    from nofab.pipeline import provenance
    from nofab.pipeline.pending import check_pending_call

    def broken(*args: object, **kwargs: object) -> list[object]:
        raise ValueError("argument check broke")

    turn = Turn(response="", pending_call=PendingCall(name="fetch", arguments={"url": "https://x.example/a"}))
    monkeypatch.setattr(provenance, "suspects", broken)
    decision = check_pending_call(Guard(Policy(load_plugins=False)), turn)
    assert not decision.allowed and decision.unchecked and "could not be checked" in decision.message()
    open_policy = Policy(load_plugins=False, on_error_in_refuse="pass")
    assert check_pending_call(Guard(open_policy), turn).allowed


def test_a_truncated_answer_is_not_a_pass() -> None:
    """Checked only in part (``on_oversize="truncate"``): blocked in every mode's exit code,
    and failed closed in blocking modes."""
    long = CLEAN.with_response("All good here. " * 20)
    for mode in ("observe", "flag", "wipe", "refuse"):
        policy = Policy(mode=mode, max_answer_chars=50, on_oversize="truncate", load_plugins=False)  # type: ignore[arg-type]
        verdict = Guard(policy).check(long)
        assert verdict.blocked and not verdict.blocking
        assert (verdict.action in ("none", "observed")) == (mode == "observe")
