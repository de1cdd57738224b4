"""A real nofab service on a free loopback port, for the tests that talk HTTP to it."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from nofab.service import Limits, listen_socket
from nofab.service.server import server_config


@contextmanager
def running(app: Any, limits: Limits | None = None) -> Iterator[str]:
    """Run ``app`` under uvicorn in a thread on 127.0.0.1 (a port the OS picks), with the socket
    and protocol limits ``nofab serve`` uses; yield its base URL."""
    import uvicorn

    sock = listen_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    config = server_config(app, limits or Limits(), log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    # generous: the lifespan warms a Guard, which takes seconds on a loaded shared machine
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the nofab test server did not start")
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
