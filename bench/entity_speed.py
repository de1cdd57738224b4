"""Seconds per MB of the entity detector's candidate scan on answers dense with phones,
e-mails and URLs (issue 16.1: the overlap check must not make this quadratic).

    python bench/entity_speed.py
"""

from __future__ import annotations

import random
import statistics
import time

from nofab import Profile
from nofab.detectors.entities import EntityDetector

SIZES_MB = (0.25, 0.5, 1.0)


def dense_text(size: int, rng: random.Random) -> str:
    """About ``size`` characters of comma-separated phones, e-mail addresses and URLs."""
    out: list[str] = []
    total = 0
    while total < size:
        kind = rng.randrange(3)
        if kind == 0:
            item = f"call 650-555-{rng.randrange(10000):04d}"
        elif kind == 1:
            item = f"mail a{rng.randrange(10**6)}@ex{rng.randrange(99)}.com"
        else:
            item = f"see https://ex.com/p/{rng.randrange(10**6)}"
        out.append(item)
        total += len(item) + 2
    return ", ".join(out)


def main() -> None:
    rng = random.Random(1)
    detector = EntityDetector(Profile())
    for mb in SIZES_MB:
        text = dense_text(int(mb * 1_000_000), rng)
        times = []
        for _ in range(3):
            start = time.perf_counter()
            detector.candidates(text)
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        print(f"{mb:>5} MB: median {median:.3f} s  ({median / mb:.3f} s/MB)")


if __name__ == "__main__":
    main()
