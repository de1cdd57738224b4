"""Two source trees on one hostile family, run at the same time: a before/after that a shared
machine's load does not tilt.

    python bench/hostile_ab.py /tmp/before/src /tmp/after/src --family dense_numbers
    python bench/hostile_ab.py A/src B/src --family number_phrases --detector numbers --size 0.25

``bench/hostile.py --src`` runs the trees one after the other; on a machine others load
unevenly, families neither tree touches moved by ±30% between them. Here each tree checks
the family's turn (as ``bench/hostile.py`` builds it) ``--repeat`` times in its own
interpreter, both interpreters at once, and the minimum CPU seconds per MB of each is
printed with the ratio (about ±10% between repeats of the whole command under load 3-6).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent

#: What each interpreter runs: the family's turn checked ``repeat`` times, min CPU s/MB.
_ONE = """
import sys, time
sys.path.insert(0, {bench!r})
from hostile import build, once
from nofab import Guard, Policy
family, size, detector, repeat = {family!r}, {size!r}, {detector!r}, {repeat!r}
turn = build(family, int(size * 1_000_000))
guard = Guard(Policy(load_plugins=False, max_answer_chars=int(size * 1.1e6), max_findings_per_detector=10**9))
print(min(once(guard, turn, detector, time.process_time) for _ in range(repeat)) / size)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", help="a src/ directory")
    parser.add_argument("after", help="a src/ directory")
    parser.add_argument("--family", default="dense_numbers")
    parser.add_argument("--size", type=float, default=0.25, help="MB of answer")
    parser.add_argument("--detector", default=None, help="time only this detector (e.g. numbers)")
    parser.add_argument("--repeat", type=int, default=4)
    args = parser.parse_args()
    code = _ONE.format(
        bench=str(BENCH), family=args.family, size=args.size, detector=args.detector, repeat=args.repeat
    )
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONPATH": tree},
            stdout=subprocess.PIPE,
            text=True,
        )
        for tree in (args.before, args.after)
    ]
    before, after = (float(run.communicate()[0]) for run in runs)
    what = args.detector or "whole check"
    ratio = after / before
    print(f"{args.family} {args.size} MB, {what}: {before:.2f} -> {after:.2f} s/MB CPU ({ratio:.2f}x)")


if __name__ == "__main__":
    main()
