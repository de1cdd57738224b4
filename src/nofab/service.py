"""The HTTP service behind ``nofab serve``: the guard for agents written in any language.

    POST /v1/check        a turn (the same JSON as ``nofab check``) -> the verdict
    POST /v1/check-call   a turn with a ``pending_call`` -> may the call go ahead?
    GET  /healthz         liveness, version and the active policy
    GET  /openapi.json    the OpenAPI spec (FastAPI builds it; /docs renders it)

Safe by default: it binds to 127.0.0.1, refuses a non-loopback address without a bearer
token, limits request bodies, and answers every error with a JSON object
``{"error": "<what is wrong>", "where": "<field path>"}`` and a 4xx status — never a stack
trace. FastAPI and uvicorn are an extra (``pip install 'nofab[serve]'``), imported only here.
"""

# No ``from __future__ import annotations`` here: FastAPI reads the endpoint annotations at
# runtime, and ``Request`` is imported lazily inside ``create_app``.
import hmac
import ipaddress
import logging
import socket
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from nofab import __version__
from nofab.compat.pleach_http import register_pleach_route
from nofab.config.policy import MODES, Policy, Profile
from nofab.detectors.base import DetectorFactory
from nofab.errors import (
    InputError,
    InputTooLargeError,
    MissingExtraError,
    NofabError,
    TurnError,
    UsageError,
)
from nofab.model.turn import DEFAULT_MAX_INPUT_BYTES, Turn, load_json
from nofab.model.verdict import Verdict
from nofab.pipeline.guard import Guard
from nofab.pipeline.pending import check_pending_call

if TYPE_CHECKING:
    from fastapi import FastAPI

logger = logging.getLogger("nofab.service")

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8787
#: Guards kept for (mode, threshold) overrides passed as query parameters.
_GUARD_CACHE_SIZE = 32

_TOOL_CALL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name"],
    "properties": {
        "id": {"type": "string"},
        "name": {"type": "string"},
        "arguments": {"description": "any JSON value, or JSON text"},
        "result": {"description": "any JSON value, or text (JSON text is parsed)"},
        "status": {"type": "string", "enum": ["ok", "error", "empty", "blocked"]},
        "error": {"type": ["string", "null"]},
    },
}
_PENDING_CALL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name"],
    "properties": {
        "name": {"type": "string"},
        "arguments": {"description": "any JSON value"},
        "safety_tier": {"type": "string", "enum": ["critical", "standard", "advisory"]},
    },
}
TURN_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["response"],
    "properties": {
        "response": {"type": "string", "description": "the agent's answer"},
        "user_message": {"type": "string"},
        "context": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
        "tool_calls": {"type": "array", "items": _TOOL_CALL_SCHEMA},
        "prior_tool_uses": {"type": "array", "items": {"type": "object"}},
        "asserted_values": {"type": "array", "items": {"type": "object"}},
        "pending_call": _PENDING_CALL_SCHEMA,
        "metadata": {"type": "object"},
    },
}
_ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["error"],
    "properties": {"error": {"type": "string"}, "where": {"type": "string"}},
}
_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"description": text, "content": {"application/json": {"schema": _ERROR_SCHEMA}}}
    for code, text in (
        (400, "the body is not JSON"),
        (401, "missing or wrong bearer token"),
        (413, "the body is over the size limit"),
        (422, "the JSON does not have the documented shape"),
    )
}


def require_extra() -> None:
    """Fail with an install hint when the ``serve`` extra is missing."""
    try:
        import fastapi  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        raise MissingExtraError("the HTTP service (FastAPI and uvicorn)", "serve", exc.name) from None


def is_loopback(host: str) -> bool:
    """True for addresses only this machine can reach (127.0.0.0/8, ::1, localhost)."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a host name could resolve anywhere


def check_bind(host: str, token: str | None) -> None:
    """Refuse to listen beyond this machine without a bearer token."""
    if not is_loopback(host) and not token:
        raise UsageError(
            f"refusing to listen on {host}, which other machines can reach, without a bearer token: "
            "set NOFAB_TOKEN (or --token), or bind to 127.0.0.1"
        )


class _Rejected(Exception):
    """A request the service answers with a 4xx JSON error."""

    def __init__(self, status: int, message: str, where: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.where = where


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


def verdict_body(verdict: Verdict) -> dict[str, Any]:
    """The verdict as ``nofab check --format json`` prints it, plus ``passed``."""
    return {**verdict.to_dict(), "passed": verdict.passed}


def create_app(
    policy: Policy | None = None,
    profile: Profile | None = None,
    *,
    token: str | None = None,
    max_bytes: int = DEFAULT_MAX_INPUT_BYTES,
    detectors: Iterable[DetectorFactory] = (),
) -> "FastAPI":
    """Build the ASGI app. One guard per (mode, threshold), built on first use and reused;
    ``detectors`` are added to the built-in ones (as ``Guard(detectors=...)`` does)."""
    require_extra()
    from fastapi import FastAPI, Request
    from fastapi.exceptions import RequestValidationError
    from fastapi.responses import JSONResponse
    from starlette.exceptions import HTTPException as StarletteHTTPException

    base_policy = policy or Policy()
    base_profile = profile or Profile()
    default_key = (base_policy.mode, base_policy.threshold)
    extra = tuple(detectors)
    guards: dict[tuple[str, float], Guard] = {default_key: Guard(base_policy, base_profile, detectors=extra)}
    expected = f"Bearer {token}".encode() if token else None

    app = FastAPI(
        title="nofab",
        version=__version__,
        description="Catch fabrication in LLM agent answers: claims no tool backed up.",
    )

    def guard_for(mode: str | None, threshold: float | None) -> Guard:
        key = (mode or base_policy.mode, base_policy.threshold if threshold is None else threshold)
        guard = guards.get(key)
        if guard is None:
            try:
                changed = Policy(**{**_policy_fields(base_policy), "mode": key[0], "threshold": key[1]})
            except InputError as exc:
                raise _Rejected(422, exc.detail, f"query.{exc.where}") from None
            guard = Guard(changed, base_profile, detectors=extra)
            if len(guards) >= _GUARD_CACHE_SIZE:
                guards.pop(next(iter(guards)))
            guards[key] = guard
        return guard

    def authorise(request: Request) -> None:
        if expected is None:
            return
        given = request.headers.get("authorization", "").encode()
        if not hmac.compare_digest(given, expected):
            raise _Rejected(401, "missing or wrong bearer token (send 'Authorization: Bearer <token>')")

    async def read_turn(request: Request, *, call: bool) -> Turn:
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > max_bytes:
            raise _Rejected(413, f"the body is {length} bytes, over the {max_bytes}-byte limit", "body")
        body = bytearray()
        async for part in request.stream():
            body.extend(part)
            if len(body) > max_bytes:
                raise _Rejected(413, f"the body is over the {max_bytes}-byte limit", "body")
        if not body.strip():
            raise _Rejected(400, "the body is empty; send a turn as a JSON object", "body")
        try:
            data = load_json(bytes(body), max_bytes=max_bytes, source="body")
        except InputTooLargeError as exc:
            raise _Rejected(413, exc.detail, "body") from None
        except TurnError as exc:
            raise _Rejected(400, exc.detail, exc.where) from None
        if call and isinstance(data, Mapping):
            if data.get("pending_call") is None:
                raise _Rejected(422, "is required: the tool call to check", "pending_call")
            data = {"response": "", **data}
        try:
            return Turn.from_dict(data)
        except TurnError as exc:
            raise _Rejected(422, exc.detail, exc.where or "body") from None

    @app.exception_handler(_Rejected)
    async def _rejected(_request: Request, exc: _Rejected) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        body = {"error": exc.message, **({"where": exc.where} if exc.where else {})}
        return JSONResponse(body, status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        return JSONResponse({"error": str(first.get("msg", "invalid request")), "where": where}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def _crash(_request: Request, exc: Exception) -> JSONResponse:
        # Logged here with its traceback; the client gets one line, never the trace.
        logger.exception("nofab service: unexpected error")
        return JSONResponse({"error": f"internal error ({type(exc).__name__}); see the server log"}, 500)

    modes = "|".join(MODES)

    @app.get("/healthz", summary="Liveness")
    async def healthz() -> dict[str, Any]:
        return {
            "status": "ok",
            "version": __version__,
            "mode": base_policy.mode,
            "threshold": base_policy.threshold,
            "detectors": sorted(guards[default_key].detector_versions),
        }

    @app.post(
        "/v1/check",
        summary="Check one agent turn for fabricated claims",
        description=f"The body is a turn. Query parameters `mode` ({modes}) and `threshold` override the "
        "server's policy for this request.",
        openapi_extra={
            "requestBody": {"required": True, "content": {"application/json": {"schema": TURN_SCHEMA}}}
        },
        responses=_ERRORS,
    )
    async def check(request: Request, mode: str | None = None, threshold: float | None = None) -> Any:
        authorise(request)
        guard = guard_for(mode, threshold)
        turn = await read_turn(request, call=False)
        # Checked inline: a check is pure CPU work of a few milliseconds, and a thread pool
        # would add a hand-off without parallelism (the GIL); run more processes to scale.
        return verdict_body(guard.check(turn))

    @app.post(
        "/v1/check-call",
        summary="Check a pending tool call's arguments before it is dispatched",
        description="The body is a turn whose `pending_call` is the call to check (`response` optional). "
        "`allowed` is false when an argument came from nowhere at or above the threshold.",
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {**TURN_SCHEMA, "required": ["pending_call"]}}},
            }
        },
        responses=_ERRORS,
    )
    async def check_call(request: Request, threshold: float | None = None) -> Any:
        authorise(request)
        guard = guard_for(None, threshold)
        turn = await read_turn(request, call=True)
        return check_call_verdict(guard, turn)

    register_pleach_route(app, authorise, max_bytes)
    return app


def _policy_fields(policy: Policy) -> dict[str, Any]:
    from dataclasses import fields

    return {f.name: getattr(policy, f.name) for f in fields(policy)}


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    policy: Policy | None = None,
    profile: Profile | None = None,
    token: str | None = None,
    max_bytes: int = DEFAULT_MAX_INPUT_BYTES,
    log_level: str = "info",
) -> None:
    """Run the service until interrupted (what ``nofab serve`` does)."""
    require_extra()
    check_bind(host, token)
    import uvicorn

    app = create_app(policy, profile, token=token, max_bytes=max_bytes)
    # Bind here, not in uvicorn, so that a busy port is one clear line and exit status 2.
    address = host.strip("[]")
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((address, port))
    except OSError as exc:
        sock.close()
        raise NofabError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    config = uvicorn.Config(app, host=address, port=port, log_level=log_level, server_header=False)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
