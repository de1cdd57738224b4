"""Python's cyclic garbage collector, paused while a long answer is checked.

Why: a check allocates many small objects (numerals, spans, tokens, findings) that live
until the check ends. On a long answer the collector keeps running young-generation passes
over them and promotes them to older generations that it then walks again: 20-30% of the
CPU of checking a 0.5 MB answer (``bench/hostile.py``; docs/performance.md). None of those
objects form cycles that must be freed before the check returns, so nothing is gained by
collecting them early. Short answers (every ordinary turn) are left alone.

Risk: the switch is process-wide. It is only ever turned off by a check that found it on,
and turned back on by that same check when it ends, so a host that disabled the collector
keeps it disabled; two long checks in two threads may end the pause early for one another,
which costs time, never memory or correctness. Cycles made while paused are collected at
the next pass after the check.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: From this many answer characters on, a check pauses the collector.
PAUSE_FROM = 64 * 1024


@contextmanager
def paused_for(answer_chars: int) -> Iterator[bool]:
    """Pause the collector while the block checks an answer this long; yields whether it did."""
    pause = answer_chars >= PAUSE_FROM and gc.isenabled()
    if pause:
        gc.disable()
    try:
        yield pause
    finally:
        if pause:
            gc.enable()


__all__ = ["PAUSE_FROM", "paused_for"]
