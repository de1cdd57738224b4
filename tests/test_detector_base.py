"""``DetectorBase.finding`` builds findings positionally (it runs once per finding of an
answer dense with numbers): each argument must land in the field of its name."""

from __future__ import annotations

import dataclasses

import pytest

from nofab.detectors.base import DetectorBase
from nofab.model.finding import Finding, Severity


class _Probe(DetectorBase):
    id = "probe"
    version = "1"
    kinds = ("unverified_number", "kv")


def test_the_fields_keep_the_order_the_positional_call_relies_on() -> None:
    names = [f.name for f in dataclasses.fields(Finding)]
    assert names == ["kind", "detector", "identifier", "confidence", "span", "reason", "severity", "evidence"]


@pytest.mark.parametrize(
    ("confidence", "severity", "expected"),
    [(0.9, None, "high"), (0.65, None, "medium"), (0.5, None, "low"), (0.9, "low", "low")],
)
def test_each_argument_lands_in_its_field(
    confidence: float, severity: Severity | None, expected: str
) -> None:
    found = _Probe().finding(
        "kv",
        "order_id: 42",
        confidence,
        (3, 15),
        "not in any tool result",
        evidence={"key": "order_id"},
        severity=severity,
    )
    assert (found.kind, found.detector, found.identifier) == ("kv", "probe", "order_id: 42")
    assert (found.confidence, found.span, found.reason) == (confidence, (3, 15), "not in any tool result")
    assert found.severity == expected and dict(found.evidence) == {"key": "order_id"}


def test_a_whole_turn_finding_has_no_evidence_by_default() -> None:
    found = _Probe().finding("unverified_number", "", 0.7, (0, 0), "whole turn")
    assert found.whole_turn and dict(found.evidence) == {} and found.severity == "medium"
