"""bulk_failure: figures in a long answer when most of this turn's tools failed."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.bulk import (
    DEFAULT_BULK_FAILURE_MIN_LENGTH,
    DEFAULT_BULK_FAILURE_PATTERN_THRESHOLD,
    DEFAULT_BULK_FAILURE_RATIO_THRESHOLD,
    BulkFailureDetector,
)
from nofab.errors import ProfileError
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.model.finding import Finding

FAIL = {"name": "query_sales", "error": "HTTP 503"}
OK = {"name": "query_sales", "result": {"rows": 3}}
BLOCK = {"name": "query_sales", "error": "BLOCKED: duplicate"}
PAD = " The team reviewed every region in detail and the outlook remains steady for next quarter." * 9
FIGURES = "Revenue reached $4.2 million, up 12%, with 340 orders and churn at 2.4%."


def detect(turn: dict[str, Any], profile: Profile | None = None) -> list[Finding]:
    profile = profile or Profile()
    evidence = Evidence(Turn.from_dict(turn), profile, lexicon_for(profile))
    return list(BulkFailureDetector(profile).detect(evidence))


def test_defaults_are_the_documented_constants() -> None:
    """The gates ship as exported constants: ratio 0.8, length 800, three distinct figures."""
    assert (
        DEFAULT_BULK_FAILURE_RATIO_THRESHOLD,
        DEFAULT_BULK_FAILURE_MIN_LENGTH,
        DEFAULT_BULK_FAILURE_PATTERN_THRESHOLD,
    ) == (0.8, 800, 3)


CASES = [
    ("strong: every tool failed, long answer full of figures", [FAIL, FAIL], FIGURES + PAD, None, 1),
    ("strong: 4 of 5 failed is exactly the 80% gate", [FAIL, FAIL, FAIL, FAIL, OK], FIGURES + PAD, None, 1),
    (
        "strong: guard refusals are excluded, so 2 failed of 2 that ran",
        [FAIL, FAIL, BLOCK, BLOCK],
        FIGURES + PAD,
        None,
        1,
    ),
    (
        "weak: a profile lowering the length gate fires on a short answer",
        [FAIL],
        FIGURES,
        Profile(rules={"bulk_failure": {"min_length": 50}}),
        1,
    ),
    (
        "weak: a profile pattern counts as quantitative content",
        [FAIL],
        "Scores: AUC 0.91, AUC 0.87 and AUC 0.78 on the three folds." + PAD,
        Profile(quantitative_patterns=(r"AUC \d\.\d+",), rules={"bulk_failure": {"builtin_patterns": False}}),
        1,
    ),
    ("must not fire: 3 of 5 failed is under the gate", [FAIL, FAIL, FAIL, OK, OK], FIGURES + PAD, None, 0),
    # (four of five failed: at the gate, while one call standing keeps the short-answer
    # reading rule, which needs every call failed, out of these gate tests)
    ("must not fire: a short answer", [FAIL, FAIL, FAIL, FAIL, OK], FIGURES, None, 0),
    (
        "must not fire: a long answer with only two figures",
        [FAIL, FAIL, FAIL, FAIL, OK],
        "It cost $40 and took 3 days." + PAD,
        None,
        0,
    ),
    ("must not fire: only guard refusals, no API failure", [BLOCK, BLOCK], FIGURES + PAD, None, 0),
    ("must not fire: no tools at all", [], FIGURES + PAD, None, 0),
    (
        "must not fire: built-in patterns switched off and none given",
        [FAIL],
        FIGURES + PAD,
        Profile(rules={"bulk_failure": {"builtin_patterns": False}}),
        0,
    ),
]


@pytest.mark.parametrize(("label", "calls", "answer", "profile", "count"), CASES, ids=[c[0] for c in CASES])
def test_bulk_failure_table(
    label: str, calls: list[dict[str, Any]], answer: str, profile: Profile | None, count: int
) -> None:
    """Each row: whether the whole-answer bulk_failure finding fires."""
    found = detect({"response": answer, "tool_calls": calls}, profile)
    assert len(found) == count, label
    for f in found:
        assert f.kind == "bulk_failure" and f.whole_turn and f.confidence == 0.8
        assert f.evidence["distinct_hits"] >= 3


def test_bad_threshold_is_a_profile_error() -> None:
    """A ratio outside [0, 1] names rules.bulk_failure.ratio."""
    with pytest.raises(ProfileError, match=r"rules\.bulk_failure\.ratio"):
        BulkFailureDetector(Profile(rules={"bulk_failure": {"ratio": 1.5}}))
