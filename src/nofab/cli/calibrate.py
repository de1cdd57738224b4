"""``nofab calibrate RUN``: thresholds per kind from the labels, written as a profile."""

from __future__ import annotations

import json
from pathlib import Path

import click

from nofab.cli.audit import profile_data


@click.command("calibrate")
@click.argument("run", type=click.Path(dir_okay=False))
@click.option("--target-precision", type=click.FloatRange(0.0, 1.0), default=0.95, show_default=True)
@click.option(
    "--write",
    "write_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="The profile to write (default: RUN with .profile.json).",
)
@click.option(
    "--base-profile", type=click.Path(dir_okay=False), default=None, help="Merge into this profile."
)
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
def calibrate_command(
    run: str, target_precision: float, write_path: str | None, base_profile: str | None, fmt: str
) -> None:
    """Precision and recall per kind at each threshold, from the labels made in `nofab review`."""
    from nofab.batch.calibrate import OVERALL, calibrate, write_profile
    from nofab.batch.calibrate import profile_data as calibrated_profile
    from nofab.batch.store import RunStore
    from nofab.errors import UsageError

    store = RunStore(run, read_only=True)
    try:
        results = calibrate(store, target_precision)
    finally:
        store.close()
    if not results:
        raise UsageError(
            f"{run} has no true/false-positive labels yet: label findings with `nofab review {run}`"
        )
    path = Path(write_path) if write_path else Path(run).with_suffix(".profile.json")
    write_profile(path, calibrated_profile(results, profile_data(base_profile)))
    overall = results[-1]
    if fmt == "json":
        click.echo(json.dumps({"profile": str(path), "kinds": [r.to_dict() for r in results]}, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"calibration (target precision {target_precision})", header_style="bold")
    for column in ("kind", "tp", "fp", "threshold", "precision", "recall", "recommended"):
        table.add_column(column, justify="left" if column == "kind" else "right")
    for r in results:
        for i, p in enumerate(r.points):
            table.add_row(
                r.kind if i == 0 else "",
                str(r.tp) if i == 0 else "",
                str(r.fp) if i == 0 else "",
                f"{p.threshold:.3f}",
                f"{p.precision:.2f}",
                f"{p.recall:.2f}",
                "◀" if p.threshold == r.recommended else "",
            )
    console = Console(highlight=False)
    console.print(table)
    rec = overall.recommended
    console.print(
        f"overall ({OVERALL}): "
        + (f"--threshold {rec:.3f}" if rec is not None else "target not reached")
        + f"; per-kind thresholds written to {path} (load it with --profile)",
        markup=False,
    )
