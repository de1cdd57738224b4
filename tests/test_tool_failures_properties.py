"""Properties of the tool-failure detectors on arbitrary turns: they never raise, every
finding has a known kind and a span inside the answer, and the span holds what it names."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nofab import KINDS, Guard, Policy, Turn
from nofab.detectors import TOOL_FAILURE_DETECTORS
from nofab.language.text import clean_answer

DETECTORS = TOOL_FAILURE_DETECTORS
GUARD = Guard(Policy(detectors=DETECTORS, on_detector_error="raise", load_plugins=False))

# Pieces that open every detector's paths, mixed with arbitrary text.
PIECES = st.sampled_from(
    [
        "get_weather", "search_corpus", "`fetchAlerts`", "fetch_alerts()", "I found", "the results show",
        "ORD-1001", "UA123", "a@b.co", "https://x.example/p", "/srv/a.csv", '"Project X"', "\n\n", "\n",
        "1. ", "- ", "| a | 1 |", "|---|---|", "$4.2 million", "12%", "340 orders", "I made up",
        "3fa85f64", "were not computed", "th e", "re", ".", "?", "failed", "Here are your 5 orders",
        "HAT175", "é", "’", "ß",
    ]
)  # fmt: skip
ANSWERS = st.lists(st.one_of(PIECES, st.text(max_size=12)), max_size=40).map(" ".join)
RESULTS = st.one_of(
    st.none(),
    st.just([]),
    st.just({"results": []}),
    st.lists(
        st.fixed_dictionaries({"id": st.sampled_from(["ORD-1001", "HAT175", "A1", "x"]), "n": st.integers()}),
        max_size=4,
    ),
    st.text(max_size=30),
)
CALLS = st.lists(
    st.fixed_dictionaries(
        {
            "name": st.sampled_from(["search_corpus", "list_orders", "geocode", "get_weather"]),
            "result": RESULTS,
            "error": st.sampled_from([None, None, "HTTP 500", "BLOCKED: dup"]),
        }
    ),
    max_size=5,
)
PENDING = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {
            "name": st.just("fetch_url"),
            "arguments": st.dictionaries(st.sampled_from(["url", "id", "q", "path"]), st.text(max_size=20)),
            "safety_tier": st.sampled_from(["critical", "standard", "advisory"]),
        }
    ),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answer=ANSWERS, calls=CALLS, pending=PENDING)
def test_findings_are_well_formed(
    answer: str, calls: list[dict[str, Any]], pending: dict[str, Any] | None
) -> None:
    """No detector raises; each finding has a known kind and a span that holds its identifier."""
    turn = Turn.from_dict(
        {
            "response": answer,
            "tool_calls": calls,
            "pending_call": pending,
            "prior_tool_uses": [{"name": "run", "job_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"}],
        }
    )
    for mode in ("observe", "wipe"):
        verdict = Guard(
            Policy(mode=mode, detectors=DETECTORS, on_detector_error="raise", load_plugins=False)
        ).check(turn)
        assert not verdict.detector_errors
    for finding in GUARD.detect(turn):
        assert finding.kind in KINDS
        start, end = finding.span
        if finding.kind == "argument_without_provenance" or finding.whole_turn:
            assert finding.span == (0, 0)
            continue
        text = clean_answer(answer)
        assert 0 <= start < end <= len(text)
        assert finding.identifier.strip()[:20] in text[start:end] or text[start:end] in finding.identifier
