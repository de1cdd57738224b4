"""Every valid JSON gets a verdict or a one-line error: lone surrogates, integers of more
than 4,300 digits, deep nesting, NaN/Infinity and long strings, through the API and the CLI.

A detector switched off by such input would let a fabrication through in silence, so the API
half also asserts that no detector failed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nofab import Guard, InputError, Turn
from nofab.model.turn import load_json

SRC = Path(__file__).resolve().parents[1] / "src"

# Pieces a hostile caller puts in a turn; each is valid JSON (NaN/Infinity as Python decodes them).
_nasty_text = st.sampled_from(
    ["x \ud800 y", "\udfff", "refund $99.99 \ud83d", "a" * 200_000, "Total $42.73", ""]
)
_nasty_scalar = st.one_of(
    _nasty_text,
    st.sampled_from(
        [10**5000, -(10**4400), float("nan"), float("inf"), float("-inf"), 42.73, 2**63, True, None]
    ),
)


def _nest(value: Any, depth: int, as_list: bool) -> Any:
    for _ in range(depth):
        value = [value] if as_list else {"k": value}
    return value


_nasty_value = st.builds(_nest, _nasty_scalar, st.sampled_from([0, 1, 5, 127, 129, 400, 2000]), st.booleans())


@st.composite
def hostile_turns(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "response": draw(st.one_of(_nasty_text, st.just("I refunded $99.99; your total is $42.73."))),
        "user_message": draw(_nasty_text),
        "tool_calls": [
            {"name": "get_order", "result": draw(_nasty_value), "arguments": draw(_nasty_value)}
            for _ in range(draw(st.integers(0, 2)))
        ],
        "metadata": {"m": draw(_nasty_value)},
    }


_GUARD = Guard()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_turns())
def test_api_gives_a_verdict_or_an_input_error(data: dict[str, Any]) -> None:
    try:
        turn = Turn.from_dict(data)
    except InputError as exc:
        assert "\n" not in str(exc) and exc.where
        return
    verdict = _GUARD.check(turn)
    assert not verdict.detector_errors, verdict.detector_errors


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_turns(), st.booleans())
def test_json_text_gives_a_turn_or_an_input_error(data: dict[str, Any], huge: bool) -> None:
    if huge:
        data["tool_calls"] = [{"name": "f", "result": "HUGE"}]
    try:
        text = json.dumps(data)
    except (ValueError, RecursionError):
        return  # Python cannot write it: not an input anyone can send
    try:
        Turn.from_dict(load_json(text.replace('"HUGE"', "1" * 5000)))
    except InputError as exc:
        assert "\n" not in str(exc)


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(hostile_turns(), st.sampled_from(["concise", "json", "table", "github"]))
def test_cli_exits_0_1_or_2_with_one_line_never_a_traceback(
    tmp_path: Path, data: dict[str, Any], fmt: str
) -> None:
    path = tmp_path / "hostile.json"
    try:
        path.write_text(json.dumps(data), "utf-8")
    except (ValueError, RecursionError):
        path.write_text(
            '{"response": "x", "tool_calls": [{"name": "f", "result": ' + "1" * 5000 + "}]}", "utf-8"
        )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-m", "nofab.cli.main", "check", str(path), "--format", fmt],
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )
    err = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err
    assert done.returncode in (0, 1, 2), err
    if done.returncode == 2:
        assert done.stdout == b"" and err.startswith("nofab: error: ") and err.count("\n") == 1, err
    elif fmt == "json":
        json.loads(done.stdout)  # lone surrogates come out escaped: still valid JSON
    assert "detector error" not in err
