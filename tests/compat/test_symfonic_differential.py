"""Differential test: ``nofab.compat.symfonic`` against the original ``symfonic-core==9.12.0``.

Hypothesis builds drafts from Symfonic's documented families (UUIDs, ``key=value`` ids,
short hex next to a key or a claim verb, claim verbs with and without matching tools,
intent verdicts) and compares the (kind, identifier, key, confidence) sets. Every
difference must be one of the deliberate differences of ``docs/compat.md``, each named
here by its id (``D1``...) and recognised by a predicate; anything else fails.

Needs the ``compat-test`` extra (``pip install -e '.[compat-test]'``); skipped without it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nofab.compat.symfonic import detect_fabrication as ours
from symfonic_diffs import IDS, Case, classify

original = pytest.importorskip(
    "symfonic.agent.middleware.fabrication",
    reason="symfonic-core==9.12.0 is not installed (pip install -e '.[compat-test]')",
)
theirs = original.detect_fabrication

DOCS = Path(__file__).resolve().parents[2] / "docs" / "compat.md"
KEYS = ["task_id", "job_id", "pid", "request_id", "trace_id", "run_id", "ticket_id", "order_id", "service"]
_VERB_TEXT = (
    "ran called invoked executed queried triggered launched fetched started stopped posted updated deleted "
    "created spawned sent delivered dispatched checked retrieved pulled pushed"
)
VERBS = _VERB_TEXT.split()
TOOLS = [
    "send_email",
    "run_query",
    "spawn_subagent",
    "create_job",
    "get_user",
    "search_docs",
    "exec_shell",
    "delete_file",
    "update_record",
    "check_status",
    "post_message",
    "hydrate_context",
]

hexes = st.text("0123456789abcdef", min_size=6, max_size=16).filter(
    lambda s: any(c.isalpha() for c in s) and any(c.isdigit() for c in s)
)
uuids = st.uuids().map(str)
values = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9\-]{0,8}", fullmatch=True)


@dataclass(frozen=True)
class Draft:
    text: str
    calls: list[dict[str, Any]]
    intent: Any
    grounding: str


@st.composite
def drafts(draw: st.DrawFn) -> Draft:
    parts: list[str] = []
    grounded: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        family = draw(st.sampled_from(["uuid", "kv", "hex_key", "hex_verb", "hex_reference", "verb", "ask"]))
        if family == "uuid":
            value = draw(uuids)
            parts.append(f"The record is {value}.")
        elif family == "kv":
            value = draw(values)
            parts.append(f"Use {draw(st.sampled_from(KEYS))}={value} now.")
        elif family == "hex_key":
            value = draw(hexes)
            parts.append(f"Kicked off with {draw(st.sampled_from(KEYS))}={value}.")
        elif family == "hex_verb":
            value = draw(hexes)
            parts.append(f"I {draw(st.sampled_from(VERBS))} job {value} for you.")
        elif family == "hex_reference":
            value = draw(hexes)
            parts.append(f"{value} is the job I {draw(st.sampled_from(VERBS))} just now.")
        elif family == "verb":
            value = ""
            parts.append(f"I {draw(st.sampled_from(VERBS))} it for you.")
        else:
            value = ""
            parts.append("Which account should I use?")
        if value and draw(st.booleans()):
            grounded.append(value)
    names = draw(st.lists(st.sampled_from(TOOLS), max_size=2, unique=True))
    calls = [{"name": n, "result": {"ids": grounded}} for n in names]
    intent = None
    if draw(st.booleans()):
        intent = SimpleNamespace(
            label=draw(st.sampled_from(["action", "question"])),
            confidence=draw(st.sampled_from([0.5, 0.55, 0.8])),
            matched_tool_keywords=["send"],
        )
    # What Symfonic searches: the string form of every result (it grounds by substring).
    return Draft(" ".join(parts), calls, intent, " ".join(str(c["result"]) for c in calls))


def allowed(diff: tuple[str, str, str | None, float], side: str, draft: Draft) -> str | None:
    """The id of the documented difference explaining ``diff`` (found only on ``side``), or None."""
    kind, identifier, key, _confidence = diff
    return classify(kind, identifier, key, side, Case(draft.text, bool(draft.calls), draft.grounding))


def _set(findings: list[Any]) -> set[tuple[str, str, str | None, float]]:
    return {(f.kind, f.identifier, f.key, round(f.confidence, 3)) for f in findings}


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(drafts())
def test_only_documented_differences(draft: Draft) -> None:
    """nofab's answer through the compat layer equals Symfonic's, up to the documented differences."""
    mine = _set(ours(draft.text, draft.calls, intent_verdict=draft.intent))
    original_set = _set(theirs(draft.text, draft.calls, intent_verdict=draft.intent))
    unexplained = [(d, "ours") for d in mine - original_set if allowed(d, "ours", draft) is None] + [
        (d, "theirs") for d in original_set - mine if allowed(d, "theirs", draft) is None
    ]
    assert not unexplained, (draft.text, [c["name"] for c in draft.calls], unexplained)


@pytest.mark.parametrize(
    ("text", "kwargs"),
    [
        ("Your task_id=xyz is queued.", {}),
        ("Linked to customer_id=XX.", {"identifier_keys": ["customer_id"]}),
        ("The worker is pid=42.", {}),
        ("Kicked off with task_id=9f2b1e47", {}),
        ("I spawned subagent 9f2b1e47", {"tool_calls_this_turn": [{"name": "create_job", "result": "ok"}]}),
        ("incident_id=INC-4411 is open.", {"identifier_keys": ["incident_id"]}),
        ("I ran job 9f2b1e47, then job 9f2b1e47 again.", {}),
        (
            "Listo.",  # ("Gráfica enviada." is also a Spanish claim to nofab: D8)
            {
                "intent_verdict": SimpleNamespace(
                    label="action", confidence=0.8, matched_tool_keywords=["gráfica"]
                )
            },
        ),
    ],
)
def test_the_issue_examples_match_the_original_exactly(text: str, kwargs: dict[str, Any]) -> None:
    """Each behaviour issue 13 lists is now the same as Symfonic's, finding for finding."""
    calls = kwargs.pop("tool_calls_this_turn", None)
    assert _set(ours(text, calls, **kwargs)) == _set(theirs(text, calls, **kwargs))


def test_every_allowed_difference_is_documented() -> None:
    """The ids the predicate allows are the ones docs/compat.md lists."""
    text = DOCS.read_text(encoding="utf-8")
    for ident in IDS:
        assert f"**{ident}**" in text, ident
