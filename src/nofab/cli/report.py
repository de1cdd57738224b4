"""``nofab report RUN --format ...``: the run as a table, JSON, JSONL, SARIF, JUnit or HTML."""

from __future__ import annotations

import json
import sys
from typing import TextIO

import click


@click.command("report")
@click.argument("run", type=click.Path(dir_okay=False))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "jsonl", "sarif", "junit", "html"]),
    default="table",
    show_default=True,
)
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None, help="Default: stdout.")
@click.option("--threshold", type=click.FloatRange(0.0, 1.0), default=None, help="JUnit: default the run's.")
@click.option("--limit", type=click.IntRange(1), default=300, show_default=True, help="HTML: turns listed.")
@click.option("--max-results", type=click.IntRange(1), default=5000, show_default=True, help="SARIF cap.")
@click.option("--target-precision", type=click.FloatRange(0.0, 1.0), default=0.95, show_default=True)
def report_command(
    run: str,
    fmt: str,
    output: str | None,
    threshold: float | None,
    limit: int,
    max_results: int,
    target_precision: float,
) -> None:
    """Report on a run database made by `nofab audit`."""
    from nofab.batch import page, report
    from nofab.batch.store import RunStore

    store = RunStore(run, read_only=True)
    out: TextIO = open(output, "w", encoding="utf-8") if output else sys.stdout  # noqa: SIM115
    try:
        if fmt == "table":
            report.print_table(store, out)
        elif fmt == "json":
            report.write_json(store, out)
        elif fmt == "jsonl":
            report.write_jsonl(store, out)
        elif fmt == "sarif":
            json.dump(report.sarif(store, max_results), out, indent=1, ensure_ascii=False)
            out.write("\n")
        elif fmt == "junit":
            report.write_junit(store, out, threshold)
        else:
            out.write(page.html(store, limit=limit, target=target_precision))
    finally:
        store.close()
        if output:
            out.close()
