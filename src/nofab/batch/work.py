"""The pure unit of work: a chunk of raw records -> rows to store.

It runs wherever the engine puts it (this process, a local worker process, a Dask worker),
so it takes only picklable plain data and returns plain column lists. The guard is built
once per process and reused (it holds no per-turn state).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from nofab.batch.records import record_time, records_to_turns
from nofab.batch.sources import RawRecord
from nofab.config.policy import Policy, Profile
from nofab.detectors.base import Detector
from nofab.errors import InputError, TurnError
from nofab.evidence.index import Evidence
from nofab.evidence.results import ResultCache
from nofab.model.finding import Finding
from nofab.pipeline.guard import Guard


@dataclass(frozen=True, slots=True)
class Settings:
    """What a worker needs to build the same guard as every other worker."""

    mode: str = "observe"
    threshold: float = 0.8
    #: The profile as canonical JSON text ("" for the default profile), so it pickles and hashes.
    profile_json: str = ""
    #: "auto" (detect each record's format) or one of ``nofab.adapters.FORMATS``.
    input_format: str = "auto"

    def guard(self) -> Guard:
        profile = Profile.from_dict(json.loads(self.profile_json)) if self.profile_json else Profile()
        return Guard(Policy(mode=self.mode, threshold=self.threshold), profile)  # type: ignore[arg-type]


@dataclass(slots=True)
class ChunkResult:
    """Column lists for the ``records``, ``turns`` and ``findings`` tables, plus timings."""

    records: dict[str, list[Any]] = field(default_factory=dict)
    turns: dict[str, list[Any]] = field(default_factory=dict)
    findings: dict[str, list[Any]] = field(default_factory=dict)
    #: detector id -> [calls, seconds]
    timings: dict[str, list[float]] = field(default_factory=dict)
    nbytes: int = 0
    turn_count: int = 0


RECORD_COLUMNS = (
    "record_key",
    "source",
    "position",
    "unit",
    "content_hash",
    "status",
    "error",
    "raw",
    "turns",
)
TURN_COLUMNS = (
    "turn_id",
    "record_key",
    "source",
    "position",
    "sub",
    "ts",
    "response",
    "action",
    "max_confidence",
    "blocking",
    "n_findings",
    "detector_errors",
)
FINDING_COLUMNS = (
    "turn_id",
    "ordinal",
    "fingerprint",
    "kind",
    "detector",
    "identifier",
    "confidence",
    "severity",
    "span_start",
    "span_end",
    "reason",
    "evidence",
)


class _Timed:
    """A detector wrapper that adds its wall time to a shared table (batch only, never the core)."""

    def __init__(self, inner: Detector, table: dict[str, list[float]]) -> None:
        self.inner = inner
        self.id = inner.id
        self.version = getattr(inner, "version", "")
        self.kinds = getattr(inner, "kinds", ())
        self._slot = table.setdefault(inner.id, [0.0, 0.0])

    def detect(self, evidence: Evidence) -> Iterable[Finding]:
        start = time.perf_counter()
        try:
            return list(self.inner.detect(evidence))
        finally:
            self._slot[0] += 1
            self._slot[1] += time.perf_counter() - start


_GUARDS: dict[Settings, tuple[Guard, dict[str, list[float]]]] = {}


#: The guard's default bounds, kept for the worker's life (across chunks): a worker checks one
#: record at a time, but results come back across records too (the same flight search, a
#: confirmation without digits, the policy's blocks). A conversation-sized cache (1,024
#: entries, 8 MB) missed a third more often on the bench corpus (11.9k against 8.8k misses over
#: 2,700 turns) and cost 4-6% more CPU per turn, for the same peak worker RSS (93-97 MB).
_CACHE_ENTRIES = 4096
_CACHE_BYTES = 32 * 2**20


def _guard(settings: Settings) -> tuple[Guard, dict[str, list[float]]]:
    if settings not in _GUARDS:
        guard = settings.guard()
        guard.results = ResultCache(_CACHE_ENTRIES, _CACHE_BYTES)
        table: dict[str, list[float]] = {}
        guard.detectors = tuple(_Timed(d, table) for d in guard.detectors)
        _GUARDS[settings] = (guard, table)
    return _GUARDS[settings]


def record_key(source: str, position: int, digest: str) -> str:
    return hashlib.blake2b(f"{source}\x1f{position}\x1f{digest}".encode(), digest_size=12).hexdigest()


#: msgspec's untyped JSON decoder: 2.5x json.loads on audit records (bench: 17 against 43 µs a
#: τ-bench record). It gives json.loads' values wherever it accepts the text; what it refuses
#: (NaN, 1e400, a lone surrogate, a malformed line) goes through json.loads, which either
#: accepts it as before or gives the error message with its column.
_JSON = msgspec.json.Decoder()


def _decode(payload: bytes | Any) -> tuple[Any, str | None]:
    """(the decoded record, its text when it came as bytes: stored as the record's ``raw``)."""
    if not isinstance(payload, bytes):
        return payload, None
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TurnError(
            f"is not valid UTF-8 (byte 0x{payload[exc.start]:02x} at column {exc.start + 1}): "
            "save the file as UTF-8",
            "",
        ) from None
    try:
        return _JSON.decode(payload), text
    except (msgspec.MsgspecError, RecursionError):
        pass
    try:
        return json.loads(text), text
    except json.JSONDecodeError as exc:
        # A line cut short (a crashed writer) ends inside a string or before a closing brace.
        cut = exc.msg.startswith("Unterminated") or exc.pos >= len(text.rstrip()) - 1
        hint = " (truncated line?)" if cut else ""
        raise TurnError(f"invalid JSON{hint}: {exc.msg} (column {exc.colno})", "") from None


def check_chunk(records: Sequence[RawRecord], settings: Settings) -> ChunkResult:
    """Decode, split and check every record; a bad record becomes an error row, never an exception."""
    guard, table = _guard(settings)
    for slot in table.values():
        slot[0] = slot[1] = 0.0
    out = ChunkResult(
        records={c: [] for c in RECORD_COLUMNS},
        turns={c: [] for c in TURN_COLUMNS},
        findings={c: [] for c in FINDING_COLUMNS},
    )
    for rec in records:
        out.nbytes += rec.nbytes
        key = record_key(rec.source, rec.position, rec.content_hash)
        error = rec.error
        turns: list[Any] = []
        obj: Any = None
        text: str | None = None
        if error is None:
            try:
                obj, text = _decode(rec.payload)
                turns = records_to_turns(obj, settings.input_format)
            except InputError as exc:  # a turn that does not validate, or no known format
                error = f"{exc.where}: {exc.detail}" if exc.where else exc.detail
            except Exception as exc:  # a malformed transcript must not stop the run
                error = f"cannot be read as a turn or transcript: {type(exc).__name__}: {exc}"
        raw = ""
        if error is None:
            raw = text if text is not None else json.dumps(obj, ensure_ascii=False, default=str)
        r = out.records
        col: str
        value: Any
        for col, value in zip(
            RECORD_COLUMNS,
            (
                key,
                rec.source,
                rec.position,
                rec.unit,
                rec.content_hash,
                "error" if error else "ok",
                error,
                raw,
                len(turns),
            ),
            strict=True,
        ):
            r[col].append(value)
        if error:
            continue
        ts = record_time(obj)
        for index, (sub, turn) in enumerate(turns):
            turn_ts = ts or record_time({"metadata": turn.metadata})
            verdict = guard.check(turn)
            turn_id = f"{key}:{index}"
            t = out.turns
            for col, value in zip(
                TURN_COLUMNS,
                (
                    turn_id,
                    key,
                    rec.source,
                    rec.position,
                    sub,
                    turn_ts,
                    turn.response,
                    verdict.action,
                    verdict.max_confidence,
                    len(verdict.blocking),
                    len(verdict.findings),
                    json.dumps([e.to_dict() for e in verdict.detector_errors])
                    if verdict.detector_errors
                    else None,
                ),
                strict=True,
            ):
                t[col].append(value)
            f = out.findings
            for ordinal, finding in enumerate(verdict.findings):
                for col, value in zip(
                    FINDING_COLUMNS,
                    (
                        turn_id,
                        ordinal,
                        finding.fingerprint,
                        finding.kind,
                        finding.detector,
                        finding.identifier,
                        finding.confidence,
                        finding.severity,
                        finding.span[0],
                        finding.span[1],
                        finding.reason,
                        json.dumps(dict(finding.evidence), ensure_ascii=False, default=str),
                    ),
                    strict=True,
                ):
                    f[col].append(value)
        out.turn_count += len(turns)
    out.timings = {k: [v[0], v[1]] for k, v in table.items()}
    return out
