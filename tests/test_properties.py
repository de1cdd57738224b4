"""Property tests over generated turns: the API returns a verdict or raises the documented
validation error — never anything else — and the same input gives the same verdict."""

from __future__ import annotations

import contextlib
import json
import math
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nofab import Guard, InputError, Policy, Turn
from nofab.model.turn import load_json

GUARD = Guard(Policy(mode="flag", load_plugins=False))

# Text that stresses normalisation: combining marks, zero-width and bidi characters,
# full-width and Arabic-Indic digits, NUL, lone surrogates are excluded by JSON itself.
TRICKY = st.sampled_from(
    ["\u0301", "\u200b", "\u200d", "\u202e", "\u2066", "\ufeff", "\u00ad", "０", "٣", "\x00", "ß", "İ", "ﬁ"]
)
WORDS = st.sampled_from(
    [
        "I've sent",
        "task_id=",
        "order ID",
        "$1,234.50",
        "35%",
        "6:30 PM",
        "March 3, 2024",
        "9f2b1e47",
        "He enviado",
        "has been refunded",
        "2024-03-03",
        "v3.14.2",
        "1.2M",
        "-",
        "\n\n",
        "?",
        "A-1042",
    ]
)
TEXT = st.lists(st.one_of(st.text(max_size=12), TRICKY, WORDS), max_size=25).map("".join)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    TEXT,
)
JSON = st.recursive(
    SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=6), st.dictionaries(st.text(max_size=8), children, max_size=6)
    ),
    max_leaves=40,
)
CALL = st.fixed_dictionaries(
    {"name": st.one_of(st.sampled_from(["send_email", "get_order", "search"]), TEXT)},
    optional={
        "arguments": JSON,
        "result": st.one_of(JSON, JSON.map(lambda v: json.dumps(v, allow_nan=True))),
        "status": st.one_of(st.sampled_from(["ok", "error", "empty", "blocked"]), TEXT),
        "error": st.one_of(st.none(), TEXT, st.integers()),
        "id": st.one_of(TEXT, st.integers()),
    },
)
TURN = st.fixed_dictionaries(
    {"response": st.one_of(TEXT, JSON)},
    optional={
        "user_message": st.one_of(TEXT, JSON),
        "context": st.one_of(TEXT, st.lists(TEXT, max_size=3), JSON),
        "tool_calls": st.one_of(st.lists(CALL, max_size=5), JSON),
        "prior_tool_uses": st.one_of(
            st.lists(st.fixed_dictionaries({"name": TEXT, "job_id": TEXT}), max_size=2), JSON
        ),
    },
)
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _canonical(verdict_dict: dict[str, Any]) -> str:
    return json.dumps(verdict_dict, sort_keys=True, allow_nan=True, default=str)


@SETTINGS
@given(TURN)
def test_any_turn_gives_a_verdict_or_a_validation_error(data: dict[str, Any]) -> None:
    """Validation either succeeds or raises InputError; a valid turn always gets a verdict
    with no detector error, and checking it twice gives byte-identical verdicts."""
    try:
        turn = Turn.from_dict(data)
    except InputError:
        return
    first = GUARD.check(turn)
    assert not first.detector_errors, first.detector_errors
    assert _canonical(first.to_dict()) == _canonical(GUARD.check(turn).to_dict())
    for finding in first.findings:
        assert 0.0 <= finding.confidence <= 1.0
        start, end = finding.span
        assert 0 <= start <= end <= max(len(turn.response) * 2, 1)


@SETTINGS
@given(st.text(max_size=400))
def test_any_text_is_json_or_a_clear_error(text: str) -> None:
    """Arbitrary text through the JSON door: a turn, or an InputError — nothing else."""
    with contextlib.suppress(InputError):
        Turn.from_dict(load_json(text))


@SETTINGS
@given(st.lists(st.one_of(TEXT, WORDS), min_size=1, max_size=60).map(" ".join), st.lists(CALL, max_size=4))
def test_answers_with_claims_and_numbers_never_break_a_detector(
    answer: str, calls: list[dict[str, Any]]
) -> None:
    """Dense claim/number/id text against random evidence never makes a detector raise."""
    try:
        turn = Turn.from_dict({"response": answer, "tool_calls": calls})
    except InputError:
        return
    verdict = GUARD.check(turn)
    assert not verdict.detector_errors, verdict.detector_errors
    assert all(math.isfinite(f.confidence) for f in verdict.findings)
