"""Per-half figures on the visible corpora: the yardstick for every detector change.

    python bench/halves.py                 # both halves, no profile
    python bench/halves.py --half tuning --list   # also list each flagged clean turn
    python bench/halves.py --half tuning --misses number_changed   # each injected miss, tuning half only

For τ-bench and ToolTalk it prints, per half, the clean turns with a blocking finding
(threshold 0.8, default policy, no profile) and the injection recall of each mutation
(``bench/injection.py``, seed 7); name swaps are also counted apart for a lone name (no
capitalised word beside it: "for Noah", "Thank you, Noah") — the hard case, since a name
beside a held surname is caught by its neighbour; and an agent that writes first names only is
simulated (a held full name of the answer shortened to its first name: clean, then
swapped). Tune on the tuning half; the checking half is the headline, and ``--list`` and
``--misses`` refuse it: its examples stay unread.
"""

from __future__ import annotations

import argparse
import collections
from collections.abc import Sequence
from pathlib import Path

import injection
from corpora import tau_bench_turns, tooltalk_corpus
from nofab import Guard, Policy, Profile, Turn
from splits import HALVES, Half, half_of

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def _tau_half(label: str) -> Half:
    return half_of("tau-bench-airline", label.split()[1])  # "task <id> trial <n> message <i>"


def _tooltalk_paths(root: Path) -> dict[str, str]:
    return {p.name: f"{p.parent.name}/{p.name}" for p in root.glob("*/*.json")}


def corpus_halves(data: Path = DATA) -> dict[str, dict[Half, list[tuple[str, Turn]]]]:
    """{corpus: {half: [(label, turn)]}} for τ-bench and ToolTalk."""
    out: dict[str, dict[Half, list[tuple[str, Turn]]]] = {}
    tau: dict[Half, list[tuple[str, Turn]]] = {h: [] for h in HALVES}
    for label, turn in tau_bench_turns(data / "tau-bench-airline" / "gpt-4o-airline-dev.json"):
        tau[_tau_half(label)].append((label, turn))
    out["τ-bench"] = tau
    paths = _tooltalk_paths(data / "tooltalk")
    talk: dict[Half, list[tuple[str, Turn]]] = {h: [] for h in HALVES}
    for label, turn in tooltalk_corpus(data / "tooltalk"):
        talk[half_of("tooltalk", paths[label.split(" turn ")[0]])].append((label, turn))
    out["ToolTalk"] = talk
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--half", choices=HALVES, action="append", help="default: both")
    parser.add_argument("--list", action="store_true", help="list every flagged clean turn")
    parser.add_argument("--profile", type=Path, help="a profile applied to τ-bench")
    parser.add_argument("--no-injection", action="store_true")
    parser.add_argument(
        "--misses",
        choices=(*injection.MUTATIONS, injection.LONE_FIRST_NAME),
        help="list each missed injection of this type with what was found at its span (tuning half only)",
    )
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    if (args.list or args.misses) and (args.half or list(HALVES)) != ["tuning"]:
        parser.error(
            "--list and --misses read examples: only with --half tuning (the checking half stays unread)"
        )
    halves = corpus_halves()
    pool = injection.name_pool(t for by in halves.values() for turns in by.values() for _l, t in turns)
    for corpus, by_half in halves.items():
        profile = Profile.from_file(args.profile) if args.profile and corpus == "τ-bench" else Profile()
        guard = Guard(Policy(load_plugins=False), profile)
        for half in args.half or HALVES:
            turns = by_half[half]
            flagged = [(label, guard.assess(t).blocking) for label, t in turns]
            flagged = [(label, b) for label, b in flagged if b]
            share = len(flagged) / max(1, len(turns))
            print(f"{corpus} {half}: clean turns flagged {len(flagged)}/{len(turns)} ({share:.2%})")
            if args.list:
                for label, blocking in flagged:
                    print(
                        f"    {label}: "
                        + "; ".join(f"{f.kind} {f.confidence:.2f} {f.identifier!r}" for f in blocking)
                    )
            if args.no_injection:
                continue
            per: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
            for mutant in injection.mutants(corpus, turns, args.seed, pool):
                blocking = guard.assess(mutant.turn).blocking
                hit = any(
                    (f.span[0] < mutant.span[1] and mutant.span[0] < f.span[1]) or f.whole_turn
                    for f in blocking
                )
                kinds = [mutant.mutation]
                if mutant.mutation == "name_swapped" and injection.lone(mutant):
                    kinds.append("name_swapped_lone")
                for kind in kinds:
                    per[kind][0] += hit
                    per[kind][1] += 1
                if not hit and mutant.mutation == args.misses:
                    _print_miss(guard, mutant)
            print(
                "    injection: "
                + ", ".join(f"{m} {h}/{n} ({h / max(1, n):.3f})" for m, (h, n) in per.items())
            )
            _lone_first_names(guard, corpus, turns, args.seed, pool, args.misses == injection.LONE_FIRST_NAME)


def _lone_first_names(
    guard: Guard, corpus: str, turns: Sequence[tuple[str, Turn]], seed: int, pool: list[str], misses: bool
) -> None:
    """The simulated first-name-only agent (``injection.lone_first_names``): swaps caught,
    and clean variants flagged."""
    caught = flagged = total = 0
    for clean, mutant in injection.lone_first_names(corpus, turns, seed, pool):
        total += 1
        flagged += bool(guard.assess(clean).blocking)
        blocking = guard.assess(mutant.turn).blocking
        hit = any(f.span[0] < mutant.span[1] and mutant.span[0] < f.span[1] for f in blocking)
        caught += hit
        if misses and not hit:
            _print_miss(guard, mutant)
    if total:
        print(
            f"    lone first names: swaps caught {caught}/{total}, clean variants flagged {flagged}/{total}"
        )


def _print_miss(guard: Guard, mutant: injection.Mutant) -> None:
    """The injected claim in its sentence, and every finding (any confidence) on its span."""
    text = mutant.turn.response
    start, end = mutant.span
    lo, hi = max(0, start - 70), min(len(text), end + 50)
    shown = f"...{text[lo:start]}[[{text[start:end]}]]{text[end:hi]}...".replace("\n", " ")
    print(f"    MISS {mutant.label}: {shown}")
    for f in guard.assess(mutant.turn).findings:
        if f.span[0] < end and start < f.span[1]:
            print(f"        {f.kind} {f.confidence:.2f} {f.identifier!r} {f.evidence}")


if __name__ == "__main__":
    main()
