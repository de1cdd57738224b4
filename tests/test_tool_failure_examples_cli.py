"""End to end: every shipped tool-failure example through `nofab check --mode wipe` and
`--mode refuse`, with the text the user would see checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nofab.cli.main import main
from nofab.config.policy import DEFAULT_ENVELOPE

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# (example, kind that must reach the threshold, text kept by the wipe, text the wipe must remove)
CASES = [
    ("phantom_tool", "phantom_tool", "Lisbon is at 38.72, -9.14.", "get_weather_forecast"),
    (
        "unavailable_tool",
        "unavailable_tool_reference",
        "Here is what I looked for: recent work on retrieval-augmented generation applied to legal text.",
        "I found 3 papers",
    ),
    ("bulk_failure", "bulk_failure", DEFAULT_ENVELOPE, "$4.2 million"),
    ("data_inflation", "data_inflation", "Let me know if you want to change any of them.", "ORD-1003"),
    (
        "self_confession",
        "self_confession",
        "You're right to ask.\n\nI can re-run the analysis now if you like.",
        "3fa85f64",
    ),
    (
        "method_result_confession",
        "method_result_confession",
        "Here are the regression results:\n\nTo be transparent, I didn't actually run the regression; "
        "the values above were not computed from your data.\n\n"
        "If you share the dataset I can run it properly.",
        "1204.5",
    ),
    ("degenerate_prose", "degenerate_prose", DEFAULT_ENVELOPE, "Th e."),
    (
        "ungrounded_entity",
        "ungrounded_entity",
        "Your last order is ORD-2291.\n\nYou can download its invoice at "
        "https://shop.example.com/invoices/ORD-2291.pdf.",
        "ORD-2290",
    ),
    ("argument_without_provenance", "argument_without_provenance", "Let me fetch the pricing page.", "\x00"),
]


def run(example: str, mode: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, object]]:
    code = main(["check", str(EXAMPLES / f"{example}.json"), "--format", "json", "--mode", mode])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(("example", "kind", "kept", "removed"), CASES, ids=[c[0] for c in CASES])
def test_wipe_keeps_only_grounded_paragraphs(
    example: str, kind: str, kept: str, removed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--mode wipe exits 1, reports the kind at the threshold and prints exactly the kept text."""
    code, verdict = run(example, "wipe", capsys)
    assert code == 1
    findings = verdict["findings"]
    assert isinstance(findings, list)
    assert any(f["kind"] == kind and f["confidence"] >= 0.8 for f in findings)
    assert verdict["action"] == "wiped"
    assert verdict["output"] == kept
    assert removed not in str(verdict["output"])


@pytest.mark.parametrize(("example", "kind"), [(c[0], c[1]) for c in CASES], ids=[c[0] for c in CASES])
def test_refuse_replaces_the_answer(example: str, kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    """--mode refuse exits 1 and prints the safe envelope instead of the answer."""
    code, verdict = run(example, "refuse", capsys)
    assert code == 1
    assert verdict["action"] == "refuse_replaced"
    assert verdict["output"] == DEFAULT_ENVELOPE


def test_wipe_reports_paragraph_accounting(capsys: pytest.CaptureFixture[str]) -> None:
    """The wipe verdict counts preserved and wiped paragraphs and carries the preserved text."""
    _code, verdict = run("phantom_tool", "wipe", capsys)
    assert (verdict["preserved_paragraphs"], verdict["wiped_paragraphs"]) == (1, 1)
    assert verdict["preserved_text"] == "Lisbon is at 38.72, -9.14."
    assert verdict["phantom_tools"] == ["get_weather_forecast"]


def test_unavailable_example_lists_the_empty_tool(capsys: pytest.CaptureFixture[str]) -> None:
    """The verdict names the tool that returned nothing."""
    _code, verdict = run("unavailable_tool", "observe", capsys)
    assert verdict["empty_result_tools"] == ["search_corpus"]
    assert verdict["api_failed_tools"] == [] and verdict["guard_blocked_tools"] == []


def test_bulk_example_separates_refusals_from_failures(capsys: pytest.CaptureFixture[str]) -> None:
    """The bulk-failure example's duplicate refusal is guard-blocked, its timeouts API failures."""
    _code, verdict = run("bulk_failure", "observe", capsys)
    assert verdict["api_failed_tools"] == ["query_sales"]
    assert verdict["guard_blocked_tools"] == ["query_sales"]


def test_pending_call_example_halts(capsys: pytest.CaptureFixture[str]) -> None:
    """The critical fetch_url with an invented URL is routed to an unrecoverable halt."""
    _code, verdict = run("argument_without_provenance", "observe", capsys)
    assert verdict["pending_call"] == {
        "tool": "fetch_url",
        "safety_tier": "critical",
        "route": "halt",
        "recoverable": False,
        "suspects": [
            {
                "argument": "url",
                "value": "https://acme.example.com/pricing-2024",
                "reason": "URL 'https://acme.example.com/pricing-2024' for fetch_url(url) appears in no "
                "earlier tool result, context or user message; critical tool, so the call is routed to halt",
            }
        ],
    }


def test_table_format_prints_the_wiped_output(capsys: pytest.CaptureFixture[str]) -> None:
    """The human table shows the finding and, under output, the answer after the wipe."""
    code = main(["check", str(EXAMPLES / "phantom_tool.json"), "--mode", "wipe", "--format", "table"])
    out = capsys.readouterr().out
    assert code == 1
    assert "phantom_tool" in out and "get_weather_forecast" in out
    assert out.rstrip().endswith("Lisbon is at 38.72, -9.14.")
