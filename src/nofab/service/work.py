"""One check, from the raw request body to the JSON answer: what a worker of the service runs.

Everything CPU-bound happens here (decoding, validation, the detectors, rendering the answer),
so that the serving process only moves bytes. Every input error becomes a 4xx answer naming
what and where; only a bug gives 500 (its traceback goes to the log, never to the client).
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from nofab.compat.pleach_http import pleach_answer
from nofab.config.policy import Policy, Profile
from nofab.detectors.base import DetectorFactory
from nofab.errors import InputError, InputTooLargeError, TurnError
from nofab.model.jsonvalue import find_lone_surrogate
from nofab.model.turn import Turn
from nofab.model.verdict import Verdict
from nofab.pipeline.guard import Guard
from nofab.pipeline.pending import check_pending_call

logger = logging.getLogger("nofab.service")

#: Guards kept for (mode, threshold) overrides passed as query parameters.
_GUARD_CACHE_SIZE = 32


@dataclass(frozen=True)
class Job:
    """One request: which route, its raw body and its query overrides."""

    route: str  # "check", "check-call" or "pleach"
    body: bytes
    mode: str | None = None
    threshold: float | None = None


@dataclass(frozen=True)
class Outcome:
    """The answer: status, the JSON body as bytes, and the finding kinds (for /metrics)."""

    status: int
    payload: bytes
    kinds: tuple[str, ...] = ()


def error_outcome(status: int, message: str, where: str = "") -> Outcome:
    body = {"error": message, **({"where": where} if where else {})}
    return Outcome(status, json.dumps(body).encode())


class _Rejected(Exception):
    def __init__(self, status: int, message: str, where: str = "") -> None:
        super().__init__(message)
        self.status, self.message, self.where = status, message, where


def _reject_constant(name: str) -> Any:
    raise _Rejected(400, f"is not valid JSON: {name} is not a JSON number", "body")


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _Rejected(400, f"holds the number {text[:40]}, too large for a 64-bit float", "body")
    return value


def decode(body: bytes) -> Any:
    """Strict JSON: UTF-8, no NaN/Infinity, finite floats, integers Python will convert."""
    if not body.strip():
        raise _Rejected(400, "the body is empty; send a turn as a JSON object", "body")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _Rejected(400, f"is not UTF-8 text (byte {exc.start})", "body") from None
    try:
        return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise _Rejected(
            400, f"is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", "body"
        ) from None
    except RecursionError:
        raise _Rejected(400, "is nested too deeply to decode (more than ~1000 levels)", "body") from None
    except ValueError as exc:  # int() refuses over 4,300 digits (CVE-2020-10735 guard)
        raise _Rejected(400, f"holds a number nofab cannot read: {exc}", "body") from None


def verdict_body(verdict: Verdict) -> dict[str, Any]:
    """The verdict as ``nofab check --format json`` prints it, plus ``passed``."""
    return {**verdict.to_dict(), "passed": verdict.passed}


def check_call_verdict(guard: Guard, turn: Turn) -> dict[str, Any]:
    """May ``turn.pending_call`` go ahead? (``nofab.pipeline.pending`` makes the decision.)"""
    decision = check_pending_call(guard, turn)
    call = turn.pending_call
    assert call is not None
    body: dict[str, Any] = {
        "allowed": decision.allowed,
        "pending_call": {"name": call.name, "safety_tier": call.safety_tier},
        "findings": [f.to_dict() for f in decision.findings],
        "mode": decision.verdict.mode,
        "threshold": decision.verdict.threshold,
        "max_confidence": round(max((f.confidence for f in decision.findings), default=0.0), 3),
    }
    if decision.verdict.detector_errors:
        body["detector_errors"] = [e.to_dict() for e in decision.verdict.detector_errors]
    return body


class Checker:
    """The guards of one service (one per mode and threshold asked for) and the checks they run."""

    def __init__(self, policy: Policy, profile: Profile, detectors: tuple[DetectorFactory, ...] = ()) -> None:
        self.policy = policy
        self.profile = profile
        self.detectors = detectors
        self.default = Guard(policy, profile, detectors=detectors)
        self._guards: dict[tuple[str, float], Guard] = {(policy.mode, policy.threshold): self.default}

    def guard_for(self, mode: str | None, threshold: float | None) -> Guard:
        key = (mode or self.policy.mode, self.policy.threshold if threshold is None else threshold)
        guard = self._guards.get(key)
        if guard is None:
            fields_ = {f.name: getattr(self.policy, f.name) for f in fields(self.policy)}
            try:
                changed = Policy(**{**fields_, "mode": key[0], "threshold": key[1]})
            except InputError as exc:
                raise _Rejected(422, exc.detail, f"query.{exc.where}") from None
            guard = Guard(changed, self.profile, detectors=self.detectors)
            if len(self._guards) >= _GUARD_CACHE_SIZE:
                self._guards.pop(next(iter(self._guards)))
            self._guards[key] = guard
        return guard

    def run(self, job: Job) -> Outcome:
        """Answer one job; never raises."""
        try:
            return self._run(job)
        except _Rejected as exc:
            return error_outcome(exc.status, exc.message, exc.where)
        except InputTooLargeError as exc:
            return error_outcome(413, exc.detail, exc.where or "body")
        except InputError as exc:
            return error_outcome(422, exc.detail, exc.where or "body")
        except RecursionError:
            return error_outcome(422, "is nested too deeply to check", "body")
        except Exception as exc:  # a bug: the log gets the trace, the client one line
            logger.exception("nofab service: unexpected error")
            return error_outcome(500, f"internal error ({type(exc).__name__}); see the server log")

    def _run(self, job: Job) -> Outcome:
        if job.route == "pleach":  # Pleach's own contract: its threshold, no nofab guard
            status, answer = pleach_answer(job.body, 0.8 if job.threshold is None else job.threshold)
            return Outcome(status, json.dumps(answer, allow_nan=False).encode("ascii"))
        guard = self.guard_for(job.mode, job.threshold)
        data = decode(job.body)
        if job.route == "check-call" and isinstance(data, Mapping):
            if data.get("pending_call") is None:
                raise _Rejected(422, "is required: the tool call to check", "pending_call")
            data = {"response": "", **data}
        where = find_lone_surrogate(data)
        if where is not None:
            raise _Rejected(422, "holds a lone surrogate (\\ud800-\\udfff), which is not Unicode text", where)
        try:
            turn = Turn.from_dict(data)
        except TurnError as exc:
            raise _Rejected(422, exc.detail, exc.where or "body") from None
        if job.route == "check-call":
            body = check_call_verdict(guard, turn)
            kinds = tuple(f["kind"] for f in body["findings"])
        else:
            verdict = guard.check(turn)
            body = verdict_body(verdict)
            kinds = tuple(f.kind for f in verdict.findings)
        # ASCII escapes: a lone surrogate inside JSON text that a tool result held (parsed by
        # Turn) still renders, where UTF-8 could not encode it.
        payload = json.dumps(body, allow_nan=False).encode("ascii")
        return Outcome(200, payload, kinds)


#: The checker of a worker process, built once by :func:`start_worker`.
_WORKER: Checker | None = None


#: Check workers run at a lower CPU priority than the serving process: when every core is
#: busy checking, the event loop still gets the CPU it needs to answer /healthz and accept.
_WORKER_NICENESS = 5


def start_worker(policy: Policy, profile: Profile, detectors: tuple[DetectorFactory, ...]) -> None:
    """Pool initializer: lower the worker's priority, build its guards once (not per request)."""
    global _WORKER
    with contextlib.suppress(AttributeError, OSError):  # no os.nice on Windows
        os.nice(_WORKER_NICENESS)
    _WORKER = Checker(policy, profile, detectors)


def run_in_worker(job: Job) -> Outcome:
    """What a pool worker runs for one request."""
    assert _WORKER is not None, "start_worker did not run"
    return _WORKER.run(job)


def warm_up() -> None:
    """A job that does nothing: scheduling it starts the pool's worker processes."""
