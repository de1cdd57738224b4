"""The answer side of the index, part by part, and attribution, per τ-bench turn and per MB.

    python bench/answer_side.py [--repeat 7] [--half checking|tuning|all] [--sizes 0.02 0.25 1]

Per turn (the τ-bench turns of one half, the airline policy as context, a warm result
cache): each answer-side part of ``Evidence`` (``tokens``, ``claims``, ``numerals``) timed
alone on a fresh index, then attribution on an index whose answer side is built (so it is
charged for its own work only), and attribution on a fresh index (what it costs when it is
the first reader of the tokens). Minimum of ``--repeat`` passes per turn, collector off;
median, mean, p99 and the mean of the slowest tenth (long answers).

Per MB (``bench/hostile.py``'s families): the claim finder and attribution, each on a fresh
index (paying for the parts it reads first, as ``hostile.py --by-detector`` charges them)
and on one whose shared parts are built, in CPU seconds per MB at each size: flat means
linear.

Run it with ``PYTHONPATH=<tree>/src`` for each tree to compare two versions side by side.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections.abc import Callable
from functools import partial

from hostile import build
from nofab import Guard, Policy
from nofab.evidence.index import Evidence
from nofab.evidence.results import ResultCache
from nofab.model.turn import Turn
from speed import REPO, TURN_WIDE, percentile, trajectories

PARTS = ("tokens", "claims", "numerals")
SHARED = ("answer", "tokens", "sentences", "numerals", "normalised", "claims")
FAMILIES = ("codes", "mixed", "names", "quoted", "dense_numbers")


def per_turn(guard: Guard, half: str, repeat: int) -> dict[str, list[float]]:
    turns = [t for c in trajectories(REPO.parent / "shared" / "data", half) for t in c]
    cache = ResultCache()
    for turn in turns:  # warm: every source indexed
        guard.results = cache
        guard.check(turn)
    attribution = next(d for d in guard.detectors if d.id == "attribution")
    names = [*PARTS, "answer side", "attribution (answer side built)", "attribution (first reader)"]
    best = {name: [float("inf")] * len(turns) for name in names}

    def fresh(turn: Turn) -> Evidence:
        evidence = Evidence(turn, guard.profile, guard.lexicon, cache=cache)
        for part in TURN_WIDE:
            getattr(evidence, part)
        return evidence

    def keep(name: str, i: int, start: int) -> None:
        best[name][i] = min(best[name][i], (time.perf_counter_ns() - start) / 1000)

    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            for i, turn in enumerate(turns):
                for part in PARTS:
                    evidence = fresh(turn)
                    start = time.perf_counter_ns()
                    getattr(evidence, part)
                    keep(part, i, start)
                evidence = fresh(turn)
                start = time.perf_counter_ns()
                for part in PARTS:
                    getattr(evidence, part)
                keep("answer side", i, start)
                for part in SHARED:
                    getattr(evidence, part)
                start = time.perf_counter_ns()
                list(attribution.detect(evidence))
                keep("attribution (answer side built)", i, start)
                evidence = fresh(turn)
                start = time.perf_counter_ns()
                list(attribution.detect(evidence))
                keep("attribution (first reader)", i, start)
    finally:
        gc.enable()
    return best


def _part_cpu(guard: Guard, turn: Turn, name: str) -> float:
    """CPU seconds to build one part of a fresh index."""
    evidence = Evidence(turn, guard.profile, guard.lexicon)
    start = time.process_time()
    getattr(evidence, name)
    return time.process_time() - start


def _detector_cpu(guard: Guard, turn: Turn, name: str, built: bool) -> float:
    """CPU seconds of one detector on a fresh index (``built``: its shared parts built first)."""
    detector = next(d for d in guard.detectors if d.id == name)
    evidence = Evidence(turn, guard.profile, guard.lexicon)
    if built:
        for shared in SHARED:
            getattr(evidence, shared)
    start = time.process_time()
    list(detector.detect(evidence))
    return time.process_time() - start


def per_mb(guard: Guard, sizes: list[float], repeat: int) -> None:
    def cpu(run: Callable[[], float]) -> float:
        gc.collect()
        return min(run() for _ in range(repeat))

    for family in FAMILIES:
        print(family)
        for size in sizes:
            turn = build(family, int(size * 1_000_000))
            mb = len(turn.response) / 1_000_000
            tokens = cpu(partial(_part_cpu, guard, turn, "tokens")) / mb
            finder = cpu(partial(_part_cpu, guard, turn, "claims")) / mb
            fresh = cpu(partial(_detector_cpu, guard, turn, "attribution", False)) / mb
            own = cpu(partial(_detector_cpu, guard, turn, "attribution", True)) / mb
            print(
                f"    {size:>5} MB: tokens {tokens:.2f}  claim finder {finder:.2f}"
                f"  attribution {fresh:.2f} (own {own:.2f})",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--half", choices=("checking", "tuning", "all"), default="checking")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--sizes", type=float, nargs="*", default=[0.02, 0.25, 1.0])
    args = parser.parse_args()
    guard = Guard(Policy(load_plugins=False, max_answer_chars=int(max(args.sizes or [0]) * 1.2e6) + 10**5))
    print(f"per τ-bench turn ({args.half} half, warm cache, min of {args.repeat} passes), µs:")
    for name, times in per_turn(guard, args.half, args.repeat).items():
        slow = sorted(times)[-max(1, len(times) // 10) :]
        print(
            f"  {name:32s} median {statistics.median(times):6.1f}  mean {statistics.mean(times):6.1f}"
            f"  p99 {percentile(times, 0.99):7.1f}  slowest tenth {statistics.mean(slow):7.1f}"
        )
    if args.sizes:
        print("\nCPU s/MB (fresh index: the parts it reads first included; own: shared parts built):")
        per_mb(guard, args.sizes, max(1, args.repeat // 3))


if __name__ == "__main__":
    main()
