"""Transcript adapters: how long extraction takes next to checking, on the shared corpora.

    python bench/adapters.py [--repeat 7]

Prints, for the τ-bench airline trajectories and the ToolTalk conversations, the number of
turns extracted, the median time to extract every turn, the median time to extract and
check every turn (what `nofab check` does on each file), and the share of turns with a finding
at or above the default threshold.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nofab.adapters import extract_turns
from nofab.pipeline.guard import Guard

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def median_seconds(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def corpus(name: str) -> list[Any]:
    if name == "tau-bench":
        return list(json.loads((DATA / "tau-bench-airline" / "gpt-4o-airline-dev.json").read_text("utf-8")))
    return [
        json.loads(p.read_text("utf-8"))
        for p in sorted((DATA / "tooltalk").glob("*/*.json"))
        if p.parent.name != "databases"
    ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    guard = Guard()
    print(
        f"{'corpus':<10} {'files':>5} {'turns':>6} {'extract ms':>11} {'extract+check ms':>17} "
        f"{'extract share':>14} {'turns flagged':>14}"
    )
    for name in ("tau-bench", "tooltalk"):
        documents = corpus(name)
        turns = [t for d in documents for t in extract_turns(d)]
        extract = median_seconds(lambda: [extract_turns(d) for d in documents], args.repeat)  # noqa: B023
        full = median_seconds(
            lambda: [guard.check(t.turn) for d in documents for t in extract_turns(d)],  # noqa: B023
            args.repeat,
        )
        flagged = sum(1 for t in turns if guard.check(t.turn).blocking)
        print(
            f"{name:<10} {len(documents):>5} {len(turns):>6} {extract * 1e3:>11.1f} {full * 1e3:>17.1f} "
            f"{extract / full:>14.1%} {flagged:>5} ({flagged / len(turns):.1%})"
        )


if __name__ == "__main__":
    main()
