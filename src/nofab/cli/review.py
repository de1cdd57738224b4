"""``nofab review RUN``: a local web page to label findings (127.0.0.1 by default)."""

from __future__ import annotations

import click


@click.command("review")
@click.argument("run", type=click.Path(dir_okay=False))
@click.option("--host", default="127.0.0.1", show_default=True, help="Bind address (keep it local).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True)
@click.option("--user", default=None, help="Who labels (default: the login name).")
@click.option("--target-precision", type=click.FloatRange(0.0, 1.0), default=0.95, show_default=True)
def review_command(run: str, host: str, port: int, user: str | None, target_precision: float) -> None:
    """Go through a run's findings and label them true positive / false positive / skip."""
    from nofab.review.app import serve

    click.echo(f"nofab review: http://{host}:{port}/ (Ctrl-C to stop)", err=True)
    serve(run, host, port, user, target_precision)
