"""Prometheus metrics for ``GET /metrics``: requests, their latency, and findings by kind.

Each app has its own registry (not prometheus-client's global one), so that two apps in one
process — tests, or an embedding server — count separately. Labels are bounded: the route is
the path template of the API route that answered, whatever routes are added later (``other``
for the rest: the docs assets, the spec, a 404); the kind is one of the detectors' kinds.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Latency buckets in seconds: checks take milliseconds; the tail reaches the check budget.
_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class Metrics:
    """The service's counters and histogram, in a registry of its own."""

    content_type = CONTENT_TYPE_LATEST

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter(
            "nofab_requests",
            "HTTP requests answered, by route and status",
            ["route", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "nofab_request_duration_seconds",
            "Time from request to complete answer, by route",
            ["route"],
            buckets=_BUCKETS,
            registry=self.registry,
        )
        self.findings = Counter(
            "nofab_findings", "Findings reported in answers, by kind", ["kind"], registry=self.registry
        )

    def count_findings(self, kinds: Iterable[str]) -> None:
        for kind in kinds:
            self.findings.labels(kind=kind).inc()

    def render(self) -> bytes:
        return generate_latest(self.registry)


class MetricsMiddleware:
    """Pure ASGI middleware timing every HTTP request (no buffering, streaming untouched)."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = [0]

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            # The router records the route it matched in the scope; its path is the template.
            route = getattr(scope.get("route"), "path", None) or "other"
            self.metrics.requests.labels(route=route, status=str(status[0] or 500)).inc()
            self.metrics.latency.labels(route=route).observe(time.perf_counter() - started)
