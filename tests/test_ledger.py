"""The ledger: appends, offline verification, tampering of every kind, signatures, torn
tails, and concurrent appends from threads and from processes killed with SIGKILL."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from nofab.config.policy import Policy
from nofab.ledger import (
    GENESIS,
    Ledger,
    LedgerError,
    SigningKey,
    VerifyKey,
    canonical,
    generate_keypair,
    load_signing_key,
    load_verify_key,
    record_hash,
    verify,
)
from nofab.model.verdict import Verdict
from nofab.pipeline.guard import Guard

TURN: dict[str, Any] = {
    "response": "Order A-1042 totals $42.73.",
    "tool_calls": [{"id": "c1", "name": "get_order", "result": {"order_id": "A-1042", "total": 42.7333}}],
    "asserted_values": [
        {"tool_call_id": "c1", "path": "total", "expected": "42.73", "match": "number"},
        {"tool_call_id": "c1", "path": "order_id", "expected": "a-1042", "match": "contains"},
    ],
}
GUARD = Guard(Policy(load_plugins=False))


def verdict() -> Verdict:
    return GUARD.check(TURN)


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> tuple[SigningKey, VerifyKey, VerifyKey]:
    pytest.importorskip(
        "cryptography", reason="signatures need the ledger extra: pip install 'nofab[ledger]'"
    )
    folder = tmp_path_factory.mktemp("keys")
    for name in ("a", "b"):
        private, public = generate_keypair()
        (folder / f"{name}.key").write_bytes(private)
        (folder / f"{name}.pub").write_bytes(public)
    return (
        load_signing_key(folder / "a.key"),
        load_verify_key(folder / "a.pub"),
        load_verify_key(folder / "b.pub"),
    )


def write_log(path: Path, n: int, key: SigningKey | None = None) -> list[str]:
    with Ledger(path, signing_key=key) as ledger:
        return [ledger.append(verdict(), guard=GUARD, run_id=f"run-{i}").hash for i in range(n)]


def lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def test_append_and_verify(tmp_path: Path, keys: tuple[SigningKey, VerifyKey, VerifyKey]) -> None:
    """Appended records chain from GENESIS, carry digests, detectors and sealed values, and verify."""
    log = tmp_path / "v.log"
    hashes = write_log(log, 3, keys[0])
    records = [json.loads(line) for line in lines(log)]
    assert [r["seq"] for r in records] == [1, 2, 3]
    assert records[0]["prev"] == GENESIS and records[1]["prev"] == records[0]["hash"] == hashes[0]
    first = records[0]
    assert (
        first["policy_digest"] == GUARD.policy.digest() and first["profile_digest"] == GUARD.profile.digest()
    )
    assert first["detectors"] == GUARD.detector_versions and "fidelity" in first["detectors"]
    assert first["sealed"][0]["matched"] == [42.7333] and first["sealed"][1]["matched"] == ["A-1042"]
    assert first["key_id"] == keys[0].key_id and "sig" in first
    assert all(canonical(r) + b"\n" == line for r, line in zip(records, lines(log), strict=True))
    assert all(record_hash(r) == r["hash"] for r in records)
    report = verify(log, keys[1], head=hashes[-1])
    assert report.ok and report.records == 3 and report.sealed_values == 6 and report.signed == 3


def test_keys_never_written_to_the_log(tmp_path: Path, keys: tuple[SigningKey, VerifyKey, VerifyKey]) -> None:
    """Neither the private key nor the public key appears in the log, only the short key id."""
    log = tmp_path / "k.log"
    write_log(log, 1, keys[0])
    text = log.read_text()
    assert "PRIVATE" not in text and "PUBLIC" not in text and keys[0].key_id in text


def test_one_flipped_byte_anywhere_fails_at_that_record(
    tmp_path: Path, keys: tuple[SigningKey, VerifyKey, VerifyKey]
) -> None:
    """Flipping a single byte of any record (every 5th byte, plus each line's first and last two bytes,
    newline included) makes verify fail, and it names that record's line."""
    log = tmp_path / "t.log"
    write_log(log, 3, keys[0])
    original = log.read_bytes()
    starts = [0]
    for line in lines(log):
        starts.append(starts[-1] + len(line))
    edges = {p for start in starts[1:] for p in (start - 2, start - 1)} | {s for s in starts[:-1]}
    for position in sorted(set(range(0, len(original), 5)) | edges):
        line_no = next(i for i in range(3) if starts[i] <= position < starts[i + 1]) + 1
        tampered = bytearray(original)
        tampered[position] ^= 0x01
        log.write_bytes(bytes(tampered))
        report = verify(log, keys[1])
        assert not report.ok, f"byte {position} flipped and verify passed"
        assert report.problem is not None and report.problem.line == line_no, (position, report.problem)


@pytest.mark.parametrize(
    ("edit", "line", "message"),
    [
        (lambda ls: [ls[0], ls[2], ls[1], ls[3]], 2, "sequence number is 3, expected 2"),
        (lambda ls: [ls[0], ls[2], ls[3]], 2, "sequence number is 3, expected 2"),
        (lambda ls: ls[1:], 1, "sequence number is 2, expected 1"),
        (lambda ls: [ls[0], ls[1], ls[1], ls[2], ls[3]], 3, "sequence number is 2, expected 3"),
        (lambda ls: [*ls[:3], ls[3][:40]], 4, "truncated last line"),
    ],
    ids=["reorder", "delete-middle", "delete-first", "duplicate", "truncate-mid-record"],
)
def test_reorder_delete_truncate_fail(tmp_path: Path, edit: Any, line: int, message: str) -> None:
    """Reordered, deleted, duplicated or truncated records make verify fail at the first affected line."""
    log = tmp_path / "r.log"
    write_log(log, 4)
    log.write_bytes(b"".join(edit(lines(log))))
    report = verify(log)
    assert not report.ok and report.problem is not None
    assert (report.problem.line, message in report.problem.message) == (line, True), report.problem


def test_removing_records_from_the_end_needs_the_head(tmp_path: Path) -> None:
    """Dropping whole records from the end passes the chain but fails against the anchored head."""
    log = tmp_path / "h.log"
    hashes = write_log(log, 3)
    log.write_bytes(b"".join(lines(log)[:2]))
    assert verify(log).ok
    report = verify(log, head=hashes[-1])
    assert not report.ok and report.problem is not None and "expected head" in report.problem.message


def test_rewritten_chain_fails_signature(
    tmp_path: Path, keys: tuple[SigningKey, VerifyKey, VerifyKey]
) -> None:
    """Editing a record and recomputing its hash (and every later link) still fails the signature check."""
    log = tmp_path / "s.log"
    write_log(log, 2, keys[0])
    records = [json.loads(line) for line in lines(log)]
    records[0]["run_id"] = "forged"
    records[0]["hash"] = record_hash(records[0])
    records[1]["prev"] = records[0]["hash"]
    records[1]["hash"] = record_hash(records[1])
    log.write_bytes(b"".join(canonical(r) + b"\n" for r in records))
    assert verify(log).ok  # without a key, a rewritten chain is indistinguishable...
    report = verify(log, keys[1])  # ...with one, it is not
    assert not report.ok and report.problem is not None
    assert report.problem.line == 1 and "signature does not verify" in report.problem.message


def test_wrong_key_fails(tmp_path: Path, keys: tuple[SigningKey, VerifyKey, VerifyKey]) -> None:
    """Another public key fails at the first record; an unsigned log fails when a key is given."""
    signed, unsigned = tmp_path / "signed.log", tmp_path / "unsigned.log"
    write_log(signed, 2, keys[0])
    write_log(unsigned, 2)
    report = verify(signed, keys[2])
    assert not report.ok and report.problem is not None and report.problem.line == 1
    assert "not by the given key" in report.problem.message
    report = verify(unsigned, keys[1])
    assert not report.ok and report.problem is not None and "not signed" in report.problem.message


def test_sealed_values_are_rechecked_offline(tmp_path: Path) -> None:
    """A sealed value that no longer satisfies its matcher fails verification even with a valid hash."""
    log = tmp_path / "m.log"
    write_log(log, 1)
    record = json.loads(lines(log)[0])
    record["sealed"][0]["matched"] = [42.9]
    record["hash"] = record_hash(record)
    log.write_bytes(canonical(record) + b"\n")
    report = verify(log)
    assert not report.ok and report.problem is not None and "offline re-check" in report.problem.message


def test_torn_tail_is_reported_and_then_recovered(tmp_path: Path) -> None:
    """A partial last line is reported as a crash mid-append; the next append accounts for it."""
    log = tmp_path / "torn.log"
    write_log(log, 2)
    with log.open("ab") as handle:
        handle.write(b'{"claims":[],"detec')
    report = verify(log)
    assert report.status == "torn_tail" and report.records == 2 and report.problem is not None
    assert report.problem.line == 3 and "crash mid-append" in report.problem.message
    with Ledger(log) as ledger:
        appended = ledger.append(verdict(), guard=GUARD)
    assert appended.seq == 3
    report = verify(log)
    assert report.ok and report.records == 3 and len(report.recovered) == 1


def test_garbage_line_in_the_middle_fails(tmp_path: Path) -> None:
    """A non-record line that no later record accounts for is reported at its own line."""
    log = tmp_path / "g.log"
    write_log(log, 2)
    ls = lines(log)
    log.write_bytes(ls[0] + b"not json\n" + ls[1])
    report = verify(log)
    assert not report.ok and report.problem is not None and report.problem.line == 2


def test_append_refuses_a_damaged_tail(tmp_path: Path) -> None:
    """Appending after a whole line that is not a record is refused, not chained onto."""
    log = tmp_path / "d.log"
    log.write_bytes(b"hello\n")
    with Ledger(log) as ledger, pytest.raises(LedgerError, match="not a ledger record"):
        ledger.append(verdict())


def test_fsync_batching_still_appends_everything(tmp_path: Path) -> None:
    """With fsync_every=5 every record is still written and verifies after close."""
    log = tmp_path / "b.log"
    with Ledger(log, fsync_every=5) as ledger:
        for _ in range(7):
            ledger.append(verdict())
    assert verify(log).records == 7
    with pytest.raises(LedgerError):
        Ledger(log, fsync_every=0)


def test_threads_share_one_ledger(tmp_path: Path) -> None:
    """Eight threads over two Ledger objects on one file produce one unbroken chain with no lost record."""
    log = tmp_path / "threads.log"
    first, second = Ledger(log), Ledger(log)
    done: list[int] = []
    lock = threading.Lock()

    def work(ledger: Ledger) -> None:
        for _ in range(15):
            seq = ledger.append(verdict()).seq
            with lock:
                done.append(seq)

    threads = [threading.Thread(target=work, args=(first if i % 2 else second,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    first.close()
    second.close()
    report = verify(log)
    assert report.ok and report.records == 120 and sorted(done) == list(range(1, 121))


WRITER = textwrap.dedent(
    """
    import json
    import sys
    from nofab.pipeline.guard import Guard
    from nofab.ledger import Ledger
    from nofab.config.policy import Policy
    turn = json.loads(sys.argv[3])
    guard = Guard(Policy(load_plugins=False))
    verdict = guard.check(turn)
    out = open(sys.argv[2], "w", buffering=1)
    with Ledger(sys.argv[1]) as ledger:
        while True:
            done = ledger.append(verdict, guard=guard)
            out.write(f"{done.seq} {done.hash}\\n")
    """
)


def test_kill_9_during_appends_from_four_processes(tmp_path: Path) -> None:
    """SIGKILL to four processes mid-stream: the log verifies up to its last whole record and every
    append a writer saw complete is in it, at the sequence number it was given."""
    log = tmp_path / "procs.log"
    env = {**os.environ, "NOFAB_DISABLE_PLUGINS": "1"}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(log), str(tmp_path / f"w{i}.txt"), json.dumps(TURN)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for i in range(4)
    ]
    try:
        deadline = time.monotonic() + 30
        outs = [tmp_path / f"w{i}.txt" for i in range(4)]
        while time.monotonic() < deadline:
            # Wait until every writer has appended at least once and the log holds 200 records,
            # so that all four are mid-stream when they are killed.
            started = all(o.exists() and o.stat().st_size > 0 for o in outs)
            if started and log.exists() and log.read_bytes().count(b"\n") >= 200:
                break
            if any(p.poll() is not None for p in procs):
                break
            time.sleep(0.05)
        for p in procs:
            os.kill(p.pid, signal.SIGKILL)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
            p.wait(timeout=10)
    for p in procs:
        assert p.returncode == -signal.SIGKILL, p.stderr.read().decode() if p.stderr else ""
        if p.stderr:
            p.stderr.close()
    report = verify(log)
    assert report.status in ("ok", "torn_tail"), report.problem
    assert report.records >= 20  # normally 200: the wait above stops there
    seen = {json.loads(line)["seq"]: json.loads(line)["hash"] for line in lines(log) if line.endswith(b"\n")}
    acknowledged = [
        line.split()
        for i in range(4)
        if (tmp_path / f"w{i}.txt").exists()
        for line in (tmp_path / f"w{i}.txt").read_text().splitlines()
        if len(line.split()) == 2
    ]
    assert len(acknowledged) >= 10
    assert all((tmp_path / f"w{i}.txt").stat().st_size for i in range(4)), "a writer never appended"
    assert all(seen.get(int(seq)) == digest for seq, digest in acknowledged)
    with Ledger(log) as ledger:
        ledger.append(verdict())
    assert verify(log).ok


def test_crash_during_the_first_append(tmp_path: Path) -> None:
    """A log holding only a partial first line reports zero verified records, then recovers on append."""
    log = tmp_path / "first.log"
    log.write_bytes(b'{"claims":[],"det')
    report = verify(log)
    assert report.status == "torn_tail" and report.records == 0
    with Ledger(log) as ledger:
        assert ledger.append(verdict()).seq == 1
    report = verify(log)
    assert report.ok and report.records == 1 and report.recovered == (0,)
