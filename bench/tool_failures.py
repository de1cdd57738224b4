"""Cost of the tool-failure detectors on real traffic: median and p99 check time per τ-bench
turn with every detector on ("after") and with the tool-failure detectors disabled ("before"),
plus a 1 MB adversarial answer to show they stay linear.

    python bench/tool_failures.py [path/to/shared/data]

Targets from the foundation issue: median <= 100 µs and p99 <= 1 ms per turn, all detectors on.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from corpora import tau_bench_turns
from nofab import Guard, Policy, Turn
from nofab.detectors import TOOL_FAILURE_DETECTORS

ROUNDS = 5
HOSTILE = {
    "dotted words": "a.",
    "comma digits": "1,",
    "slash words": "a/",
    "dash digits": "1-",
    "snake chain": "get_",
    "hex run": "a",
    "quotes": '"A',
    "table pipes": "|1",
    "list items": "1. A\n",
    "mixed": 'get_x_ 1. ORD-1 "A| HAT1 a@b. http:// /a/ 3fa85f6 th e. $1 1% ',
}
# Marks that open every gated pattern, so none is skipped.
TAIL = " x@y.co /p/q.txt C:\\x ORD-1 HAT1 https://a.b I made up 3fa85f64"
HOSTILE_CALLS = [{"name": "search_x", "error": "HTTP 500"}, {"name": "list_x", "result": [{"id": "A1"}]}]
HOSTILE_JOBS = [{"name": "job", "job_id": "3fa85f64" * 4}]


def per_turn(guard: Guard, turns: list[Turn]) -> list[float]:
    """Best-of-ROUNDS seconds per turn (the minimum removes scheduler noise)."""
    best = [float("inf")] * len(turns)
    for _ in range(ROUNDS):
        for i, turn in enumerate(turns):
            start = time.perf_counter()
            guard.check(turn)
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"median {statistics.median(times) * 1e6:7.1f} µs  p99 {p99 * 1e6:8.1f} µs"


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "shared" / "data"
    turns = [t for _label, t in tau_bench_turns(root / "tau-bench-airline" / "gpt-4o-airline-dev.json")]
    before = Guard(Policy(disabled=TOOL_FAILURE_DETECTORS, load_plugins=False))
    after = Guard(Policy(load_plugins=False))
    # The adversarial answers are 1 MB plus a tail: over the default answer limit, which
    # would refuse them before any detector ran.
    only = Guard(Policy(detectors=TOOL_FAILURE_DETECTORS, load_plugins=False, max_answer_chars=2_000_000))
    for guard in (before, after, only):
        per_turn(guard, turns[:50])  # warm the lazy caches
    b, a, o = per_turn(before, turns), per_turn(after, turns), per_turn(only, turns)
    print(f"τ-bench turns: {len(turns)}")
    print(f"before (tool-failure detectors off): {summary(b)}")
    print(f"after  (all detectors on):           {summary(a)}")
    print(f"tool-failure detectors alone:        {summary(o)}")
    print(f"after/before median ratio: {statistics.median(a) / statistics.median(b):.2f}")

    # Each detector's own share: "before" plus that one detector, on every 15th turn.
    sample = turns[::15]
    base = statistics.median(per_turn(before, sample))
    added = {}
    for detector in TOOL_FAILURE_DETECTORS:
        rest = tuple(d for d in TOOL_FAILURE_DETECTORS if d != detector)
        with_one = Guard(Policy(disabled=rest, load_plugins=False))
        per_turn(with_one, sample[:10])
        added[detector] = statistics.median(per_turn(with_one, sample)) - base
    shares = ", ".join(f"{d} {t * 1e6:.0f}" for d, t in sorted(added.items(), key=lambda kv: -kv[1]))
    print(f"median added time per detector on {len(sample)} sampled turns (µs): {shares}")

    # Adversarial: long runs built to make a careless regex backtrack (a run of "a.a.a…"
    # before an "@", "1-1-1…" before a "/", snake-case chains, table pipes...). Linear means
    # the 1 MB time is about twice the 500 kB time.
    print("adversarial answers (tool-failure detectors), seconds for 250 kB / 500 kB / 1 MB:")
    for name, unit in HOSTILE.items():
        row = []
        for size in (250_000, 500_000, 1_000_000):
            text = (unit * (size // len(unit) + 1))[:size] + TAIL
            turn = Turn.from_dict(
                {"response": text, "tool_calls": HOSTILE_CALLS, "prior_tool_uses": HOSTILE_JOBS}
            )
            start = time.perf_counter()
            only.check(turn)
            row.append(time.perf_counter() - start)
        print(
            f"  {name:18s} {row[0]:6.3f} {row[1]:6.3f} {row[2]:6.3f}   1 MB / 500 kB = {row[2] / row[1]:.2f}"
        )


if __name__ == "__main__":
    main()
