"""data_inflation: more items in the answer than the tool returned."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nofab import Profile, Turn
from nofab.detectors.inflation import _COUNT, InflationDetector, _has_count_phrase
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.model.finding import Finding

ORDERS = {
    "name": "list_orders",
    "result": {
        "orders": [{"order_id": "ORD-1001", "item": "Desk lamp"}, {"order_id": "ORD-1002", "item": "Arm"}]
    },
}
FLIGHTS = {
    "name": "search_flights",
    "result": [{"flight": "HAT175", "price": 155}, {"flight": "HAT266", "price": 146}],
}


def detect(turn: dict[str, Any]) -> list[Finding]:
    profile = Profile()
    evidence = Evidence(Turn.from_dict(turn), profile, lexicon_for(profile))
    return list(InflationDetector(profile).detect(evidence))


CASES = [
    (
        "strong: numbered list with an invented row of the same id shape",
        [ORDERS],
        "Your orders:\n1. ORD-1001 Desk lamp\n2. ORD-1002 Arm\n3. ORD-1003 USB hub",
        [("list_orders", 3, 2, 0.9)],
    ),
    (
        "strong: a table with an extra row",
        [FLIGHTS],
        "| flight | price |\n|---|---|\n| HAT175 | $155 |\n| HAT266 | $146 |\n| HAT301 | $120 |",
        [("search_flights", 3, 2, 0.9)],
    ),
    (
        "strong: bullets with the same field labels as the real rows",
        [FLIGHTS],
        "- **Flight:** HAT175\n- **Flight:** HAT266\n- **Flight:** cheapest red-eye",
        [("search_flights", 3, 2, 0.9)],
    ),
    (
        "weak: a count phrase naming the list",
        [ORDERS],
        "Here are your 5 orders, all shipped.",
        [("list_orders", 5, 2, 0.8)],
    ),
    (
        "weak: a count phrase naming the tool",
        [FLIGHTS],
        "I found 4 flights for that day.",
        [("search_flights", 4, 2, 0.8)],
    ),
    ("must not fire: the list matches the rows", [FLIGHTS], "1. HAT175 at $155\n2. HAT266 at $146", []),
    (
        "must not fire: a list of options that cites one row",
        [FLIGHTS],
        "Options:\n1. Take HAT175 tonight\n2. Wait for tomorrow\n3. Ask for a refund",
        [],
    ),
    ("must not fire: a count phrase that matches", [FLIGHTS], "There are two available flights.", []),
    ("must not fire: a count phrase about something else", [FLIGHTS], "You have 3 bags and 2 flights.", []),
    (
        "must not fire: an extra row whose id another call returned",
        [FLIGHTS, {"name": "get_reservation", "result": {"flight": "HAT999", "seat": "4A"}}],
        "1. HAT175\n2. HAT266\n3. HAT999 (your current flight)",
        [],
    ),
    (
        "must not fire: no list-shaped tool result",
        [{"name": "get_user", "result": {"name": "Ann"}}],
        "1. a\n2. b\n3. c",
        [],
    ),
    (
        "must not fire: the only list tool failed",
        [{"name": "list_orders", "error": "HTTP 500"}],
        "Here are your 5 orders.",
        [],
    ),
]


@pytest.mark.parametrize(("label", "calls", "answer", "expected"), CASES, ids=[c[0] for c in CASES])
def test_data_inflation_table(
    label: str, calls: list[dict[str, Any]], answer: str, expected: list[tuple[str, int, int, float]]
) -> None:
    """Each row: (tool, claimed rows, actual rows, confidence) of every inflation found."""
    found = detect({"response": answer, "tool_calls": calls})
    got = [
        (f.evidence["tool_name"], f.evidence["claimed_rows"], f.evidence["actual_rows"], f.confidence)
        for f in found
    ]
    assert got == expected, label


def test_verdict_reports_inflation_rows() -> None:
    """The verdict's data_inflation lists tool name, claimed and actual rows."""
    from nofab import Guard, Policy

    data = (
        Guard(Policy(load_plugins=False))
        .check({"response": "I found 4 flights for that day.", "tool_calls": [FLIGHTS]})
        .to_dict()
    )
    assert data["data_inflation"] == [{"tool_name": "search_flights", "claimed_rows": 4, "actual_rows": 2}]


def test_every_case_again_through_one_shared_cache() -> None:
    """Each result's row lists are read once per content and kept in the guard's cache: every
    case, checked in turn against one cache (twice, so the second pass is served from it),
    finds what it finds without one — even where two calls return the same content."""
    from nofab.evidence.results import ResultCache

    profile = Profile()
    detector, cache = InflationDetector(profile), ResultCache()
    for _ in range(2):
        for label, calls, answer, _expected in CASES:
            turn = Turn.from_dict({"response": answer, "tool_calls": [*calls, {**calls[0], "name": "again"}]})
            fresh = Evidence(turn, profile, lexicon_for(profile))
            cached = Evidence(turn, profile, lexicon_for(profile), cache=cache)
            assert list(detector.detect(cached)) == list(detector.detect(fresh)), label


# ---------------------------------------------------------------------- the count gate
# The gate answers exactly what the count regex answers; it only asks cheaper questions
# first. Built from the phrase's parts (cue, determiner, number, nouns) in any case, with the
# characters the regex equates with ASCII letters and spacing the regex allows.
_OPENINGS = st.sampled_from(
    ["here are", "I found", "I've found", "I’ve found", "we found", "found", "there are", "you have",
     "it returned", "returned", "showing", "listing", "there is", "we have", "are"]
)  # fmt: skip
_NUMBERS = st.sampled_from(["5", "12", "1000", "twelve", "three", "a few", "ten", "0", "5.5"])
_WORDS = st.sampled_from(["orders", "flights", "saved", "matching", "order", "ſeats", "KITS", "İtems", "x"])
_GLUE = st.sampled_from([" ", "  ", "\n", " the ", " your ", " all ", " these ", "\t", "—"])


@given(
    st.lists(st.tuples(_OPENINGS, _GLUE, _NUMBERS, st.lists(_WORDS, max_size=3)), max_size=3),
    st.sampled_from([str.lower, str.upper, str.title, lambda s: s]),
    st.text(max_size=20),
)
@settings(max_examples=300, deadline=None)
def test_count_gate_agrees_with_the_count_pattern(
    parts: list[tuple[str, str, str, list[str]]], case: Any, noise: str
) -> None:
    answer = noise.join(
        case(f"{opening}{glue}{number} {' '.join(words)}.") for opening, glue, number, words in parts
    )
    assert _has_count_phrase(answer) == (_COUNT.search(answer) is not None)


@pytest.mark.parametrize(
    "answer",
    ["Here are your 5 orders.", "I’ve found three flights", "LISTING 4 ORDERS", "li\u017fting 4 orders",
     "it returned 2 results", "Aquí tienes: here  are\nthe 3 flights"],
)  # fmt: skip
def test_count_gate_sees_count_phrases(answer: str) -> None:
    assert _has_count_phrase(answer)


@pytest.mark.parametrize(
    "answer", ["There is 1 order.", "Your orders are ready.", "Found 10", "¿Y los 5 vuelos?"]
)
def test_count_gate_passes_over_other_text(answer: str) -> None:
    assert not _has_count_phrase(answer)
