"""``nofab diff RUN_A RUN_B``: findings gained and lost between two runs."""

from __future__ import annotations

import json

import click


@click.command("diff")
@click.argument("run_a", type=click.Path(dir_okay=False))
@click.argument("run_b", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
def diff_command(run_a: str, run_b: str, fmt: str) -> None:
    """Findings in RUN_B but not RUN_A (gained) and in RUN_A but not RUN_B (lost).

    Exit status 1 when something was gained.
    """
    from nofab.batch.calibrate import diff
    from nofab.batch.store import RunStore

    a, b = RunStore(run_a, read_only=True), RunStore(run_b, read_only=True)
    try:
        result = diff(a, b)
    finally:
        a.close()
        b.close()
    if fmt == "json":
        click.echo(json.dumps(result, indent=2, ensure_ascii=False, default=str))
    else:
        from rich.console import Console
        from rich.table import Table

        console = Console(highlight=False, soft_wrap=True)
        console.print(f"gained {len(result['gained'])}, lost {len(result['lost'])}")
        for name in ("gained", "lost"):
            if result[name]:
                table = Table(title=name, header_style="bold")
                for column in ("where", "kind", "identifier", "confidence", "reason"):
                    table.add_column(column, overflow="fold")
                for r in result[name]:
                    where = f"{r['source']}:{r['position']}" + (f" {r['sub']}" if r["sub"] else "")
                    table.add_row(where, r["kind"], r["identifier"], f"{r['confidence']:.2f}", r["reason"])
                console.print(table)
    raise click.exceptions.Exit(1 if result["gained"] else 0)
