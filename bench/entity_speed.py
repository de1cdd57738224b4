"""Seconds per MB of the entity detector's candidate scan on answers dense with phones,
e-mails and URLs (issue 16.1: the overlap check must not make this quadratic), then of the
whole detector (candidates, the evidence lookup, findings, name rules) on ``hostile.py``'s
families, in CPU seconds (on a shared machine wall time mostly measures the others; a
linear detector keeps each row flat).

    python bench/entity_speed.py [--families] [--tau tuning|checking|all]

``--tau``: the whole detector alone on τ-bench turns (``speed.py``'s), per turn (best of
five passes: median, mean, p99) and in CPU time of whole passes, cold (a new result cache
per turn) and in replay (one cache, the turns in conversation order, as a reused Guard).

Run it with another checkout first on ``PYTHONPATH`` to put two versions side by side.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from pathlib import Path

from hostile import build
from nofab import Guard, Policy, Profile
from nofab.detectors.entities import EntityDetector
from nofab.evidence.index import Evidence

SIZES_MB = (0.25, 0.5, 1.0)


def dense_text(size: int, rng: random.Random) -> str:
    """About ``size`` characters of comma-separated phones, e-mail addresses and URLs."""
    out: list[str] = []
    total = 0
    while total < size:
        kind = rng.randrange(3)
        if kind == 0:
            item = f"call 650-555-{rng.randrange(10000):04d}"
        elif kind == 1:
            item = f"mail a{rng.randrange(10**6)}@ex{rng.randrange(99)}.com"
        else:
            item = f"see https://ex.com/p/{rng.randrange(10**6)}"
        out.append(item)
        total += len(item) + 2
    return ", ".join(out)


FAMILIES = ("emails", "urls", "paths", "codes", "mixed", "names", "quoted")


def family_rows() -> list[str]:
    """CPU s/MB of the whole entity detector per family and size (best of three)."""
    guard = Guard(Policy(load_plugins=False, max_answer_chars=2_000_000, max_findings_per_detector=10**9))
    detector = next(d for d in guard.detectors if d.id == "entities")
    rows = []
    for family in FAMILIES:
        cells = []
        for mb in SIZES_MB:
            turn = build(family, int(mb * 1_000_000))
            best = float("inf")
            for _ in range(3):
                evidence = Evidence(turn, guard.profile, guard.lexicon)
                _ = evidence.folded  # the shared index is not the detector's cost
                start = time.process_time()
                for _finding in detector.detect(evidence):
                    pass
                best = min(best, time.process_time() - start)
            cells.append(f"{best / (len(turn.response) / 1e6):10.2f}")
        rows.append(f"{family:<10}" + "".join(cells))
    return rows


def tau_rows(half: str, repeat: int = 5) -> list[str]:
    """The entity detector alone on τ-bench turns: cold and replay (see the module doc)."""
    from nofab.evidence.results import ResultCache
    from speed import trajectories

    turns = [
        t for c in trajectories(Path(__file__).resolve().parents[2] / "shared" / "data", half) for t in c
    ]
    guard = Guard(Policy(load_plugins=False))
    detector = next(d for d in guard.detectors if d.id == "entities")
    rows = [f"entity detector alone, {len(turns)} τ-bench turns ({half}), best of {repeat} per turn"]
    for mode in ("cold", "replay"):
        best = [float("inf")] * len(turns)
        cpu = float("inf")
        for _ in range(repeat):
            shared = ResultCache()
            built = []
            for turn in turns:
                evidence = Evidence(
                    turn, guard.profile, guard.lexicon, cache=shared if mode == "replay" else ResultCache()
                )
                _ = evidence.folded, evidence.answer  # the shared index is not the detector's cost
                built.append(evidence)
            gc.collect()
            gc.disable()
            try:
                start_cpu = time.process_time()
                for i, evidence in enumerate(built):
                    start = time.perf_counter_ns()
                    for _finding in detector.detect(evidence):
                        pass
                    best[i] = min(best[i], (time.perf_counter_ns() - start) / 1000)
                cpu = min(cpu, (time.process_time() - start_cpu) / len(turns) * 1e6)
            finally:
                gc.enable()
        ranked = sorted(best)
        rows.append(
            f"  {mode:6s} median {statistics.median(ranked):6.1f} us  mean {statistics.mean(ranked):6.1f} us"
            f"  p99 {ranked[int(len(ranked) * 0.99)]:7.1f} us   CPU per turn (whole passes) {cpu:6.1f} us"
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--families", action="store_true", help="also the whole detector per family")
    parser.add_argument("--tau", choices=("tuning", "checking", "all"), help="only τ-bench turns (see above)")
    args = parser.parse_args()
    if args.tau:
        print("\n".join(tau_rows(args.tau)))
        return
    rng = random.Random(1)
    detector = EntityDetector(Profile())
    for mb in SIZES_MB:
        text = dense_text(int(mb * 1_000_000), rng)
        times = []
        for _ in range(3):
            start = time.perf_counter()
            detector.candidates(text)
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        print(f"{mb:>5} MB: median {median:.3f} s  ({median / mb:.3f} s/MB)")
    if args.families:
        print("entity detector, CPU s/MB at " + " / ".join(f"{mb} MB" for mb in SIZES_MB))
        for row in family_rows():
            print(row)


if __name__ == "__main__":
    main()
