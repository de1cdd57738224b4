"""Ledger throughput: append latency (fsync per append vs batched, signed vs not) and verify speed.

    python bench/ledger.py [--records 300]

Prints medians; it asserts nothing (timings depend on the disk).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from nofab.config.policy import Policy
from nofab.ledger import Ledger, generate_keypair, load_signing_key, load_verify_key, verify
from nofab.pipeline.guard import Guard

TURN = {
    "response": "Order A-1042 totals $42.73.",
    "tool_calls": [{"id": "c1", "name": "get_order", "result": {"order_id": "A-1042", "total": 42.7333}}],
    "asserted_values": [{"tool_call_id": "c1", "path": "total", "expected": "42.73", "match": "number"}],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=300)
    args = parser.parse_args()
    guard = Guard(Policy(load_plugins=False))
    verdict = guard.check(TURN)
    with tempfile.TemporaryDirectory() as folder:
        private, public = generate_keypair()
        (Path(folder) / "k.key").write_bytes(private)
        (Path(folder) / "k.pub").write_bytes(public)
        key, pub = load_signing_key(Path(folder) / "k.key"), load_verify_key(Path(folder) / "k.pub")
        for label, fsync_every, signing in (
            ("fsync each, unsigned", 1, None),
            ("fsync each, signed", 1, key),
            ("fsync every 64, signed", 64, key),
        ):
            log = Path(folder) / f"{fsync_every}-{bool(signing)}.log"
            times = []
            with Ledger(log, signing_key=signing, fsync_every=fsync_every) as ledger:
                for _ in range(args.records):
                    start = time.perf_counter()
                    ledger.append(verdict, guard=guard)
                    times.append(time.perf_counter() - start)
            start = time.perf_counter()
            report = verify(log, pub if signing else None)
            per_record = (time.perf_counter() - start) / max(1, report.records)
            print(
                f"{label:24} append median {statistics.median(times) * 1e6:8.0f} us  "
                f"verify {per_record * 1e6:6.0f} us/record  ({report.status}, {report.records} records)"
            )


if __name__ == "__main__":
    main()
