"""Speed of the hot path on real τ-bench turns (each with the airline policy as context):
per-detector medians and p99, the side-by-side with Symfonic's `detect_fabrication` in the
same process (when `symfonic-core` is installed: `pip install 'nofab[bench]'`), one-shot
`nofab.check` against a reused Guard, a conversation replay (every trajectory checked turn
by turn as it grows) and `import nofab` time.

    python bench/speed.py [--data ../shared/data] [--half checking|tuning|all] [--repeat 5]
                          [--hostile] [--json]

Before/after: run it with PYTHONPATH pointing at another version's src/ (a version without
the per-source cache reports every regime cold).

Three cache regimes are reported, because a Guard indexes each evidence source once
(`nofab.evidence.results`) and a benchmark that checks the same turns again would only
measure its cache:
- cold:   the Guard's source cache is emptied before every check (every turn pays for the
          policy context and every tool result it carries: the worst case);
- replay: the trajectories in order, the cache emptied once per pass (each result is paid
          for at the turn it arrives: what a service or an audit sees);
- warm:   every source already indexed (the floor).
Per-turn figures are the minimum over `--repeat` passes (the least disturbed measurement).
Replay and warm are also timed as whole passes in CPU time (the steadier amortised figure on
a shared machine): their difference is what each turn's new content costs to index.

Targets (issue 15): all detectors median <= 2x Symfonic, p99 <= 1 ms; Symfonic's families
alone <= 1x; one-shot <= 1.2x a reused Guard; replay <= 150 us per turn amortised;
`import nofab` <= 60 ms.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import nofab
from corpora import openai_chat_turns
from nofab import Guard, Policy, Turn
from nofab.evidence.index import Evidence

try:
    from nofab.evidence.results import ResultCache
except ImportError:  # a version before the per-source cache (for a before/after run): all cold
    ResultCache = None  # type: ignore[assignment,misc]
from splits import half_of

REPO = Path(__file__).resolve().parents[1]
SYMFONIC_FAMILIES = ("identifiers", "claims", "intent")
#: The parts of the evidence index detectors share, built before the detectors are timed so
#: that each detector is charged for its own work only.
TURN_WIDE = ("sources", "text", "folded", "numbers", "money", "literals", "dates", "records", "derivables")
ANSWER_SIDE = ("answer", "sentences", "tokens", "claims", "numerals")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values):7.1f} us   p99 {percentile(values, 0.99):8.1f} us"


def trajectories(data: Path, half: str) -> list[list[Turn]]:
    """The turns of each τ-bench trajectory of the chosen half, in conversation order."""
    path = data / "tau-bench-airline" / "gpt-4o-airline-dev.json"
    out = []
    for episode in json.loads(path.read_text("utf-8")):
        if half != "all" and half_of("tau-bench-airline", episode["task_id"]) != half:
            continue
        out.append([turn for _, turn in openai_chat_turns(episode["traj"])])
    return [t for t in out if t]


def timed(
    check: Callable[[Turn], Any], turns: list[Turn], before: Callable[[], None] | None = None
) -> list[float]:
    """Microseconds per turn for one pass; ``before`` runs untimed ahead of each check."""
    out = []
    for turn in turns:
        if before is not None:
            before()
        start = time.perf_counter_ns()
        check(turn)
        out.append((time.perf_counter_ns() - start) / 1000)
    return out


def best_of(repeat: int, one_pass: Callable[[], list[float]]) -> list[float]:
    """Per-turn minimum over ``repeat`` passes, with the collector off while timing."""
    best: list[float] | None = None
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            times = one_pass()
            best = times if best is None else [min(a, b) for a, b in zip(best, times, strict=True)]
    finally:
        gc.enable()
    assert best is not None
    return best


def regimes(guard: Guard, conversations: list[list[Turn]], repeat: int) -> dict[str, list[float]]:
    turns = [t for c in conversations for t in c]

    def empty() -> None:
        if ResultCache is not None:
            guard.results = ResultCache()

    def replay() -> list[float]:
        empty()
        return timed(guard.check, turns)

    cold = best_of(repeat, lambda: timed(guard.check, turns, empty))
    replayed = best_of(repeat, replay)
    warm = best_of(repeat, lambda: timed(guard.check, turns))
    return {"cold": cold, "replay": replayed, "warm": warm}


def pass_cpu(guard: Guard, turns: list[Turn], repeat: int) -> tuple[float, float]:
    """CPU µs per turn of a whole pass in replay order, the cache emptied first (replay) or
    not (warm), minimum over ``repeat`` passes. CPU time of whole passes is the steadier
    amortised figure on a shared machine; their difference is what indexing each turn's
    new content costs (new results, the grown context, the user's message)."""

    def one(fresh: bool) -> float:
        if fresh and ResultCache is not None:
            guard.results = ResultCache()
        gc.collect()
        gc.disable()
        try:
            start = time.process_time()
            for turn in turns:
                guard.check(turn)
            return (time.process_time() - start) / len(turns) * 1e6
        finally:
            gc.enable()

    replay = min(one(True) for _ in range(repeat))
    warm = min(one(False) for _ in range(repeat))
    return replay, warm


def per_detector(guard: Guard, turns: list[Turn], repeat: int) -> dict[str, list[float]]:
    """Per turn (cold cache): the shared index, then each detector on the built index. The
    turn-wide part is also timed on a warm cache (every source already indexed): what a
    reused guard pays for it from the second turn a source is seen."""
    names = [
        "evidence: turn-wide",
        "  (warm cache)",
        "evidence: answer side",
        *(d.id for d in guard.detectors),
    ]
    warm = ResultCache() if ResultCache is not None else None
    best = {name: [float("inf")] * len(turns) for name in names}
    gc.disable()
    try:
        for _ in range(repeat):
            for i, turn in enumerate(turns):
                if ResultCache is not None:
                    evidence = Evidence(turn, guard.profile, guard.lexicon, cache=ResultCache())
                else:
                    evidence = Evidence(turn, guard.profile, guard.lexicon)
                for name, parts in (
                    ("evidence: turn-wide", TURN_WIDE),
                    ("evidence: answer side", ANSWER_SIDE),
                ):
                    start = time.perf_counter_ns()
                    for part in parts:
                        getattr(evidence, part, None)  # None: an older version without it
                    best[name][i] = min(best[name][i], (time.perf_counter_ns() - start) / 1000)
                if warm is not None:
                    warmed = Evidence(turn, guard.profile, guard.lexicon, cache=warm)
                    for part in TURN_WIDE:
                        getattr(Evidence(turn, guard.profile, guard.lexicon, cache=warm), part, None)
                    start = time.perf_counter_ns()
                    for part in TURN_WIDE:
                        getattr(warmed, part, None)
                    best["  (warm cache)"][i] = min(
                        best["  (warm cache)"][i], (time.perf_counter_ns() - start) / 1000
                    )
                for detector in guard.detectors:
                    start = time.perf_counter_ns()
                    list(detector.detect(evidence))
                    best[detector.id][i] = min(best[detector.id][i], (time.perf_counter_ns() - start) / 1000)
    finally:
        gc.enable()
    return best


def symfonic() -> Callable[[Turn], Any] | None:
    try:
        from symfonic.agent.middleware.fabrication import detect_fabrication  # type: ignore[import-untyped]
    except ImportError:
        return None

    def original(t: Turn) -> Any:
        calls = [{"name": c.name, "result": c.result, "args": c.arguments} for c in t.tool_calls]
        return detect_fabrication(t.response, calls, hydrated_context=t.context, user_message=t.user_message)

    return original


def import_time() -> tuple[float, float, float]:
    """Median (wall, CPU) time of `import nofab` in a fresh interpreter, in ms, with bytecode
    caching allowed (as in any installed package) after one warm-up run, and the wall time of
    the first `Guard(Policy()).check` after it (the lexicons and detectors are loaded there,
    not on import: what import no longer pays, the first check does). CPU time is the
    steadier figure on a shared machine (wall time includes waiting for a core)."""
    code = (
        "import time; t=time.perf_counter(); c=time.process_time(); import nofab; "
        "wall, cpu = (time.perf_counter()-t)*1000, (time.process_time()-c)*1000; "
        "t=time.perf_counter(); "
        "nofab.Guard(nofab.Policy()).check({'response': 'Done, I sent it (task_id=9f2b1e47aa).'}); "
        "print(wall, cpu, (time.perf_counter()-t)*1000)"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    # The nofab this process imported (this checkout's, or another version's for a before/after).
    source = Path(nofab.__file__).resolve().parents[1]
    env["PYTHONPATH"] = os.pathsep.join([str(source), env.get("PYTHONPATH", "")])

    def run() -> list[float]:
        out = subprocess.check_output([sys.executable, "-c", code], text=True, env=env)
        return [float(v) for v in out.split()]

    run()
    runs = [run() for _ in range(7)]
    wall, cpu, first = (statistics.median(r[i] for r in runs) for i in range(3))
    return wall, cpu, first


def hostile(guard: Guard) -> Iterable[str]:
    """Seconds per MB of a few adversarial answers (bench/hostile.py has the full families)."""
    generators: dict[str, Callable[[int], str]] = {
        "digits": lambda n: "1" * n,
        "numbers": lambda n: ("$1,234.56 " * (n // 10 + 1))[:n],
        "claims": lambda n: ("I've sent it. " * (n // 14 + 1))[:n],
        "spaces": lambda n: " " * n,
    }
    for name, make in generators.items():
        rates = []
        for size in (250_000, 1_000_000):
            turn = Turn(response=make(size))
            start = time.perf_counter()
            guard.check(turn)
            rates.append((time.perf_counter() - start) / (size / 1e6))
        yield f"  {name:8s} 0.25 MB: {rates[0]:.3f} s/MB   1 MB: {rates[1]:.3f} s/MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared" / "data")
    parser.add_argument("--half", choices=("checking", "tuning", "all"), default="checking")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--hostile", action="store_true", help="also time 0.25 and 1 MB adversarial answers")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the headline figures")
    args = parser.parse_args()

    conversations = trajectories(args.data, args.half)
    turns = [t for c in conversations for t in c]
    policy = Policy(load_plugins=False)
    guard = Guard(policy)
    print(
        f"nofab {nofab.__version__}: {len(turns)} τ-bench turns in {len(conversations)} trajectories "
        f"({args.half} half), policy context {statistics.median(len(t.context) for t in turns):.0f} chars, "
        f"min of {args.repeat} passes"
    )
    figures: dict[str, float] = {}

    print("\nper detector (cold cache; each detector on an index already built):")
    for name, times in per_detector(guard, turns, args.repeat).items():
        if all(t == float("inf") for t in times):
            continue  # a version without that part
        print(f"  {name:22s} {summary(times)}   mean {statistics.mean(times):7.1f} us")

    print("\nall detectors, Guard reused:")
    ours = regimes(guard, conversations, args.repeat)
    for regime, times in ours.items():
        print(f"  {regime:6s} {summary(times)}")
        figures[f"{regime}_median_us"] = round(statistics.median(times), 1)
        figures[f"{regime}_p99_us"] = round(percentile(times, 0.99), 1)
    replay_total = sum(ours["replay"]) / len(turns)
    figures["replay_us_per_turn"] = round(replay_total, 1)
    print(f"  conversation replay: {replay_total:.1f} us per turn amortised (total time / turns)")
    replay_cpu, warm_cpu = pass_cpu(guard, turns, args.repeat)
    figures["replay_cpu_us_per_turn"] = round(replay_cpu, 1)
    figures["warm_cpu_us_per_turn"] = round(warm_cpu, 1)
    print(
        f"  CPU per turn, whole passes: replay {replay_cpu:.1f} us, warm {warm_cpu:.1f} us; "
        f"new content (the difference) {replay_cpu - warm_cpu:.1f} us"
    )

    families = Guard(Policy(detectors=SYMFONIC_FAMILIES, load_plugins=False))
    fam = regimes(families, conversations, args.repeat)

    print("\none-shot nofab.check against a reused Guard (replay order):")
    nofab.check(turns[0], policy)  # the first call builds the cached guard

    def one_shot_pass() -> list[float]:
        if ResultCache is not None:
            from nofab.pipeline.guard import GUARDS

            GUARDS.get(policy, None).results = ResultCache()
        return timed(lambda t: nofab.check(t, policy), turns)

    one_shot = best_of(args.repeat, one_shot_pass)
    ratio = statistics.median(one_shot) / statistics.median(ours["replay"])
    figures["one_shot_ratio"] = round(ratio, 2)
    print(f"  one-shot {summary(one_shot)}   ratio to reused {ratio:.2f}")

    original = symfonic()
    if original is None:
        print("\nsymfonic-core not installed: no side-by-side (pip install 'nofab[bench]')")
    else:
        theirs = best_of(args.repeat, lambda: timed(original, turns))
        base = statistics.median(theirs)
        print(
            f"\nside by side with symfonic-core detect_fabrication (median {base:.1f} us), ratio of medians:"
        )
        for label, result in (("all detectors", ours), ("Symfonic's families", fam)):
            cells = "   ".join(f"{r} {statistics.median(v) / base:5.2f}x" for r, v in result.items())
            print(f"  {label:20s} {cells}")
        figures["symfonic_median_us"] = round(base, 1)
        figures["ratio_all_replay"] = round(statistics.median(ours["replay"]) / base, 2)
        figures["ratio_all_cold"] = round(statistics.median(ours["cold"]) / base, 2)
        figures["ratio_families_replay"] = round(statistics.median(fam["replay"]) / base, 2)
        figures["ratio_families_cold"] = round(statistics.median(fam["cold"]) / base, 2)

    wall, cpu, first = import_time()
    figures["import_ms"], figures["import_cpu_ms"] = round(wall, 1), round(cpu, 1)
    figures["first_check_ms"] = round(first, 1)
    print(f"\nimport nofab: {wall:.1f} ms wall, {cpu:.1f} ms CPU (medians of 7 fresh interpreters)")
    print(f"then the first Guard(Policy()).check: {first:.1f} ms wall (lexicons and detectors load there)")
    if args.hostile:
        print("adversarial answers (no tool calls):")
        for line in hostile(guard):
            print(line)
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
