"""The audit family on the command line: exit codes, formats, calibrate, diff, lazy imports."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nofab.batch.store import RunStore
from nofab.cli.main import main


@pytest.fixture()
def run(corpus: Path, tmp_path: Path) -> Path:
    out = tmp_path / "run.duckdb"
    assert main(["audit", str(corpus), "--out", str(out), "--workers", "1", "--no-progress"]) == 1
    return out


def test_audit_prints_the_summary(corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """audit ends with the summary table and exits 1 when a finding reaches the threshold."""
    out = tmp_path / "r.duckdb"
    assert main(["audit", str(corpus), "--out", str(out), "--workers", "1", "--no-progress"]) == 1
    captured = capsys.readouterr()
    assert "findings by kind and confidence" in captured.out and "slowest detectors" in captured.out
    assert "5 turns checked" in captured.err


def test_audit_of_clean_turns_exits_0(tmp_path: Path) -> None:
    """Nothing at or above the threshold: exit 0."""
    (tmp_path / "ok.jsonl").write_text(json.dumps({"response": "Hello there."}) + "\n")
    out = tmp_path / "r.duckdb"
    assert (
        main(["audit", str(tmp_path / "ok.jsonl"), "--out", str(out), "--workers", "1", "--no-progress"]) == 0
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["audit", "{tmp}/missing.jsonl", "--out", "{tmp}/r.duckdb"], "missing.jsonl: no such file"),
        (["report", "{tmp}/none.duckdb"], "no such run database"),
        (["audit", "{tmp}", "--out", "{tmp}/r.duckdb", "--scheduler", "tcp://x:1"], "--engine dask"),
    ],
)
def test_usage_errors_exit_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """Bad input or usage: exit 2 and one line on stderr naming the problem, never a traceback."""
    assert main([a.format(tmp=tmp_path) for a in argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1


@pytest.mark.parametrize("fmt", ["table", "json", "jsonl", "sarif", "junit", "html"])
def test_report_formats(run: Path, tmp_path: Path, fmt: str) -> None:
    """Every report format writes a non-empty file of its kind."""
    target = tmp_path / f"report.{fmt}"
    assert main(["report", str(run), "--format", fmt, "-o", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    if fmt in ("json", "sarif"):
        assert json.loads(text)
    elif fmt == "html":
        assert text.startswith("<!doctype html>") and "</html>" in text
    elif fmt == "junit":
        assert "<testsuites" in text
    assert text.strip()


def test_calibrate_then_audit_with_the_profile(
    run: Path, corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """calibrate refuses without labels, then writes a profile that audit loads."""
    assert main(["calibrate", str(run)]) == 2
    assert "no true/false-positive labels" in capsys.readouterr().err
    store = RunStore(run)
    fps = dict(store.con.execute("SELECT identifier, fingerprint FROM findings").fetchall())
    store.set_label(fps["1,234,567"], "tp", "ann")
    store.set_label(fps["I sent"], "fp", "ann")
    store.close()
    profile = tmp_path / "cal.json"
    assert main(["calibrate", str(run), "--write", str(profile), "--target-precision", "0.9"]) == 0
    data = json.loads(profile.read_text())
    assert data["thresholds"] == {"unverified_number": 0.9, "verb_claim": 1.0}
    again = tmp_path / "again.duckdb"
    assert (
        main(
            [
                "audit",
                str(corpus),
                "--out",
                str(again),
                "--profile",
                str(profile),
                "--workers",
                "1",
                "--no-progress",
            ]
        )
        == 1
    )
    assert (
        RunStore(again, read_only=True).meta()["profile_digest"]
        != RunStore(run, read_only=True).meta()["profile_digest"]
    )


def test_diff_of_a_run_with_itself_is_empty(run: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same run twice: nothing gained, nothing lost, exit 0."""
    assert main(["diff", str(run), str(run), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"gained": [], "lost": []}


def test_import_nofab_loads_no_extra() -> None:
    """`import nofab` (and the CLI group) imports none of the audit extra's heavy libraries."""
    code = (
        "import sys, nofab, nofab.cli.main; "
        "print(sorted(m for m in ('duckdb', 'dask', 'distributed', 'pyarrow', 'jinja2', 'starlette', "
        "'uvicorn') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_missing_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the extra's library the error names the pip command, not an ImportError."""
    from nofab.batch.extra import require
    from nofab.errors import UsageError

    monkeypatch.setitem(sys.modules, "duckdb", None)  # makes `import duckdb` fail
    with pytest.raises(UsageError, match=r"pip install 'nofab\[audit\]'"):
        require("duckdb")
