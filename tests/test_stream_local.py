"""Sentence-local detectors (``nofab.detectors.base``): a gated stream takes their verdict
findings from its batches' checks, and its verdict is still exactly a full check's.

Two parts: the contract itself, proved for every detector that declares it (the built-ins
that do, and the local detector these tests define); and the stream honouring it, with its
fallbacks (a detector failing or capped on a batch, a stream stopped by a refusal, invisible
and full-width characters that the checked answer folds away)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nofab import Guard, Policy, Turn
from nofab.config.policy import Profile
from nofab.detectors import BUILTIN
from nofab.detectors.base import DetectorBase, is_sentence_local
from nofab.evidence.index import Evidence
from nofab.model.finding import Finding
from nofab.pipeline.stream import _BOUNDARY, GuardedStream, partial_turn

TURN: dict[str, Any] = {
    "user_message": "Which rooms did you book for Zelda?",
    "tool_calls": [
        {"name": "book_room", "result": {"room": "Zanzibar", "guest": "Zelda", "booking_id": "B-1042"}},
    ],
}

#: Words the local detector judges (grounded or not), other text, sentence ends, line breaks,
#: a zero-width space and full-width digits (removed or folded in the checked answer).
TOKENS = [
    "Zanzibar",
    "Zelda",
    "Zorgon",
    "Zephyr",
    "Zboom",
    "booked",
    "room",
    "B-1042",
    "B-9999",
    "\u200b",
    "\uff14\uff12",
    ".",
    "!",
    "\n",
    "\n\n",
]


class CapitalZ(DetectorBase):
    """Flags each word starting with a capital Z that the evidence does not hold: a finding
    about one word, in one sentence, so the detector is sentence-local by construction. It
    records the length of every answer it is run on, and fails on "Zboom" when told to."""

    id = "capital_z"
    version = "1"
    kinds = ("ungrounded_entity",)
    sentence_local = True
    seen: ClassVar[list[int]] = []
    explode: ClassVar[bool] = False

    def __init__(self, profile: Profile) -> None:
        self.profile = profile

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        CapitalZ.seen.append(len(evidence.answer))
        for m in re.finditer(r"\bZ[a-z]+\b", evidence.answer):
            if m.group() == "Zboom" and CapitalZ.explode:
                raise RuntimeError("boom")
            if not evidence.grounds(m.group()):
                yield self.finding("ungrounded_entity", m.group(), 0.9, m.span(), "not in the evidence")


def _text(tokens: list[str]) -> str:
    return "".join(t if t in ".!\n\n\u200b" else " " + t for t in tokens).strip() or "Hi."


def _pieces(text: str) -> list[str]:
    """The text cut where a stream cuts sentences (after a terminator and its white space,
    or after a line break)."""
    cuts = [m.end() for m in _BOUNDARY.finditer(text)]
    return [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True) if a < b]


def _key(findings: Any) -> list[tuple[str, str, str, tuple[int, int], float]]:
    return [(f.detector, f.kind, f.identifier, f.span, f.confidence) for f in findings]


def _local_detectors() -> list[Any]:
    profile = Profile()
    built = [factory(profile) for factory in BUILTIN]
    return [CapitalZ(profile), *(d for d in built if is_sentence_local(d))]


@pytest.mark.parametrize("detector", _local_detectors(), ids=lambda d: d.id)
def test_a_declared_detector_finds_on_the_whole_what_it_finds_on_each_sentence(detector: Any) -> None:
    guard = Guard(Policy(load_plugins=False))
    turn = partial_turn(TURN)
    shared = Evidence(turn, guard.profile, guard.lexicon, cache=guard.results)

    @settings(max_examples=60, deadline=None)
    @given(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=30))
    def holds(tokens: list[str]) -> None:
        text = _text(tokens)
        whole = list(detector.detect(shared.for_answer(text)))
        pieced: list[Finding] = []
        offset = 0
        for piece in _pieces(text):
            evidence = shared.for_answer(piece)
            for f in detector.detect(evidence):
                assert f.span != (0, 0), "a sentence-local detector reports no whole-answer finding"
                pieced.append(replace(f, span=(f.span[0] + offset, f.span[1] + offset)))
            offset += len(evidence.answer)
        assert _key(pieced) == _key(whole)
        assert not list(detector.detect(shared.for_answer(" \n\n "))), "nothing in white space"

    holds()


def _stream(guard: Guard, text: str, size: int) -> GuardedStream:
    chunks = [text[i : i + size] for i in range(0, len(text), size)]
    stream = GuardedStream(guard, partial_turn(TURN), chunks)
    "".join(stream)
    return stream


@pytest.mark.parametrize("mode", ["wipe", "refuse"])
@pytest.mark.parametrize("cap", [50, 2])
def test_the_verdict_reuses_the_batches_and_equals_a_full_check(mode: str, cap: int) -> None:
    policy = Policy(mode=mode, load_plugins=False, max_findings_per_detector=cap)  # type: ignore[arg-type]
    guard = Guard(policy, detectors=[CapitalZ])

    @settings(max_examples=60, deadline=None)
    @given(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=40), st.integers(1, 12))
    def holds(tokens: list[str], size: int) -> None:
        text = _text(tokens)
        CapitalZ.seen = []
        stream = _stream(guard, text, size)
        checked = text[: stream.verdict.details["stream"]["checked_chars"]]
        full = guard.check(Turn.from_dict({**TURN, "response": checked}))
        assert _key(stream.verdict.findings) == _key(full.findings)
        assert stream.verdict.detector_errors == full.detector_errors
        assert [w for w in stream.verdict.warnings if "stopped after" in w] == [
            w for w in full.warnings if "stopped after" in w
        ]

    holds()


def test_the_local_detector_is_not_run_again_on_the_whole_text() -> None:
    guard = Guard(Policy(mode="wipe", load_plugins=False), detectors=[CapitalZ])
    text = "Zelda booked Zanzibar. Then Zorgon arrived!\nZephyr left. Room B-1042 is yours."
    CapitalZ.seen = []
    stream = _stream(guard, text, 3)
    answer_length = len(text)
    assert len(CapitalZ.seen) == 4  # one check per sentence, none of the whole answer
    assert sum(CapitalZ.seen) == answer_length
    found = stream.verdict.findings
    assert [(f.identifier, text[f.span[0] : f.span[1]]) for f in found if f.detector == "capital_z"] == [
        ("Zorgon", "Zorgon"),
        ("Zephyr", "Zephyr"),
    ]


def test_a_detector_that_failed_on_a_batch_is_run_on_the_whole_text() -> None:
    guard = Guard(Policy(mode="wipe", load_plugins=False), detectors=[CapitalZ])
    text = "Zelda booked Zanzibar. Zboom went Zorgon.\nZephyr left."
    CapitalZ.explode = True
    try:
        CapitalZ.seen = []
        stream = _stream(guard, text, 5)
        # The failure stops the stream (wipe fails closed); the verdict covers what was read.
        checked = text[: stream.verdict.details["stream"]["checked_chars"]]
        assert CapitalZ.seen[-1] == len(checked) > max(CapitalZ.seen[:-1])  # run again, whole
        full = guard.check(Turn.from_dict({**TURN, "response": checked}))
        assert stream.verdict.detector_errors == full.detector_errors != ()
        assert _key(stream.verdict.findings) == _key(full.findings)
    finally:
        CapitalZ.explode = False


def test_no_builtin_detector_declares_itself_local_unproved() -> None:
    # Declarations are added detector by detector, each proved by the first test above.
    profile = Profile()
    assert all(isinstance(getattr(f(profile), "sentence_local", False), bool) for f in BUILTIN)
