"""The CLI: `nofab ledger keygen`, `nofab check --ledger --signing-key`, `nofab ledger verify`
exit codes and messages, fault injection from the environment, bad declarations."""

from __future__ import annotations

import json
import stat
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest

from nofab.cli.main import main

TURN: dict[str, Any] = {
    "response": "Order A-1042 totals $42.73.",
    "tool_calls": [{"id": "c1", "name": "get_order", "result": {"order_id": "A-1042", "total": 42.7333}}],
    "asserted_values": [{"tool_call_id": "c1", "path": "total", "expected": "42.73", "match": "number"}],
}


@pytest.fixture
def turn_file(tmp_path: Path) -> Path:
    path = tmp_path / "turn.json"
    path.write_text(json.dumps(TURN))
    return path


NEEDS_LEDGER = "signatures need the ledger extra: pip install 'nofab[ledger]'"


@pytest.fixture
def keypair(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    pytest.importorskip("cryptography", reason=NEEDS_LEDGER)
    prefix = tmp_path / "k"
    assert main(["ledger", "keygen", "--out", str(prefix)]) == 0
    capsys.readouterr()
    return prefix


def test_keygen_writes_a_private_key_only_the_owner_reads(
    keypair: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """keygen writes PREFIX.key with mode 0600 and PREFIX.pub, and refuses to overwrite them."""
    mode = stat.S_IMODE(Path(f"{keypair}.key").stat().st_mode)
    assert mode == 0o600 and b"PUBLIC KEY" in Path(f"{keypair}.pub").read_bytes()
    assert main(["ledger", "keygen", "--out", str(keypair)]) == 2
    assert "refusing to overwrite" in capsys.readouterr().err


def test_check_appends_and_verify_passes(
    tmp_path: Path, turn_file: Path, keypair: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """check --ledger --signing-key appends a signed record; verify with the public key exits 0."""
    log = tmp_path / "v.log"
    for _ in range(2):
        assert main(["check", str(turn_file), "--ledger", str(log), "--signing-key", f"{keypair}.key"]) == 0
    capsys.readouterr()
    assert main(["ledger", "verify", str(log), "--public-key", f"{keypair}.pub"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok: 2 record(s) verified, 2 signature(s) checked, 2 sealed value(s)")


def test_signing_key_from_environment(
    tmp_path: Path, turn_file: Path, keypair: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --signing-key, $NOFAB_LEDGER_SIGNING_KEY (PEM text) signs the record."""
    monkeypatch.setenv("NOFAB_LEDGER_SIGNING_KEY", Path(f"{keypair}.key").read_text())
    log = tmp_path / "e.log"
    assert main(["check", str(turn_file), "--ledger", str(log)]) == 0
    assert "sig" in json.loads(log.read_text())
    assert main(["ledger", "verify", str(log), "--public-key", f"{keypair}.pub"]) == 0


def test_verify_reports_the_broken_record(
    tmp_path: Path, turn_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A tampered record makes verify exit 1 naming its line; a truncated tail is reported as such."""
    log = tmp_path / "t.log"
    for _ in range(3):
        main(["check", str(turn_file), "--ledger", str(log)])
    good = log.read_bytes()
    second = good.index(b"\n") + 1
    log.write_bytes(good.replace(b'"mode":"observe"', b'"mode":"refuse!"', 2))
    capsys.readouterr()
    assert main(["ledger", "verify", str(log)]) == 1
    assert capsys.readouterr().out.startswith("BROKEN: line 1 (seq 1) at byte 0: hash does not match")
    log.write_bytes(good[: second + 30])
    assert main(["ledger", "verify", str(log), "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["status"] == "torn_tail" and report["records"] == 1 and report["problem"]["line"] == 2


def test_wrong_public_key_exits_1(
    tmp_path: Path, turn_file: Path, keypair: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Verifying a signed log with another key exits 1."""
    log = tmp_path / "w.log"
    main(["check", str(turn_file), "--ledger", str(log), "--signing-key", f"{keypair}.key"])
    main(["ledger", "keygen", "--out", str(tmp_path / "other")])
    capsys.readouterr()
    assert main(["ledger", "verify", str(log), "--public-key", str(tmp_path / "other.pub")]) == 1
    assert "not by the given key" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["ledger", "verify", "missing.log"], "no such ledger file"),
        (["check", "TURN", "--signing-key", "k.key"], "--signing-key needs --ledger"),
        pytest.param(
            ["ledger", "verify", "LOG", "--public-key", "nope.pub"],
            "cannot be read",
            marks=pytest.mark.skipif(find_spec("cryptography") is None, reason=NEEDS_LEDGER),
        ),
    ],
)
def test_usage_errors_exit_2(
    tmp_path: Path, turn_file: Path, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Missing files and option misuse exit 2 with one line on stderr."""
    log = tmp_path / "u.log"
    log.write_text("")
    argv = [str(turn_file) if a == "TURN" else str(log) if a == "LOG" else a for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_fault_injection_is_rejected_and_recorded(
    tmp_path: Path, turn_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """NOFAB_FAULT_INJECT=misread:total makes check fail and the ledger record the injection."""
    log = tmp_path / "f.log"
    monkeypatch.setenv("NOFAB_FAULT_INJECT", "misread:total")
    assert main(["check", str(turn_file), "--ledger", str(log), "--format", "json"]) == 1
    captured = capsys.readouterr()
    shown = json.loads(captured.out)
    assert shown["fault_injection"]["injected"] == "42.80" and "fault injected" in captured.err
    assert any(f["kind"] == "misread_value" for f in shown["findings"])
    record = json.loads(log.read_text())
    assert record["fault_injection"]["original"] == "42.73"
    assert main(["ledger", "verify", str(log)]) == 0
    assert "fault injection recorded in seq 1" in capsys.readouterr().out


def test_bad_declaration_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A declaration with an unbalanced path is a one-line error naming the field, exit 2."""
    bad = {**TURN, "asserted_values": [{"tool_call_id": "c1", "path": "rows[*", "expected": "x"}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "asserted_values[0].path" in err and "never closed" in err and err.count("\n") == 1


def test_public_key_from_environment(
    tmp_path: Path,
    turn_file: Path,
    keypair: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without --public-key, verify checks signatures with $NOFAB_LEDGER_PUBLIC_KEY."""
    log = tmp_path / "p.log"
    main(["check", str(turn_file), "--ledger", str(log), "--signing-key", f"{keypair}.key"])
    monkeypatch.setenv("NOFAB_LEDGER_PUBLIC_KEY", Path(f"{keypair}.pub").read_text())
    capsys.readouterr()
    assert main(["ledger", "verify", str(log)]) == 0
    assert "1 signature(s) checked" in capsys.readouterr().out
