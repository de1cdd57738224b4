"""The service's resource limits: body size, check workers and budget, timeouts, connections."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from nofab.errors import UsageError
from nofab.model.turn import DEFAULT_MAX_INPUT_BYTES

#: File descriptors kept free for the worker pool, logs and the listening socket: past the
#: process's descriptor limit the server could not even accept the connection it refuses.
_FD_RESERVE = 64
_DEFAULT_CONNECTIONS = 1000


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _connection_ceiling() -> int:
    try:
        import resource
    except ImportError:  # not on Windows
        return _DEFAULT_CONNECTIONS
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return _DEFAULT_CONNECTIONS
    return max(8, min(_DEFAULT_CONNECTIONS, soft - _FD_RESERVE))


@dataclass(frozen=True)
class Limits:
    """What one client may cost the service (every figure is per request or per connection).

    ``workers`` processes run the checks (0: threads of the serving process, for embedding and
    tests); a check that has not answered within ``check_seconds`` of its request arriving gets
    503 and its worker process is replaced, so a slow input stalls no other client.
    ``header_seconds`` bounds how long a connection may take to send a request's headers,
    ``body_seconds`` its body; past ``max_connections`` open connections a new one gets 503
    and is closed at once.
    """

    max_bytes: int = DEFAULT_MAX_INPUT_BYTES
    workers: int = field(default_factory=_cores)
    check_seconds: float = 15.0
    header_seconds: float = 10.0
    body_seconds: float = 30.0
    max_connections: int = field(default_factory=_connection_ceiling)

    def __post_init__(self) -> None:
        for name in ("max_bytes", "max_connections"):
            if getattr(self, name) < 1:
                raise UsageError(f"Limits.{name} must be at least 1, got {getattr(self, name)}")
        if self.workers < 0:
            raise UsageError(f"Limits.workers must be 0 or more, got {self.workers}")
        for name in ("check_seconds", "header_seconds", "body_seconds"):
            if not getattr(self, name) > 0:
                raise UsageError(f"Limits.{name} must be a positive number of seconds")
