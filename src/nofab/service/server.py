"""Running the app: uvicorn with nofab's socket, protocol limits, and a ready line on stdout."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from nofab.config.policy import Policy, Profile
from nofab.service.binding import DEFAULT_HOST, DEFAULT_PORT, check_bind, listen_socket
from nofab.service.limits import Limits

if TYPE_CHECKING:
    import socket

    import uvicorn


def server_config(
    app: Any, limits: Limits, *, log_level: str = "info", lifespan: Literal["auto", "on", "off"] = "auto"
) -> uvicorn.Config:
    """The uvicorn configuration every nofab server uses (the CLI's and the tests')."""
    import uvicorn

    from nofab.service.protocol import protocol_options

    return uvicorn.Config(
        app,
        log_level=log_level,
        server_header=False,
        lifespan=lifespan,
        **protocol_options(limits.header_seconds, limits.max_connections),
    )


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    policy: Policy | None = None,
    profile: Profile | None = None,
    token: str | None = None,
    max_bytes: int | None = None,
    limits: Limits | None = None,
    log_level: str = "info",
) -> None:
    """Run the service until interrupted (what ``nofab serve`` does)."""
    import uvicorn

    from nofab.service.app import create_app, require_extra

    require_extra()
    check_bind(host, token)
    limits = limits or Limits()
    app = create_app(policy, profile, token=token, max_bytes=max_bytes, limits=limits)
    # Bound here, not in uvicorn, so that a busy port is one clear line and exit status 2.
    sock = listen_socket(host, port)
    url = url_of(sock)

    class _Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started:
                print(f"nofab serve: listening on {url} (API docs: {url}/docs)", flush=True)

    try:
        _Server(server_config(app, limits, log_level=log_level)).run(sockets=[sock])
    finally:
        sock.close()
