"""The lexicon on the hot path: claim finding per answer and a whole check per turn, on the
answers of the shared corpora (``../shared/data``), medians of several passes.

    python bench/lexicon_speed.py [--data ../shared/data]

Run it with another checkout first on ``PYTHONPATH`` to put two versions side by side (the
script only uses the public ``lexicon_for`` / ``Guard`` API). Also prints how many distinct
words the Snowball stem caches hold afterwards: stems are computed once per distinct word.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from corpora import tau_bench_turns, tooltalk_corpus
from nofab import Guard, Policy, Profile, Turn
from nofab.language.lexicon import lexicon_for

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
PASSES = 7


def turns(data: Path) -> list[Turn]:
    out = [t for _l, t in tau_bench_turns(data / "tau-bench-airline" / "gpt-4o-airline-dev.json")]
    out += [t for _l, t in tooltalk_corpus(data / "tooltalk")]
    return out


def per_item_us(work: list[Turn], run: object) -> float:
    """Median over passes of the mean CPU microseconds per turn."""
    assert callable(run)
    samples = []
    for _ in range(PASSES):
        # CPU time of this process: on a shared machine, wall time mostly measures the others.
        start = time.process_time()
        for turn in work:
            run(turn)
        samples.append((time.process_time() - start) / len(work) * 1e6)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    args = parser.parse_args()
    work = turns(args.data)
    start = time.perf_counter()
    lexicon = lexicon_for(Profile(claim_verbs={"provisioned": ("provision",)}))
    compile_ms = (time.perf_counter() - start) * 1e3
    guard = Guard(Policy(load_plugins=False))
    claims_us = per_item_us(work, lambda t: lexicon.find_claims(t.response))
    check_us = per_item_us(work, guard.assess)
    print(f"turns: {len(work)}")
    print(f"compile a profile's lexicon: {compile_ms:.1f} ms")
    print(f"find_claims per answer (median of {PASSES} passes): {claims_us:.1f} µs")
    print(f"whole check per turn (median of {PASSES} passes): {check_us:.1f} µs")
    try:
        from nofab.language import capabilities, vocabulary
    except ImportError:
        return
    print(
        f"stem caches: tool names {capabilities.stem.cache_info().currsize} words, verbs "
        f"{vocabulary.stem.cache_info().currsize} words"
    )


if __name__ == "__main__":
    main()
