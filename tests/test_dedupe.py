"""Overlapping findings: one per place, the more specific kind keeps it, nothing is lost."""

from __future__ import annotations

import pytest

from nofab import Finding, Profile
from nofab.pipeline.dedupe import MAX_ALSO_FLAGGED, SPECIFICITY, dedupe
from tests.helpers import findings, turn


def f(
    kind: str, confidence: float, span: tuple[int, int], identifier: str = "x", **evidence: object
) -> Finding:
    return Finding(kind, "d", identifier, confidence, span, "r", evidence=evidence)


def blocks_at(threshold: float):  # type: ignore[no-untyped-def]
    return lambda finding: finding.confidence >= threshold


@pytest.mark.parametrize(
    ("specific", "generic"),
    [
        ("kv", "ungrounded_entity"),
        ("uuid", "unverified_number"),
        ("misread_value", "verb_claim"),
        ("ungrounded_entity", "verb_claim"),
    ],
)
def test_the_more_specific_kind_keeps_the_place_even_when_less_confident(specific: str, generic: str) -> None:
    """Both block: the specific kind stays, the other is listed with its own confidence."""
    (kept,) = dedupe([f(generic, 0.9, (0, 10)), f(specific, 0.8, (2, 8), key="k")], blocks_at(0.8))
    assert kept.kind == specific and kept.confidence == 0.8
    assert kept.evidence["also_flagged"] == [
        {"kind": generic, "detector": "d", "identifier": "x", "confidence": 0.9, "span": [0, 10]}
    ]


def test_a_blocking_finding_is_never_replaced_by_one_that_does_not_block() -> None:
    """Merging never lowers the verdict: a 0.6 short hex does not hide a 0.85 entity."""
    (kept,) = dedupe(
        [f("short_hex_near_verb", 0.6, (0, 8)), f("ungrounded_entity", 0.85, (0, 8))], blocks_at(0.8)
    )
    assert kept.kind == "ungrounded_entity"
    assert kept.evidence["also_flagged"][0]["kind"] == "short_hex_near_verb"


def test_the_losers_key_is_remembered() -> None:
    """A merged ``short_hex_near_key`` keeps its key, so a compatibility layer can report it."""
    (kept,) = dedupe(
        [f("kv", 0.8, (0, 20)), f("short_hex_near_key", 0.6, (8, 20), key="task_id")], blocks_at(0.8)
    )
    assert kept.evidence["also_flagged"][0]["key"] == "task_id"


def test_apart_findings_and_whole_turn_findings_are_all_kept() -> None:
    """Findings that do not overlap all stay; whole-turn findings stay once per kind, in order of position."""
    got = dedupe(
        [
            f("verb_claim", 0.8, (20, 25)),
            f("kv", 0.8, (0, 5)),
            f("intent_action_no_tool", 0.7, (0, 0), ""),
            f("intent_action_no_tool", 0.7, (0, 0), ""),
        ],
        blocks_at(0.8),
    )
    assert [x.kind for x in got] == ["intent_action_no_tool", "kv", "verb_claim"]
    assert all("also_flagged" not in x.evidence for x in got)


def test_unknown_kinds_rank_after_the_pointed_built_in_kinds_and_the_list_is_capped() -> None:
    """A plugin's kind yields to an entity, keeps its place against a claim verb (whose span is a
    whole clause); a stack of overlaps is listed up to the cap."""
    stack = [f("plugin_kind", 0.99, (0, 10))] * (MAX_ALSO_FLAGGED + 5)
    (kept,) = dedupe([*stack, f("ungrounded_entity", 0.8, (0, 10))], blocks_at(0.8))
    assert kept.kind == "ungrounded_entity"
    assert len(kept.evidence["also_flagged"]) == MAX_ALSO_FLAGGED
    (kept,) = dedupe([f("plugin_kind", 0.8, (4, 8)), f("verb_claim", 0.9, (0, 20))], blocks_at(0.8))
    assert kept.kind == "plugin_kind" and SPECIFICITY[-1] == "verb_claim"


@pytest.mark.parametrize(
    "answer",
    ["incident_id=INC-4411 is open.", "Ticket opened: incident_id: INC-4411."],
)
def test_a_profile_identifier_key_keeps_kv_over_the_entity_family(answer: str) -> None:
    """In the pipeline, a handler keyed on ``kv`` keeps firing when entities also flags the id."""
    got = findings(turn(answer), Profile(identifier_keys=("incident_id",)))
    ids = [x for x in got if x.identifier == "INC-4411"]
    assert [x.kind for x in ids] == ["kv"]
