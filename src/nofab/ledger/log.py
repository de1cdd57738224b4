"""Appending to the ledger: one canonical JSON record per line, under a file lock.

Concurrency: a ``threading.Lock`` serialises the threads of one ``Ledger``; an exclusive
``fcntl.flock`` on the log file itself serialises processes (and separate ``Ledger``
objects on one file). flock is chosen over a separate lock file (as ``filelock`` uses)
because the lock then lives and dies with the log's own descriptor: the kernel drops it
when a writer is killed, so a ``kill -9`` never leaves a stale lock behind. POSIX only.

Durability: each record is written with one ``write`` on an ``O_APPEND`` descriptor and,
by default, ``fsync``-ed before ``append`` returns. ``fsync_every=N`` batches the fsync
(a power loss can then lose up to N-1 acknowledged records; a process crash loses none,
the kernel has them). A partial last line (power loss mid-write) is never chained onto:
the next append closes it off and records its offset, length and SHA-256 in a
``recovered`` field, so verification can account for every byte. A last line that is a
whole record torn only of its final newline is a record, not a fragment: the next append
adds the newline and chains onto it (issue 16.5: taking it for a fragment reused its
sequence number and dropped an acknowledged record).
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from nofab.errors import NofabError
from nofab.ledger.keys import SigningKey, load_signing_key
from nofab.ledger.record import FORMAT_VERSION, GENESIS, canonical, record_hash, whole_record

if TYPE_CHECKING:
    from nofab.config.policy import Policy, Profile
    from nofab.model.verdict import Verdict
    from nofab.pipeline.guard import Guard

_CHUNK = 65536


class LedgerError(NofabError, OSError):
    """The ledger cannot be appended to (unreadable, damaged tail, no file locking)."""


@dataclass(frozen=True, slots=True)
class Appended:
    """Where a record went: its sequence number and hash (anchor it elsewhere to detect
    truncation of whole records at the end of the log)."""

    seq: int
    hash: str


def _flock() -> Any:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        raise LedgerError("the ledger needs POSIX file locking (fcntl), which this platform lacks") from None
    return fcntl


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


class Ledger:
    """An append-only log of verdicts. Safe to share between threads; several processes
    may append to one file. Use as a context manager or call ``close()``."""

    def __init__(
        self,
        path: str | Path,
        *,
        signing_key: SigningKey | str | Path | None = None,
        fsync_every: int = 1,
        clock: Callable[[], str] = _now,
        redactor: Callable[[str], str] | None = None,
    ) -> None:
        if not isinstance(fsync_every, int) or fsync_every < 1:
            raise LedgerError(f"fsync_every must be a positive integer, got {fsync_every!r}")
        self.path = Path(path)
        self.key = (
            signing_key
            if isinstance(signing_key, SigningKey) or signing_key is None
            else (load_signing_key(signing_key))
        )
        self.fsync_every = fsync_every
        self._clock = clock
        #: Applied to the text findings quote (identifier, reason) before it is stored. Sealed
        #: matched values are kept as read: offline verification re-runs matchers on them.
        self.redactor = redactor
        self._lock = threading.Lock()
        self._fd: int | None = None
        self._unsynced = 0
        self._fcntl = _flock()

    # ------------------------------------------------------------------ lifecycle
    def _open(self) -> int:
        if self._fd is None:
            try:
                self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
            except OSError as exc:
                raise LedgerError(f"{self.path}: cannot open the ledger: {exc.strerror}") from None
        return self._fd

    def flush(self) -> None:
        """fsync what was appended since the last fsync."""
        with self._lock:
            if self._fd is not None and self._unsynced:
                os.fsync(self._fd)
                self._unsynced = 0

    def close(self) -> None:
        self.flush()
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None

    def __enter__(self) -> Ledger:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # ------------------------------------------------------------------ appending
    def append(
        self,
        verdict: Verdict,
        *,
        guard: Guard | None = None,
        policy: Policy | None = None,
        profile: Profile | None = None,
        detectors: Mapping[str, str] | None = None,
        run_id: str = "",
        fault_injection: Mapping[str, Any] | None = None,
    ) -> Appended:
        """Append ``verdict`` (any mode). Pass the ``guard`` that produced it (or its
        ``policy``, ``profile`` and ``detectors``) so the record says what judged it."""
        if guard is not None:
            policy = policy or guard.policy
            profile = profile or guard.profile
            detectors = detectors if detectors is not None else guard.detector_versions
        details = dict(verdict.details)
        body: dict[str, Any] = {
            "v": FORMAT_VERSION,
            "kind": "verdict",
            "run_id": run_id,
            "policy_digest": policy.digest() if policy is not None else None,
            "profile_digest": profile.digest() if profile is not None else None,
            "detectors": dict(sorted((detectors or {}).items())),
            "verdict": {
                "action": verdict.action,
                "mode": verdict.mode,
                "threshold": verdict.threshold,
                "max_confidence": round(verdict.max_confidence, 3),
                "passed": verdict.passed,
                "findings": [self._redact(f.to_dict()) for f in verdict.findings],
                "blocking": [f.fingerprint for f in verdict.blocking],
                "detector_errors": [e.to_dict() for e in verdict.detector_errors],
                "output_sha256": hashlib.sha256(verdict.output.encode("utf-8")).hexdigest(),
            },
            "sealed": list(details.get("asserted_values", [])),
            "claims": list(details.get("declared_claims", [])),
        }
        if fault_injection:
            body["fault_injection"] = dict(fault_injection)
        return self.append_record(body)

    def _redact(self, finding: dict[str, Any]) -> dict[str, Any]:
        if self.redactor is None:
            return finding
        from nofab.redaction import redact_finding

        return redact_finding(finding, self.redactor)

    def append_record(self, body: Mapping[str, Any]) -> Appended:
        """Append a record body (chain fields, timestamp and signature are added here)."""
        reserved = {"seq", "prev", "ts", "hash", "sig", "key_id", "recovered"} & set(body)
        if reserved:
            raise LedgerError(f"record fields {sorted(reserved)} are set by the ledger, not the caller")
        try:
            canonical(body)
        except (TypeError, ValueError) as exc:
            raise LedgerError(f"the record is not plain JSON: {exc}") from None
        with self._lock:
            fd = self._open()
            self._fcntl.flock(fd, self._fcntl.LOCK_EX)
            try:
                last, torn, unterminated = _tail(fd)
                record = dict(body)
                record["seq"] = (int(last["seq"]) + 1) if last else 1
                record["prev"] = str(last["hash"]) if last else GENESIS
                record["ts"] = self._clock()
                prefix = b"\n" if unterminated else b""
                if torn is not None:
                    offset, fragment = torn
                    record["recovered"] = {
                        "offset": offset,
                        "length": len(fragment),
                        "sha256": hashlib.sha256(fragment).hexdigest(),
                    }
                    prefix = b"\n"
                if self.key is not None:
                    record["key_id"] = self.key.key_id
                digest = record_hash(record)
                record["hash"] = digest
                if self.key is not None:
                    record["sig"] = self.key.sign(digest.encode("ascii"))
                _write_all(fd, prefix + canonical(record) + b"\n")
                self._unsynced += 1
                if self._unsynced >= self.fsync_every:
                    os.fsync(fd)
                    self._unsynced = 0
            finally:
                self._fcntl.flock(fd, self._fcntl.LOCK_UN)
        return Appended(record["seq"], digest)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _tail(fd: int) -> tuple[dict[str, Any] | None, tuple[int, bytes] | None, bool]:
    """The last whole record, the partial line after it (offset, bytes) if any, and whether
    that last record lacks its final newline."""
    size = os.fstat(fd).st_size
    if size == 0:
        return None, None, False
    end = size
    torn: tuple[int, bytes] | None = None
    last_byte = os.pread(fd, 1, size - 1)
    if last_byte != b"\n":
        start = _line_start(fd, size)
        fragment = os.pread(fd, size - start, start)
        whole = whole_record(fragment)
        if whole is not None:
            return whole, None, True
        torn = (start, fragment)
        end = start
    if end == 0:
        return None, torn, False
    start = _line_start(fd, end - 1)
    line = os.pread(fd, end - 1 - start, start)
    last = whole_record(line)
    if last is None:
        raise LedgerError(
            f"cannot append: the last line (byte {start}) is not a ledger record; run `nofab ledger verify`"
        )
    return last, torn, False


def _line_start(fd: int, end: int) -> int:
    """Offset just after the last newline before ``end`` (0 when there is none)."""
    pos = end
    while pos > 0:
        step = min(_CHUNK, pos)
        chunk = os.pread(fd, step, pos - step)
        at = chunk.rfind(b"\n")
        if at != -1:
            return pos - step + at + 1
        pos -= step
    return 0
