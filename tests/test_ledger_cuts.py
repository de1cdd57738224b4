"""Ledger recovery is exact at every cut point (issue 16.5): a log cut at any byte of its last
two records takes the next append and then verifies, and no record whose bytes all survived
the cut is lost — including one torn only of its final newline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nofab.config.policy import Policy
from nofab.ledger import Ledger, verify
from nofab.ledger.record import whole_record
from nofab.pipeline.guard import Guard

GUARD = Guard(Policy(load_plugins=False))
TURNS: list[dict[str, Any]] = [
    {
        "response": "Order A-1042 totals $42.73.",
        "tool_calls": [{"id": "c1", "name": "get_order", "result": {"order_id": "A-1042", "total": 42.7333}}],
        "asserted_values": [{"tool_call_id": "c1", "path": "total", "expected": "42.73", "match": "number"}],
    },
    {"response": "Réservation ZX-9 confirmée pour 3 nuits, remboursement RF-88231 émis."},
]


def build(path: Path, n: int) -> list[int]:
    """Append ``n`` verdict records; the byte offsets where each line ends (after its newline)."""
    with Ledger(path, fsync_every=1000) as ledger:
        for i in range(n):
            ledger.append(GUARD.check(TURNS[i % 2]), guard=GUARD, run_id=f"run-{i}")
    ends, total = [], 0
    for line in path.read_bytes().splitlines(keepends=True):
        total += len(line)
        ends.append(total)
    return ends


def intact(ends: list[int], cut: int) -> int:
    """Records whose bytes (newline aside) all lie before ``cut``."""
    return sum(1 for end in ends if end - 1 <= cut)


def test_append_then_verify_succeeds_at_every_cut_of_the_last_two_records(tmp_path: Path) -> None:
    source = tmp_path / "full.log"
    ends = build(source, 4)
    original = source.read_bytes()
    log = tmp_path / "cut.log"
    for cut in range(ends[1], len(original) + 1):
        log.write_bytes(original[:cut])
        kept = intact(ends, cut)
        before = verify(log)
        assert before.records == kept, (cut, before.problem)
        with Ledger(log, fsync_every=1000) as ledger:
            appended = ledger.append(GUARD.check(TURNS[0]), guard=GUARD, run_id="after-cut")
        assert appended.seq == kept + 1, cut
        after = verify(log)
        assert after.ok and after.records == kept + 1, (cut, after.problem)
        # The surviving records are byte for byte the ones written before the cut.
        assert log.read_bytes().startswith(original[: ends[kept - 1] - 1]), cut


@pytest.mark.parametrize("writes", [1, 3])
def test_a_record_torn_of_its_newline_is_kept_not_recovered(tmp_path: Path, writes: int) -> None:
    """The CLI reproduction: three appends, the final newline cut, append again, verify —
    every record kept, its sequence continued, no 'recovered' fragment claimed."""
    log = tmp_path / "l.log"
    ends = build(log, 3)
    log.write_bytes(log.read_bytes()[:-1])
    assert verify(log).ok and verify(log).records == 3
    with Ledger(log) as ledger:
        seqs = [ledger.append(GUARD.check(TURNS[1]), guard=GUARD).seq for _ in range(writes)]
    assert seqs == list(range(4, 4 + writes))
    report = verify(log)
    assert report.ok and report.records == 3 + writes and report.recovered == ()
    assert log.read_bytes()[ends[2] - 1 : ends[2]] == b"\n"


def test_whole_record_accepts_only_complete_canonical_records(tmp_path: Path) -> None:
    """A prefix of a record, a record with a changed byte, or non-canonical spacing is not whole."""
    log = tmp_path / "w.log"
    build(log, 1)
    line = log.read_bytes().rstrip(b"\n")
    assert whole_record(line) is not None
    assert all(whole_record(line[:i]) is None for i in range(len(line)))
    assert whole_record(line.replace(b'"seq":1', b'"seq":2')) is None
    assert whole_record(line.replace(b",", b", ", 1)) is None
