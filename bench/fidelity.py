"""Evaluate the fact-fidelity checker on its frozen, hand-labelled cases.

    python bench/fidelity.py            # figures per arm, mutation rejection rate, module SHA-256
    python bench/fidelity.py --json     # the same, machine-readable
    python bench/fidelity.py --seed 7   # another mutation seed

Two arms, reported separately (``bench/fidelity_cases/``): ``calibration`` (the seed set
the checker was built against) and ``held_out`` (a blind red-team set). A case is a
tool output plus one declaration labelled ``misread`` (positive) or ``grounded``; the
checker "flags" a case when the fidelity detector reports any finding for it.

Mutations: every grounded declaration of both arms is mutated three ways, with a seeded
generator — a wrong value (same shape, certainly absent), a missing path (a key that is
not there), a malformed path (rejected when the turn is validated). A mutant counts as
rejected when validation refuses it or the detector reports a finding at or above the
default threshold (0.8).

The SHA-256 printed covers every module the figures depend on; a test pins it so that
editing them forces this evaluation to be re-run (``tests/test_fidelity_bench.py``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nofab.config.policy import DEFAULT_THRESHOLD, Policy
from nofab.errors import TurnError
from nofab.fidelity.fault import corrupt
from nofab.model.turn import Turn
from nofab.pipeline.guard import Guard

ROOT = Path(__file__).resolve().parents[1]
CASES = Path(__file__).resolve().parent / "fidelity_cases"
ARMS = ("calibration", "held_out")
#: The modules whose behaviour the figures measure.
MODULES = (
    "src/nofab/detectors/fidelity.py",
    "src/nofab/fidelity/__init__.py",
    "src/nofab/fidelity/anchor.py",
    "src/nofab/fidelity/fault.py",
    "src/nofab/fidelity/ladder.py",
    "src/nofab/fidelity/matchers.py",
    "src/nofab/fidelity/path.py",
    "src/nofab/fidelity/report.py",
    "src/nofab/fidelity/values.py",
)
MALFORMED = ("{p}[", "[{p}", "{p}]", "{p}..x", "{p}[x]", "{p}[]", '{p}["x', ".{p}")


def module_digest() -> str:
    """SHA-256 over the measured modules (path and bytes of each, in a fixed order)."""
    h = hashlib.sha256()
    for rel in MODULES:
        h.update(rel.encode() + b"\0" + (ROOT / rel).read_bytes() + b"\0")
    return h.hexdigest()


def load_arm(arm: str) -> list[dict[str, Any]]:
    data = json.loads((CASES / f"{arm}.json").read_text(encoding="utf-8"))
    cases: list[dict[str, Any]] = data["cases"]
    return cases


def turn_for(case: dict[str, Any], declare: dict[str, Any] | None = None) -> dict[str, Any]:
    """The turn a case stands for: one tool call and one declaration citing it."""
    declared = dict(declare or case["declare"])
    return {
        "response": "See the tool output.",
        "tool_calls": [
            {"id": "t1", "name": "tool", "result": case["result"], "status": case.get("status", "ok")}
        ],
        "asserted_values": [{"tool_call_id": case.get("tool_call_id", "t1"), **declared}],
    }


GUARD = Guard(Policy(detectors=("fidelity",), load_plugins=False))


def findings(raw: dict[str, Any]) -> list[float]:
    """Confidences of the fidelity findings for a raw turn (raises TurnError when invalid)."""
    return [f.confidence for f in GUARD.detect(Turn.from_dict(raw))]


@dataclass
class ArmScore:
    arm: str
    tp: int = 0
    fp: int = 0
    tn: int = 0
    fn: int = 0
    errors: tuple[str, ...] = ()

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


def score_arm(arm: str) -> ArmScore:
    score = ArmScore(arm)
    wrong: list[str] = []
    for case in load_arm(arm):
        flagged = bool(findings(turn_for(case)))
        positive = case["label"] == "misread"
        if positive and flagged:
            score.tp += 1
        elif positive:
            score.fn += 1
            wrong.append(f"missed {case['id']}")
        elif flagged:
            score.fp += 1
            wrong.append(f"false alarm {case['id']}")
        else:
            score.tn += 1
    score.errors = tuple(wrong)
    return score


def mutants(case: dict[str, Any], rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    """The three mutations of a grounded declaration."""
    declare = dict(case["declare"])
    path = declare["path"]
    wrong = {**declare, "expected": corrupt(declare["match"], declare["expected"], rng.randrange(1 << 16))}
    missing_key = f"missing_{rng.randrange(10_000)}"
    missing = {**declare, "path": missing_key if path == "$" else f"{path}.{missing_key}"}
    malformed = {**declare, "path": rng.choice(MALFORMED).format(p=path)}
    return [("wrong_value", wrong), ("missing_path", missing), ("malformed_path", malformed)]


def rejected(case: dict[str, Any], declare: dict[str, Any]) -> bool:
    try:
        confidences = findings(turn_for(case, declare))
    except TurnError:
        return True  # refused at validation: never reaches the check
    return any(c >= DEFAULT_THRESHOLD for c in confidences)


def mutation_rate(seed: int) -> tuple[int, int, dict[str, list[int]], list[str]]:
    rng = random.Random(seed)
    total = caught = 0
    per_kind: dict[str, list[int]] = {}
    escaped: list[str] = []
    for arm in ARMS:
        for case in load_arm(arm):
            if case["label"] != "grounded":
                continue
            for kind, declare in mutants(case, rng):
                ok = rejected(case, declare)
                total += 1
                caught += ok
                counts = per_kind.setdefault(kind, [0, 0])
                counts[0] += ok
                counts[1] += 1
                if not ok:
                    escaped.append(f"{case['id']}:{kind}:{json.dumps(declare)}")
    return caught, total, per_kind, escaped


def evaluate(seed: int = 0) -> dict[str, Any]:
    arms = {arm: score_arm(arm) for arm in ARMS}
    caught, total, per_kind, escaped = mutation_rate(seed)
    return {
        "arms": {
            arm: {
                "cases": s.tp + s.fp + s.tn + s.fn,
                "tp": s.tp,
                "fp": s.fp,
                "tn": s.tn,
                "fn": s.fn,
                "precision": round(s.precision, 4),
                "recall": round(s.recall, 4),
                "errors": list(s.errors),
            }
            for arm, s in arms.items()
        },
        "mutation": {
            "seed": seed,
            "rejected": caught,
            "total": total,
            "rate": round(caught / total, 4) if total else 1.0,
            "by_kind": {k: {"rejected": v[0], "total": v[1]} for k, v in sorted(per_kind.items())},
            "escaped": escaped,
        },
        "module_sha256": module_digest(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = evaluate(args.seed)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for arm, s in result["arms"].items():
            print(
                f"{arm:12} cases={s['cases']:3} tp={s['tp']} fp={s['fp']} tn={s['tn']} fn={s['fn']}  "
                f"precision={s['precision']:.3f} recall={s['recall']:.3f}"
            )
            for error in s["errors"]:
                print(f"  {error}")
        m = result["mutation"]
        kinds = ", ".join(f"{k} {v['rejected']}/{v['total']}" for k, v in m["by_kind"].items())
        rate = f"{m['rejected']}/{m['total']} = {m['rate']:.3f}"
        print(f"mutations    seed={m['seed']} rejected {rate} ({kinds})")
        for line in m["escaped"]:
            print(f"  escaped {line}")
        print(f"module sha256 {result['module_sha256']}")
    ok = result["mutation"]["rate"] == 1.0 and all(
        s["precision"] == 1.0 and s["recall"] == 1.0 for s in result["arms"].values()
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
