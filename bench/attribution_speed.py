"""Attribution's cost: alone per turn in three cache regimes, its share of a check per τ-bench
turn, and its growth on long answers.

    python bench/attribution_speed.py [--repeat 5] [--half checking|tuning|all]

Alone (the detector on an evidence index already built, as bench/speed.py's per-detector
table; per-turn minimum of the passes, CPU time of this thread, collector off), on the
τ-bench turns of one half (no profile, and the airline profile) and on the shared task's
games (box-score profile):
- cold:   a fresh result cache for every check (every result's naming words walked again);
- replay: the trajectories in order, the cache emptied once per pass (each result read once);
- warm:   every result already cached.
Most τ-bench turns name no record: their cost is the scope's test. A turn that names records
reads each named result's view (name forms, derived fields, groups) from the guard's cache.

Per turn: the median check time on every τ-bench turn with all detectors, and with the
attribution detector disabled; their difference is what attribution costs a typical turn.

Long answers: seconds per MB at two sizes, and their ratio.

A ratio near 1 means the cost grows linearly with the answer; the attribution detector binds
each number against the mentions near it, so a long listing or a run-on sentence naming
thousands of records must not be quadratic. Shapes: a listing (one flight per line, with
dates, times and labelled prices) and one run-on sentence, each with the airline profile.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from corpora import openai_chat_turns, tau_bench_turns
from nofab import Guard, Policy, Profile, Turn
from nofab.evidence.index import Evidence
from nofab.evidence.results import ResultCache
from shared_task import PROFILE as BOXSCORE
from shared_task import games
from speed import ANSWER_SIDE, TURN_WIDE, percentile
from splits import half_of

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

PROFILE = Profile.from_file(Path(__file__).resolve().parent.parent / "examples" / "profiles" / "airline.toml")
#: Fifty flights, each listed twice (as a one-stop search repeats its legs).
RESULT = [
    {"flight_number": f"HAT{i:03d}", "prices": {"economy": 100 + i, "business": 300 + i}} for i in range(50)
] * 2


def listing(i: int) -> str:
    day, minute = i % 28 + 1, i % 60
    return (
        f"- **Flight HAT{i % 50:03d}** on 2024-05-{day:02d} at 10:{minute:02d} AM, Price: ${100 + i % 50}\n"
    )


def run_on(i: int) -> str:
    return f"flight HAT{i % 50:03d} on 2024-05-{i % 28 + 1:02d} costs ${100 + i % 51} for 3 passengers and "


def seconds_per_mb(shape: Callable[[int], str], size: int) -> float:
    parts: list[str] = []
    length = 0
    while length < size:
        parts.append(shape(len(parts)))
        length += len(parts[-1])
    answer = "".join(parts)
    guard = Guard(Policy(), PROFILE)
    turn = {"tool_calls": [{"name": "search_onestop_flight", "result": RESULT}], "response": answer}
    times = []
    for _ in range(3):
        start = time.perf_counter()
        guard.detect(turn)
        times.append(time.perf_counter() - start)
    return statistics.median(times) / (len(answer) / 1e6)


def per_turn(turns: list[Turn], policy: Policy, repeat: int, profile: Profile | None = None) -> float:
    """Median over turns of each turn's fastest check (microseconds)."""
    guard = Guard(policy, profile)
    best = [float("inf")] * len(turns)
    gc.disable()
    try:
        for _ in range(repeat):
            for i, turn in enumerate(turns):
                start = time.perf_counter_ns()
                guard.check(turn)
                best[i] = min(best[i], (time.perf_counter_ns() - start) / 1000)
    finally:
        gc.enable()
    return statistics.median(best)


def alone(guard: Guard, conversations: list[list[Turn]], regime: str, repeat: int) -> list[float]:
    """Microseconds of the attribution detector per turn (minimum over ``repeat`` passes) in
    one cache regime; the index's shared parts are built untimed first."""
    detector = next(d for d in guard.detectors if d.id == "attribution")
    turns = [t for c in conversations for t in c]
    best = [float("inf")] * len(turns)
    shared = ResultCache()
    if regime == "warm":
        for turn in turns:
            list(detector.detect(Evidence(turn, guard.profile, guard.lexicon, cache=shared)))
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            if regime == "replay":
                shared = ResultCache()
            for i, turn in enumerate(turns):
                cache = ResultCache() if regime == "cold" else shared
                evidence = Evidence(turn, guard.profile, guard.lexicon, cache=cache)
                for part in TURN_WIDE + ANSWER_SIDE:
                    getattr(evidence, part, None)
                start = time.thread_time_ns()
                list(detector.detect(evidence))
                best[i] = min(best[i], (time.thread_time_ns() - start) / 1000)
    finally:
        gc.enable()
    return best


def trajectories(path: Path, half: str) -> list[list[Turn]]:
    """The turns of each τ-bench trajectory of ``half``, in conversation order."""
    out = []
    for episode in json.loads(path.read_text("utf-8")):
        if half == "all" or half_of("tau-bench-airline", episode["task_id"]) == half:
            out.append([turn for _, turn in openai_chat_turns(episode["traj"])])
    return [t for t in out if t]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--half", choices=("checking", "tuning", "all"), default="checking")
    parser.add_argument("--alone-only", action="store_true", help="only the detector alone, per regime")
    args = parser.parse_args()
    tau = args.data / "tau-bench-airline" / "gpt-4o-airline-dev.json"
    conversations = trajectories(tau, args.half)
    boxscore = Profile.from_file(BOXSCORE)
    ast = [[g.turn()] for g in games(args.data / "accuracy-shared-task")]
    print(
        f"attribution alone, per turn (fastest of {args.repeat}; {sum(map(len, conversations))} τ-bench "
        f"turns of the {args.half} half, {len(ast)} shared-task games):"
    )
    for label, profile, corpus in (
        ("τ-bench", None, conversations),
        ("τ-bench+airline", PROFILE, conversations),
        ("games+boxscore", boxscore, ast),
    ):
        guard = Guard(Policy(load_plugins=False), profile)
        for regime in ("cold", "replay", "warm"):
            times = alone(guard, corpus, regime, args.repeat)
            print(
                f"  {label:16} {regime:6} median {statistics.median(times):8.1f} us   "
                f"p99 {percentile(times, 0.99):8.1f} us   mean {statistics.mean(times):8.1f} us"
            )
    if args.alone_only:
        return
    turns = [t for _, t in tau_bench_turns(tau)]
    print(f"{len(turns)} τ-bench turns, median check per turn (fastest of {args.repeat}):")
    for label, profile in (("no profile", None), ("airline profile", PROFILE)):
        with_it = per_turn(turns, Policy(load_plugins=False), args.repeat, profile)
        without = per_turn(turns, Policy(load_plugins=False, disabled=("attribution",)), args.repeat, profile)
        share = (with_it - without) / with_it
        print(
            f"  {label:16} all detectors {with_it:.1f} us   without attribution {without:.1f} us   "
            f"attribution {with_it - without:.1f} us ({share:.0%})"
        )
    print("attribution with records, seconds per MB (median of 3):")
    for name, shape in (("listing", listing), ("run-on", run_on)):
        small, large = seconds_per_mb(shape, 250_000), seconds_per_mb(shape, 900_000)
        print(f"  {name:8}  0.25 MB: {small:.3f} s/MB   0.9 MB: {large:.3f} s/MB   ratio {large / small:.2f}")


if __name__ == "__main__":
    main()
