"""Each detector's own cost on real τ-bench turns, in the reused Guard's situation: every
evidence source already indexed (warm cache), the shared index parts and the turn's tool
partition built before the detector is timed, so that a detector is charged only for what
it does itself (``bench/speed.py`` charges a shared part to the first detector that asks).

    python bench/detector_cpu.py [--half tuning|checking|all] [--repeat 5] [--detectors a,b]

Per turn, the minimum over ``--repeat`` passes (the least disturbed figure on a shared
machine); then the median, p99, mean and max over the turns, in µs. Before/after: run it
with PYTHONPATH pointing at another version's src/.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from pathlib import Path

from nofab import Guard, Policy
from nofab.evidence.index import Evidence
from nofab.evidence.results import ResultCache
from nofab.evidence.toolstatus import status_for
from speed import ANSWER_SIDE, TURN_WIDE, percentile, trajectories

REPO = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared" / "data")
    parser.add_argument("--half", choices=("tuning", "checking", "all"), default="tuning")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--detectors", default="", help="comma-separated ids (default: all)")
    args = parser.parse_args()
    turns = [t for c in trajectories(args.data, args.half) for t in c]
    guard = Guard(Policy(load_plugins=False))
    wanted = {d for d in args.detectors.split(",") if d}
    detectors = [d for d in guard.detectors if not wanted or d.id in wanted]
    cache = ResultCache()
    best = {d.id: [float("inf")] * len(turns) for d in detectors}
    gc.collect()
    gc.disable()
    try:
        for _ in range(args.repeat):
            for i, turn in enumerate(turns):
                evidence = Evidence(turn, guard.profile, guard.lexicon, cache=cache)
                for part in (*TURN_WIDE, *ANSWER_SIDE):
                    getattr(evidence, part, None)
                status_for(evidence)  # shared by three detectors and the verdict: charged to none
                for detector in detectors:
                    start = time.perf_counter_ns()
                    list(detector.detect(evidence))
                    spent = (time.perf_counter_ns() - start) / 1000
                    best[detector.id][i] = min(best[detector.id][i], spent)
    finally:
        gc.enable()
    print(f"{len(turns)} τ-bench turns ({args.half} half), warm cache, min of {args.repeat} passes, µs:")
    for name, times in best.items():
        print(
            f"  {name:18s} median {statistics.median(times):7.1f}   p99 {percentile(times, 0.99):7.1f}"
            f"   mean {statistics.mean(times):6.1f}   max {max(times):7.1f}"
        )


if __name__ == "__main__":
    main()
