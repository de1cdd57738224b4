"""A stream ends with the verdict a full check of its text gives (issue 14.8), however the
model cuts the text into chunks and whichever mode gates the release."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nofab import Guard, Policy
from nofab.pipeline.stream import GuardedStream, partial_turn

TURN: dict[str, Any] = {
    "user_message": "Summarise my orders and refund the late one",
    "tool_calls": [
        {
            "name": "list_orders",
            "result": {
                "orders": [
                    {"order_id": "A-1042", "total": 42.73, "items": 3, "placed": "2026-03-14"},
                    {"order_id": "A-1043", "total": 17.5, "items": 1, "placed": "2026-04-02"},
                ]
            },
        },
        {"name": "get_customer", "result": {"name": "Dana Whitfield", "tier": "gold"}},
    ],
}

#: Grounded and invented pieces, across sentences: ids, amounts, counts, dates, actions,
#: tool references, sentence ends and paragraph breaks (findings that need several sentences
#: — counts of rows, a claimed action with no tool — are among what they can make).
TOKENS = [
    "Order",
    "A-1042",
    "A-1043",
    "A-7777",
    "totals",
    "$42.73",
    "$17.50",
    "$99.99",
    "for",
    "3",
    "items",
    "placed",
    "on",
    "2026-03-14",
    "2026-05-30",
    "I refunded it",
    "refund_id=RF-88231",
    "You have 5 orders",
    "Dana Whitfield",
    "Dana Whitfeld",
    "according to get_invoice",
    "Your order shipped",
    ".",
    "!",
    ",",
    "\n",
    "\n\n",
]


def _text(tokens: list[str]) -> str:
    return "".join(t if t in ".!,\n\n" else " " + t for t in tokens).strip() or "Hi."


def _key(findings: Any) -> list[tuple[str, str, tuple[int, int], float]]:
    return [(f.kind, f.identifier, f.span, f.confidence) for f in findings]


@pytest.mark.parametrize("mode", ["observe", "flag", "wipe", "refuse"])
def test_stream_verdict_is_the_full_check_of_its_text(mode: str) -> None:
    guard = Guard(Policy(mode=mode, load_plugins=False))  # type: ignore[arg-type]

    @settings(max_examples=40, deadline=None)
    @given(
        st.lists(st.sampled_from(TOKENS), min_size=1, max_size=40),
        st.lists(st.integers(0, 600), max_size=30),
        st.sampled_from([0, 40, 10_000]),  # the gate's batch: what a chunk completed, ~a sentence, all
    )
    def check(tokens: list[str], cuts: list[int], gate_chars: int) -> None:
        text = _text(tokens)
        points = sorted({c % (len(text) + 1) for c in cuts} | {0, len(text)})
        chunks = [text[a:b] for a, b in itertools.pairwise(points)]
        stream = GuardedStream(guard, partial_turn(TURN), chunks, gate_chars=gate_chars)
        released = "".join(stream)
        counts = stream.verdict.details["stream"]
        checked = text[: counts["checked_chars"]]
        if not counts["stopped_early"]:
            assert checked == text
        full = guard.check({**TURN, "response": checked})
        assert _key(stream.verdict.findings) == _key(full.findings)
        assert _key(stream.verdict.blocking) == _key(full.blocking)
        if mode in ("observe", "flag"):  # nothing withheld: the same text, the same action
            assert released == full.output
            assert stream.verdict.action == full.action

    check()
