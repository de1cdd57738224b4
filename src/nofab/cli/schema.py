"""``nofab schema turn``: print the JSON Schema of the input ``nofab check`` reads."""

from __future__ import annotations

import json

import click


@click.command("schema")
@click.argument("what", type=click.Choice(["turn"]))
def schema_command(what: str) -> None:
    """Print the JSON Schema of a turn (docs/turn.md explains every field)."""
    from nofab.model.schema import turn_schema

    click.echo(json.dumps(turn_schema(), indent=2, ensure_ascii=False))
