"""argument_without_provenance: pending-call arguments from nowhere, routed by safety tier; coverage."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import nofab
from nofab import Guard, Policy, Profile, check_call
from nofab.cli.main import main
from nofab.errors import InputError, TurnError
from nofab.pipeline.provenance import assert_critical_tools_covered, coverage, parse_tools

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
TURN: dict[str, Any] = {
    "user_message": "Pay invoice INV-2291 from account 4111 2222 3333 and email me at ann@example.com",
    "context": "Workspace root: /srv/app",
    "tool_calls": [
        {
            "name": "search_web",
            "arguments": {"q": "acme pricing", "seen": "https://made.up/by-the-model"},
            "result": [{"url": "https://acme.example.com/plans"}, {"id": "a7f3c9d2"}],
        }
    ],
}

CASES = [
    # (label, arguments, tier, expected [(argument, shape)], route)
    (
        "URL from nowhere, critical",
        {"url": "https://acme.example.com/pricing"},
        "critical",
        [("url", "url")],
        "halt",
    ),
    (
        "URL returned by a tool (trailing slash)",
        {"url": "https://acme.example.com/plans/"},
        "critical",
        [],
        "dispatch",
    ),
    (
        "URL only in an earlier call's arguments",
        {"url": "https://made.up/by-the-model"},
        "critical",
        [("url", "url")],
        "halt",
    ),
    ("invented email, standard", {"to": "bob@example.com"}, "standard", [("to", "email")], "approval"),
    ("email the user gave", {"to": "ann@example.com"}, "standard", [], "dispatch"),
    ("account number with other spacing", {"from": "4111-2222-3333"}, "critical", [], "dispatch"),
    ("invented account number", {"from": "4111 9999 3333"}, "critical", [("from", "account")], "halt"),
    (
        "invented id under an id key",
        {"invoice_id": "INV-2290"},
        "standard",
        [("invoice_id", "id")],
        "approval",
    ),
    ("id the user gave", {"invoice_id": "INV-2291"}, "standard", [], "dispatch"),
    ("id a tool returned, nested", {"items": [{"ref": "a7f3c9d2"}]}, "standard", [], "dispatch"),
    ("invented path", {"path": "/srv/app/secrets.env"}, "standard", [("path", "path")], "approval"),
    (
        "advisory tier is observed only",
        {"url": "https://nowhere.example"},
        "advisory",
        [("url", "url")],
        "observe",
    ),
    (
        "ordinary values are not checked",
        {"q": "cheap flights", "n": 3, "date": "2024-05-19", "ok": True},
        "critical",
        [],
        "dispatch",
    ),
    (
        "arguments as JSON text",
        '{"url": "https://acme.example.com/pricing"}',
        "critical",
        [("url", "url")],
        "halt",
    ),
]


@pytest.mark.parametrize(
    ("label", "arguments", "tier", "expected", "route"), CASES, ids=[c[0] for c in CASES]
)
def test_check_call_table(
    label: str, arguments: Any, tier: str, expected: list[tuple[str, str]], route: str
) -> None:
    """Each row: the suspect arguments and the route the tool's safety tier gives them."""
    verdict = check_call({"name": "tool", "arguments": arguments, "safety_tier": tier}, TURN)
    assert [(s.argument, s.shape) for s in verdict.suspects] == expected, label
    assert verdict.route == route
    assert verdict.recoverable is (route != "halt")
    assert verdict.dispatch is (route in ("dispatch", "observe"))


def test_advisory_findings_stay_below_the_threshold() -> None:
    """An advisory tool's finding is reported but never blocks at the default threshold."""
    verdict = check_call(
        {"name": "t", "arguments": {"url": "https://x.example"}, "safety_tier": "advisory"}, TURN
    )
    assert verdict.findings[0].confidence < 0.8


def test_profile_forces_a_parameter_to_be_checked() -> None:
    """rules.arguments.parameters makes any value of that parameter need provenance."""
    pending = {"name": "run_sql", "arguments": {"query": "DROP TABLE users"}, "safety_tier": "critical"}
    assert check_call(pending, TURN).route == "dispatch"
    profile = Profile(rules={"arguments": {"parameters": {"run_sql": ["query"]}}})
    assert check_call(pending, TURN, profile).route == "halt"


def test_guard_reports_routing_in_the_verdict() -> None:
    """nofab check on a turn with a pending call puts the routing under pending_call."""
    turn = {
        **TURN,
        "response": "Fetching it now.",
        "pending_call": {
            "name": "fetch_url",
            "arguments": {"url": "https://evil.example/x"},
            "safety_tier": "standard",
        },
    }
    data = Guard(Policy(load_plugins=False)).check(turn).to_dict()
    assert data["pending_call"]["route"] == "approval"
    assert data["pending_call"]["suspects"][0]["value"] == "https://evil.example/x"
    assert [f["kind"] for f in data["findings"]] == ["argument_without_provenance"]


def test_check_call_rejects_bad_input() -> None:
    """A malformed pending call is a TurnError naming the field."""
    with pytest.raises(TurnError, match="safety_tier"):
        check_call({"name": "t", "safety_tier": "urgent"}, TURN)


def test_check_call_is_public_api() -> None:
    """check_call is exported at the package root and __all__ stays sorted."""
    assert nofab.check_call is check_call and "check_call" in nofab.__all__


# ---------------------------------------------------------------------- coverage
def test_coverage_finds_the_uncovered_critical_tool() -> None:
    """A critical tool with no URL/email/path/account/id-shaped parameter is a gap."""
    tools = parse_tools(json.loads((EXAMPLES / "coverage" / "tools.json").read_text()))
    report = coverage(tools)
    assert report.gaps == ("run_sql",)
    assert report.covered["fetch_url"] == ("url",) and report.covered["transfer_funds"] == ("to_account",)
    assert report.covered["send_email"] == ("to",)


def test_profile_closes_the_gap_and_the_assertion_passes() -> None:
    """Naming the parameter in the profile covers the tool; the pytest helper then passes."""
    tools = json.loads((EXAMPLES / "coverage" / "tools.json").read_text())
    with pytest.raises(AssertionError, match="run_sql"):
        assert_critical_tools_covered(tools)
    assert_critical_tools_covered(tools, Profile(rules={"arguments": {"parameters": {"run_sql": ["query"]}}}))


def test_coverage_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """nofab coverage exits 1 with the gap named, 0 once the profile covers it, 2 on bad input."""
    tools = str(EXAMPLES / "coverage" / "tools.json")
    assert main(["coverage", tools]) == 1
    assert "GAP run_sql [critical]" in capsys.readouterr().out
    profile = tmp_path / "p.toml"
    profile.write_text('[rules.arguments.parameters]\nrun_sql = ["query"]\n')
    assert main(["coverage", tools, "--profile", str(profile), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    bad = tmp_path / "bad.json"
    bad.write_text('[{"name": "x", "safety_tier": "urgent"}]')
    assert main(["coverage", str(bad)]) == 2
    assert "bad.json[0]" in capsys.readouterr().err


def test_parse_tools_rejects_a_nameless_tool() -> None:
    """A tool definition without a name is an InputError naming its index."""
    with pytest.raises(InputError, match=r"tools\[1\]"):
        parse_tools([{"name": "a"}, {"safety_tier": "critical"}])
