"""The HTTP service behind ``nofab serve``: the guard for agents written in any language.

    POST /v1/check        a turn (the same JSON as ``nofab check``) -> the verdict
    POST /v1/check-call   a turn with a ``pending_call`` -> may the call go ahead?
    GET  /healthz         liveness, version and the active policy
    GET  /metrics         Prometheus metrics
    GET  /openapi.json    the OpenAPI spec; /docs renders it (assets served locally)

Safe by default: it binds to 127.0.0.1, refuses a non-loopback address without a bearer
token, accepts only ``application/json``, limits bodies, header and body time, connections
and each check's time (checks run in worker processes, off the event loop), and answers every
error with ``{"error": "<what is wrong>", "where": "<field path>"}`` — never a stack trace.
FastAPI and uvicorn are an extra (``pip install 'nofab[serve]'``), imported only when used.
"""

from nofab.service.app import create_app, require_extra
from nofab.service.binding import DEFAULT_HOST, DEFAULT_PORT, check_bind, is_loopback, listen_socket
from nofab.service.limits import Limits
from nofab.service.schema import TURN_SCHEMA
from nofab.service.server import serve
from nofab.service.work import check_call_verdict, verdict_body

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "TURN_SCHEMA",
    "Limits",
    "check_bind",
    "check_call_verdict",
    "create_app",
    "is_loopback",
    "listen_socket",
    "require_extra",
    "serve",
    "verdict_body",
]
