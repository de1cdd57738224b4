"""Refactors and speed work must not change what nofab reports on real traffic."""

from __future__ import annotations

import json
from pathlib import Path

from tests.verdict_snapshot import SNAPSHOT, snapshot


def test_verdicts_on_shared_data_match_the_committed_snapshot(shared_data: Path) -> None:
    """Every finding (kind, confidence, span, text) on every turn of ../shared/data is as
    committed; a deliberate detection change regenerates it (python -m tests.verdict_snapshot --write)."""
    stored = json.loads(SNAPSHOT.read_text("utf-8"))
    current = snapshot(shared_data)
    diffs = [
        f"{corpus} {label}: {stored[corpus].get(label)} -> {lines}"
        for corpus, turns in current.items()
        for label, lines in turns.items()
        if stored[corpus].get(label) != lines
    ]
    assert not diffs, "\n".join(diffs[:20])
    assert {c: len(t) for c, t in current.items()} == {c: len(t) for c, t in stored.items()}
