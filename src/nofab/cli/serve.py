"""``nofab serve``: the HTTP service (needs ``pip install 'nofab[serve]'``)."""

from __future__ import annotations

import click

from nofab.config.policy import MODES, Policy, Profile
from nofab.model.turn import DEFAULT_MAX_INPUT_BYTES


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8787, show_default=True)
@click.option(
    "--token",
    envvar="NOFAB_TOKEN",
    default=None,
    help="Require 'Authorization: Bearer TOKEN' (prefer the NOFAB_TOKEN variable: arguments show in ps).",
)
@click.option("--mode", type=click.Choice(list(MODES)), default="observe", show_default=True)
@click.option("--threshold", type=click.FloatRange(0.0, 1.0), default=None, help="Default 0.8.")
@click.option("--profile", "profile_path", type=click.Path(dir_okay=False), default=None)
@click.option(
    "--max-bytes",
    type=click.IntRange(1),
    default=DEFAULT_MAX_INPUT_BYTES,
    show_default=True,
    help="Refuse request bodies larger than this (413).",
)
@click.option(
    "--workers",
    type=click.IntRange(0),
    default=None,
    help="Processes that run the checks, off the event loop [default: one per core; 0: threads].",
)
@click.option(
    "--check-timeout",
    type=click.FloatRange(0.001),
    default=15.0,
    show_default=True,
    help="Seconds a check may take before the request gets 503 and its worker is replaced.",
)
@click.option(
    "--header-timeout",
    type=click.FloatRange(0.001),
    default=10.0,
    show_default=True,
    help="Seconds a connection may take to send a request's headers before it is closed.",
)
@click.option(
    "--body-timeout",
    type=click.FloatRange(0.001),
    default=30.0,
    show_default=True,
    help="Seconds a request may take to send its body (408 after).",
)
@click.option(
    "--max-connections",
    type=click.IntRange(1),
    default=None,
    help="Open connections allowed; past it a new one gets 503 [default: 1000, or fewer under ulimit -n].",
)
@click.option(
    "--log-level", type=click.Choice(["critical", "error", "warning", "info", "debug"]), default="info"
)
def serve_command(
    host: str,
    port: int,
    token: str | None,
    mode: str,
    threshold: float | None,
    profile_path: str | None,
    max_bytes: int,
    workers: int | None,
    check_timeout: float,
    header_timeout: float,
    body_timeout: float,
    max_connections: int | None,
    log_level: str,
) -> None:
    """Serve POST /v1/check and /v1/check-call over HTTP for agents in any language."""
    from nofab.service import Limits, check_bind, require_extra, serve

    require_extra()
    check_bind(host, token)
    profile = Profile.from_file(profile_path) if profile_path else Profile()
    policy = Policy(mode=mode, **({"threshold": threshold} if threshold is not None else {}))  # type: ignore[arg-type]
    defaults = Limits()
    limits = Limits(
        max_bytes=max_bytes,
        workers=defaults.workers if workers is None else workers,
        check_seconds=check_timeout,
        header_seconds=header_timeout,
        body_seconds=body_timeout,
        max_connections=max_connections or defaults.max_connections,
    )
    serve(host, port, policy=policy, profile=profile, token=token, limits=limits, log_level=log_level)
