"""nofab.compat.symfonic: Symfonic's call and finding shape on nofab's pipeline (no original needed)."""

from __future__ import annotations

import dataclasses
import json
from types import SimpleNamespace
from typing import Any

import pytest

from nofab.compat.symfonic import FabricationFinding, detect_fabrication
from nofab.errors import TurnError


def found(*args: Any, **kwargs: Any) -> set[tuple[str, str, str | None, float]]:
    return {(f.kind, f.identifier, f.key, f.confidence) for f in detect_fabrication(*args, **kwargs)}


@pytest.mark.parametrize(
    ("text", "kwargs", "expected"),
    [
        ("Your task_id=xyz is queued.", {}, {("kv", "xyz", "task_id", 0.8)}),
        ("The worker is pid=42.", {}, {("kv", "42", "pid", 0.8)}),
        ("Linked, customer_id=XX.", {"identifier_keys": ["customer_id"]}, {("kv", "XX", "customer_id", 0.8)}),
        ("9f2b1e47 is the id I ran just now.", {}, {("short_hex_near_verb", "9f2b1e47", None, 0.6)}),
        (
            "Kicked off with task_id=9f2b1e47",
            {},
            {("kv", "9f2b1e47", "task_id", 0.8), ("short_hex_near_key", "9f2b1e47", "task_id", 0.6)},
        ),
        (
            "I ran job 9f2b1e47, then job 9f2b1e47 again.",
            {},
            {("verb_claim", "I ran", None, 0.8), ("short_hex_near_verb", "9f2b1e47", None, 0.6)},
        ),
        (
            "incident_id=INC-4411 is open.",
            {"identifier_keys": ["incident_id"]},
            {("kv", "INC-4411", "incident_id", 0.8)},
        ),
        (
            "Done: 3fa85f64-5717-4562-b3fc-2c963f66afa6.",
            {},
            {("uuid", "3fa85f64-5717-4562-b3fc-2c963f66afa6", None, 0.95)},
        ),
    ],
)
def test_the_issue_examples_through_the_drop_in(
    text: str, kwargs: dict[str, Any], expected: set[Any]
) -> None:
    """Each behaviour issue 13 lists, as a Symfonic caller sees it."""
    assert found(text, **kwargs) == expected


@pytest.mark.parametrize(
    "calls",
    [
        [{"name": "spawn_subagent", "result": "ok"}],
        [{"tool": "run_agent", "output": {"ok": True}}],
        [{"name": "exec_worker", "args": {"cmd": "x"}}],
    ],
)
def test_tool_records_are_read_as_symfonic_reads_them(calls: list[dict[str, Any]]) -> None:
    """name/tool, result/output, args: a spawning tool grounds "I spawned"; create_job does not."""
    assert "verb_claim" not in {k for k, *_ in found("I spawned subagent 9f2b1e47.", calls)}
    assert "verb_claim" in {
        k for k, *_ in found("I spawned subagent 9f2b1e47.", [{"name": "create_job", "result": "ok"}])
    }


@pytest.mark.parametrize(
    "calls",
    [
        [{"name": "start_task", "result": {"task_id": "A-77"}}],
        [{"tool": "start_task", "output": "task_id: A-77"}],
        [{"name": "start_task", "args": {"task_id": "A-77"}}],
    ],
)
def test_an_id_in_any_field_of_a_record_is_grounded(calls: list[dict[str, Any]]) -> None:
    """result, output and args are all searched; the context and user message too."""
    assert found("Started: task_id=A-77", calls) == set()
    assert found("Started: task_id=A-77", hydrated_context="earlier: task_id=A-77") == set()
    assert found("Started: task_id=A-77", user_message="please use A-77") == set()


@pytest.mark.parametrize(
    "verdict",
    [
        SimpleNamespace(label="action", confidence=0.8, matched_tool_keywords=["enviar"]),
        {"label": "action", "confidence": 0.55},
    ],
)
def test_the_intent_verdict_is_duck_typed(verdict: Any) -> None:
    """An object or a mapping with label and confidence; the finding is Symfonic's (0.7, medium)."""
    (finding,) = [
        f
        for f in detect_fabrication("Listo, gráfica enviada.", [], intent_verdict=verdict)
        if f.kind.startswith("intent")
    ]
    assert (finding.kind, finding.confidence, finding.severity, finding.pattern_kind) == (
        "intent_action_no_tool",
        0.7,
        "medium",
        "intent_no_grounding",
    )
    assert finding.identifier == "" and finding.span == (0, 0)


def test_without_a_verdict_no_intent_finding_is_reported() -> None:
    """As in Symfonic, the intent finding needs the caller's verdict."""
    assert found("Done.", [], user_message="Can you cancel my order A-1042 please") == set()


def test_the_finding_is_symfonics_frozen_dataclass_and_payload() -> None:
    """Field names and order, frozen, and the telemetry payload shape."""
    (finding,) = detect_fabrication("Your task_id=xyz is queued.")
    assert [f.name for f in dataclasses.fields(FabricationFinding)] == [
        "identifier",
        "kind",
        "severity",
        "reason",
        "key",
        "pattern_kind",
        "confidence",
        "span",
        "grounded_sources",
    ]
    with pytest.raises(dataclasses.FrozenInstanceError):
        finding.kind = "uuid"  # type: ignore[misc]
    payload = finding.to_event_payload()
    assert json.loads(json.dumps(payload)) == {
        "identifier": "xyz",
        "kind": "kv",
        "severity": "high",
        "reason": finding.reason,
        "key": "task_id",
        "pattern_kind": "kv",
        "confidence": 0.8,
        "span": [5, 16],
    }


def test_a_callers_own_key_is_medium_severity() -> None:
    """Symfonic: built-in keys are high, domain keys medium."""
    (finding,) = detect_fabrication("Linked, customer_ref=XX.", identifier_keys=["customer_ref"])
    assert finding.severity == "medium"


@pytest.mark.parametrize("text", ["", "   ", None])
def test_an_empty_draft_gives_nothing(text: Any) -> None:
    """Symfonic's empty-draft contract."""
    assert detect_fabrication(text) == []


@pytest.mark.parametrize(
    ("args", "kwargs", "where"),
    [
        ((42,), {}, "response_text"),
        (("Done.",), {"intent_verdict": SimpleNamespace(label=None, confidence=0.9)}, "intent_verdict.label"),
        (
            ("Done.",),
            {"intent_verdict": {"label": "action", "confidence": "high"}},
            "intent_verdict.confidence",
        ),
    ],
)
def test_bad_input_is_one_typed_error_naming_the_field(
    args: tuple[Any, ...], kwargs: dict[str, Any], where: str
) -> None:
    """Not text, or a verdict without a usable label/confidence: TurnError with the field."""
    with pytest.raises(TurnError) as caught:
        detect_fabrication(*args, **kwargs)
    assert caught.value.where == where


def test_records_that_are_not_mappings_are_skipped() -> None:
    """Symfonic never raises on a stray record; neither does the drop-in."""
    assert found("Your task_id=xyz is queued.", ["not a record", None]) == {("kv", "xyz", "task_id", 0.8)}
