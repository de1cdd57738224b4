"""Speed of one check: median and p99 per τ-bench turn, turns/s, `import nofab` time, linear
time on adversarial 1 MB answers, and — when `symfonic-core` is installed — the original
identifier/verb-claim checker on the same turns, in the same process.

    python bench/speed.py [--data ../shared/data] [--repeat 5]

Targets (issue 2): median <= 100 us, p99 <= 1 ms per turn with all detectors on,
`import nofab` <= 60 ms, time per MB flat from 0.25 MB to 1 MB.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from corpora import tau_bench_turns
from nofab import Guard, Policy, Turn, __version__

REPO = Path(__file__).resolve().parents[1]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def time_turns(check: Any, turns: list[Any], repeat: int) -> list[float]:
    """Per-turn time: the minimum over `repeat` passes (the least disturbed measurement)."""
    best = [float("inf")] * len(turns)
    gc.disable()
    try:
        for _ in range(repeat):
            for i, t in enumerate(turns):
                start = time.perf_counter_ns()
                check(t)
                best[i] = min(best[i], (time.perf_counter_ns() - start) / 1000)
    finally:
        gc.enable()
    return best


def import_time() -> float:
    """Median wall time of `import nofab` in a fresh interpreter, in ms, with bytecode
    caching allowed (as in any installed package) after one warm-up run."""
    code = "import time; t=time.perf_counter(); import nofab; print((time.perf_counter()-t)*1000)"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    run = lambda: float(subprocess.check_output([sys.executable, "-c", code], text=True, env=env))  # noqa: E731
    run()
    return statistics.median(run() for _ in range(7))


_WORDS = re.compile(r"\w+")


def plain_scan(text: str) -> float:
    """Seconds for one plain pass over the text (a word tokenizer): the yardstick the
    guard's cost on hostile input is compared with."""
    start = time.perf_counter()
    _WORDS.findall(text)
    return time.perf_counter() - start


def adversarial(guard: Guard) -> list[tuple[str, float, float, float]]:
    """(input name, MB, seconds per MB, factor over a plain scan) at 0.25 MB and 1 MB:
    flat seconds per MB means linear."""
    generators = {
        "digits": lambda n: "1" * n,
        "hex": lambda n: ("deadbeef" * (n // 8 + 1))[:n],
        "a-a-a": lambda n: ("a-" * (n // 2 + 1))[:n],
        "numbers": lambda n: ("$1,234.56 " * (n // 10 + 1))[:n],
        "claims": lambda n: ("I've sent it. " * (n // 14 + 1))[:n],
        "keys": lambda n: ("task_id=" * (n // 8 + 1))[:n],
        "brackets": lambda n: ("[(" * (n // 2 + 1))[:n],
        "words": lambda n: ("the answer is fine " * (n // 19 + 1))[:n],
    }
    rows = []
    for name, make in generators.items():
        for size in (250_000, 1_000_000):
            text = make(size)
            t = Turn(response=text, tool_calls=())
            start = time.perf_counter()
            guard.check(t)
            elapsed = time.perf_counter() - start
            rows.append((name, size / 1e6, elapsed / (size / 1e6), elapsed / max(plain_scan(text), 1e-9)))
    return rows


def symfonic_side_by_side(turns: list[Turn], repeat: int) -> None:
    try:
        from symfonic.agent.middleware.fabrication import detect_fabrication
    except ImportError:
        print("symfonic-core not installed: skip the side-by-side (pip install 'nofab[bench]')")
        return

    def original(t: Turn) -> list[Any]:
        calls = [{"name": c.name, "result": c.result, "args": c.arguments} for c in t.tool_calls]
        return detect_fabrication(t.response, calls, hydrated_context=t.context, user_message=t.user_message)

    guard = Guard(Policy(load_plugins=False))
    ours = time_turns(guard.check, turns, repeat)
    theirs = time_turns(original, turns, repeat)
    caught_ours = Counter(f.kind for t in turns for f in guard.check(t).blocking)
    caught_theirs = Counter(f.kind for t in turns for f in original(t) if f.confidence >= 0.8)
    print(
        f"side by side on {len(turns)} turns: nofab median {statistics.median(ours):.1f} us, "
        f"symfonic-core median {statistics.median(theirs):.1f} us, "
        f"ratio nofab/symfonic {statistics.median(ours) / statistics.median(theirs):.2f}"
    )
    print(
        f"  at threshold 0.8 on this grounded traffic: nofab {dict(caught_ours)}; "
        f"symfonic-core {dict(caught_theirs)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared" / "data")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    turns = [t for _, t in tau_bench_turns(args.data / "tau-bench-airline" / "gpt-4o-airline-dev.json")]
    guard = Guard(Policy(load_plugins=False))
    print(
        f"nofab {__version__}, {len(turns)} τ-bench turns, "
        f"detectors: {', '.join(d.id for d in guard.detectors)}"
    )
    times = time_turns(guard.check, turns, args.repeat)
    median, p99 = statistics.median(times), percentile(times, 0.99)
    print(f"check per turn: median {median:.1f} us, p99 {p99:.1f} us, max {max(times):.1f} us")
    print(f"turns per second (one core, median): {1e6 / median:,.0f}")
    print(f"import nofab: {import_time():.1f} ms (median of 7 fresh interpreters)")
    print("adversarial answers (no tool calls), seconds per MB:")
    rows = adversarial(guard)
    for name in dict.fromkeys(r[0] for r in rows):
        small, large = (r for r in rows if r[0] == name)
        print(
            f"  {name:9s} 0.25 MB: {small[2]:.3f} s/MB   1 MB: {large[2]:.3f} s/MB   "
            f"ratio {large[2] / small[2]:.2f}   x plain scan: {large[3]:.0f}"
        )
    symfonic_side_by_side(turns, args.repeat)
    print(json.dumps({"median_us": round(median, 1), "p99_us": round(p99, 1)}))


if __name__ == "__main__":
    main()
