"""``POST /v1/pleach/guard``: Pleach's ``applyFabricationGuard`` over HTTP, for TypeScript hosts.

The body is ``{"params": {...}, "config": {...}}`` with Pleach's camelCase keys
(``fullContent``, ``failedToolNames``, ... and ``quantitativePatterns`` as regex source
strings, ``degenerateProseConfig``, ``phantomWipeStrategy`` as an object phantom -> tool);
the answer is Pleach's ``FabricationGuardResultWithPluginFindings`` in camelCase. The
per-session phantom tracker lives in the host (a JavaScript object cannot cross HTTP), so
``phantomWipeEscalation`` is not served here; the query parameter ``threshold`` overrides
the 0.8 default. Errors are the service's: one JSON line with ``error`` and ``where``; the
body goes through the service's own reader (JSON content type, size and time limits). The
check runs in a thread off the event loop, not in the service's worker pool, so it has no
time budget of its own.
"""

# No ``from __future__ import annotations``: FastAPI reads the endpoint's annotations at
# runtime to inject the request (as in nofab.service).
import asyncio
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from nofab.compat.pleach import apply_fabrication_guard
from nofab.errors import InputError, InputTooLargeError, TurnError
from nofab.model.turn import DEFAULT_MAX_INPUT_BYTES, load_json

if TYPE_CHECKING:
    from fastapi import FastAPI, Request

ROUTE = "/v1/pleach/guard"
#: The config slots that hold host objects and so cannot come over HTTP.
_HOST_ONLY = ("phantomWipeTracker", "phantom_wipe_tracker")


def _error(status: int, message: str, where: str) -> Any:
    from fastapi.responses import JSONResponse

    return JSONResponse({"error": message, "where": where}, status_code=status)


def register_pleach_route(
    app: "FastAPI",
    authorise: "Callable[[Request], None]",
    read_body: "Callable[[Request], Awaitable[bytes]]",
    max_bytes: int = DEFAULT_MAX_INPUT_BYTES,
) -> None:
    """Add ``POST /v1/pleach/guard`` to ``app``.

    ``authorise(request)`` and ``read_body(request)`` are the service's own (bearer token;
    content type, size and time limits), raising its errors; ``max_bytes`` bounds the JSON.
    """
    from fastapi import Request

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
            return _error(400, "the body is empty; send {params, config} as a JSON object", "body")
        try:
            data = load_json(body, max_bytes=max_bytes, source="body")
        except InputTooLargeError as exc:
            return _error(413, exc.detail, "body")
        except TurnError as exc:
            return _error(400, exc.detail, exc.where or "body")
        if not isinstance(data, Mapping):
            return _error(422, "must be an object with params and config", "body")
        unknown = sorted(set(data) - {"params", "config"})
        if unknown:
            return _error(422, f"unknown key {unknown[0]!r}", "body")
        config = data.get("config") or {}
        if isinstance(config, Mapping):
            for key in _HOST_ONLY:
                if key in config:
                    return _error(422, "is kept by the host; it cannot be sent over HTTP", f"config.{key}")
        if not 0.0 <= threshold <= 1.0:
            return _error(422, "must be between 0 and 1", "query.threshold")
        try:
            # Off the event loop: a slow check must not stall /healthz or other clients.
            result = await asyncio.to_thread(
                apply_fabrication_guard, data.get("params"), config, threshold=threshold
            )
        except InputError as exc:  # a bad field, or a pattern that is not a regex
            return _error(422, exc.detail, exc.where or "body")
        return result.to_camel()


__all__ = ["ROUTE", "register_pleach_route"]
