"""Where the service listens: loopback by default, a token beyond it, and the listening socket."""

from __future__ import annotations

import ipaddress
import socket

from nofab.errors import NofabError, UsageError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8787


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


def listen_socket(host: str, port: int) -> socket.socket:
    """A bound TCP socket for ``host:port``; a busy port is one clear :class:`NofabError`.

    The protocol is given as ``IPPROTO_TCP`` on purpose: asyncio sets ``TCP_NODELAY`` on
    accepted connections only when the listening socket says it is TCP, and without it every
    keep-alive response waits ~40 ms for the client's delayed ACK (Nagle; issue 14.1).
    """
    address = host.strip("[]")
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((address, port))
    except OSError as exc:
        sock.close()
        raise NofabError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock
