"""Offline verification of a ledger: format, chain, signatures, sealed values.

For each line, in order: it is JSON; it is in canonical form (byte for byte); ``seq``
follows the previous one (the first is 1); ``prev`` is the previous record's hash; its
own ``hash`` matches its content; with a public key, ``sig`` verifies and ``key_id`` is
that key's; and every sealed value still satisfies its matcher (the matchers re-run over
the values the parser read, no tool re-run). The first broken record stops the walk and
is reported with its line number, byte offset and sequence number.

A partial last line (a crash or power loss mid-append) is reported as such: every record
before it has been verified. A partial line closed off by a later append is accepted
when that append's ``recovered`` field accounts for its offset, length and SHA-256.

Not detectable from the file alone: removing whole records from the end. Anchor the
hash that ``Ledger.append`` returns elsewhere and pass it as ``head``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from nofab.ledger.keys import VerifyKey
from nofab.ledger.record import GENESIS, canonical, record_hash, whole_record

Status = Literal["ok", "broken", "torn_tail"]


@dataclass(frozen=True, slots=True)
class Problem:
    """The first thing wrong: where (1-based line, byte offset, seq if known) and what."""

    line: int
    offset: int
    seq: int | None
    message: str

    def __str__(self) -> str:
        seq = f" (seq {self.seq})" if self.seq is not None else ""
        return f"line {self.line}{seq} at byte {self.offset}: {self.message}"


@dataclass(frozen=True, slots=True)
class VerifyReport:
    """The outcome of verifying a ledger."""

    path: str
    status: Status
    records: int
    head: str
    problem: Problem | None = None
    signed: int = 0
    signatures_checked: bool = False
    sealed_values: int = 0
    recovered: tuple[int, ...] = ()
    fault_injections: tuple[int, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "status": self.status,
            "records": self.records,
            "head": self.head,
            "problem": None
            if self.problem is None
            else {
                "line": self.problem.line,
                "offset": self.problem.offset,
                "seq": self.problem.seq,
                "message": self.problem.message,
            },
            "signed": self.signed,
            "signatures_checked": self.signatures_checked,
            "sealed_values": self.sealed_values,
            "recovered_fragments": list(self.recovered),
            "fault_injections": list(self.fault_injections),
            "notes": list(self.notes),
        }


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    offset = 0
    with path.open("rb") as handle:
        for raw in handle:
            yield offset, raw
            offset += len(raw)


def verify(path: str | Path, public_key: VerifyKey | None = None, head: str | None = None) -> VerifyReport:
    """Verify the ledger at ``path``; raises ``OSError`` subclasses only when it cannot be read."""
    from nofab.fidelity.report import recheck

    file = Path(path)
    prev = GENESIS
    seq = 0
    signed = 0
    sealed = 0
    recovered: list[int] = []
    faults: list[int] = []
    notes: list[str] = []
    pending: tuple[int, int, bytes] | None = None  # (line, offset, bytes) of a closed-off fragment
    line_no = 0

    def report(status: Status, problem: Problem | None = None) -> VerifyReport:
        return VerifyReport(
            str(file),
            status,
            seq,
            prev,
            problem,
            signed,
            public_key is not None,
            sealed,
            tuple(recovered),
            tuple(faults),
            tuple(notes),
        )

    def broken(offset: int, message: str, at_seq: int | None = None) -> VerifyReport:
        return report("broken", Problem(line_no, offset, at_seq, message))

    for offset, raw in _lines(file):
        line_no += 1
        if not raw.endswith(b"\n") and whole_record(raw) is not None:
            # Torn only of its newline: every byte of the record is there (the next append
            # adds the newline), so it is verified like any other record.
            notes.append("the last record has no final newline (the next append adds it)")
            raw += b"\n"
        if not raw.endswith(b"\n"):
            problem = Problem(
                line_no,
                offset,
                None,
                f"truncated last line ({len(raw)} bytes, no newline): a crash mid-append; "
                f"the {seq} record(s) before it verify",
            )
            return report("torn_tail", problem)
        line = raw[:-1]
        try:
            record = json.loads(line)
        except ValueError:
            record = None
        if not isinstance(record, dict):
            if pending is not None:
                return broken(pending[1], "not a ledger record (and no later record accounts for it)")
            pending = (line_no, offset, line)
            continue
        at_seq = record.get("seq") if type(record.get("seq")) is int else None  # not bool
        claimed = record.get("recovered")
        if pending is not None:
            expect = {
                "offset": pending[1],
                "length": len(pending[2]),
                "sha256": hashlib.sha256(pending[2]).hexdigest(),
            }
            if claimed != expect:
                line_no = pending[0]
                return broken(pending[1], "not a ledger record (and no later record accounts for it)")
            recovered.append(pending[1])
            pending = None
        elif claimed is not None:
            return broken(offset, "claims to recover a partial line that is not there", at_seq)
        try:
            form = canonical(record)
        except (TypeError, ValueError):
            form = b""
        if form != line:
            at = next(
                (i for i, (a, b) in enumerate(zip(form, line, strict=False)) if a != b),
                min(len(form), len(line)),
            )
            return broken(
                offset, f"not in canonical form (first difference at byte {at} of the line)", at_seq
            )
        if at_seq != seq + 1:
            return broken(offset, f"sequence number is {record.get('seq')!r}, expected {seq + 1}", at_seq)
        if record.get("prev") != prev:
            return broken(
                offset,
                "prev does not match the previous record's hash (records removed or reordered)",
                at_seq,
            )
        digest = record_hash(record)
        if record.get("hash") != digest:
            return broken(offset, "hash does not match the record's content (the record was altered)", at_seq)
        bad_signature = _signature(record, digest, public_key)
        if bad_signature:
            return broken(offset, bad_signature, at_seq)
        if "sig" in record:
            signed += 1
        values = record.get("sealed", [])
        if not isinstance(values, list):
            return broken(offset, "sealed is not a list", at_seq)
        for i, value in enumerate(values):
            wrong = recheck(value) if isinstance(value, dict) else "not an object"
            if wrong:
                return broken(offset, f"sealed[{i}] fails the offline re-check: {wrong}", at_seq)
        sealed += len(values)
        if "fault_injection" in record:
            faults.append(at_seq)
        seq, prev = at_seq, digest
    if pending is not None:
        line_no = pending[0]
        return broken(pending[1], "not a ledger record (and no later record accounts for it)")
    if head is not None and head != prev:
        notes.append(f"expected head {head}")
        return report(
            "broken",
            Problem(
                line_no,
                0,
                seq or None,
                f"the last record's hash is {prev}, not the expected head {head} "
                "(records removed from the end?)",
            ),
        )
    if signed and public_key is None:
        notes.append(f"{signed} record(s) are signed; pass --public-key to check the signatures")
    return report("ok")


def _signature(record: dict[str, Any], digest: str, key: VerifyKey | None) -> str:
    sig = record.get("sig")
    if key is None:
        if sig is not None and not isinstance(sig, str):
            return "sig is not a string"
        return ""
    if sig is None:
        return "not signed (a public key was given, so every record must be signed)"
    if record.get("key_id") != key.key_id:
        return f"signed by key {record.get('key_id')!r}, not by the given key {key.key_id!r}"
    if not isinstance(sig, str) or not key.verifies(digest.encode("ascii"), sig):
        return "signature does not verify"
    return ""
