"""``nofab audit INPUT... --out RUN``: check many logged turns and store the run in DuckDB."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any

import click

from nofab.cli.transcript import INPUT_FORMATS
from nofab.config.policy import MODES
from nofab.errors import ProfileError


def profile_data(path: str | None) -> Any:
    """The profile file decoded to plain data (workers rebuild the ``Profile`` from it)."""
    if path is None:
        return None
    file = Path(path)
    try:
        raw = file.read_bytes()
        return tomllib.loads(raw.decode("utf-8")) if file.suffix.lower() == ".toml" else json.loads(raw)
    except OSError as exc:
        raise ProfileError(f"cannot be read: {exc.strerror}", path) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProfileError(f"is not valid {file.suffix.lstrip('.') or 'JSON'}: {exc}", path) from None


@click.command("audit")
@click.argument("inputs", nargs=-1, required=True, metavar="INPUT...")
@click.option(
    "--out", "out", required=True, type=click.Path(dir_okay=False), help="The run database (DuckDB)."
)
@click.option("--mode", type=click.Choice(list(MODES)), default="observe", show_default=True)
@click.option("--threshold", type=click.FloatRange(0.0, 1.0), default=0.8, show_default=True)
@click.option("--profile", "profile_path", type=click.Path(dir_okay=False), default=None)
@click.option(
    "--input-format",
    type=click.Choice(INPUT_FORMATS),
    default="auto",
    show_default=True,
    help="Read every record as this format instead of detecting each one's (see docs/adapters.md).",
)
@click.option("--engine", type=click.Choice(["local", "dask"]), default="local", show_default=True)
@click.option("--workers", type=click.IntRange(1), default=None, help="Processes (default: the cores).")
@click.option("--scheduler", default=None, metavar="ADDRESS", help="A Dask scheduler (tcp://host:8786).")
@click.option(
    "--chunk-size",
    type=click.IntRange(1),
    default=256,
    show_default=True,
    help="Records per task (or 8 MiB).",
)
@click.option("--progress/--no-progress", default=True, help="Progress bar on stderr (only on a terminal).")
def audit_command(
    inputs: tuple[str, ...],
    out: str,
    mode: str,
    threshold: float,
    profile_path: str | None,
    input_format: str,
    engine: str,
    workers: int | None,
    scheduler: str | None,
    chunk_size: int,
    progress: bool,
) -> None:
    """Audit logged turns or transcripts (JSONL, JSON, Parquet; files, globs, directories).

    Re-running on the same --out skips the records already stored. Exit status 1 when some
    turn has a finding at or above the threshold.
    """
    from nofab.batch.audit import audit, settings_for
    from nofab.batch.report import print_table
    from nofab.batch.store import RunStore

    settings = settings_for(mode, threshold, profile_data(profile_path), input_format)
    stats = audit(
        list(inputs),
        out,
        settings,
        engine=engine,
        workers=workers or os.cpu_count() or 1,
        scheduler=scheduler,
        chunk_size=chunk_size,
        progress=progress,
    )
    click.echo(
        f"{stats.turns:,} turns checked in {stats.seconds:.1f}s ({stats.rate:,.0f} turns/s); "
        f"{stats.skipped:,} records already stored; {stats.input_errors:,} input errors",
        err=True,
    )
    store = RunStore(out, read_only=True)
    try:
        print_table(store)
        blocking = store.scalar("SELECT count(*) FROM turns WHERE blocking > 0")
    finally:
        store.close()
    raise click.exceptions.Exit(1 if blocking else 0)
