"""Symfonic 9.12.0 against nofab.compat.symfonic on the clean corpora, per tuning/checking half.

    python bench/compat.py            # needs the compat-test extra (symfonic-core==9.12.0)
    python bench/compat.py --list     # also every one-sided finding with its difference id
    python bench/compat.py --pleach   # nofab.compat.pleach's trigger rate on the same turns

Every turn of τ-bench and ToolTalk is clean, so every finding is a false positive. For each
half it prints the clean turns flagged at Symfonic's default refuse threshold (0.8) and at
any confidence, by Symfonic and by nofab's drop-in, and how many one-sided findings each
documented difference (docs/compat.md, D1...) accounts for ("theirs" = only Symfonic
flags it: a false positive nofab avoids; "ours" = only nofab does).
"""

from __future__ import annotations

import argparse
import collections
from collections.abc import Sequence
from typing import Any

from halves import corpus_halves
from nofab import Turn
from nofab.compat.pleach import apply_fabrication_guard
from nofab.compat.symfonic import detect_fabrication as ours
from nofab.model.turn import ToolCall
from symfonic_diffs import Case, classify

THRESHOLD = 0.8


def _record(call: ToolCall) -> dict[str, Any]:
    return {
        "name": call.name,
        "args": call.arguments,
        "result": call.result if call.result is not None else call.error,
    }


def symfonic_call(turn: Turn) -> tuple[str, list[dict[str, Any]], dict[str, Any]]:
    """The turn as Symfonic's arguments: this turn's calls; earlier results join the hydrated context."""
    now = [_record(c) for c in turn.tool_calls if not c.earlier]
    earlier = " ".join(str(_record(c)["result"]) for c in turn.tool_calls if c.earlier)
    context = " ".join(p for p in (turn.context, earlier) if p)
    return turn.response, now, {"hydrated_context": context, "user_message": turn.user_message}


def _findings(detect: Any, turn: Turn) -> set[tuple[str, str, str | None, float]]:
    text, calls, kwargs = symfonic_call(turn)
    return {(f.kind, f.identifier, f.key, round(f.confidence, 3)) for f in detect(text, calls, **kwargs)}


def pleach_params(turn: Turn) -> dict[str, Any]:
    """The turn as Pleach's ``applyFabricationGuard`` params (this turn's calls; the raw results
    include earlier turns', which the host has in its context)."""
    now = [c for c in turn.tool_calls if not c.earlier]
    return {
        "fullContent": turn.response,
        "userText": turn.user_message,
        "failedToolNames": [c.name for c in now if c.status == "error"],
        "emptyResultToolNames": [c.name for c in now if c.status == "empty"],
        "executedToolNames": list(dict.fromkeys(c.name for c in now)),
        "allKnownToolNames": [t.name for t in turn.tools],
        "totalToolCount": len(now),
        "toolResultsRaw": _raw(turn),
    }


def _raw(turn: Turn) -> Any:
    """Results keyed by tool when every call of the turn has its own name and none is earlier;
    otherwise (a repeated search, results of earlier turns) one blob of every result."""
    ok = [c for c in turn.tool_calls if c.status == "ok"]
    names = [c.name for c in ok]
    if all(not c.earlier for c in ok) and len(set(names)) == len(names):
        return {c.name: c.result for c in ok}
    return [c.result for c in ok]


def pleach_rates() -> None:
    for corpus, halves in corpus_halves().items():
        for half, turns in halves.items():
            hit = [label for label, turn in turns if apply_fabrication_guard(pleach_params(turn)).triggered]
            print(
                f"{corpus} {half} ({len(turns)} clean turns): apply_fabrication_guard triggered on {len(hit)}"
            )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--pleach", action="store_true")
    args = parser.parse_args(argv)
    if args.pleach:
        pleach_rates()
        return
    try:
        from symfonic.agent.middleware.fabrication import detect_fabrication as theirs
    except ModuleNotFoundError:
        raise SystemExit(
            "bench/compat.py: symfonic-core is not installed (pip install -e '.[compat-test]')"
        ) from None

    for corpus, halves in corpus_halves().items():
        for half, turns in halves.items():
            flagged = {"theirs": [0, 0], "ours": [0, 0]}
            by_diff: dict[tuple[str, str], int] = collections.Counter()
            for label, turn in turns:
                sides = {"theirs": _findings(theirs, turn), "ours": _findings(ours, turn)}
                for side, found in sides.items():
                    flagged[side][0] += any(f[3] >= THRESHOLD for f in found)
                    flagged[side][1] += bool(found)
                text, calls, kwargs = symfonic_call(turn)
                corpus_text = " ".join(
                    [kwargs["user_message"], kwargs["hydrated_context"], *(str(c["result"]) for c in calls)]
                )
                case = Case(text, bool(calls), corpus_text)
                for side, other in (("theirs", "ours"), ("ours", "theirs")):
                    for kind, identifier, key, confidence in sides[side] - sides[other]:
                        why = classify(kind, identifier, key, side, case) or "unexplained"
                        by_diff[(why, side)] += 1
                        if args.list:
                            print(f"    {label}: {side}-only {kind} {identifier!r} {confidence} [{why}]")
            n = len(turns)
            print(
                f"{corpus} {half} ({n} clean turns): flagged at >= {THRESHOLD}: "
                f"Symfonic {flagged['theirs'][0]}, nofab {flagged['ours'][0]}; "
                f"at any confidence: Symfonic {flagged['theirs'][1]}, "
                f"nofab {flagged['ours'][1]}"
            )
            for (why, side), count in sorted(by_diff.items()):
                print(f"    {why} {side}-only findings: {count}")


if __name__ == "__main__":
    main()
