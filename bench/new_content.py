"""What a conversation replay pays for each turn's new content, by kind of index built.

In replay order (every τ-bench trajectory of the chosen half checked turn by turn, the guard's
cache emptied once), each source, result and detector reading is built the first time it is
seen (`nofab.evidence.results`). This times each kind of build and reports it per turn, beside
the whole replay: the difference between `bench/speed.py`'s replay and warm CPU figures,
broken down.

    python bench/new_content.py [--half checking|tuning|all]

It wraps the cache's builders and the per-source index's parts with timers (a benchmark only:
the timers add their own cost, so the total is a little above bench/speed.py's).
"""

from __future__ import annotations

import argparse
import collections
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nofab.evidence.results as results
import nofab.evidence.sourceindex as sourceindex
from nofab import Guard, Policy
from speed import REPO, trajectories

SPENT: collections.Counter[str] = collections.Counter()


def clocked(label: str, func: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time_ns()
        try:
            return func(*args, **kwargs)
        finally:
            SPENT[label] += time.process_time_ns() - start

    return run


def instrument() -> None:
    """Time every first build: records, derivable numbers, each part of a source's index, and
    (by detector) the readings detectors keep per result."""
    results._records = clocked("records of a result", results._records)
    results._derivable = clocked("derivable numbers of a result", results._derivable)
    for cls in (sourceindex.SourceIndex, sourceindex.ContextBlocks):
        for part in ("folded", "numbers", "money", "literals", "dates"):
            prop = cls.__dict__.get(part)
            if isinstance(prop, property) and prop.fget is not None:
                setattr(cls, part, property(clocked(f"source {part}", prop.fget)))
    derived = results.ResultCache.derived

    def timed_derived(self: results.ResultCache, source: Any, name: Any, value: Any, build: Any) -> Any:
        label = f"reading {name[0] if isinstance(name, tuple) else name}"
        return derived(self, source, name, value, clocked(label, build))

    results.ResultCache.derived = timed_derived  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared" / "data")
    parser.add_argument("--half", choices=("checking", "tuning", "all"), default="checking")
    args = parser.parse_args()
    turns = [t for c in trajectories(args.data, args.half) for t in c]
    guard = Guard(Policy(load_plugins=False))
    for turn in turns:  # lexicons, compiled patterns: what a warm process already has
        guard.check(turn)
    instrument()
    guard.results = results.ResultCache()
    start = time.process_time_ns()
    for turn in turns:
        guard.check(turn)
    total = time.process_time_ns() - start
    n = len(turns)
    print(f"{n} τ-bench turns ({args.half} half), replay order, CPU µs per turn")
    print(f"  {'whole check':34s} {total / n / 1000:7.1f}")
    for label, spent in SPENT.most_common():
        print(f"  {label:34s} {spent / n / 1000:7.1f}")
    stats = guard.results.stats()
    print(f"  built: {stats['misses']} entries ({stats['sources']} sources), {stats['hits']} hits")


if __name__ == "__main__":
    main()
