"""pytest plugin: assert in your own test suite that an agent transcript holds no fabrication.

Installed with nofab (entry point ``pytest11``), it gives a fixture and a function::

    def test_refund_flow(assert_no_fabrication):
        transcript = run_my_agent("refund order A-1042")   # e.g. OpenAI chat messages
        assert_no_fabrication(transcript)

    from nofab.pytest_plugin import assert_no_fabrication   # the same, without the fixture

The input is anything ``nofab check`` reads: a ``Turn``, a turn object, a transcript in any
supported format (decoded JSON), a path to a JSON file, or JSON text. Every turn is checked;
the assertion fails when any finding reaches the threshold, listing each one with its turn,
kind, confidence, the span marked in its sentence, and the reason.

The fixture reads two ini options: ``nofab_profile`` (a profile file, relative to the
rootdir) and ``nofab_threshold``.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from nofab.config.policy import Policy, Profile
from nofab.errors import InputError
from nofab.model.finding import Finding
from nofab.model.turn import Turn
from nofab.model.verdict import Verdict

#: Characters of the answer shown on each side of a finding's span.
CONTEXT_CHARS = 40


def assert_no_fabrication(
    transcript_or_turn: Any,
    policy: Policy | None = None,
    profile: Profile | str | os.PathLike[str] | None = None,
    *,
    input_format: str | None = None,
    threshold: float | None = None,
) -> list[Verdict]:
    """Check every turn and fail (``AssertionError``) when a finding reaches the threshold.

    Returns the verdicts (one per turn, in order) when it passes, so a test can assert more.
    ``threshold`` overrides the policy's; bad input raises the usual ``InputError``.
    """
    __tracebackhide__ = True
    from nofab.adapters import ExtractedTurn, extract_turns
    from nofab.pipeline.guard import Guard

    policy = policy or Policy()
    if threshold is not None:
        policy = dataclasses.replace(policy, threshold=threshold)
    if profile is not None and not isinstance(profile, Profile):
        profile = Profile.from_file(Path(profile))
    guard = Guard(policy, profile)

    if isinstance(transcript_or_turn, Turn):
        turns = [ExtractedTurn(index=0, where="", turn=transcript_or_turn)]
        name = "turn"
    else:
        data = _decode(transcript_or_turn)
        from nofab.adapters import detect_format

        name = input_format or detect_format(data)
        turns = extract_turns(data, name)
    verdicts = [guard.check(t.turn) for t in turns]
    failing = [(t, v) for t, v in zip(turns, verdicts, strict=True) if v.blocking]
    if failing:
        raise AssertionError(report(failing, len(turns), name, policy.threshold))
    return verdicts


def _decode(value: Any) -> Any:
    if isinstance(value, os.PathLike):
        return _load(Path(value))
    if isinstance(value, (bytes, str)):
        text = value.decode("utf-8") if isinstance(value, bytes) else value
        if text.lstrip()[:1] in ("{", "["):
            return json.loads(text)
        return _load(Path(text))
    return value


def _load(path: Path) -> Any:
    from nofab.model.turn import load_json

    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot be read: {exc.strerror}", str(path)) from None
    return load_json(data, source=str(path))


def report(failing: Sequence[tuple[Any, Verdict]], total: int, input_format: str, threshold: float) -> str:
    """The failure message: every blocking finding of every failing turn, span in context."""
    lines = [
        f"nofab: {len(failing)} of {total} turn{'s' if total != 1 else ''} "
        f"{'has' if len(failing) == 1 else 'have'} fabrication at or above the threshold "
        f"{threshold:g} ({input_format})",
    ]
    for extracted, verdict in failing:
        where = f" at {extracted.where}" if extracted.where else ""
        lines.append("")
        lines.append(f"turn {extracted.index}{where}:")
        for finding in verdict.blocking:
            lines.extend(_finding_lines(finding, extracted.turn))
    return "\n".join(lines)


def _finding_lines(finding: Finding, turn: Turn) -> list[str]:
    from nofab.language.text import clean_answer

    head = f"  - {finding.kind} ({finding.detector}) confidence {finding.confidence:.2f}"
    if finding.whole_turn:
        answer = " ".join(clean_answer(turn.response).split())
        shown = answer if len(answer) <= 2 * CONTEXT_CHARS else answer[: 2 * CONTEXT_CHARS] + "…"
        return [f"{head}, whole answer", f"      {shown}", f"      reason: {finding.reason}"]
    answer = clean_answer(turn.response)
    start, end = finding.span
    left = max(0, start - CONTEXT_CHARS)
    right = min(len(answer), end + CONTEXT_CHARS)
    # Newlines inside the window would break the caret alignment: shown as spaces.
    before = ("…" if left else "") + answer[left:start].replace("\n", " ")
    marked = answer[start:end].replace("\n", " ")
    after = answer[end:right].replace("\n", " ") + ("…" if right < len(answer) else "")
    return [
        f"{head} [{start}:{end}] {finding.identifier!r}",
        f"      {before}{marked}{after}",
        f"      {' ' * len(before)}{'^' * max(1, len(marked))}",
        f"      reason: {finding.reason}",
    ]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("nofab_profile", "nofab profile file (TOML or JSON) for the assert_no_fabrication fixture")
    parser.addini("nofab_threshold", "confidence threshold for the assert_no_fabrication fixture (0.8)")


@pytest.fixture(name="assert_no_fabrication")
def assert_no_fabrication_fixture(request: pytest.FixtureRequest) -> Callable[..., list[Verdict]]:
    """``assert_no_fabrication`` with the profile and threshold of the ini options."""
    config = request.config
    profile_option = str(config.getini("nofab_profile") or "")
    threshold_option = str(config.getini("nofab_threshold") or "")
    profile = Profile.from_file(config.rootpath / profile_option) if profile_option else None
    try:
        default_threshold = float(threshold_option) if threshold_option else None
    except ValueError:
        raise pytest.UsageError(f"nofab_threshold: not a number: {threshold_option!r}") from None

    def check(transcript_or_turn: Any, policy: Policy | None = None, **options: Any) -> list[Verdict]:
        __tracebackhide__ = True
        options.setdefault("profile", profile)
        if default_threshold is not None:
            options.setdefault("threshold", default_threshold)
        return assert_no_fabrication(transcript_or_turn, policy, **options)

    return check
