"""The HTTP/1.1 connection handling of ``nofab serve``: uvicorn's h11 protocol plus a header
timeout and a connection limit, which uvicorn does not have (issue 16.6).

Without them a client that opens connections and never finishes its headers holds them
forever (a token does not help: it sits in the headers), until the process runs out of file
descriptors and stops answering anyone.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

logger = logging.getLogger("nofab.service")

_FULL = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nconnection: close\r\n"
    b"content-length: %d\r\n\r\n%s"
)
_FULL_BODY = b'{"error": "the service is at its connection limit; try again shortly"}'


def guarded_protocol(header_seconds: float, max_connections: int) -> type[H11Protocol]:
    """An h11 protocol class closing connections slow to send headers and refusing any past
    ``max_connections`` with one 503 (uvicorn's ``http=`` option takes the class)."""

    class GuardedH11Protocol(H11Protocol):
        _header_timer: asyncio.TimerHandle | None = None
        _refused = False

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            if len(self.connections) >= max_connections:
                # Answered before it is counted or read: refusing costs one write, no state.
                transport.write(_FULL % (len(_FULL_BODY), _FULL_BODY))
                transport.close()
                self.transport = transport
                self._refused = True
                return
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._refused:
                return
            self._disarm()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._refused:
                return
            super().data_received(data)
            # Headers still incomplete (h11 still waits for a request line or header lines):
            # keep or start the clock; once they are in, the body has its own timeout.
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self._arm()
            else:
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            # Between requests the keep-alive timeout applies; a next request that starts
            # arrives through data_received, which starts the header clock again.
            self._disarm()

        def _arm(self) -> None:
            if self._header_timer is None:
                self._header_timer = self.loop.call_later(header_seconds, self._header_timeout)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _header_timeout(self) -> None:
            self._header_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                logger.debug("nofab service: closed a connection that sent no complete headers in time")
                self.transport.close()

    return GuardedH11Protocol


def protocol_options(header_seconds: float, max_connections: int) -> dict[str, Any]:
    """The uvicorn.Config options that install the guarded protocol."""
    return {"http": guarded_protocol(header_seconds, max_connections)}
