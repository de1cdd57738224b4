"""Seconds per MB of answer for each hostile-input family, at growing sizes.

    python bench/hostile.py                         # every family, 0.25 / 0.5 / 1 / 2 MB
    python bench/hostile.py --family dense_numbers --sizes 0.25 0.5
    python bench/hostile.py --detector numbers      # one detector's share (its evidence included)
    python bench/hostile.py --by-detector           # the three costliest detectors per cell
    python bench/hostile.py --clock cpu             # CPU time: steadier when others share the machine
    python bench/hostile.py --src /tmp/before/src src   # two source trees side by side

Each family (``bench/fuzz.py``: dense numbers against many evidence numbers, numbers read
with the words around them, phone numbers, e-mails, URLs, paths, codes, mixed; and here,
people's names after titles and quoted names, which only the entity detector's name rules
read, and quotations after a reporting verb, which the quote detector reads) is checked with
the default policy (limits raised to fit the largest size) and the median of ``--repeat``
runs is printed as seconds per MB. A linear detector keeps seconds per MB flat as the size
grows; the target is flat and at most 1 s/MB for every family. Small sizes (``--sizes 0.02
0.04 0.08``) catch a quadratic path early: its seconds per MB double with each size.

``--src`` runs the same families and sizes once per source tree (a ``src`` directory, e.g.
``git archive <commit> src | tar -x -C /tmp/before``), each in a fresh interpreter with that
tree first on the path, one after the other, and prints them side by side with the ratio:
a before/after on the same inputs, clock and machine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import string
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from fuzz import FAMILIES, hostile_turn
from nofab import Guard, Policy
from nofab.evidence.index import Evidence
from nofab.model.turn import Turn

SIZES = (0.25, 0.5, 1.0, 2.0)


def _word(rng: random.Random) -> str:
    return rng.choice(string.ascii_uppercase) + "".join(rng.choices(string.ascii_lowercase, k=6))


def _named_turn(size: int, shape: Callable[[str], str], field: str) -> dict[str, Any]:
    """About ``size`` answer characters of two-word names in ``shape``; every fourth name is
    in a tool result (half of those as written, half replaced by another name)."""
    rng = random.Random(f"0:{field}")
    parts: list[str] = []
    rows: list[dict[str, str]] = []
    length = i = 0
    while length < size:
        name = f"{_word(rng)} {_word(rng)}"
        parts.append(shape(name))
        length += len(parts[-1])
        if i % 4 == 0:
            rows.append({field: name if i % 8 else f"{_word(rng)} {_word(rng)}"})
        i += 1
    return {"response": "".join(parts), "tool_calls": [{"name": "get_records", "result": {"rows": rows}}]}


EXTRA: dict[str, Callable[[int], dict[str, Any]]] = {
    "names": lambda size: _named_turn(size, lambda n: f"Dr. {n} called. ", "name"),
    "quoted": lambda size: _named_turn(size, lambda n: f'see "{n}" and ', "title"),
    # quotations after a reporting verb, which the quote detector reads word by word
    # cues before quote marks that never close: each cue looks ahead for a closing mark
    "unclosed_quotes": lambda size: _named_turn(size, lambda n: f"{n} wrote: “{n} ", "message"),
    "quotes": lambda size: _named_turn(
        size, lambda n: f'{n} wrote: "meet {n} at the station" and ', "message"
    ),
}


def build(family: str, size: int) -> Turn:
    return Turn.from_dict(EXTRA[family](size) if family in EXTRA else hostile_turn(family, size))


Clock = Callable[[], float]
#: The clock: wall time, or the process's CPU time (steadier on a machine others share:
#: waiting for a core is not counted).
CLOCKS: dict[str, Clock] = {"wall": time.perf_counter, "cpu": time.process_time}


def once(guard: Guard, turn: Turn, detector: str | None, clock: Clock = time.perf_counter) -> float:
    """The time of checking ``turn`` once (or of one detector on fresh evidence)."""
    start = clock()
    if detector is None:
        guard.assess(turn)
    else:
        evidence = Evidence(turn, guard.profile, guard.lexicon)
        for one in guard.detectors:
            if one.id == detector:
                for _finding in one.detect(evidence):
                    pass
    return clock() - start


def seconds(
    guard: Guard, turn: Turn, detector: str | None, repeat: int, clock: Clock = time.perf_counter
) -> float:
    """Median time of checking ``turn`` (or of one detector on fresh evidence)."""
    return statistics.median(once(guard, turn, detector, clock) for _ in range(repeat))


def by_detector(guard: Guard, turn: Turn, mb: float, clock: Clock = time.perf_counter) -> str:
    """The three costliest detectors on ``turn`` (s/MB), each on evidence it builds itself
    (so each pays for the parts of the index it reads first)."""
    costs: list[tuple[float, str]] = []
    for one in guard.detectors:
        evidence = Evidence(turn, guard.profile, guard.lexicon)
        start = clock()
        for _finding in one.detect(evidence):
            pass
        costs.append(((clock() - start) / mb, one.id))
    return ", ".join(f"{name} {cost:.2f}" for cost, name in sorted(costs, reverse=True)[:3])


def measure(args: argparse.Namespace) -> dict[str, dict[str, float]]:
    """Seconds per MB by family and size (printed as a table as it goes, unless ``--json``)."""
    clock = CLOCKS[args.clock]
    largest = int(max(args.sizes) * 1_000_000 * 1.1)
    guard = Guard(Policy(load_plugins=False, max_answer_chars=largest, max_findings_per_detector=10**9))
    say = (lambda _line: None) if args.json else (lambda line: print(line, flush=True))
    say(f"{'family':<15}" + "".join(f"{size:>10.2f} MB" for size in args.sizes) + "   (s/MB)")
    table: dict[str, dict[str, float]] = {}
    for family in args.family or (*FAMILIES, *EXTRA):
        row = table.setdefault(family, {})
        notes: list[str] = []
        for size in args.sizes:
            turn = build(family, int(size * 1_000_000))
            mb = len(turn.response) / 1_000_000
            row[str(size)] = seconds(guard, turn, args.detector, args.repeat, clock) / mb
            if args.by_detector:
                notes.append(f"    {size:.2f} MB: {by_detector(guard, turn, mb, clock)}")
        say(f"{family:<15}" + "".join(f"{row[str(size)]:>13.2f}" for size in args.sizes))
        for note in notes:
            say(note)
    return table


def side_by_side(args: argparse.Namespace, argv: Sequence[str]) -> None:
    """Run this benchmark once per source tree in ``args.src`` and print the cells together."""
    own = [a for a in argv if a not in args.src and a != "--src"] + ["--json"]
    tables: list[dict[str, dict[str, float]]] = []
    for tree in args.src:
        if not (Path(tree) / "nofab").is_dir():
            raise SystemExit(f"hostile.py: --src {tree}: no nofab package there (give a src directory)")
        bench = str(Path(__file__).resolve().parent)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(Path(tree).resolve()), bench))}
        done = subprocess.run([sys.executable, __file__, *own], env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"hostile.py: --src {tree} failed: {done.stderr.strip().splitlines()[-1:]}")
        tables.append(json.loads(done.stdout.strip().splitlines()[-1]))
    names = " | ".join(args.src)
    print(f"s/MB per source tree ({names}), then last / first")
    print(f"{'family':<15}" + "".join(f"{size:>24.2f} MB" for size in args.sizes))
    for family in tables[0]:
        cells = []
        for size in map(str, args.sizes):
            values = [table[family][size] for table in tables]
            ratio = values[-1] / values[0] if values[0] else float("nan")
            cells.append(" / ".join(f"{v:.2f}" for v in values) + f" ({ratio:.2f}x)")
        print(f"{family:<15}" + "".join(f"{cell:>27}" for cell in cells), flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--family", choices=(*FAMILIES, *EXTRA), action="append", help="default: all")
    parser.add_argument("--sizes", type=float, nargs="+", default=list(SIZES), help="MB of answer")
    parser.add_argument("--detector", help="time only this detector (e.g. numbers)")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--by-detector", action="store_true", help="name the costliest detectors")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="wall", help="cpu: steadier when shared")
    parser.add_argument("--src", nargs="+", default=[], help="source trees (src/ dirs) side by side")
    parser.add_argument("--json", action="store_true", help="print one JSON line of the cells only")
    args = parser.parse_args(argv)
    if args.src:
        side_by_side(args, list(sys.argv[1:] if argv is None else argv))
        return
    table = measure(args)
    if args.json:
        print(json.dumps(table))


if __name__ == "__main__":
    main()
