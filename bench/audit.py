"""End-to-end audit throughput (read, check, store) and peak memory.

Builds a corpus of at least ``--turns`` turns in a temporary folder by replicating the shared
τ-bench episodes and ToolTalk conversations with varied values (each replica renames the
digits 1-9 by its own permutation, in the answer and the tool results alike, so grounded
numbers stay grounded and no two replicas are the same text), written as JSONL transcripts.
Then runs ``nofab audit`` with each engine in a fresh process and prints turns/s and peak RSS.

    python bench/audit.py --turns 100000 --workers 2 --engines local,dask
    python bench/audit.py --turns 1000000 --engines local
    python bench/audit.py --turns 20000 --engines local --compare /tmp/base/src --repeat 2
    python bench/audit.py --turns 5000 --decode      # record decoding alone: json.loads vs audit's

``--compare SRC`` also runs every engine on the nofab source tree SRC (e.g. an export of the
commit before a change), alternating with this tree on the same corpus, so a before/after
pair is measured in one run under the same load.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def originals() -> list[Any]:
    episodes = json.loads((SHARED / "tau-bench-airline" / "gpt-4o-airline-dev.json").read_text("utf-8"))
    conversations = [
        json.loads(p.read_text("utf-8"))
        for p in sorted((SHARED / "tooltalk").glob("*/*.json"))
        if p.parent.name != "databases"
    ]
    return [*episodes, *conversations]


def vary(value: Any, table: dict[int, int]) -> Any:
    """The same structure with every digit renamed (0 stays 0, so numbers stay valid)."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, str):
        return value.translate(table)
    if isinstance(value, int):
        return int(str(value).translate(table))
    if isinstance(value, float):
        return float(repr(value).translate(table))
    if isinstance(value, list):
        return [vary(v, table) for v in value]
    if isinstance(value, dict):
        return {k: vary(v, table) for k, v in value.items()}
    return value


def replicas(records: list[Any], count: int) -> Iterator[Any]:
    rng = random.Random(7)
    for _ in range(count):
        digits = list("123456789")
        rng.shuffle(digits)
        table = str.maketrans("123456789", "".join(digits))
        for record in records:
            yield vary(record, table)


def generate(folder: Path, turns: int) -> tuple[int, int]:
    """Write JSONL files holding at least ``turns`` turns; return (records, turns)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from nofab.batch.records import records_to_turns

    base = originals()
    per_copy = sum(len(records_to_turns(r)) for r in base)
    copies = -(-turns // per_copy)
    written = 0
    files = 8  # several files, so the run also crosses file boundaries
    handles = [(folder / f"part-{i}.jsonl").open("w", encoding="utf-8") for i in range(files)]
    try:
        for i, record in enumerate(replicas(base, copies)):
            handles[i % files].write(json.dumps(record, ensure_ascii=False) + "\n")
            written += 1
    finally:
        for h in handles:
            h.close()
    return written, copies * per_copy


def decoding(folder: Path, repeat: int = 5) -> None:
    """CPU per record of decoding the corpus' JSONL lines: json.loads (on the UTF-8 text, as the
    audit did) against the audit's own decoder (``nofab.batch.work._decode``), min of ``repeat``."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from nofab.batch.work import _decode

    lines = [line for path in sorted(folder.iterdir()) for line in path.read_bytes().splitlines() if line]
    ways = {"json.loads": lambda b: json.loads(b.decode("utf-8")), "audit _decode": _decode}
    size = sum(map(len, lines))
    for name, decode in ways.items():
        best = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            for line in lines:
                decode(line)
            best = min(best, time.process_time() - start)
        print(
            f"{name:14s} {best * 1e3:7.1f} ms CPU for {len(lines):,} records ({size / 2**20:.1f} MiB): "
            f"{best / len(lines) * 1e6:5.1f} us per record"
        )


def run_one(engine: str, folder: str, out: str, workers: int, chunk_size: int | None) -> None:
    """Inner process: one audit, then its figures as one JSON line."""
    from nofab.batch.audit import audit, settings_for

    start = time.perf_counter()
    sized = {"chunk_size": chunk_size} if chunk_size else {}  # else the version's own default
    stats = audit(
        [folder], out, settings_for("observe", 0.8), engine=engine, workers=workers, progress=False, **sized
    )
    seconds = time.perf_counter() - start
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
    print(
        json.dumps(
            {
                "engine": engine,
                "chunk_size": chunk_size or "default",
                "nofab": str(Path(audit.__code__.co_filename).parents[2]),  # the version measured
                "turns": stats.turns,
                "seconds": round(seconds, 2),
                "turns_per_s": round(stats.turns / seconds),
                # CPU time of every process (this one and its workers): on a shared machine the
                # wall-clock rate depends on the neighbours, turns per CPU-second does not.
                "cpu_seconds": round(cpu, 1),
                # The writer (this process: reading, hashing, storing) against the checkers.
                "cpu_seconds_main": round(own.ru_utime + own.ru_stime, 1),
                "turns_per_cpu_s": round(stats.turns / cpu),
                "peak_rss_main_mb": round(own.ru_maxrss / 1024),
                "peak_rss_largest_worker_mb": round(children.ru_maxrss / 1024),
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--engines", default="local,dask")
    parser.add_argument("--chunk-size", type=int, default=0, help="records per task (default: audit's)")
    parser.add_argument("--compare", metavar="SRC", help="another nofab src/ tree to measure alongside")
    parser.add_argument("--repeat", type=int, default=1, help="runs per engine and tree (alternating)")
    parser.add_argument("--decode", action="store_true", help="only time record decoding")
    parser.add_argument("--inner", nargs=3, metavar=("ENGINE", "FOLDER", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        run_one(args.inner[0], args.inner[1], args.inner[2], args.workers, args.chunk_size or None)
        return
    with tempfile.TemporaryDirectory(prefix="nofab-bench-") as tmp:
        folder = Path(tmp) / "corpus"
        folder.mkdir()
        t0 = time.perf_counter()
        records, turns = generate(folder, args.turns)
        size = sum(p.stat().st_size for p in folder.iterdir())
        print(
            f"corpus: {records:,} records, {turns:,} turns, {size / 2**20:,.0f} MiB of JSONL "
            f"(generated in {time.perf_counter() - t0:.0f}s)"
        )
        if args.decode:
            decoding(folder)
            return
        here = str(Path(__file__).resolve().parents[1] / "src")
        trees = [here, *([str(Path(args.compare).resolve())] if args.compare else [])]
        for engine in args.engines.split(","):
            for attempt in range(args.repeat):
                for tree in trees:
                    out = Path(tmp) / f"{engine}-{attempt}-{trees.index(tree)}.duckdb"
                    result = subprocess.run(
                        [
                            sys.executable,
                            __file__,
                            "--workers",
                            str(args.workers),
                            "--chunk-size",
                            str(args.chunk_size),
                            "--inner",
                            engine,
                            str(folder),
                            str(out),
                        ],
                        check=True,
                        capture_output=True,
                        text=True,
                        env={**os.environ, "PYTHONPATH": tree},
                    )
                    figures = json.loads(result.stdout.strip().splitlines()[-1])
                    figures["db_mb"] = round(out.stat().st_size / 2**20)
                    figures["load_avg_1min_after"] = os.getloadavg()[0]
                    print(json.dumps(figures), flush=True)
                    out.unlink()


if __name__ == "__main__":
    main()
