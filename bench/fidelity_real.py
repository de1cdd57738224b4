"""The fidelity checker on real tool outputs: no false flag on true declarations, every mutant rejected.

    python bench/fidelity_real.py [--data ../shared/data] [--per-call 6] [--seed 0]

Real outputs come from the external evaluation data (``../shared/data``, see its README):
τ-bench airline tool results and ToolTalk API responses, none written by this project. For
each output the script declares values that ARE there, drawn with a seeded generator from
its leaves: ``exact`` at the concrete path and at the same path with every index replaced by
``[*]``, ``contains`` of one word of a string, ``int`` as decimal and as ``0x`` hex, ``number``
(also rounded to one decimal), ``iso_ts`` for timestamps, and ``record`` of two fields of the
same object. It reports how many of these true declarations were flagged (false flags), then
mutates each concrete-path declaration three ways (wrong value, missing path, malformed path)
and reports how many mutants were rejected. A wrong value that still matches (the new text
happens to be in the output) is not a misread: it is counted as skipped, not as an escape.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from corpora import tau_bench_turns, tooltalk_corpus
from nofab.errors import TurnError
from nofab.fidelity.fault import corrupt
from nofab.fidelity.matchers import matches, parse_instant
from nofab.fidelity.path import Step, render
from nofab.fidelity.report import assess
from nofab.model.turn import Turn

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
MALFORMED = ("{p}[", "[{p}", "{p}]", "{p}..x", "{p}[x]", "{p}[]", '{p}["x', ".{p}")


def outputs(data: Path) -> Iterator[tuple[str, Any]]:
    """(label, parsed output) of every distinct successful tool call with a JSON object/array output."""
    seen: set[str] = set()
    sources = [
        ("tau", turn) for _l, turn in tau_bench_turns(next((data / "tau-bench-airline").glob("*.json")))
    ]
    sources += [("tooltalk", turn) for _l, turn in tooltalk_corpus(data / "tooltalk")]
    for origin, turn in sources:
        for call in turn.tool_calls:
            result = call.parsed_result
            if call.status != "ok" or not isinstance(result, (dict, list)):
                continue
            key = f"{origin}:{call.id}:{call.name}:{str(result)[:2000]}"
            if key in seen:
                continue
            seen.add(key)
            yield f"{origin}:{call.name}", result


def leaves(value: Any, steps: tuple[Step, ...] = ()) -> Iterator[tuple[tuple[Step, ...], Any]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, (*steps, Step(k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, (*steps, Step(i)))
    else:
        yield steps, value


def objects(value: Any, steps: tuple[Step, ...] = ()) -> Iterator[tuple[tuple[Step, ...], dict[str, Any]]]:
    if isinstance(value, dict):
        yield steps, value
        for k, v in value.items():
            yield from objects(v, (*steps, Step(k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from objects(v, (*steps, Step(i)))


def wild(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    return tuple(Step(None) if isinstance(s.key, int) else s for s in steps)


def declarations(result: Any, rng: random.Random, per_call: int) -> list[tuple[dict[str, Any], bool]]:
    """True declarations for one output, each with whether its path is concrete (mutable)."""
    out: list[tuple[dict[str, Any], bool]] = []
    candidates = [(s, v) for s, v in leaves(result) if s]
    for steps, leaf in rng.sample(candidates, min(per_call, len(candidates))):
        path = render(steps)
        out.append(({"path": path, "expected": leaf, "match": "exact"}, True))
        if any(isinstance(s.key, int) for s in steps):
            out.append(({"path": render(wild(steps)), "expected": leaf, "match": "exact"}, False))
        if isinstance(leaf, str):
            words = [w for w in leaf.split() if sum(c.isalnum() for c in w) >= 3]
            if words:
                out.append(({"path": path, "expected": rng.choice(words), "match": "contains"}, True))
            if parse_instant(leaf) is not None and not leaf.strip().isdigit():
                out.append(({"path": path, "expected": leaf, "match": "iso_ts"}, True))
        elif isinstance(leaf, int) and not isinstance(leaf, bool):
            out.append(({"path": path, "expected": leaf, "match": "int"}, True))
            out.append(({"path": path, "expected": hex(leaf), "match": "int"}, True))
            out.append(({"path": path, "expected": leaf, "match": "number"}, True))
        elif isinstance(leaf, float):
            out.append(({"path": path, "expected": leaf, "match": "number"}, True))
            out.append(({"path": path, "expected": f"{leaf:.1f}", "match": "number"}, True))
    for steps, obj in objects(result):
        fields = {k: v for k, v in obj.items() if isinstance(v, str) and sum(c.isalnum() for c in v) >= 3}
        if len(fields) >= 2 and steps and isinstance(steps[-1].key, int):
            picked = rng.sample(sorted(fields), 2)
            constraint = {k: fields[k].split()[0] for k in picked}
            out.append(({"path": render(wild(steps)), "expected": constraint, "match": "record"}, False))
            break
    return out


def statuses(result: Any, declared: list[dict[str, Any]]) -> list[str]:
    turn = Turn.from_dict(
        {
            "response": "See the tool output.",
            "tool_calls": [{"id": "t1", "name": "tool", "result": result}],
            "asserted_values": [{"tool_call_id": "t1", **d} for d in declared],
        }
    )
    return [r.status for r in assess(turn).values]


def run(data: Path, per_call: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    grounded = flagged = mutants = rejected = skipped = calls = 0
    false_flags: list[str] = []
    escapes: list[str] = []
    for label, result in outputs(data):
        calls += 1
        decls = declarations(result, rng, per_call)
        if not decls:
            continue
        for (declared, _concrete), status in zip(
            decls, statuses(result, [d for d, _c in decls]), strict=True
        ):
            grounded += 1
            if status != "passed":
                flagged += 1
                false_flags.append(f"{label} {declared}")
        for declared, concrete in decls:
            if not concrete:
                continue
            leaf_values = [v for s, v in leaves(result) if render(s) == declared["path"]]
            wrong = corrupt(declared["match"], declared["expected"], rng.randrange(1 << 16))
            if any(matches(declared["match"], wrong, v) for v in leaf_values):
                skipped += 1  # the "wrong" value is in fact there: not a misread
            else:
                mutants += 1
                ok = statuses(result, [{**declared, "expected": wrong}]) == ["failed"]
                rejected += ok
                if not ok:
                    escapes.append(f"{label} wrong_value {declared} -> {wrong!r}")
            missing = {**declared, "path": f"{declared['path']}.missing_{rng.randrange(10_000)}"}
            mutants += 1
            ok = statuses(result, [missing]) == ["failed"]
            rejected += ok
            if not ok:
                escapes.append(f"{label} missing_path {missing}")
            malformed = {**declared, "path": rng.choice(MALFORMED).format(p=declared["path"])}
            mutants += 1
            try:
                statuses(result, [malformed])
                escapes.append(f"{label} malformed_path {malformed}")
            except TurnError:
                rejected += 1
    return {
        "outputs": calls,
        "true_declarations": grounded,
        "false_flags": flagged,
        "mutants": mutants,
        "rejected": rejected,
        "skipped_wrong_values_still_present": skipped,
        "false_flag_examples": false_flags[:10],
        "escapes": escapes[:10],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--per-call", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if not (args.data / "tau-bench-airline").is_dir():
        print(f"no evaluation data at {args.data} (see shared/data/README.md)", file=sys.stderr)
        return 2
    r = run(args.data, args.per_call, args.seed)
    print(
        f"real outputs {r['outputs']}  true declarations {r['true_declarations']}  "
        f"false flags {r['false_flags']}"
    )
    rate = r["rejected"] / r["mutants"] if r["mutants"] else 1.0
    print(
        f"mutants {r['mutants']}  rejected {r['rejected']} = {rate:.4f}  "
        f"(wrong values skipped because still present: {r['skipped_wrong_values_still_present']})"
    )
    for line in r["false_flag_examples"]:
        print(f"  false flag {line}")
    for line in r["escapes"]:
        print(f"  escaped {line}")
    return 0 if r["false_flags"] == 0 and r["rejected"] == r["mutants"] else 1


if __name__ == "__main__":
    sys.exit(main())
