"""Streaming: text is released sentence by sentence only after its check, per mode, with a final
verdict whose findings match a full check of the same answer."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from nofab import Guard, Policy, Turn, UsageError
from nofab.config.policy import DEFAULT_ENVELOPE
from nofab.model.events import FabricationDetectedEvent
from nofab.pipeline.actions import FLAG_HEADER

TURN: dict[str, Any] = {
    "user_message": "refund A-1042",
    "tool_calls": [{"name": "get_order", "result": {"order_id": "A-1042", "total": 42.7333, "items": 3}}],
}
GOOD_1 = "I've checked your order A-1042: $42.73 for 3 items. "
BAD = "Your refund confirmation is refund_id=RF-88231.\n\n"
GOOD_2 = "You should see it soon. Thanks!"
ANSWER = GOOD_1 + BAD + GOOD_2


def guard(mode: str, **policy: Any) -> Guard:
    return Guard(Policy(mode=mode, load_plugins=False, **policy))  # type: ignore[arg-type]


def pieces(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


def run(g: Guard, chunks: list[str], turn: Any = TURN) -> tuple[str, Any]:
    stream = g.stream(turn, chunks)
    return "".join(stream), stream.verdict


@pytest.mark.parametrize(
    ("mode", "output", "action"),
    [
        ("observe", ANSWER, "observed"),
        ("wipe", GOOD_1 + "\n\n" + GOOD_2, "wiped"),
        ("refuse", GOOD_1 + "\n\n" + DEFAULT_ENVELOPE, "refuse_replaced"),
        ("revise", GOOD_1 + "\n\n" + DEFAULT_ENVELOPE, "refuse_replaced"),
        ("off", ANSWER, "none"),
    ],
)
def test_modes(mode: str, output: str, action: str) -> None:
    """Each mode releases what it should: everything, all but the bad sentence, or up to the envelope."""
    released, verdict = run(guard(mode), pieces(ANSWER, 5))
    assert released == output
    assert verdict.action == action
    assert verdict.output == output


def test_flag_mode_releases_everything_then_the_flag_block() -> None:
    """flag releases every sentence unchanged and appends the flag block naming the finding at the end."""
    released, verdict = run(guard("flag"), pieces(ANSWER, 5))
    assert released.startswith(ANSWER) and FLAG_HEADER in released[len(ANSWER) :]
    assert "RF-88231" in released[len(ANSWER) :]
    assert verdict.action == "flagged"


def test_revise_mode_says_it_fell_back() -> None:
    """A stream cannot be revised once released, and the verdict warns that revise fell back."""
    _, verdict = run(guard("revise", revise_fallback="flag"), pieces(ANSWER, 5))
    assert verdict.action == "flagged"
    assert any("fell back to flag" in w for w in verdict.warnings)


@pytest.mark.parametrize("size", [1, 3, 7, 64, len(ANSWER)])
def test_findings_and_spans_match_a_full_check(size: int) -> None:
    """Whatever the chunking, the stream's findings (kind, identifier, span) equal a full check's."""
    g = guard("observe")
    _, verdict = run(g, pieces(ANSWER, size))
    full = g.check({**TURN, "response": ANSWER})
    assert [(f.kind, f.identifier, f.span) for f in verdict.findings] == [
        (f.kind, f.identifier, f.span) for f in full.findings
    ]
    assert verdict.findings  # the fabricated refund id is there to be found


@pytest.mark.parametrize("mode", ["wipe", "refuse"])
def test_unchecked_text_never_leaks(mode: str) -> None:
    """Character by character, every release is a whole checked sentence and the invented id never shows."""
    consumed: list[str] = []

    def source() -> Iterator[str]:
        for ch in ANSWER:
            consumed.append(ch)
            yield ch

    released = ""
    for text in guard(mode).stream(TURN, source()):
        released += text
        if not text.strip() or DEFAULT_ENVELOPE in text:
            continue
        read = "".join(consumed)
        # A released piece is a whole sentence already read up to the whitespace that ends it.
        # (the last sentence ends with the stream itself)
        assert text in read and (text[-1].isspace() or read == ANSWER), (text, read)
    assert "RF-88231" not in released


def test_sentence_is_held_until_its_whitespace_arrives() -> None:
    """'$42.' then '73' is one number, not a sentence end: nothing is released before the space."""
    g = guard("refuse")
    stream = iter(g.stream(TURN, ["The total is $42.", "73 for A-1042.", " Bye"]))
    first = next(stream)
    assert first == "The total is $42.73 for A-1042. "
    assert "".join(stream) == "Bye"


def test_refuse_stops_reading_the_model() -> None:
    """After refusing, the stream closes the model's generator instead of reading the rest."""
    state = {"read": 0, "closed": False}

    def source() -> Iterator[str]:
        try:
            for chunk in pieces(ANSWER, 4):
                state["read"] += 1
                yield chunk
        finally:
            state["closed"] = True

    _, verdict = run(guard("refuse"), source())  # type: ignore[arg-type]
    assert state["closed"] and state["read"] < len(pieces(ANSWER, 4))
    assert verdict.details["stream"]["stopped_early"] is True


def test_verdict_before_the_end_is_a_usage_error() -> None:
    """Reading .verdict before the stream is exhausted raises a UsageError that says what to do."""
    stream = guard("observe").stream(TURN, [ANSWER])
    with pytest.raises(UsageError, match="iterate it to the end"):
        _ = stream.verdict


def test_none_chunks_are_skipped_and_non_strings_rejected() -> None:
    """None deltas are ignored; any other non-string chunk is a UsageError naming its position."""
    released, _ = run(guard("observe"), [None, "Hi. ", None, "Bye."])  # type: ignore[list-item]
    assert released == "Hi. Bye."
    with pytest.raises(UsageError, match="chunk 1 must be a string, got int"):
        run(guard("observe"), ["Hi. ", 5])  # type: ignore[list-item]


def test_long_text_without_terminator_is_cut_at_whitespace() -> None:
    """A run with no sentence end is checked in pieces no longer than max_sentence_chars."""
    text = "word " * 100
    stream = guard("observe").stream(TURN, [text], max_sentence_chars=60)
    out = list(stream)
    assert "".join(out) == text
    assert max(len(p) for p in out) <= 60
    assert stream.verdict.details["stream"]["sentences"] == len(out)


def test_whole_answer_finding_in_wipe_mode_stops_the_stream() -> None:
    """An action request answered with no tool call cannot be confined to a sentence: wipe stops there."""
    turn = {"user_message": "Please cancel my subscription now"}
    released, verdict = run(guard("wipe", threshold=0.6), ["All done. Your plan ends today."], turn)
    assert released == DEFAULT_ENVELOPE
    assert verdict.action == "wiped"
    assert [f.kind for f in verdict.findings] == ["intent_action_no_tool"]


def test_whole_answer_finding_is_reported_once() -> None:
    """A whole-answer finding found in several sentences appears once in the verdict."""
    turn = {"user_message": "Please cancel my subscription now"}
    _, verdict = run(guard("observe"), ["All done. ", "Your plan ends today. ", "Bye."], turn)
    assert [f.kind for f in verdict.findings] == ["intent_action_no_tool"]


def test_event_emitted_once_with_the_full_answer() -> None:
    """One FabricationDetectedEvent is emitted at the end, previewing the full streamed answer."""
    events: list[FabricationDetectedEvent] = []
    g = guard("observe")
    g.subscribe(events.append, FabricationDetectedEvent)
    run(g, pieces(ANSWER, 9))
    (event,) = events
    assert event.original_draft_preview.startswith(GOOD_1)


def test_turn_response_is_ignored() -> None:
    """A response already in the turn is not evidence and not output: only the chunks count."""
    released, verdict = run(guard("observe"), ["Hello."], Turn(response="refund_id=RF-88231"))
    assert released == "Hello." and not verdict.findings


def test_astream_with_async_generator() -> None:
    """astream consumes an async generator and gives the same output and verdict as stream."""

    async def source() -> AsyncIterator[str]:
        for chunk in pieces(ANSWER, 6):
            await asyncio.sleep(0)
            yield chunk

    async def main() -> tuple[str, Any]:
        stream = guard("wipe").astream(TURN, source())
        return "".join([t async for t in stream]), stream.verdict

    released, verdict = asyncio.run(main())
    sync_released, sync_verdict = run(guard("wipe"), pieces(ANSWER, 6))
    assert released == sync_released
    assert verdict.findings == sync_verdict.findings


def test_astream_refuse_closes_the_async_generator() -> None:
    """astream refuses, stops reading and closes the model's async generator."""
    state = {"closed": False}

    async def source() -> AsyncIterator[str]:
        try:
            for chunk in pieces(ANSWER, 4):
                yield chunk
        finally:
            state["closed"] = True

    async def main() -> str:
        return "".join([t async for t in guard("refuse").astream(TURN, source())])

    assert asyncio.run(main()).endswith(DEFAULT_ENVELOPE)
    assert state["closed"]


def test_astream_accepts_a_plain_iterable() -> None:
    """astream also takes a list of chunks."""

    async def main() -> str:
        return "".join([t async for t in guard("observe").astream(TURN, pieces(ANSWER, 10))])

    assert asyncio.run(main()) == ANSWER


def test_empty_stream() -> None:
    """A stream with no chunks releases nothing and still has a verdict."""
    released, verdict = run(guard("wipe"), [])
    assert released == "" and verdict.action == "none" and verdict.details["stream"]["sentences"] == 0


class Broken:
    """A detector that raises on every answer."""

    id = "broken"
    version = "1"
    kinds = ("uuid",)

    def __init__(self, profile: Any) -> None:
        del profile

    def detect(self, evidence: Any) -> Any:
        raise ValueError("nope")


def test_a_failing_detector_is_reported_once() -> None:
    """A detector that raises on every sentence appears once in detector_errors; with the policy
    failing open the text still flows."""

    policy = Policy(mode="refuse", on_error_in_refuse="pass", load_plugins=False)
    released, verdict = run(Guard(policy, detectors=[Broken]), ["One. ", "Two. ", "Three."])
    assert released == "One. Two. Three."
    assert [(e.detector, e.message) for e in verdict.detector_errors] == [("broken", "nope")]


@pytest.mark.parametrize("mode", ["wipe", "refuse"])
def test_a_failing_detector_fails_closed_in_gating_modes(mode: str) -> None:
    """An unchecked sentence is never released in a mode that withholds: the first one stops
    the stream with the envelope, as ``check`` refuses an answer it could not check."""
    g = Guard(Policy(mode=mode, load_plugins=False), detectors=[Broken])  # type: ignore[arg-type]
    released, verdict = run(g, ["One. ", "Two. ", "Three."])
    assert released == g.policy.envelope
    assert verdict.action in ("wiped", "refuse_replaced")
    assert verdict.detector_errors


def test_a_failing_detector_is_flagged_in_flag_mode() -> None:
    g = Guard(Policy(mode="flag", load_plugins=False), detectors=[Broken])
    released, verdict = run(g, ["One. ", "Two. ", "Three."])
    assert released.startswith("One. Two. Three.")
    assert "not fully checked (failed detectors: broken)" in released
    assert verdict.action == "flagged"


_TOKENS = [
    "Order",
    "A-1042",
    "totals",
    "$42.73",
    "for",
    "3",
    "items",
    "refund_id=RF-88231",
    "I've",
    "refunded",
    "it",
    "9f2b1e47-00cb-4b42-8e12-cc07e0f0c1d0",
    "on",
    "2026-03-14",
    ".",
    "!",
    "?",
    ",",
    "\n",
    "\n\n",
]


def _text(tokens: list[str]) -> str:
    return "".join(t if t in ".!?,\n\n" else " " + t for t in tokens).strip() or "Hi."


def test_chunking_never_changes_output_or_findings() -> None:
    """However the model cuts its answer into chunks, observe mode releases exactly the answer and
    finds the same things at the same places."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    g = guard("observe")

    @settings(max_examples=60, deadline=None)
    @given(
        st.lists(st.sampled_from(_TOKENS), min_size=1, max_size=40),
        st.lists(st.integers(0, 400), max_size=30),
    )
    def check(tokens: list[str], cuts: list[int]) -> None:
        text = _text(tokens)
        points = sorted({c % (len(text) + 1) for c in cuts} | {0, len(text)})
        chunks = [text[a:b] for a, b in itertools.pairwise(points)]
        released, verdict = run(g, chunks)
        whole_released, whole = run(g, [text])
        assert released == text == whole_released
        assert [(f.kind, f.identifier, f.span) for f in verdict.findings] == [
            (f.kind, f.identifier, f.span) for f in whole.findings
        ]

    check()


def test_a_stream_is_read_once() -> None:
    """Iterating the same stream twice is a UsageError, not a silent re-read of the model's chunks."""
    stream = guard("observe").stream(TURN, [ANSWER])
    assert "".join(stream) == ANSWER
    with pytest.raises(UsageError, match="already iterated"):
        list(stream)


def test_bad_max_sentence_chars_is_a_usage_error() -> None:
    """A negative sentence limit is refused when the stream is built."""
    with pytest.raises(UsageError, match="max_sentence_chars must be a positive integer"):
        guard("observe").stream(TURN, [], max_sentence_chars=-1)
