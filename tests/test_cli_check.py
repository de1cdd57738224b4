"""`nofab check`: verdict output, exit status 0/1/2, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nofab.cli.main import main

GROUNDED = {
    "tool_calls": [{"name": "get_order", "result": {"order_id": "A-1042", "total": 42.7333, "items": 3}}],
    "response": "Your order A-1042 totals $42.73 for 3 items.",
}
FABRICATED = {**GROUNDED, "response": "Your order A-1042 totals $42.73. Refund id: refund_id=RF-1."}


def run(tmp_path: Path, data: object, *args: str) -> tuple[int, str]:
    path = tmp_path / "turn.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return main(["check", str(path), *args]), ""


def test_exit_0_when_grounded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A grounded turn exits 0 and the JSON verdict has the documented keys."""
    code, _ = run(tmp_path, GROUNDED, "--format", "json")
    verdict = json.loads(capsys.readouterr().out)
    assert code == 0
    assert set(verdict) >= {"findings", "action", "output", "mode", "threshold", "max_confidence"}
    assert verdict["action"] == "none" and verdict["threshold"] == 0.8


def test_exit_1_at_threshold_and_modes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A fabricated id exits 1; refuse mode replaces the output; a high threshold exits 0."""
    code, _ = run(tmp_path, FABRICATED, "--format", "json", "--mode", "refuse")
    verdict = json.loads(capsys.readouterr().out)
    assert code == 1 and verdict["action"] == "refuse_replaced" and "RF-1" not in verdict["output"]
    code, _ = run(tmp_path, FABRICATED, "--format", "json", "--threshold", "0.9")
    assert code == 0


def test_table_format_shows_findings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The table names the kind, the identifier and the reason."""
    run(tmp_path, FABRICATED)
    out = capsys.readouterr().out
    assert "kv" in out and "RF-1" in out


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`-` reads the turn from standard input."""
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(GROUNDED).encode())))
    assert main(["check", "-", "--format", "json"]) == 0


@pytest.mark.parametrize(
    ("data", "args", "message"),
    [
        ("{not json", [], "is not valid JSON"),
        ({"response": 3}, [], "response: must be a string"),
        ({"response": "x", "tool_calls": [{"name": "a", "status": "weird"}]}, [], "tool_calls[0].status"),
        (GROUNDED, ["--max-bytes", "10"], "over the 10-byte limit"),
        (GROUNDED, ["--mode", "loud"], "Invalid value for '--mode'"),
        (GROUNDED, ["--threshold", "2"], "--threshold"),
        (GROUNDED, ["--profile", "missing.toml"], "cannot be read"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: object, args: list[str], message: str
) -> None:
    """Bad input or usage: exit 2 and exactly one line on stderr naming the problem, no traceback."""
    code, _ = run(tmp_path, data, *args)
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    """A missing file is a one-line error naming the file."""
    assert main(["check", "no/such/turn.json"]) == 2
    assert "no/such/turn.json: no such file" in capsys.readouterr().err


def test_profile_file_is_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A TOML profile's identifier_keys make a domain id fire; a bad profile key is exit 2."""
    profile = tmp_path / "p.toml"
    profile.write_text('identifier_keys = ["incident_id"]\n')
    turn = {"response": "Opened incident_id=INC-22."}
    code, _ = run(tmp_path, turn, "--profile", str(profile))
    assert code == 1
    profile.write_text('identifer_keys = ["incident_id"]\n')
    code, _ = run(tmp_path, turn, "--profile", str(profile))
    assert code == 2 and "unknown key(s) ['identifer_keys']" in capsys.readouterr().err
