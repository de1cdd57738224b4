"""``audit``: read inputs, skip what the run already holds, check the rest, store it."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nofab.batch import engine as engines
from nofab.batch.sources import DEFAULT_MAX_JSON_BYTES, RawRecord, expand, read
from nofab.batch.store import RunStore
from nofab.batch.work import ChunkResult, Settings
from nofab.config.policy import Policy, Profile
from nofab.errors import NofabError, UsageError


class EngineError(NofabError):
    """The engine running the checks failed (not the input, not a detector)."""


#: Records per task. Each task has a fixed cost (pickling, a future, for Dask a scatter and a
#: scheduler round trip); 256 τ-bench records (~1,300 turns) against 64 cut the CPU per turn
#: by 7% locally and 8% on Dask (bench/audit.py --chunk-size), and still give each of two
#: workers several tasks per 20k turns, so the last task leaves a worker idle only briefly.
CHUNK_RECORDS = 256
#: A task also ends at this many input bytes, so a chunk of huge records (transcripts of
#: megabytes) stays small: at most two tasks per worker are in flight, so this bounds memory.
CHUNK_BYTES = 8 * 2**20


@dataclass(slots=True)
class AuditStats:
    files: int = 0
    records: int = 0
    skipped: int = 0
    turns: int = 0
    input_errors: int = 0
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        return self.turns / self.seconds if self.seconds else 0.0


def settings_for(
    mode: str, threshold: float, profile_data: Any = None, input_format: str = "auto"
) -> Settings:
    """Settings from the CLI's options and a decoded profile (validated here, once)."""
    from nofab.adapters import FORMATS

    if profile_data is not None:
        Profile.from_dict(profile_data)
    if input_format != "auto" and input_format not in FORMATS:
        raise UsageError(
            f"unknown input format {input_format!r}; expected auto or one of {', '.join(FORMATS)}"
        )
    return Settings(
        mode=mode,
        threshold=threshold,
        profile_json=json.dumps(profile_data, sort_keys=True) if profile_data is not None else "",
        input_format=input_format,
    )


def audit(
    inputs: Sequence[str],
    out: str | Path,
    settings: Settings,
    *,
    engine: str = "local",
    workers: int = 1,
    scheduler: str | None = None,
    chunk_size: int = CHUNK_RECORDS,
    progress: bool = True,
    max_json_bytes: int = DEFAULT_MAX_JSON_BYTES,
) -> AuditStats:
    """Audit every record of ``inputs`` into the run database ``out`` and return the counts."""
    files = expand(inputs)
    guard = settings.guard()
    policy = Policy(mode=settings.mode, threshold=settings.threshold)  # type: ignore[arg-type]
    store = RunStore(out)
    try:
        digests = {"policy_digest": policy.digest(), "profile_digest": guard.profile.digest()}
        previous = store.meta()
        for key, value in digests.items():
            if key in previous and previous[key] != value:
                raise UsageError(
                    f"{out} was audited with another {key.split('_')[0]} ({previous[key][:12]}…, now "
                    f"{value[:12]}…): resume it with the same settings or write a new --out"
                )
        if previous.get("input_format", settings.input_format) != settings.input_format:
            raise UsageError(
                f"{out} was audited with --input-format {previous['input_format']}, now "
                f"{settings.input_format}: resume it with the same settings or write a new --out"
            )
        from nofab import __version__

        store.set_meta(
            {
                **digests,
                "detector_versions": guard.detector_versions,
                "mode": settings.mode,
                "threshold": str(settings.threshold),
                "profile": settings.profile_json or "{}",
                "input_format": settings.input_format,
                "nofab_version": __version__,
                "started_at": previous.get("started_at") or dt.datetime.now(dt.UTC).isoformat(),
            }
        )
        stats = AuditStats(files=len(files))
        total = sum(p.stat().st_size for p in files)
        with _Progress(total, enabled=progress) as bar:
            chunks = _chunks(files, store, stats, bar, chunk_size, max_json_bytes)
            start = time.perf_counter()
            writer = _Writer(store, stats, bar, start)
            try:
                for result in engines.run(
                    chunks, settings, engine=engine, workers=workers, scheduler=scheduler
                ):
                    writer.add(result)
                writer.flush()
            except NofabError:
                raise
            except Exception as exc:
                # A worker killed (out of memory), a lost scheduler: every chunk written so far is
                # committed, so the same command resumes where this one stopped. Chunks that
                # finished but wait for their write are stored first, unless writing is what failed.
                if not writer.failed:
                    with contextlib.suppress(Exception):  # the engine's error is the one to report
                        writer.flush()
                raise EngineError(
                    f"the {engine} engine failed after {stats.turns:,} turns ({type(exc).__name__}: "
                    f"{exc}); what was stored is kept: run the same command again to resume"
                ) from exc
            stats.seconds = time.perf_counter() - start
        store.set_meta({"finished_at": dt.datetime.now(dt.UTC).isoformat()})
        return stats
    finally:
        store.close()


#: Turns gathered from finished chunks before one write. Every DuckDB statement and commit
#: has a fixed cost of about a millisecond whatever its row count; writing four 64-record
#: chunks at once halved the writer's CPU per turn (bench/audit.py), and the writer shares the
#: two cores with the workers. Small enough that a run stopped in between loses seconds.
WRITE_TURNS = 1000
#: Records gathered before one write, whatever their turns (input errors have none).
WRITE_RECORDS = 512


class _Writer:
    """Gathers finished chunks and stores them a few at a time, in one transaction."""

    def __init__(self, store: RunStore, stats: AuditStats, bar: _Progress, start: float) -> None:
        self.store, self.stats, self.bar, self.start = store, stats, bar, start
        self.pending: list[ChunkResult] = []
        self.turns = self.records = 0
        self.failed = False

    def add(self, result: ChunkResult) -> None:
        self.pending.append(result)
        self.turns += result.turn_count
        self.records += len(result.records["status"])
        if self.turns >= WRITE_TURNS or self.records >= WRITE_RECORDS:
            self.flush()

    def flush(self) -> None:
        if not self.pending:
            return
        self.failed = True
        self.store.write(self.pending)
        self.failed = False
        for result in self.pending:
            self.stats.turns += result.turn_count
            self.stats.input_errors += result.records["status"].count("error")
        self.stats.seconds = time.perf_counter() - self.start
        self.bar.advance(sum(r.nbytes for r in self.pending), self.stats)
        self.pending = []
        self.turns = self.records = 0


def _chunks(
    files: list[Path], store: RunStore, stats: AuditStats, bar: _Progress, size: int, max_json_bytes: int
) -> Iterator[list[RawRecord]]:
    chunk: list[RawRecord] = []
    held = 0
    for path in files:
        done = store.done(str(path))
        for record in read(path, max_json_bytes):
            stats.records += 1
            if (record.position, record.content_hash) in done:
                stats.skipped += 1
                bar.advance(record.nbytes, stats)
                continue
            chunk.append(record)
            held += record.nbytes
            if len(chunk) >= size or held >= CHUNK_BYTES:
                yield chunk
                chunk, held = [], 0
    if chunk:
        yield chunk


class _Progress:
    """A rich progress bar over input bytes, with turns and turns/s; silent when not a terminal."""

    def __init__(self, total: int, enabled: bool) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        console = Console(stderr=True)
        self.progress = Progress(
            TextColumn("auditing"),
            BarColumn(),
            TaskProgressColumn(),
            TextColumn("{task.fields[turns]} turns · {task.fields[rate]} turns/s"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=console,
            disable=not (enabled and console.is_terminal),
            transient=False,
        )
        self.task = self.progress.add_task("audit", total=max(1, total), turns=0, rate="–")

    def __enter__(self) -> _Progress:
        self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.stop()

    def advance(self, nbytes: int, stats: AuditStats) -> None:
        self.progress.update(self.task, advance=nbytes, turns=f"{stats.turns:,}", rate=f"{stats.rate:,.0f}")
