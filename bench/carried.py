"""What a check pays per tool result a turn carries, with every source already indexed.

In a replay each turn carries every earlier result. The guard's cache indexes each result
once; what is left is what a warm check still does once per carried result on every turn
(looking it up, joining it into the turn-wide parts, detectors walking every result). This
adds ``--extra`` distinct τ-bench results (as earlier calls) to a sample of τ-bench turns and
prints, per part of the index and per detector, the mean warm cost with and without them and
the difference per added result.

    python bench/carried.py [--extra 40] [--sample 60] [--repeat 3]
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import statistics
import time
from pathlib import Path

from nofab import Guard, Policy, Turn
from nofab.evidence.index import Evidence
from speed import REPO, trajectories

PARTS = ("sources", "folded", "numbers", "money", "literals", "dates", "records", "tool_status")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared" / "data")
    parser.add_argument("--extra", type=int, default=40)
    parser.add_argument("--sample", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    turns = [t for c in trajectories(args.data, "checking") for t in c]
    seen: set[str] = set()
    pool = []
    for call in (c for t in turns for c in t.tool_calls if c.result is not None):
        if str(call.result) not in seen:
            seen.add(str(call.result))
            pool.append(dataclasses.replace(call, earlier=True))
    sample = [t for t in turns if t.tool_calls][:: max(1, len(turns) // (4 * args.sample))][: args.sample]
    guard = Guard(Policy(load_plugins=False))

    def carrying(turn: Turn, n: int) -> Turn:
        return dataclasses.replace(turn, tool_calls=(*pool[:n], *turn.tool_calls))

    means: dict[int, dict[str, float]] = {}
    gc.disable()
    try:
        for n in (0, args.extra):
            grown = [carrying(t, n) for t in sample]
            for turn in grown:  # index every source first: the warm regime
                guard.check(turn)
            times: dict[str, list[float]] = {}
            for _ in range(args.repeat):
                for turn in grown:
                    evidence = Evidence(turn, guard.profile, guard.lexicon, cache=guard.results)
                    for part in PARTS:
                        start = time.perf_counter_ns()
                        getattr(evidence, part)
                        times.setdefault(part, []).append((time.perf_counter_ns() - start) / 1000)
                    for detector in guard.detectors:
                        start = time.perf_counter_ns()
                        list(detector.detect(evidence))
                        times.setdefault(detector.id, []).append((time.perf_counter_ns() - start) / 1000)
                    start = time.perf_counter_ns()
                    guard.check(turn)
                    times.setdefault("whole check", []).append((time.perf_counter_ns() - start) / 1000)
            means[n] = {k: statistics.mean(v) for k, v in times.items()}
    finally:
        gc.enable()
    print(
        f"{len(sample)} τ-bench turns, warm cache, mean µs: as they are | carrying {args.extra} "
        f"more results ({len(pool)} distinct in the pool) | per added result"
    )
    for name in means[0]:
        a, b = means[0][name], means[args.extra][name]
        print(f"  {name:18s} {a:8.1f} {b:8.1f} {(b - a) / args.extra:7.2f}")


if __name__ == "__main__":
    main()
