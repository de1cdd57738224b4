"""The run database: one embedded DuckDB file holding everything an audit produced.

Tables: ``meta`` (policy and profile digests, detector versions, settings), ``records`` (one
row per input record, with its input error if it had one), ``turns``, ``findings`` (with
position-free fingerprints), ``timings`` (per detector, per chunk) and ``labels`` (keyed by
fingerprint, so they survive re-runs). Only the process that runs the audit writes.

No table but ``labels`` has a primary key: uniqueness comes from the audit itself (a record
already stored, by file + position + content hash, is skipped before it is checked), and an
index over millions of random keys would cost memory and time on every insert.
"""

from __future__ import annotations

import datetime as dt
import json
import threading
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from nofab.batch.extra import require
from nofab.batch.work import FINDING_COLUMNS, RECORD_COLUMNS, TURN_COLUMNS, ChunkResult
from nofab.errors import InputError

LABELS = ("tp", "fp", "skip")
#: DuckDB's page cache for the writer. It fills with the rows written (the ``raw`` column
#: holds every record) until this cap and then spills, so the writer's memory stops growing
#: here: at 256 MB it was still growing at 60k turns (323 MB peak); inserts of 64-record
#: chunks cost the same CPU at 64 MB.
WRITER_MEMORY = "128MB"

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR);
CREATE TABLE IF NOT EXISTS records (
  record_key VARCHAR, source VARCHAR, position BIGINT, unit VARCHAR,
  content_hash VARCHAR, status VARCHAR, error VARCHAR, raw VARCHAR, turns INTEGER);
CREATE TABLE IF NOT EXISTS turns (
  turn_id VARCHAR, record_key VARCHAR, source VARCHAR, position BIGINT, sub VARCHAR,
  ts VARCHAR, response VARCHAR, action VARCHAR, max_confidence DOUBLE, blocking INTEGER,
  n_findings INTEGER, detector_errors VARCHAR);
CREATE TABLE IF NOT EXISTS findings (
  turn_id VARCHAR, ordinal INTEGER, fingerprint VARCHAR, kind VARCHAR, detector VARCHAR,
  identifier VARCHAR, confidence DOUBLE, severity VARCHAR, span_start INTEGER, span_end INTEGER,
  reason VARCHAR, evidence VARCHAR);
CREATE TABLE IF NOT EXISTS timings (detector VARCHAR, calls BIGINT, seconds DOUBLE);
CREATE TABLE IF NOT EXISTS labels (
  fingerprint VARCHAR PRIMARY KEY, label VARCHAR, who VARCHAR, labelled_at TIMESTAMP, kind VARCHAR);
"""


class RunStore:
    """A run database, opened for writing (``audit``) or reading (reports, review)."""

    def __init__(self, path: str | Path, *, read_only: bool = False) -> None:
        duckdb = require("duckdb")
        self.path = Path(path)
        if read_only and not self.path.is_file():
            raise InputError("no such run database (create it with `nofab audit ... --out RUN`)", str(path))
        try:
            self.con = duckdb.connect(str(self.path), read_only=read_only)
        except duckdb.Error as exc:
            if "lock" in str(exc).lower():
                raise InputError(
                    "is in use by another process (an audit or a review still running?)", str(path)
                ) from None
            raise InputError(f"is not a nofab run database: {exc}", str(path)) from None
        # DuckDB connections are not safe to share across threads; the review server's
        # request threads take this lock around each use.
        self.lock = threading.Lock()
        if not read_only:
            # DuckDB caches pages up to 80% of RAM by default, so the writer's memory would grow
            # with the run; a fixed cap keeps a long audit bounded (it spills what does not fit),
            # and two threads leave the cores to the workers that do the checking.
            self.con.execute(f"SET memory_limit = '{WRITER_MEMORY}'")
            self.con.execute("SET threads = 2")
            self.con.execute(SCHEMA)
        elif not self._has("turns"):
            raise InputError("is not a nofab run database (no turns table)", str(path))

    def _has(self, table: str) -> bool:
        row = self.con.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_name = ?", [table]
        ).fetchone()
        return bool(row and row[0])

    def close(self) -> None:
        self.con.close()

    # ------------------------------------------------------------------ meta
    def set_meta(self, values: dict[str, Any]) -> None:
        for key, value in values.items():
            text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
            self.con.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", [key, text])

    def meta(self) -> dict[str, str]:
        return dict(self.con.execute("SELECT key, value FROM meta").fetchall())

    # ------------------------------------------------------------------ writing
    def done(self, source: str) -> set[tuple[int, str]]:
        """(position, content hash) of every record of ``source`` already stored."""
        rows = self.con.execute(
            "SELECT position, content_hash FROM records WHERE source = ?", [source]
        ).fetchall()
        return {(int(p), str(h)) for p, h in rows}

    def write(self, chunks: Sequence[ChunkResult]) -> None:
        """Store chunks in one transaction (a crash leaves whole chunks only).

        Each statement costs about the same whatever its row count, so the audit hands over
        several workers' chunks at once: one insert per table for all of them."""
        pa = require("pyarrow")
        self.con.execute("BEGIN")
        try:
            for table, columns, part in (
                ("records", RECORD_COLUMNS, "records"),
                ("turns", TURN_COLUMNS, "turns"),
                ("findings", FINDING_COLUMNS, "findings"),
            ):
                data = [getattr(chunk, part) for chunk in chunks]
                data = [d for d in data if d and d[columns[0]]]
                if data:
                    self._insert(table, columns, pa.table({c: _joined(d[c] for d in data) for c in columns}))
            # One statement for every detector of every chunk: a statement per detector cost
            # more than inserting the chunk's turns (13 round trips of ~0.5 ms each).
            timed = [
                (d, int(calls), seconds)
                for chunk in chunks
                for d, (calls, seconds) in chunk.timings.items()
                if calls
            ]
            if timed:
                rows = {
                    "detector": pa.array([d for d, _, _ in timed], pa.string()),
                    "calls": pa.array([c for _, c, _ in timed], pa.int64()),
                    "seconds": pa.array([s for _, _, s in timed], pa.float64()),
                }
                self._insert("timings", ("detector", "calls", "seconds"), pa.table(rows))
            self.con.execute("COMMIT")
        except Exception:
            self.con.execute("ROLLBACK")
            raise

    def _insert(self, table: str, columns: Sequence[str], arrow: Any) -> None:
        self.con.register("chunk_rows", arrow)
        try:
            names = ", ".join(columns)
            self.con.execute(f"INSERT INTO {table} ({names}) SELECT {names} FROM chunk_rows")
        finally:
            self.con.unregister("chunk_rows")

    # ------------------------------------------------------------------ labels
    def set_label(self, fingerprint: str, label: str, who: str) -> None:
        if label not in LABELS:
            raise InputError(f"unknown label {label!r}; expected one of {list(LABELS)}", "label")
        row = self.con.execute(
            "SELECT kind FROM findings WHERE fingerprint = ? LIMIT 1", [fingerprint]
        ).fetchone()
        if row is None:
            raise InputError("no finding has this fingerprint in the run", fingerprint)
        self.con.execute(
            "INSERT OR REPLACE INTO labels VALUES (?, ?, ?, ?, ?)",
            [fingerprint, label, who, dt.datetime.now(dt.UTC).replace(tzinfo=None), row[0]],
        )

    def labels(self) -> dict[str, tuple[str, str, str]]:
        rows = self.con.execute(
            "SELECT fingerprint, label, who, CAST(labelled_at AS VARCHAR) FROM labels"
        ).fetchall()
        return {fp: (label, who, at) for fp, label, who, at in rows}

    # ------------------------------------------------------------------ reading
    def rows(self, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
        cursor = self.con.execute(sql, params or [])
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    def scalar(self, sql: str, params: list[Any] | None = None) -> Any:
        row = self.con.execute(sql, params or []).fetchone()
        return row[0] if row else None

    def iter_rows(
        self, sql: str, params: list[Any] | None = None, size: int = 2000
    ) -> Iterator[dict[str, Any]]:
        cursor = self.con.execute(sql, params or [])
        names = [d[0] for d in cursor.description]
        while batch := cursor.fetchmany(size):
            for row in batch:
                yield dict(zip(names, row, strict=True))


def _joined(columns: Iterable[list[Any]]) -> list[Any]:
    """One column list from the same column of several chunks (the only list when there is one)."""
    parts = list(columns)
    if len(parts) == 1:
        return parts[0]
    out: list[Any] = []
    for part in parts:
        out.extend(part)
    return out
