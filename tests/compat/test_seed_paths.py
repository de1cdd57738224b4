"""Statistikles' retry-then-flag flow and VERDICT's declared values, as nofab runs them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nofab import Guard, Policy, Profile
from nofab.compat.verdict import claims_and_values, turn_with_findings
from nofab.errors import TurnError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "compat"
RETRY_THEN_FLAG = Guard(
    Policy(mode="revise", revise_fallback="flag", max_revisions=1, detectors=("numbers",))
)
STATS = {"id": "t1", "name": "summary_stats", "result": {"mean": 42.73, "n": 120}}


def _turn(response: str, *calls: dict[str, Any]) -> dict[str, Any]:
    return {"response": response, "tool_calls": list(calls)}


@pytest.mark.parametrize(
    "answer",
    [
        "The mean is 42.73 and r = 0.87.",
        "La media es 42,73 y r = 0,87.",
        "Mean 42.73; p < 0.001 (t = 3.14159).",
    ],
)
def test_an_orphan_number_that_survives_the_retry_is_flagged_never_rewritten(answer: str) -> None:
    """One retry; the reviser's text is shown with a warning block naming the orphan numbers."""
    asked: list[str] = []

    def model(instruction: str) -> str:
        asked.append(instruction)
        return answer  # the model restates the same thing

    verdict = RETRY_THEN_FLAG.check(_turn(answer, STATS), reviser=model)
    assert len(asked) == 1 and "ONLY" in asked[0]
    assert verdict.action == "flagged"
    assert verdict.output.startswith(answer)  # the text is kept as written
    assert "Treat these as unverified" in verdict.output
    assert all(f.kind == "unverified_number" for f in verdict.blocking)


def test_a_retry_that_fixes_the_numbers_is_shown_as_revised() -> None:
    """The restated answer is checked again; clean, it replaces the draft."""
    verdict = RETRY_THEN_FLAG.check(
        _turn("The mean is 42.73 and r = 0.87.", STATS), reviser=lambda _i: "The mean is 42.73 (n = 120)."
    )
    assert verdict.action == "revise_forced" and verdict.output == "The mean is 42.73 (n = 120)."


def test_with_no_tool_the_retry_says_nothing_was_computed() -> None:
    """Statistikles' second wording: no tool ran, so none of the numbers is verified."""
    asked: list[str] = []

    def model(instruction: str) -> str:
        asked.append(instruction)
        return "I cannot say without running the test."

    verdict = RETRY_THEN_FLAG.check(_turn("The p-value is 0.003."), reviser=model)
    assert "NO tool was called this turn" in asked[0]
    assert verdict.action == "revise_forced"


def test_a_clean_answer_is_not_retried() -> None:
    """Validation passes: the model is never called."""
    verdict = RETRY_THEN_FLAG.check(
        _turn("The mean is 42.73.", STATS), reviser=lambda _i: pytest.fail("called")
    )
    assert verdict.action == "none"


# ------------------------------------------------------------------ VERDICT
REGISTRY = {"id": "c7", "name": "registry_query", "result": {"run_count": 3, "when": "2024-05-01T10:00:00Z"}}


def _check(findings: list[dict[str, Any]], response: str = "run_count is 3.", **rules: Any) -> Any:
    turn = turn_with_findings(_turn(response, REGISTRY), findings)
    profile = Profile(rules={"fidelity": rules}) if rules else None
    return Guard(Policy(mode="observe", detectors=("fidelity",)), profile).check(turn)


@pytest.mark.parametrize(
    ("tier", "outcome", "kind"),
    [("CONFIRMED", "rejected", "misread_value"), ("INFERRED", "downgraded", "misread_value")],
)
def test_a_misread_value_is_rejected_or_downgraded_by_tier(tier: str, outcome: str, kind: str) -> None:
    """run_count = 8 when the output says 3: confirmed is rejected, inferred downgraded."""
    verdict = _check(
        [
            {
                "id": "f",
                "tier": tier,
                "tool_call_id": "c7",
                "asserted_values": [{"path": "run_count", "expected": "8", "match": "int"}],
            }
        ],
        "run_count is 8.",
    )
    (claim,) = verdict.details["declared_claims"]
    assert claim["outcome"] == outcome
    assert [f.kind for f in verdict.findings] == [kind]


@pytest.mark.parametrize(
    ("path", "expected", "match"),
    [("run_count", "3", "int"), ("run_count", "0x3", "int"), ("when", "2024-05-01T10:00:00+00:00", "iso_ts")],
)
def test_a_value_present_in_the_output_is_approved_with_what_was_read(
    path: str, expected: str, match: str
) -> None:
    """The recorded fact is the value the parser read from the cited output."""
    verdict = _check(
        [
            {
                "id": "f",
                "tool_call_id": "c7",
                "asserted_values": [{"path": path, "expected": expected, "match": match}],
            }
        ]
    )
    assert verdict.details["declared_claims"][0]["outcome"] == "approved"
    assert verdict.details["asserted_values"][0]["matched"]


def test_an_expectation_contradicted_by_the_output_is_refuted() -> None:
    """VERDICT's optional expectation maps to an asserted value with ``expectation: true``; as in
    VERDICT it is checked only when the operator opts in (``rules.fidelity.expectations``)."""
    finding = {
        "id": "f",
        "tool_call_id": "c7",
        "asserted_values": [{"path": "run_count", "expected": "3", "match": "int"}],
        "expectation": {"path": "run_count", "expected": "5", "match": "int"},
    }
    _claims, values = claims_and_values([finding])
    assert values[-1]["expectation"] is True and values[-1]["claim"] == "f"
    assert "refuted_expectation" in [f.kind for f in _check([finding], expectations=True).findings]
    assert "refuted_expectation" not in [f.kind for f in _check([finding]).findings]


@pytest.mark.parametrize(
    ("findings", "where"),
    [
        ([{"id": "f", "tool_call_id": "c7", "asserted": []}], "findings[0]"),
        ([{"tier": "CONFIRMED"}], "findings[0].id"),
        (
            [{"id": "f", "asserted_values": [{"path": "run_count", "expected": "3"}]}],
            "findings[0].asserted_values[0]",
        ),
        (
            [
                {
                    "id": "f",
                    "tool_call_id": "c7",
                    "asserted_values": [{"path": "x", "expected": "3", "match": "fuzzy"}],
                }
            ],
            "asserted_values[0].match",
        ),
    ],
)
def test_a_bad_declaration_is_one_error_naming_where(findings: list[dict[str, Any]], where: str) -> None:
    """Misspelt keys, missing ids or tool calls and unknown match kinds never pass silently."""
    with pytest.raises(TurnError) as caught:
        turn_with_findings(_turn("x", REGISTRY), findings)
    assert caught.value.where == where


@pytest.mark.parametrize(
    ("script", "code", "expected"),
    [
        ("statistikles_retry_then_flag.py", 0, "action: flagged"),
        ("verdict_declared_values.py", 1, "run-count: rejected"),
    ],
)
def test_the_examples_run(script: str, code: int, expected: str) -> None:
    """The runnable examples of docs/compat.md do what they say."""
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == code, done.stderr
    assert expected in done.stdout
