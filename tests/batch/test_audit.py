"""nofab audit: streaming into DuckDB, bad inputs recorded per line, resume."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nofab.batch.audit import audit, settings_for
from nofab.batch.store import RunStore
from nofab.errors import InputError, UsageError

from .conftest import DELETED, GROUNDED, SENT

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")


def run(inputs: list[Path], out: Path, **kw: object) -> RunStore:
    audit([str(p) for p in inputs], out, settings_for("observe", 0.8), progress=False, **kw)  # type: ignore[arg-type]
    return RunStore(out, read_only=True)


def test_audit_stores_turns_findings_and_meta(corpus: Path, tmp_path: Path) -> None:
    """Every turn, its verdict and fingerprinted findings are stored with policy digest and versions."""
    store = run([corpus], tmp_path / "run.duckdb")
    assert store.scalar("SELECT count(*) FROM turns") == 5
    assert store.scalar("SELECT count(*) FROM turns WHERE n_findings > 0") == 4
    kinds = {k for (k,) in store.con.execute("SELECT DISTINCT kind FROM findings").fetchall()}
    assert {"verb_claim", "kv", "unverified_number", "uuid"} <= kinds
    fps = store.con.execute("SELECT fingerprint FROM findings WHERE identifier = '1,234,567'").fetchall()
    assert len(fps) == 1 and len(fps[0][0]) == 16
    meta = store.meta()
    assert len(meta["policy_digest"]) == 64 and meta["profile_digest"]
    assert set(json.loads(meta["detector_versions"])) >= {"identifiers", "numbers"}
    assert store.scalar("SELECT sum(calls) FROM timings WHERE detector = 'numbers'") == 5


def test_bad_inputs_are_recorded_per_line_and_the_run_goes_on(tmp_path: Path) -> None:
    """A truncated line, a non-UTF-8 line, an empty file and a Parquet file of other columns become
    input errors with file and line; every good record around them is still checked."""
    folder = tmp_path / "in"
    folder.mkdir()
    good = json.dumps(GROUNDED).encode()
    (folder / "mixed.jsonl").write_bytes(
        good
        + b"\n"
        + json.dumps(SENT).encode()[:25]
        + b"\n"
        + b'{"response": "caf\xe9 ok"}\n'
        + b'{"foo": 1}\n'
        + json.dumps(DELETED).encode()
        + b"\n"
    )
    (folder / "empty.jsonl").write_bytes(b"")
    pq.write_table(pa.table({"a": [1, 2], "b": ["x", "y"]}), folder / "other.parquet")
    pq.write_table(pa.table({"response": ["I have deleted the file x.pdf.", "ok"]}), folder / "turns.parquet")
    (folder / "arr.json").write_text(json.dumps([GROUNDED, SENT]), encoding="utf-8")
    store = run([folder], tmp_path / "run.duckdb")
    errors = {
        (Path(s).name, u, p): e
        for s, u, p, e in store.con.execute(
            "SELECT source, unit, position, error FROM records WHERE status = 'error'"
        ).fetchall()
    }
    assert set(errors) == {
        ("mixed.jsonl", "line", 2),
        ("mixed.jsonl", "line", 3),
        ("mixed.jsonl", "line", 4),
        ("empty.jsonl", "file", 0),
        ("other.parquet", "file", 0),
    }
    assert "invalid JSON (truncated line?)" in errors[("mixed.jsonl", "line", 2)]
    assert "not valid UTF-8 (byte 0xe9" in errors[("mixed.jsonl", "line", 3)]
    assert "expected a turn" in errors[("mixed.jsonl", "line", 4)]
    assert "empty file" in errors[("empty.jsonl", "file", 0)]
    assert "Parquet columns ['a', 'b']" in errors[("other.parquet", "file", 0)]
    # 2 good JSONL lines + 2 Parquet rows + 2 JSON array items.
    assert store.scalar("SELECT count(*) FROM turns") == 6


def test_resume_skips_stored_records_and_rechecks_changed_lines(corpus: Path, tmp_path: Path) -> None:
    """Re-running skips records already stored (file + line + content hash); an edited line is rechecked."""
    out = tmp_path / "run.duckdb"
    run([corpus], out).close()
    path = corpus / "turns.jsonl"
    lines = path.read_text().splitlines()
    lines[0] = json.dumps({**GROUNDED, "response": "Your order A-1042 totals $99.99."})
    path.write_text("\n".join(lines) + "\n")
    stats = audit([str(corpus)], out, settings_for("observe", 0.8), progress=False)
    assert (stats.records, stats.skipped, stats.turns) == (5, 4, 1)
    store = RunStore(out, read_only=True)
    assert store.scalar("SELECT count(*) FROM turns") == 6


def test_resume_with_another_policy_is_refused(corpus: Path, tmp_path: Path) -> None:
    """A run database is never mixed with verdicts of another policy."""
    out = tmp_path / "run.duckdb"
    run([corpus], out).close()
    with pytest.raises(UsageError, match="another policy"):
        audit([str(corpus)], out, settings_for("observe", 0.5), progress=False)


def test_local_processes_give_the_same_rows(corpus: Path, tmp_path: Path) -> None:
    """Two worker processes store exactly what the in-process engine stores."""
    a = run([corpus], tmp_path / "a.duckdb", workers=1, chunk_size=2)
    b = run([corpus], tmp_path / "b.duckdb", workers=2, chunk_size=2)
    query = "SELECT turn_id, fingerprint, confidence FROM findings ORDER BY ALL"
    assert a.con.execute(query).fetchall() == b.con.execute(query).fetchall()


@pytest.mark.parametrize("missing", ["nope.jsonl", "nope/*.jsonl"])
def test_missing_input_is_a_clear_error(tmp_path: Path, missing: str) -> None:
    """A path or glob matching nothing is an InputError naming it, before anything is written."""
    with pytest.raises(InputError, match="nope"):
        audit([str(tmp_path / missing)], tmp_path / "r.duckdb", settings_for("observe", 0.8), progress=False)


def test_an_engine_failure_keeps_what_was_stored(
    corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failing engine raises a one-line EngineError; chunks already written stay; a re-run resumes."""
    from nofab.batch import engine
    from nofab.batch.audit import EngineError

    real = engine.check_chunk
    calls = {"n": 0}

    def flaky(chunk: Any, settings: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 2:
            raise MemoryError("worker killed")
        return real(chunk, settings)

    monkeypatch.setattr(engine, "check_chunk", flaky)
    out = tmp_path / "run.duckdb"
    with pytest.raises(EngineError, match=r"failed after 2 turns .*MemoryError.*run the same command again"):
        audit([str(corpus)], out, settings_for("observe", 0.8), chunk_size=2, progress=False)
    stats = audit([str(corpus)], out, settings_for("observe", 0.8), chunk_size=2, progress=False)
    assert (stats.skipped, stats.turns) == (2, 3)


def test_a_task_ends_at_its_record_count_or_its_input_bytes(
    corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Chunks hold up to --chunk-size records, but fewer when those records are large, so the
    tasks in flight stay small whatever the size of each record."""
    from nofab.batch import audit as audit_module
    from nofab.batch import engine

    real = engine.check_chunk
    sizes: list[int] = []

    def counted(chunk: Any, settings: Any) -> Any:
        sizes.append(len(chunk))
        return real(chunk, settings)

    monkeypatch.setattr(engine, "check_chunk", counted)
    run([corpus], tmp_path / "whole.duckdb", chunk_size=1000)
    records = sum(sizes)
    assert records >= 2 and sizes == [records]  # one file: one task when nothing bounds it
    sizes.clear()
    monkeypatch.setattr(audit_module, "CHUNK_BYTES", 1)  # every record is over the bound
    run([corpus], tmp_path / "bytes.duckdb", chunk_size=1000)
    assert sizes == [1] * records
    sizes.clear()
    monkeypatch.setattr(audit_module, "CHUNK_BYTES", 10**9)
    run([corpus], tmp_path / "count.duckdb", chunk_size=2)
    assert max(sizes) == 2 and sum(sizes) == records


def test_chunks_written_together_store_the_same_rows_as_one_by_one(
    corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer gathers finished chunks into one transaction: every row of every chunk is kept,
    exactly as when each chunk is written on its own."""
    from nofab.batch import audit as audit_module

    query = (
        "SELECT t.turn_id, t.action, t.n_findings, f.fingerprint, f.kind, f.evidence "
        "FROM turns t LEFT JOIN findings f USING (turn_id) ORDER BY 1, 4"
    )
    monkeypatch.setattr(audit_module, "WRITE_TURNS", 1)
    one = run([corpus], tmp_path / "one.duckdb", chunk_size=1)
    monkeypatch.setattr(audit_module, "WRITE_TURNS", 10**6)
    together = run([corpus], tmp_path / "together.duckdb", chunk_size=1)
    assert one.rows(query) == together.rows(query)
    assert len(one.rows(query)) >= 5
    counts = "SELECT count(*), sum(calls) FROM timings WHERE detector = 'numbers'"
    assert one.con.execute(counts).fetchone() == together.con.execute(counts).fetchone()
    assert together.scalar("SELECT count(*) FROM records") == one.scalar("SELECT count(*) FROM records")


def test_labels_survive_a_rerun_and_cover_new_occurrences(corpus: Path, tmp_path: Path) -> None:
    """A label keyed by fingerprint stays after a resumed audit and applies to the same claim in new turns."""
    out = tmp_path / "run.duckdb"
    store = run([corpus], out)
    store.close()
    store = RunStore(out)
    fp = store.scalar("SELECT fingerprint FROM findings WHERE identifier = 'I sent'")
    store.set_label(fp, "fp", "ann")
    store.close()
    with (corpus / "turns.jsonl").open("a") as handle:
        handle.write(json.dumps({**SENT, "timestamp": "2026-02-01"}) + "\n")
    audit([str(corpus)], out, settings_for("observe", 0.8), progress=False)
    store = RunStore(out, read_only=True)
    assert store.labels()[fp][:2] == ("fp", "ann")
    labelled = store.scalar(
        "SELECT count(*) FROM findings f JOIN labels l USING (fingerprint) WHERE l.label = 'fp'"
    )
    assert labelled == 2
