"""A percentage change between two numbers an answer shows, settled by binary searches
(``nofab.numbers.fieldchanges.WindowChanges``).

Principle: the changes ``|b - a| / a`` of an operand rise with a partner above it and fall
with one below it, so the partners that can land in an interval are found by binary search;
the answer must be exactly that of every pair, rounding boundaries included."""

from __future__ import annotations

import math
import random
from bisect import bisect_left

from nofab.numbers.fieldchanges import WindowChanges


def _every_pair(ops: list[float], lo: float, hi: float) -> bool:
    changes = sorted(
        c for c in {abs(b - a) / a * 100.0 for a in ops if a > 0 for b in ops if b != a} if not math.isnan(c)
    )
    i = bisect_left(changes, lo)
    return i < len(changes) and changes[i] <= hi


def test_binary_search_agrees_with_every_pair() -> None:
    rng = random.Random(7)
    for _ in range(20_000):
        ops = [
            rng.choice((0.0, float(rng.randint(1, 50)), rng.randint(100, 9999) / 100, math.inf, 1e6))
            for _ in range(rng.randint(0, 12))
        ]
        target = rng.uniform(0, 300)
        if ops and rng.random() < 0.5:  # a change some pair holds, asked at its exact value
            a, b = rng.choice(ops), rng.choice(ops)
            if 0 < a < math.inf and b != a:
                target = abs(b - a) / a * 100.0
        half = rng.choice((0.0, 0.005, 0.05, 0.5))
        lo, hi = target - half, target + half
        found = WindowChanges().find(ops, lo, hi)
        assert (found is not None) == _every_pair(ops, lo, hi), (ops, lo, hi)


def test_a_hit_is_described_and_a_miss_is_none() -> None:
    changes = WindowChanges()
    found = changes.find([500.0, 410.0, 12.0], 17.5, 18.5)  # 500 -> 410 is 18% less
    assert found is not None and "500" in found[0] and "410" in found[0]
    assert changes.find([500.0, 410.0, 12.0], 40.5, 41.5) is None
    assert changes.find([], 0.0, 100.0) is None


def test_negative_and_infinite_partners_agree_with_every_pair() -> None:
    """A partner below zero changes its base by more than 100%, an infinite one by infinity
    (and an infinite base by NaN): the bases searched are the positive finite ones only, the
    partners every operand."""
    rng = random.Random(13)
    for _ in range(20_000):
        ops = [
            rng.choice((float(rng.randint(-60, 60)), rng.randint(1, 99_999) / 100, -math.inf, math.inf))
            for _ in range(rng.randint(1, 12))
        ]
        target = rng.choice((rng.uniform(0, 100), rng.uniform(100, 1e4)))
        finite = [a for a in ops if 0 < a < math.inf]
        if finite and rng.random() < 0.5:
            a, b = rng.choice(finite), rng.choice(ops)
            if b != a and math.isfinite(b):
                target = abs(b - a) / a * 100.0
        half = rng.choice((0.0, 1e-9, 0.005, 0.5))
        lo, hi = target - half, target + half
        found = WindowChanges().find(ops, lo, hi)
        assert (found is not None) == _every_pair(ops, lo, hi), (ops, lo, hi)
