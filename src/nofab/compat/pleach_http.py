"""``POST /v1/pleach/guard``: Pleach's ``applyFabricationGuard`` over HTTP, for TypeScript hosts.

The body is ``{"params": {...}, "config": {...}}`` with Pleach's camelCase keys
(``fullContent``, ``failedToolNames``, ... and ``quantitativePatterns`` as regex source
strings, ``degenerateProseConfig``, ``phantomWipeStrategy`` as an object phantom -> tool);
the answer is Pleach's ``FabricationGuardResultWithPluginFindings`` in camelCase. The
per-session phantom tracker lives in the host (a JavaScript object cannot cross HTTP), so
``phantomWipeEscalation`` is not served here; the query parameter ``threshold`` overrides
the 0.8 default. Errors are the service's: one JSON line with ``error`` and ``where``; the
body goes through the service's own reader (JSON content type, size and time limits), and the
check runs where the service's checks run: in its worker pool, within its time budget (503
past it), so a slow Pleach request stalls no other client either.
"""

# No ``from __future__ import annotations``: FastAPI reads the endpoint's annotations at
# runtime to inject the request (as in nofab.service).
import json
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from nofab.compat.pleach import apply_fabrication_guard
from nofab.errors import InputError, TurnError
from nofab.model.turn import load_json

if TYPE_CHECKING:
    from fastapi import FastAPI, Request

ROUTE = "/v1/pleach/guard"
#: The config slots that hold host objects and so cannot come over HTTP.
_HOST_ONLY = ("phantomWipeTracker", "phantom_wipe_tracker")


def pleach_answer(body: bytes, threshold: float) -> tuple[int, dict[str, Any]]:
    """The status and JSON body that answer one ``{params, config}`` request (run by a check
    worker: no FastAPI here). Errors are ``{"error", "where"}`` with a 4xx status."""
    try:
        data = load_json(body, max_bytes=max(len(body), 1), source="body")
    except TurnError as exc:
        return 400, {"error": exc.detail, "where": exc.where or "body"}
    if not isinstance(data, Mapping):
        return 422, {"error": "must be an object with params and config", "where": "body"}
    unknown = sorted(set(data) - {"params", "config"})
    if unknown:
        return 422, {"error": f"unknown key {unknown[0]!r}", "where": "body"}
    config = data.get("config") or {}
    if isinstance(config, Mapping):
        for key in _HOST_ONLY:
            if key in config:
                return 422, {
                    "error": "is kept by the host; it cannot be sent over HTTP",
                    "where": f"config.{key}",
                }
    try:
        result = apply_fabrication_guard(data.get("params"), config, threshold=threshold)
    except InputError as exc:  # a bad field, or a pattern that is not a regex
        return 422, {"error": exc.detail, "where": exc.where or "body"}
    return 200, result.to_camel()


def register_pleach_route(
    app: "FastAPI",
    authorise: "Callable[[Request], None]",
    read_body: "Callable[[Request], Awaitable[bytes]]",
    run: "Callable[[bytes, float], Awaitable[tuple[int, bytes]]]",
) -> None:
    """Add ``POST /v1/pleach/guard`` to ``app``.

    ``authorise(request)`` and ``read_body(request)`` are the service's own (bearer token;
    content type, size and time limits), raising its errors; ``run(body, threshold)`` answers
    the request off the event loop within the service's budget (status, JSON bytes).
    """
    from fastapi import Request, Response

    @app.post(
        ROUTE,
        summary="Pleach's applyFabricationGuard (camelCase JSON)",
        description="Body: {params, config} as Pleach's ApplyFabricationGuardParams and Config. "
        "Returns FabricationGuardResultWithPluginFindings.",
    )
    async def pleach_guard(request: Request, threshold: float = 0.8) -> Any:
        authorise(request)
        body = await read_body(request)
        if not body.strip():
            return _answer(
                400, {"error": "the body is empty; send {params, config} as a JSON object", "where": "body"}
            )
        if not 0.0 <= threshold <= 1.0:
            return _answer(422, {"error": "must be between 0 and 1", "where": "query.threshold"})
        status, payload = await run(body, threshold)
        return Response(payload, status, media_type="application/json")


def _answer(status: int, body: dict[str, Any]) -> Any:
    from fastapi.responses import Response

    return Response(json.dumps(body).encode("ascii"), status, media_type="application/json")


__all__ = ["ROUTE", "pleach_answer", "register_pleach_route"]
