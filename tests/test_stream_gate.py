"""The stream's gate checks a batch of sentences at once (pipeline/gate.py): each blocking
finding withholds the sentences it lies in, wherever its identifier is repeated; what cannot be
located withholds the whole batch; ``gate_chars`` waits for more text before checking."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from nofab import Guard, Policy, UsageError
from nofab.model.finding import Finding
from nofab.pipeline.gate import rule
from nofab.pipeline.stream import GuardedStream, partial_turn

TURN: dict[str, Any] = {
    "user_message": "refund A-1042",
    "tool_calls": [{"name": "get_order", "result": {"order_id": "A-1042", "total": 42.73, "items": 3}}],
}


def guard(mode: str) -> Guard:
    return Guard(Policy(mode=mode, load_plugins=False))  # type: ignore[arg-type]


def stream(g: Guard, chunks: list[str], gate_chars: int = 0) -> tuple[list[str], Any]:
    s = GuardedStream(g, partial_turn(TURN), chunks, gate_chars=gate_chars)
    return list(s), s.verdict


def finding(span: tuple[int, int], identifier: str = "X-1", **evidence: Any) -> Finding:
    return Finding("kv", "identifiers", identifier, 0.9, span, "invented", evidence=evidence)


# ---------------------------------------------------------------- rule: placing findings
def test_a_finding_holds_the_sentence_it_lies_in() -> None:
    pieces = ["One is fine. ", "Two has X-1. ", "Three too."]
    start = len(pieces[0]) + pieces[1].index("X-1")
    hold = rule(pieces, [finding((start, start + 3))])
    assert hold.located and hold.held == (False, True, False)


def test_a_repeated_identifier_holds_every_sentence_citing_it() -> None:
    pieces = ["X-1 first. ", "Clean. ", "Again X-1."]
    second = len(pieces[0]) + len(pieces[1]) + pieces[2].index("X-1")
    hold = rule(pieces, [finding((0, 3), repeated_at=[(second, second + 3)])])
    assert hold.held == (True, False, True)


@pytest.mark.parametrize(
    "blocking",
    [
        [Finding("intent_action_no_tool", "intent", "", 0.9, (0, 0), "no tool ran")],  # whole answer
        [],  # blocked by a failed detector: nothing to point at
    ],
)
def test_what_cannot_be_located_holds_every_sentence(blocking: list[Finding]) -> None:
    hold = rule(["One. ", "\n\n", "Two."], blocking)
    assert not hold.located and hold.held == (True, False, True)


def test_a_finding_in_whitespace_only_fails_closed() -> None:
    """Blocked, yet in no sentence's text: hold them all rather than release what blocked."""
    hold = rule(["One. ", "Two."], [finding((4, 5))])
    assert not hold.located and all(hold.held)


# ---------------------------------------------------------------- batches in a stream
@pytest.mark.parametrize(
    ("before", "bad", "after"),
    [
        ("Order A-1042 totals $42.73. ", "Your refund id is RF-88231. ", "It has 3 items."),
        ("Votre commande A-1042 a 3 articles. ", "Le remboursement RF-88231 est fait. ", "Merci !"),
    ],
)
@pytest.mark.parametrize("mode", ["wipe", "refuse"])
def test_one_chunk_of_several_sentences_gates_each(mode: str, before: str, bad: str, after: str) -> None:
    """A chunk that completes several sentences is checked once, and only the sentence with the
    finding is withheld (wipe) or stops the stream (refuse), as sentence by sentence."""
    g = guard(mode)
    text = before + bad + after
    batched, verdict = stream(g, [text])
    one_by_one, _ = stream(g, [before, bad, after])
    assert "".join(batched) == "".join(one_by_one)
    assert "RF-88231" not in "".join(batched) and before in "".join(batched)
    assert (after in "".join(batched)) == (mode == "wipe")
    assert verdict.details["stream"]["withheld_sentences"] >= 1


def test_gate_chars_waits_for_that_much_text_or_a_paragraph_end() -> None:
    """Nothing is shown before ``gate_chars`` of text or a blank line have arrived."""
    read: list[str] = []

    def source() -> Iterator[str]:
        for piece in ["Order A-1042. ", "It has 3 items. ", "Total $42.73.\n\n", "Bye now. ", "See you."]:
            read.append(piece)
            yield piece

    s = GuardedStream(guard("wipe"), partial_turn(TURN), source(), gate_chars=1000)
    released = iter(s)
    assert next(released) == "Order A-1042. " and len(read) == 3  # held until the paragraph ended
    assert "".join(released) == "It has 3 items. Total $42.73.\n\nBye now. See you."


def test_one_batch_is_checked_once() -> None:
    """When one batch is the whole answer, its check is the final verdict: one detector pass."""
    calls = {"n": 0}

    class Counting:
        id = "counting"
        version = "1"
        kinds = ("uuid",)

        def __init__(self, profile: Any) -> None:
            del profile

        def detect(self, evidence: Any) -> Any:
            calls["n"] += 1
            return iter(())

    g = Guard(Policy(mode="wipe", load_plugins=False), detectors=[Counting])
    released, verdict = stream(g, ["One. ", "Two. ", "Three."], gate_chars=10_000)
    assert "".join(released) == "One. Two. Three." and verdict.action == "none"
    assert calls["n"] == 1
    calls["n"] = 0
    stream(g, ["One. ", "Two. ", "Three."])  # a batch per chunk, then the whole answer once more
    assert calls["n"] == 4


@pytest.mark.parametrize("bad", [-1, 1.5, "10"])
def test_bad_gate_chars_is_a_usage_error(bad: Any) -> None:
    with pytest.raises(UsageError, match="gate_chars"):
        GuardedStream(guard("wipe"), partial_turn(TURN), [], gate_chars=bad)


def test_async_stream_takes_gate_chars() -> None:
    """The async stream gates alike: held until the paragraph ends, the bad sentence withheld."""
    import asyncio

    from nofab.pipeline.stream import AsyncGuardedStream

    async def source() -> Any:
        for piece in ["Order A-1042. ", "Refund id RF-88231. ", "Total $42.73.\n\n", "Bye."]:
            yield piece

    async def main() -> tuple[list[str], Any]:
        s = AsyncGuardedStream(guard("wipe"), partial_turn(TURN), source(), gate_chars=1000)
        return [t async for t in s], s.verdict

    released, verdict = asyncio.run(main())
    assert released[0] == "Order A-1042. " and "RF-88231" not in "".join(released)
    assert "".join(released).endswith("Total $42.73.\n\nBye.")
    assert verdict.action == "wiped"


class Marking:
    """Finds every "X-" identifier, at ``confidence`` (blocking at 0.99, below threshold at 0.1)."""

    id = "marking"
    version = "1"
    kinds = ("kv",)
    confidence = 0.99

    def __init__(self, profile: Any) -> None:
        del profile

    def detect(self, evidence: Any) -> Any:
        import re

        for m in re.finditer(r"X-\d+", evidence.turn.response):
            yield Finding("kv", self.id, m.group(), self.confidence, m.span(), "marked")


class Faint(Marking):
    id = "faint"
    confidence = 0.1


class Broken(Marking):
    id = "broken"

    def detect(self, evidence: Any) -> Any:
        raise ValueError("nope")


@pytest.mark.parametrize("mode", ["wipe", "refuse"])
def test_a_failed_detector_holds_the_whole_batch_even_beside_a_located_finding(mode: str) -> None:
    """Failing closed: the batch was not fully checked, so its clean sentences are not released
    because another detector located its finding elsewhere."""
    g = Guard(Policy(mode=mode, load_plugins=False), detectors=[Marking, Broken])  # type: ignore[arg-type]
    released, verdict = stream(g, ["Clean one. Cites X-7. Clean two."])
    assert "".join(released) == g.policy.envelope
    assert verdict.detector_errors


def test_a_detector_cut_at_its_cap_holds_the_batch() -> None:
    """A detector stopped at the policy's cap did not read the rest of the batch: none of it is
    released, though nothing found blocks (below-threshold findings fill the cap)."""
    policy = Policy(mode="wipe", load_plugins=False, max_findings_per_detector=1)
    g = Guard(policy, detectors=[Faint])
    released, _ = stream(g, ["X-1 and X-2 here. Then an unread sentence."])
    assert "".join(released) == policy.envelope
    released, _ = stream(g, ["X-1 here. ", "X-2 there."])  # one per batch: within the cap
    assert "".join(released) == "X-1 here. X-2 there."


def test_guard_stream_passes_gate_chars_through() -> None:
    """Guard.stream and Guard.astream take gate_chars as the stream classes do; a bad value is
    the stream's own UsageError."""
    import pytest as _pytest

    from nofab import Guard, Policy
    from nofab.errors import UsageError

    guard = Guard(Policy(mode="wipe", load_plugins=False))
    text = "".join(guard.stream({"response": ""}, ["Hello there. ", "All good."], gate_chars=1000))
    assert text == "Hello there. All good."
    with _pytest.raises(UsageError):
        guard.stream({"response": ""}, ["x"], gate_chars=-1)
    with _pytest.raises(UsageError):
        guard.astream({"response": ""}, ["x"], gate_chars=-1)
