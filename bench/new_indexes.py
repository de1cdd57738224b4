"""How many literal and date indexes a replay of the τ-bench checking half makes, and what
making them costs (a date index reads its text lazily, so its cost is mostly later).

A turn's evidence asks its sources for literals and dates; a source whose index is not yet
made (a new result, the user's new message) is read only when the question reaches it. This
counts the indexes made over whole replay passes (the guard's cache emptied before each).

    PYTHONPATH=<tree>/src python bench/new_indexes.py
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

import nofab.numbers.dates as nd
import nofab.numbers.index as ni
from nofab import Guard, Policy
from nofab.evidence.results import ResultCache
from speed import REPO, trajectories

PASSES = 3


def main() -> None:
    turns = [t for c in trajectories(REPO.parent / "shared" / "data", "checking") for t in c]
    guard = Guard(Policy(load_plugins=False))
    stats: dict[str, list[float]] = {}

    def counted(cls: Any, name: str) -> None:
        made: Callable[..., None] = cls.__init__

        def init(self: Any, *args: Any, **kwargs: Any) -> None:
            start = time.perf_counter_ns()
            made(self, *args, **kwargs)
            held = stats.setdefault(name, [0, 0.0])
            held[0] += 1
            held[1] += (time.perf_counter_ns() - start) / 1000

        cls.__init__ = init

    counted(ni.LiteralIndex, "literal indexes")
    counted(nd.DateTimeIndex, "date indexes")
    for turn in turns:  # compile and import everything first
        guard.check(turn)
    stats.clear()
    gc.disable()
    for _ in range(PASSES):
        guard.results = ResultCache()
        for turn in turns:
            guard.check(turn)
    for name, (count, micros) in stats.items():
        per_turn = micros / PASSES / len(turns)
        print(f"{name}: {count / PASSES:.0f} made per replay pass, {per_turn:.1f} us per turn")


if __name__ == "__main__":
    main()
