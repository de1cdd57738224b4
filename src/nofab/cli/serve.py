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
    log_level: str,
) -> None:
    """Serve POST /v1/check and /v1/check-call over HTTP for agents in any language."""
    from nofab.service import check_bind, require_extra, serve

    require_extra()
    check_bind(host, token)
    profile = Profile.from_file(profile_path) if profile_path else Profile()
    policy = Policy(mode=mode, **({"threshold": threshold} if threshold is not None else {}))  # type: ignore[arg-type]
    serve(host, port, policy=policy, profile=profile, token=token, max_bytes=max_bytes, log_level=log_level)
