"""The fidelity detector: findings and confidences, extractive results, the tier ladder,
expectations, declaration requirements, bad declarations and fault injection."""

from __future__ import annotations

from typing import Any

import pytest

from nofab.config.policy import Policy, Profile
from nofab.errors import ProfileError, TurnError, UsageError
from nofab.fidelity.fault import from_env, inject_misread
from nofab.fidelity.ladder import FidelitySettings
from nofab.model.turn import Turn
from nofab.model.verdict import Verdict
from nofab.pipeline.guard import Guard

RESULT: dict[str, Any] = {
    "order_id": "A-1042",
    "total": 42.7333,
    "items": 3,
    "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "host": "10.0.0.12",
    "owner": "ops@acme.io",
    "log": "first line\nRun key Updater -> C:\\Users\\bob\\evil.exe",
    "rows": [
        {"name": "Updater", "data": "C:\\Users\\bob\\evil.exe", "state": "failed"},
        {"name": "OneDrive", "data": "C:\\Program Files\\OneDrive.exe", "state": "failed"},
        {"name": "Teams", "data": "C:\\Program Files\\Teams.exe", "state": "ok"},
    ],
}


def turn(
    values: list[dict[str, Any]], claims: list[dict[str, Any]] | None = None, **extra: Any
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "response": "Order A-1042 totals $42.73 for 3 items.",
        "tool_calls": [{"id": "c1", "name": "get_order", "result": RESULT}],
        "asserted_values": [{"tool_call_id": "c1", **v} for v in values],
        **extra,
    }
    if claims is not None:
        data["declared_claims"] = claims
    return data


def check(data: dict[str, Any], rules: dict[str, Any] | None = None, mode: str = "observe") -> Verdict:
    profile = Profile(rules={"fidelity": rules}) if rules is not None else Profile()
    guard = Guard(Policy(mode=mode, detectors=("fidelity",), load_plugins=False), profile)  # type: ignore[arg-type]
    return guard.check(data)


@pytest.mark.parametrize(
    ("value", "confidence"),
    [
        ({"path": "total", "expected": "42.74", "match": "number"}, 0.9),
        ({"path": "items", "expected": 4, "match": "int"}, 0.9),
        (
            {
                "path": "sha256",
                "expected": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a09",
            },
            0.95,
        ),
        ({"path": "host", "expected": "10.0.0.1", "match": "contains"}, 0.95),
        ({"path": "owner", "expected": "ops@acme.com"}, 0.95),
        ({"path": "rows[*].data", "expected": "evil.dll", "match": "contains"}, 0.95),
        ({"path": "total.value", "expected": "42.73", "match": "number"}, 0.9),
        ({"path": "rows[9].name", "expected": "Updater"}, 0.9),
    ],
)
def test_misread_confidence(value: dict[str, Any], confidence: float) -> None:
    """A value not in the output is misread_value at 0.9, or 0.95 for a hash, IP, e-mail or file name."""
    verdict = check(turn([value]))
    (finding,) = verdict.findings
    assert (finding.kind, finding.confidence) == ("misread_value", confidence)
    assert verdict.details["asserted_values"][0]["status"] == "failed"


def test_unknown_tool_call_id_is_a_finding() -> None:
    """Citing a tool call id that no call has is itself a misread_value finding."""
    data = turn([{"path": "total", "expected": "42.73", "match": "number"}])
    data["asserted_values"][0]["tool_call_id"] = "call_404"
    (finding,) = check(data).findings
    assert finding.kind == "misread_value"
    assert "call_404" in finding.reason and "never ran" in finding.reason


def test_failed_call_has_no_output_to_read() -> None:
    """A value cited from a call that errored fails: there is no output to read it from."""
    data = turn([{"path": "total", "expected": "42.73", "match": "number"}])
    data["tool_calls"][0]["status"] = "error"
    data["tool_calls"][0]["error"] = "timeout"
    (finding,) = check(data).findings
    assert "status error" in finding.reason


def test_passes_are_extractive() -> None:
    """A pass carries what the parser read: the full string for contains, the row for record."""
    verdict = check(
        turn(
            [
                {"path": "log", "expected": "updater", "match": "contains"},
                {"path": "rows[*]", "expected": {"name": "Updater", "data": "evil.exe"}, "match": "record"},
                {"path": "total", "expected": "42.73", "match": "number"},
            ]
        )
    )
    assert verdict.findings == ()
    sealed = verdict.details["asserted_values"]
    assert [s["status"] for s in sealed] == ["passed"] * 3
    assert sealed[0]["matched"] == [RESULT["log"]]
    assert sealed[1]["matched"] == [RESULT["rows"][0]] and sealed[1]["matched_paths"] == ["rows[0]"]
    assert sealed[2]["matched"] == [42.7333]
    assert verdict.to_dict()["asserted_values"] == sealed


def test_no_declarations_no_details() -> None:
    """A turn that declares nothing gets no fidelity details and no findings."""
    verdict = check({"response": "hello", "tool_calls": []})
    assert "asserted_values" not in verdict.details and verdict.findings == ()


def test_count_shortfall_demotes() -> None:
    """Fewer backing values than count claims is a demoted finding (0.7, below the threshold)."""
    verdict = check(turn([{"path": "rows[*].state", "expected": "failed", "count": 3}]), mode="refuse")
    (finding,) = verdict.findings
    assert finding.confidence == 0.7 and finding.evidence["ladder"] == "downgrade"
    assert verdict.blocking == () and verdict.details["asserted_values"][0]["status"] == "short"
    assert len(verdict.details["asserted_values"][0]["matched"]) == 2
    assert check(turn([{"path": "rows[*].state", "expected": "failed", "count": 2}])).findings == ()


def test_finding_span_points_at_the_quoted_value() -> None:
    """When the answer quotes the declared value, the finding's span is that quote."""
    verdict = check(turn([{"path": "total", "expected": "42.73", "match": "exact"}]))
    (finding,) = verdict.findings
    answer = "Order A-1042 totals $42.73 for 3 items."
    assert answer[finding.span[0] : finding.span[1]] == "42.73"


# ---------------------------------------------------------------------------- tier ladder
WRONG = {"path": "items", "expected": 4, "match": "int"}
WRONG_ANCHOR = {"path": "host", "expected": "10.0.0.13", "match": "exact"}
SHORT = {"path": "rows[*].state", "expected": "failed", "count": 3}


@pytest.mark.parametrize(
    ("tier", "value", "outcome", "tier_after", "confidence"),
    [
        ("confirmed", WRONG, "rejected", "rejected", 0.9),
        ("inferred", WRONG, "downgraded", "hypothesis", 0.7),
        ("hypothesis", WRONG, "downgraded", "hypothesis", 0.5),
        ("confirmed", WRONG_ANCHOR, "rejected", "rejected", 0.95),
        ("inferred", WRONG_ANCHOR, "rejected", "rejected", 0.95),
        ("hypothesis", WRONG_ANCHOR, "rejected", "rejected", 0.95),
        ("confirmed", SHORT, "downgraded", "inferred", 0.7),
        ("inferred", SHORT, "downgraded", "hypothesis", 0.6),
    ],
)
def test_tier_ladder(
    tier: str, value: dict[str, Any], outcome: str, tier_after: str, confidence: float
) -> None:
    """A failed value rejects a confirmed claim, downgrades lower tiers; anchors reject at any tier."""
    verdict = check(turn([{**value, "claim": "c"}], [{"id": "c", "tier": tier}]))
    (claim,) = verdict.details["declared_claims"]
    assert (claim["outcome"], claim["tier_after"]) == (outcome, tier_after)
    (finding,) = verdict.findings
    assert finding.confidence == confidence and finding.evidence["tier"] == tier


def test_derivation_carries_failure() -> None:
    """An inferred claim derived from a rejected confirmed claim is downgraded with it."""
    claims = [
        {"id": "base", "tier": "confirmed"},
        {"id": "derived", "tier": "inferred", "derived_from": ["base"]},
        {"id": "ok", "tier": "confirmed"},
        {"id": "fine", "tier": "inferred", "derived_from": ["ok"]},
    ]
    values = [{**WRONG, "claim": "base"}, {"path": "items", "expected": 3, "match": "int", "claim": "ok"}]
    outcomes = {c["id"]: c for c in check(turn(values, claims)).details["declared_claims"]}
    assert outcomes["base"]["outcome"] == "rejected"
    assert (outcomes["derived"]["outcome"], outcomes["derived"]["tier_after"]) == ("downgraded", "hypothesis")
    assert (outcomes["ok"]["outcome"], outcomes["fine"]["outcome"]) == ("approved", "approved")


@pytest.mark.parametrize(
    ("claims", "values", "undeclared", "confidence"),
    [
        ([{"id": "c", "tier": "confirmed"}], [], ["c"], 0.85),
        ([{"id": "c", "tier": "inferred"}], [], ["c"], 0.7),
        ([{"id": "h", "tier": "hypothesis"}], [], [], None),
        (
            [{"id": "b", "tier": "confirmed"}, {"id": "c", "tier": "inferred", "derived_from": ["b"]}],
            [{"path": "items", "expected": 3, "match": "int", "claim": "b"}],
            [],
            None,
        ),
        (
            [{"id": "h", "tier": "hypothesis"}, {"id": "c", "tier": "inferred", "derived_from": ["h"]}],
            [],
            ["c"],
            0.7,
        ),
        (
            [{"id": "c", "tier": "confirmed"}],
            [{"path": "items", "expected": 3, "match": "int", "claim": "c"}],
            [],
            None,
        ),
    ],
)
def test_declaration_requirements(
    claims: list[dict[str, Any]],
    values: list[dict[str, Any]],
    undeclared: list[str],
    confidence: float | None,
) -> None:
    """Confirmed claims declare values; inferred: values or confirmed derived_from; hypotheses: exempt."""
    verdict = check(turn(values, claims))
    found = [f for f in verdict.findings if f.kind == "undeclared_claim"]
    assert [f.evidence["claim"] for f in found] == undeclared
    if confidence is not None:
        assert found[0].confidence == confidence
    off = check(turn(values, claims), rules={"require_declarations": False})
    assert not [f for f in off.findings if f.kind == "undeclared_claim"]


# ---------------------------------------------------------------------------- expectations
@pytest.mark.parametrize(
    ("value", "status", "kinds"),
    [
        ({"path": "items", "expected": 3, "match": "int"}, "held", []),
        ({"path": "items", "expected": 5, "match": "int"}, "refuted", ["refuted_expectation"]),
        ({"path": "discount", "expected": 5, "match": "int"}, "unresolved", []),
        ({"path": "rows[*].name", "expected": "Teams"}, "held", []),
        ({"path": "rows[*].name", "expected": "Slack"}, "refuted", ["refuted_expectation"]),
    ],
)
def test_expectations_when_opted_in(value: dict[str, Any], status: str, kinds: list[str]) -> None:
    """An expectation is refuted only when the path is present and every value there conflicts."""
    verdict = check(turn([{**value, "expectation": True}]), rules={"expectations": True})
    assert verdict.details["asserted_values"][0]["status"] == status
    assert [f.kind for f in verdict.findings] == kinds


def test_expectations_are_opt_in() -> None:
    """Without the profile opting in, expectations are reported as not checked and find nothing."""
    verdict = check(turn([{"path": "items", "expected": 5, "match": "int", "expectation": True}]))
    assert verdict.findings == ()
    assert verdict.details["asserted_values"][0]["status"] == "not_checked"


def test_refuted_expectation_follows_the_ladder() -> None:
    """A refuted expectation rejects a confirmed claim and downgrades an inferred one."""
    value = {"path": "items", "expected": 5, "match": "int", "expectation": True, "claim": "c"}
    for tier, outcome, confidence in (("confirmed", "rejected", 0.9), ("inferred", "downgraded", 0.7)):
        verdict = check(turn([value], [{"id": "c", "tier": tier}]), rules={"expectations": True})
        assert verdict.details["declared_claims"][0]["outcome"] == outcome
        assert verdict.findings[0].confidence == confidence


# ---------------------------------------------------------------------------- bad declarations
@pytest.mark.parametrize(
    ("value", "where", "message"),
    [
        (
            {"path": "total", "expected": 1, "match": "fuzzy"},
            "asserted_values[0].match",
            "unknown match kind",
        ),
        (
            {"path": "rows[*]", "expected": "{not json", "match": "record"},
            "asserted_values[0].expected",
            "JSON object",
        ),
        (
            {"path": "rows[*]", "expected": {}, "match": "record"},
            "asserted_values[0].expected",
            "no constraints",
        ),
        ({"path": "rows[*", "expected": "x"}, "asserted_values[0].path", "never closed"),
        ({"path": "rows]", "expected": "x"}, "asserted_values[0].path", "unbalanced"),
        ({"path": "items", "expected": True, "match": "int"}, "asserted_values[0].expected", "boolean"),
        ({"path": "x", "expected": "(a)\\1", "match": "regex"}, "asserted_values[0].expected", "RE2"),
        ({"path": "x", "expected": 1, "count": 0}, "asserted_values[0].count", "positive"),
        (
            {"path": "x", "expected": 1, "expectation": True, "count": 2},
            "asserted_values[0].count",
            "expectation",
        ),
        ({"path": "x", "expected": 1, "claim": "nope"}, "asserted_values[0].claim", "no declared claim"),
        ({"path": "x"}, "asserted_values[0].expected", "required"),
    ],
)
def test_bad_declarations_fail_validation(value: dict[str, Any], where: str, message: str) -> None:
    """Bad declarations are TurnErrors at validation naming the field, never crashes at check time."""
    with pytest.raises(TurnError) as info:
        Turn.from_dict(turn([value]))
    assert info.value.where == where and message in info.value.detail


@pytest.mark.parametrize(
    ("claims", "where"),
    [
        ([{"id": "a"}, {"id": "a"}], "declared_claims[1].id"),
        ([{"id": "a", "tier": "certain"}], "declared_claims[0].tier"),
        ([{"id": "a", "derived_from": ["b"]}], "declared_claims[0].derived_from[0]"),
        ([{"id": "a", "derived_from": ["a"]}], "declared_claims[0].derived_from[0]"),
        ([{"tier": "confirmed"}], "declared_claims[0].id"),
    ],
)
def test_bad_claims_fail_validation(claims: list[dict[str, Any]], where: str) -> None:
    """Duplicate ids, unknown tiers and dangling derived_from are TurnErrors naming the field."""
    with pytest.raises(TurnError) as info:
        Turn.from_dict(turn([], claims))
    assert info.value.where == where


def test_bad_rules_are_profile_errors() -> None:
    """Unknown or mistyped rules.fidelity settings are ProfileErrors naming the key."""
    with pytest.raises(ProfileError, match=r"rules\.fidelity"):
        FidelitySettings.from_rules({"expectation": True})
    with pytest.raises(ProfileError, match=r"rules\.fidelity\.expectations"):
        FidelitySettings.from_rules({"expectations": "yes"})


# ---------------------------------------------------------------------------- fault injection
def test_fault_injection_corrupts_one_value_and_is_rejected() -> None:
    """misread:<fragment> corrupts the first matching declaration, and the check rejects it."""
    base = Turn.from_dict(
        turn(
            [
                {"path": "items", "expected": 3, "match": "int"},
                {"path": "total", "expected": "42.73", "match": "number"},
            ]
        )
    )
    assert check(turn([])).findings == ()
    injected, fault = from_env(base, {"NOFAB_FAULT_INJECT": "misread:total"})
    assert fault is not None and fault.index == 1 and fault.original == "42.73" and fault.injected == "42.80"
    assert injected.asserted_values[0] == base.asserted_values[0]
    guard = Guard(Policy(detectors=("fidelity",), load_plugins=False))
    assert guard.check(base).findings == ()
    (finding,) = guard.check(injected).findings
    assert finding.kind == "misread_value" and finding.confidence == 0.9


@pytest.mark.parametrize("spec", ["misread:", "flip:total", "misread"])
def test_bad_fault_spec(spec: str) -> None:
    """A malformed NOFAB_FAULT_INJECT is a UsageError, not silently ignored."""
    with pytest.raises(UsageError):
        from_env(
            Turn.from_dict(turn([{"path": "items", "expected": 3, "match": "int"}])),
            {"NOFAB_FAULT_INJECT": spec},
        )


def test_fault_that_matches_nothing_says_so() -> None:
    """An injection whose fragment matches no declaration raises instead of silently not firing."""
    with pytest.raises(UsageError, match="matches no declared value"):
        inject_misread(Turn.from_dict(turn([{"path": "items", "expected": 3, "match": "int"}])), "zzz")


def test_duplicate_tool_call_ids_are_ambiguous() -> None:
    """When two calls share the cited id the value fails as ambiguous instead of picking one."""
    data = turn([{"path": "items", "expected": 3, "match": "int"}])
    data["tool_calls"].append({"id": "c1", "name": "get_order", "result": {"items": 3}})
    (finding,) = check(data).findings
    assert "ambiguous" in finding.reason


def test_expectation_citing_an_unknown_call_is_a_finding_even_unchecked() -> None:
    """An expectation that cites a call that never ran is flagged whether or not expectations are checked."""
    data = turn([{"path": "items", "expected": 3, "match": "int", "expectation": True}])
    data["asserted_values"][0]["tool_call_id"] = "ghost"
    for rules in (None, {"expectations": True}):
        (finding,) = check(data, rules=rules).findings
        assert finding.kind == "misread_value" and "never ran" in finding.reason


def test_a_failing_check_never_crashes_the_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    """If the fidelity check itself raises, the verdict reports a detector error instead of raising."""
    import nofab.detectors.fidelity as module

    def boom(*_args: Any, **_kwargs: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(module, "assess", boom)
    verdict = check(turn([{"path": "items", "expected": 3, "match": "int"}]))
    assert [e.detector for e in verdict.detector_errors] == ["fidelity"]
    assert verdict.details["asserted_values_error"] == "RuntimeError: boom"
