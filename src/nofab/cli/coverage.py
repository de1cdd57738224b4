"""``nofab coverage TOOLS``: fail (exit 1) when a tool marked critical is not covered by
the argument-provenance check, so CI catches a critical tool that would bypass the halt."""

from __future__ import annotations

import json

import click

from nofab.cli.check import read_input
from nofab.config.policy import Profile
from nofab.model.turn import DEFAULT_MAX_INPUT_BYTES, load_json
from nofab.pipeline.provenance import coverage, parse_tools


@click.command("coverage")
@click.argument("source", metavar="TOOLS|-")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option(
    "--profile",
    "profile_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="A profile whose rules.arguments.parameters name extra checked parameters.",
)
def coverage_command(source: str, fmt: str, profile_path: str | None) -> None:
    """Check that every critical tool in TOOLS (a JSON list of tool definitions) is covered
    by the argument-provenance check. Exit 0 covered, 1 gaps, 2 bad input."""
    data, label = read_input(source, DEFAULT_MAX_INPUT_BYTES)
    tools = parse_tools(load_json(data, source=label), where=label)
    profile = Profile.from_file(profile_path) if profile_path else Profile()
    report = coverage(tools, profile)
    if fmt == "json":
        click.echo(json.dumps(report.to_dict(), indent=2))
    else:
        for name, tier in report.tiers.items():
            checked = report.covered.get(name, ())
            mark = "GAP" if name in report.gaps else "ok "
            click.echo(f"{mark} {name} [{tier}] checked: {', '.join(checked) or '-'}")
        if report.gaps:
            click.echo(
                f"{len(report.gaps)} critical tool(s) not covered: {', '.join(report.gaps)}. Name the "
                "parameters to check in the profile (rules.arguments.parameters.<tool>)."
            )
        else:
            click.echo("every critical tool is covered")
    raise click.exceptions.Exit(1 if report.gaps else 0)
