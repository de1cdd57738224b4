"""The lexicon on the hot path: claim finding per answer and a whole check per turn, on the
answers of the shared corpora (``../shared/data``), medians of several passes.

    python bench/lexicon_speed.py [--data ../shared/data]

Run it with another checkout first on ``PYTHONPATH`` to put two versions side by side (the
script only uses the public ``lexicon_for`` / ``Guard`` API). Also prints how many distinct
words the Snowball stem caches hold afterwards: stems are computed once per distinct word.

It also prints the first English answer's one-off cost (the claim patterns' ASCII twins are
built then, once per process) and, for issue 16, CPU seconds per MB of ``find_claims`` on
answers dense with claims at growing sizes (a linear finder keeps each row flat): a long
unpunctuated run of coordinated claims, subjectless reports after a title ("Dr. ... called."),
claims cut by commas, and the same run in Spanish.
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


#: Claim-dense answers (issue 16): one unit, repeated to the size measured.
CLAIM_DENSE = {
    "unpunctuated run": "I have sent the email and cancelled the booking and ",
    "reports after titles": "Dr. Abcdefg Hijklmn called. ",
    "comma-cut claims": "we refunded your payment, ",
    "Spanish run": "He cancelado la reserva y enviado el correo y ",
}
DENSE_MB = (0.05, 0.1, 0.2)


def claim_dense_rows() -> list[str]:
    lexicon = lexicon_for(Profile())
    rows = []
    for name, unit in CLAIM_DENSE.items():
        cells = []
        for mb in DENSE_MB:
            text = unit * (int(mb * 1_000_000) // len(unit))
            start = time.process_time()
            lexicon.find_claims(text)
            cells.append(f"{(time.process_time() - start) / (len(text) / 1e6):8.2f}")
        rows.append(f"  {name:<22}" + "".join(cells))
    return rows


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
    start = time.process_time()
    lexicon.find_claims("I have cancelled the booking and sent the email.")
    first_ms = (time.process_time() - start) * 1e3
    guard = Guard(Policy(load_plugins=False))
    claims_us = per_item_us(work, lambda t: lexicon.find_claims(t.response))
    check_us = per_item_us(work, guard.assess)
    print(f"turns: {len(work)}")
    print(f"compile a profile's lexicon: {compile_ms:.1f} ms")
    print(f"first English answer (ASCII twins built, CPU): {first_ms:.1f} ms")
    print(f"find_claims per answer (median of {PASSES} passes): {claims_us:.1f} µs")
    print(f"whole check per turn (median of {PASSES} passes): {check_us:.1f} µs")
    print("find_claims on claim-dense answers, CPU s/MB at " + " / ".join(f"{mb} MB" for mb in DENSE_MB))
    for row in claim_dense_rows():
        print(row)
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
