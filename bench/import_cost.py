"""What `import nofab` costs, and what it leaves to the first check: each figure is the median
of ``--runs`` fresh interpreters (bytecode caching allowed, one warm-up run), wall and CPU
time in ms, with one or more source trees side by side, their runs alternating so that both
see the same neighbours on a shared machine.

    python bench/import_cost.py                           # this checkout's src
    python bench/import_cost.py --src /tmp/main/src src   # a before/after (e.g. `git archive`)

- ``import nofab``, and ``from nofab import Guard`` (the same unless ``nofab`` defers names);
- the first ``Guard(Policy()).check(turn)`` after the import: the lexicons and detectors load
  there, so work taken out of the import shows up here unless it is gone;
- the import and the first check together.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
_START = "import time; t = time.perf_counter(); c = time.process_time(); "
_STOP = "; print((time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000)"
_TURN = (
    "{'response': 'Done, I sent it (task_id=9f2b1e47aa). The total is $120.50 for 3 seats on May 4.', "
    "'tool_calls': [{'name': 'book', 'arguments': {'n': 3}, 'result': {'total': 120.5, 'status': 'ok'}}]}"
)
FIGURES = {
    "import nofab": _START + "import nofab" + _STOP,
    "from nofab import Guard": _START + "from nofab import Guard" + _STOP,
    "first Guard(Policy()).check": (
        f"from nofab import Guard, Policy, Turn; turn = Turn.from_dict({_TURN}); "
        + _START
        + "Guard(Policy()).check(turn)"
        + _STOP
    ),
    "import + first check": (
        _START
        + f"from nofab import Guard, Policy, Turn; Guard(Policy()).check(Turn.from_dict({_TURN}))"
        + _STOP
    ),
}


def run(code: str, src: Path) -> tuple[float, float]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(src)
    wall, cpu = subprocess.check_output([sys.executable, "-c", code], text=True, env=env).split()
    return float(wall), float(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--src", type=Path, nargs="+", default=[REPO / "src"], help="source trees")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    trees = [p.resolve() for p in args.src]
    print(f"medians of {args.runs} fresh interpreters, ms wall / CPU; " + " | ".join(map(str, trees)))
    for name, code in FIGURES.items():
        runs: list[list[tuple[float, float]]] = [[] for _ in trees]
        for tree in trees:
            run(code, tree)  # warm-up: writes the bytecode cache
        for _ in range(args.runs):
            for i, tree in enumerate(trees):
                runs[i].append(run(code, tree))
        cells = [
            f"{statistics.median(w for w, _ in r):7.1f} / {statistics.median(c for _, c in r):7.1f}"
            for r in runs
        ]
        print(f"  {name:28s} " + "   ".join(cells))


if __name__ == "__main__":
    main()
