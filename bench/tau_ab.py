"""Two source trees on the real τ-bench turns, run at the same time: the before/after of a
hot-path change that a shared machine's load does not tilt.

    python bench/tau_ab.py BEFORE/src AFTER/src [--half tuning] [--repeat 3] [--rounds 3]
    python bench/tau_ab.py BEFORE/src AFTER/src --speed      # bench/speed.py's headline figures
    python bench/tau_ab.py BEFORE/src AFTER/src --first-sight  # a deployment's conversations

Each round runs ``bench/detector_cpu.py`` (or ``bench/speed.py --json`` with ``--speed``, or
the ``--first-sight`` pass below) once per tree, both interpreters at once, the tree launched
first alternating between rounds (``bench/hostile_ab.py`` does the same for the hostile
families); per figure, the median over the rounds of each tree and their ratio (after /
before: below 1 is faster) are printed. One run on a loaded machine moves a figure by ±10-30%
between rounds; the ratio of one round, both trees under the same load, moves less.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
#: ``--first-sight``: what a deployment sees. A fresh interpreter warms up (compiled patterns,
#: lexicons) on the half's first ``WARM`` trajectories, then checks the others turn by turn in
#: conversation order, each turn once: every context (the policy and the user's messages so
#: far) and every result is seen for the first time, as in a service, where the benchmarks
#: that repeat passes see it again from their second pass (the per-text memos live in the
#: process, not in the guard's cache they empty). CPU µs per turn of that one pass; one pass
#: per interpreter, so ``--rounds`` x ``--repeat`` interpreters per tree. ``--decoded``: each
#: turn's calls are new objects holding new strings, as a service that decodes every request
#: gets them (the adapters hand a transcript's turns the same call objects).
WARM = 8
_FIRST_SIGHT = """
import sys, time, gc
from dataclasses import replace
sys.path.insert(0, {bench!r})
from pathlib import Path
from nofab import Guard, Policy
from speed import trajectories
conversations = trajectories(Path({data!r}), {half!r})
guard = Guard(Policy(load_plugins=False))
for turn in (t for c in conversations[:{warm}] for t in c):
    guard.check(turn)
turns = [t for c in conversations[{warm}:] for t in c]
if {decoded!r}:  # every turn as a service decodes it: new calls and new strings on every turn
    fresh = lambda v: (v + ".")[:-1] if isinstance(v, str) else v
    new = lambda c: replace(c, arguments=fresh(c.arguments), result=fresh(c.result))
    turns = [replace(t, tool_calls=tuple(new(c) for c in t.tool_calls)) for t in turns]
gc.collect()
start = time.process_time()
for turn in turns:
    guard.check(turn)
print('{{"first_sight_cpu_us_per_turn": %.1f}}' % ((time.process_time() - start) / len(turns) * 1e6))
"""
#: A detector line of ``detector_cpu.py``: its id, median and mean µs.
_LINE = re.compile(r"^\s+(\S+)\s+median\s+([\d.]+)\s+p99\s+([\d.]+)\s+mean\s+([\d.]+)")


def _round(trees: list[str], command: list[str], swap: bool) -> list[dict[str, float]]:
    """Both trees' figures, in ``trees``' order; launched in the reverse order when ``swap``
    (the interpreter started second ran about 8% slower in an A/A test under load)."""
    order = trees[::-1] if swap else trees
    runs = [
        subprocess.Popen(
            [sys.executable, *command],
            cwd=BENCH,
            env={**os.environ, "PYTHONPATH": f"{tree}{os.pathsep}{BENCH}"},
            stdout=subprocess.PIPE,
            text=True,
        )
        for tree in order
    ]
    figures = [_figures(run.communicate()[0]) for run in runs]
    return figures[::-1] if swap else figures


def _figures(output: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for line in output.splitlines():
        if line.startswith("{"):
            out.update({k: float(v) for k, v in json.loads(line).items()})
        elif (m := _LINE.match(line)) is not None:
            out[f"{m.group(1)} median"] = float(m.group(2))
            out[f"{m.group(1)} p99"] = float(m.group(3))
            out[f"{m.group(1)} mean"] = float(m.group(4))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", help="a src/ directory")
    parser.add_argument("after", help="a src/ directory")
    parser.add_argument("--half", choices=("tuning", "checking", "all"), default="tuning")
    parser.add_argument("--repeat", type=int, default=3, help="passes per run (the minimum per turn is kept)")
    parser.add_argument(
        "--rounds", type=int, default=4, help="runs of both trees at once (even: each tree first as often)"
    )
    parser.add_argument(
        "--speed", action="store_true", help="bench/speed.py --json instead of detector_cpu.py"
    )
    parser.add_argument("--first-sight", action="store_true", help="every turn checked once (see WARM)")
    parser.add_argument(
        "--decoded", action="store_true", help="with --first-sight: each turn's calls new objects, as decoded"
    )
    parser.add_argument("--data", type=Path, default=BENCH.parents[1] / "shared" / "data")
    args = parser.parse_args()
    script = ["speed.py", "--json"] if args.speed else ["detector_cpu.py"]
    command = [*script, "--half", args.half, "--repeat", str(args.repeat)]
    if args.first_sight:
        script = ["first sight"]
        code = _FIRST_SIGHT.format(
            bench=str(BENCH), data=str(args.data), half=args.half, warm=WARM, decoded=args.decoded
        )
        command = ["-c", code]
        args.rounds *= args.repeat  # (one pass per interpreter)
    rounds = [_round([args.before, args.after], command, i % 2 == 1) for i in range(args.rounds)]
    names = [n for n in rounds[0][0] if all(n in r[0] and n in r[1] for r in rounds)]
    print(f"{' '.join(script)} --half {args.half} --repeat {args.repeat}, {args.rounds} rounds, medians:")
    print(f"  {'figure':32s} {'before':>10s} {'after':>10s}  ratio  (per round)")
    for name in names:
        before = statistics.median(r[0][name] for r in rounds)
        after = statistics.median(r[1][name] for r in rounds)
        each = " ".join(f"{r[1][name] / r[0][name]:.2f}" if r[0][name] else "-" for r in rounds)
        ratio = f"{after / before:5.2f}" if before else "    -"
        print(f"  {name:32s} {before:10.1f} {after:10.1f}  {ratio}  ({each})")


if __name__ == "__main__":
    main()
