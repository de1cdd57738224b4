"""The verdicts nofab gives on ../shared/data, as a snapshot that refactors must not change.

Each turn of τ-bench and ToolTalk (default policy, and τ-bench again with the airline
profile) and each shared-task game (box-score profile) maps to its sorted findings as
``kind confidence start-end identifier``. A change of detection on purpose regenerates it:

    python -m tests.verdict_snapshot --write
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from nofab import Guard, Policy, Profile, Turn

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))
from corpora import tau_bench_turns, tooltalk_corpus  # noqa: E402

SHARED_DATA = REPO.parent / "shared" / "data"
SNAPSHOT = REPO / "tests" / "snapshots" / "shared_data_verdicts.json"


def _ast_turns(data: Path) -> Iterator[tuple[str, Turn]]:
    path = REPO / "bench" / "shared_task.py"
    spec = importlib.util.spec_from_file_location("nofab_bench_shared_task", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    for game in module.games(data / "accuracy-shared-task"):
        yield game.doc, game.turn()


def _lines(guard: Guard, turns: Iterator[tuple[str, Turn]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for label, turn in turns:
        found = guard.assess(turn).findings
        out[label] = sorted(
            f"{f.kind} {f.confidence:.2f} {f.span[0]}-{f.span[1]} {f.identifier}" for f in found
        )
    return out


def snapshot(data: Path = SHARED_DATA) -> dict[str, dict[str, list[str]]]:
    """Every corpus's verdicts, keyed by corpus then turn label."""
    plain = Guard(Policy(load_plugins=False))
    airline = Guard(Policy(load_plugins=False), Profile.from_file(REPO / "examples/profiles/airline.toml"))
    boxscore = Guard(Policy(load_plugins=False), Profile.from_file(REPO / "examples/profiles/boxscore.toml"))
    tau = data / "tau-bench-airline" / "gpt-4o-airline-dev.json"
    return {
        "tau-bench": _lines(plain, tau_bench_turns(tau)),
        "tau-bench+airline": _lines(airline, tau_bench_turns(tau)),
        "tooltalk": _lines(plain, tooltalk_corpus(data / "tooltalk")),
        "shared-task+boxscore": _lines(boxscore, _ast_turns(data)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="regenerate the committed snapshot")
    args = parser.parse_args()
    current = snapshot()
    if args.write:
        SNAPSHOT.write_text(json.dumps(current, indent=0, sort_keys=True, ensure_ascii=False) + "\n", "utf-8")
        print(f"wrote {SNAPSHOT}")
        return
    stored = json.loads(SNAPSHOT.read_text("utf-8"))
    changed = 0
    for corpus, turns in current.items():
        for label, lines in turns.items():
            if stored.get(corpus, {}).get(label) != lines:
                changed += 1
                print(f"{corpus} {label}: {stored.get(corpus, {}).get(label)} -> {lines}")
    print(f"{changed} turns changed")


if __name__ == "__main__":
    main()
