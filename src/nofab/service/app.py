"""The ASGI app behind ``nofab serve``: routes, authorisation, request bodies and error shapes.

Every route is registered in :func:`create_app`'s one ``_routes`` block; checks go to the
worker pool (:mod:`nofab.service.pool`) so the event loop only moves bytes.
"""

# No ``from __future__ import annotations`` here: FastAPI reads the endpoint annotations at
# runtime, and ``Request`` is imported lazily inside ``create_app``.
import asyncio
import hmac
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from nofab import __version__
from nofab.config.policy import MODES, Policy, Profile
from nofab.detectors.base import DetectorFactory
from nofab.errors import MissingExtraError
from nofab.model.schema import turn_schema
from nofab.service.limits import Limits
from nofab.service.schema import ERROR_RESPONSES, TURN_SCHEMA
from nofab.service.work import Job, Outcome

if TYPE_CHECKING:
    from fastapi import FastAPI

logger = logging.getLogger("nofab.service")

#: The only body type accepted: a web page can POST ``text/plain`` (or a typeless blob) to a
#: loopback service without a CORS preflight, but not ``application/json`` (issue 16.7).
_JSON = "application/json"


def require_extra() -> None:
    """Fail with an install hint when the ``serve`` extra is missing."""
    try:
        import fastapi  # noqa: F401
        import prometheus_client  # noqa: F401
        import swagger_ui_bundle  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        raise MissingExtraError("the HTTP service (FastAPI and uvicorn)", "serve", exc.name) from None


class _Rejected(Exception):
    """A request the service answers with a 4xx JSON error."""

    def __init__(self, status: int, message: str, where: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.where = where


class _Gone(Exception):
    """The client went away before its body arrived: nothing to answer, nothing to log."""


def bearer_matches(header: str, token: str) -> bool:
    """``Authorization: Bearer <token>``; the scheme is case-insensitive (RFC 7235), the token
    compared in constant time."""
    scheme, _, given = header.strip().partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode())


def _closing(pool: Any) -> Any:
    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def lifespan(_app: Any) -> Any:
        pool.start()
        yield
        pool.close()

    return lifespan


def create_app(
    policy: Policy | None = None,
    profile: Profile | None = None,
    *,
    token: str | None = None,
    max_bytes: int | None = None,
    detectors: Iterable[DetectorFactory] = (),
    limits: Limits | None = None,
) -> "FastAPI":
    """Build the ASGI app. ``detectors`` are added to the built-in ones (as ``Guard(detectors=...)``
    does); ``limits`` bound what one client may cost (``max_bytes`` overrides its body limit)."""
    require_extra()
    from fastapi import FastAPI, Request
    from fastapi.exceptions import RequestValidationError
    from fastapi.responses import JSONResponse, Response
    from starlette.exceptions import HTTPException as StarletteHTTPException
    from starlette.requests import ClientDisconnect

    from nofab.compat.pleach_http import register_pleach_route
    from nofab.service.docs import add_docs
    from nofab.service.metrics import Metrics, MetricsMiddleware
    from nofab.service.pool import CheckPool
    from nofab.service.work import Checker

    limits = limits or Limits()
    body_limit = max_bytes if max_bytes is not None else limits.max_bytes
    base_policy = policy or Policy()
    base_profile = profile or Profile()
    extra = tuple(detectors)
    # Built here too, so that /healthz can name the detectors and a bad policy fails at start.
    versions = sorted(Checker(base_policy, base_profile, extra).default.detector_versions)
    pool = CheckPool(base_policy, base_profile, extra, workers=limits.workers, budget=limits.check_seconds)
    metrics = Metrics()

    app = FastAPI(
        title="nofab",
        version=__version__,
        description="Catch fabrication in LLM agent answers: claims no tool backed up.",
        docs_url=None,
        redoc_url=None,
        lifespan=_closing(pool),
    )
    app.state.pool = pool

    def authorise(request: Request) -> None:
        if token and not bearer_matches(request.headers.get("authorization", ""), token):
            raise _Rejected(401, "missing or wrong bearer token (send 'Authorization: Bearer <token>')")

    async def read_body(request: Request) -> bytes:
        media = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if media != _JSON:
            shown = f"'{media}'" if media else "none"
            raise _Rejected(
                415, f"the content type is {shown}; send the turn as {_JSON}", "headers.content-type"
            )
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > body_limit:
            raise _Rejected(413, f"the body is {length} bytes, over the {body_limit}-byte limit", "body")
        body = bytearray()
        try:
            async with asyncio.timeout(limits.body_seconds):
                async for part in request.stream():
                    body.extend(part)
                    if len(body) > body_limit:
                        raise _Rejected(413, f"the body is over the {body_limit}-byte limit", "body")
        except TimeoutError:
            raise _Rejected(
                408, f"the body did not arrive within {limits.body_seconds:g} seconds", "body"
            ) from None
        except ClientDisconnect:
            raise _Gone from None
        return bytes(body)

    async def answer(request: Request, job_route: str, mode: str | None, threshold: float | None) -> Response:
        authorise(request)
        body = await read_body(request)
        outcome: Outcome = await pool.run(Job(job_route, body, mode, threshold))
        metrics.count_findings(outcome.kinds)
        return Response(outcome.payload, outcome.status, media_type=_JSON)

    @app.exception_handler(_Rejected)
    async def _rejected(_request: Request, exc: _Rejected) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        if exc.status == 408:
            headers = {"Connection": "close"}
        body = {"error": exc.message, **({"where": exc.where} if exc.where else {})}
        return JSONResponse(body, status_code=exc.status, headers=headers)

    @app.exception_handler(_Gone)
    async def _gone(_request: Request, _exc: _Gone) -> Response:
        logger.debug("nofab service: the client disconnected before its body arrived")
        return Response(status_code=400)  # written to no one: the connection is closed

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
    turn_body = {"required": True, "content": {_JSON: {"schema": TURN_SCHEMA}}}
    call_body = {
        "required": True,
        "content": {_JSON: {"schema": {**TURN_SCHEMA, "required": ["pending_call"]}}},
    }

    # _routes: every route of the service, in this one place.
    @app.get("/healthz", summary="Liveness")
    async def healthz() -> dict[str, Any]:
        return {
            "status": "ok",
            "version": __version__,
            "mode": base_policy.mode,
            "threshold": base_policy.threshold,
            "detectors": versions,
        }

    @app.post(
        "/v1/check",
        summary="Check one agent turn for fabricated claims",
        description=f"The body is a turn. Query parameters `mode` ({modes}) and `threshold` override the "
        "server's policy for this request.",
        openapi_extra={"requestBody": turn_body},
        responses=ERROR_RESPONSES,
    )
    async def check(request: Request, mode: str | None = None, threshold: float | None = None) -> Response:
        return await answer(request, "check", mode, threshold)

    @app.post(
        "/v1/check-call",
        summary="Check a pending tool call's arguments before it is dispatched",
        description="The body is a turn whose `pending_call` is the call to check (`response` optional). "
        "`allowed` is false when an argument came from nowhere at or above the threshold.",
        openapi_extra={"requestBody": call_body},
        responses=ERROR_RESPONSES,
    )
    async def check_call(request: Request, threshold: float | None = None) -> Response:
        return await answer(request, "check-call", None, threshold)

    @app.get("/v1/schema/turn", summary="The JSON Schema of a turn (as `nofab schema turn` prints it)")
    async def schema_turn() -> dict[str, Any]:
        return turn_schema()

    @app.get("/metrics", summary="Prometheus metrics: requests, latency, findings by kind")
    async def metrics_page(request: Request) -> Response:
        authorise(request)
        return Response(metrics.render(), media_type=metrics.content_type)

    async def run_pleach(body: bytes, threshold: float) -> tuple[int, bytes]:
        outcome = await pool.run(Job("pleach", body, None, threshold))
        return outcome.status, outcome.payload

    register_pleach_route(app, authorise, read_body, run_pleach)
    add_docs(app, "nofab")
    app.add_middleware(MetricsMiddleware, metrics=metrics)
    return app
