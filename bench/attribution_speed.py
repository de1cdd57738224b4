"""Attribution on long answers that name many records: seconds per MB at two sizes, and their ratio.

    python bench/attribution_speed.py

A ratio near 1 means the cost grows linearly with the answer; the attribution detector binds
each number against the mentions near it, so a long listing or a run-on sentence naming
thousands of records must not be quadratic. Shapes: a listing (one flight per line, with
dates, times and labelled prices) and one run-on sentence, each with the airline profile.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

from nofab import Guard, Policy, Profile

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


def main() -> None:
    print("attribution with records, seconds per MB (median of 3):")
    for name, shape in (("listing", listing), ("run-on", run_on)):
        small, large = seconds_per_mb(shape, 250_000), seconds_per_mb(shape, 1_000_000)
        print(f"  {name:8}  0.25 MB: {small:.3f} s/MB   1 MB: {large:.3f} s/MB   ratio {large / small:.2f}")


if __name__ == "__main__":
    main()
