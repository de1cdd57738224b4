"""``nofab check FILE|-``: check one turn and print the verdict."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from nofab.cli.transcript import INPUT_FORMATS, check_transcript, input_format_of
from nofab.config.policy import MODES, Policy, Profile
from nofab.errors import InputError, TurnError
from nofab.fidelity.fault import FaultInjection
from nofab.fidelity.fault import from_env as fault_from_env
from nofab.model.turn import DEFAULT_MAX_INPUT_BYTES, Turn, load_json
from nofab.model.verdict import Verdict
from nofab.pipeline.guard import Guard


def read_input(source: str, max_bytes: int) -> tuple[bytes, str]:
    """Read FILE or ``-`` (stdin), refusing more than ``max_bytes``."""
    if source == "-":
        data = sys.stdin.buffer.read(max_bytes + 1)
        return data, "<stdin>"
    path = Path(source)
    try:
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise InputError("no such file", source) from None
    except IsADirectoryError:
        raise InputError("is a directory, expected a JSON file", source) from None
    except OSError as exc:
        raise InputError(f"cannot be read: {exc.strerror}", source) from None
    return data, source


@click.command("check")
@click.argument("source", metavar="FILE|-")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option("--mode", type=click.Choice(list(MODES)), default="observe", show_default=True)
@click.option("--threshold", type=click.FloatRange(0.0, 1.0), default=None, help="Default 0.8.")
@click.option(
    "--profile",
    "profile_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="A profile file (TOML or JSON) with the domain's lexicons.",
)
@click.option(
    "--input-format",
    type=click.Choice(INPUT_FORMATS),
    default="auto",
    show_default=True,
    help="Read the input as this format (a turn, or a transcript: see docs/adapters.md).",
)
@click.option(
    "--max-bytes",
    type=click.IntRange(1),
    default=DEFAULT_MAX_INPUT_BYTES,
    show_default=True,
    help="Refuse inputs larger than this.",
)
@click.option(
    "--ledger",
    "ledger_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Append the verdict to this ledger file (docs/ledger.md).",
)
@click.option(
    "--signing-key",
    type=click.Path(dir_okay=False),
    default=None,
    help="Ed25519 private key (PEM) to sign the ledger record; default $NOFAB_LEDGER_SIGNING_KEY if set.",
)
def check_command(
    source: str,
    fmt: str,
    mode: str,
    threshold: float | None,
    profile_path: str | None,
    input_format: str,
    max_bytes: int,
    ledger_path: str | None = None,
    signing_key: str | None = None,
) -> None:
    """Check one agent turn, or every turn of a transcript (JSON), for fabricated claims."""
    data, label = read_input(source, max_bytes)
    raw = load_json(data, max_bytes=max_bytes, source=label)
    input_format = input_format_of(raw, input_format, label)
    if input_format != "turn":
        profile = Profile.from_file(profile_path) if profile_path else Profile()
        policy = Policy(mode=mode, **({"threshold": threshold} if threshold is not None else {}))  # type: ignore[arg-type]
        raise click.exceptions.Exit(check_transcript(raw, input_format, Guard(policy, profile), fmt, label))
    try:
        turn = Turn.from_dict(raw)
    except TurnError as exc:
        raise TurnError(exc.detail, f"{label}: {exc.where}" if exc.where else label) from None
    if signing_key and not ledger_path:
        raise click.UsageError("--signing-key needs --ledger")
    turn, fault = fault_from_env(turn)
    profile = Profile.from_file(profile_path) if profile_path else Profile()
    policy = Policy(mode=mode, **({"threshold": threshold} if threshold is not None else {}))  # type: ignore[arg-type]
    guard = Guard(policy, profile)
    verdict = guard.check(turn)
    if ledger_path:
        append_to_ledger(ledger_path, signing_key, verdict, guard, fault)
    if fault is not None:
        click.echo(f"nofab: fault injected: {json.dumps(fault.to_dict(), ensure_ascii=False)}", err=True)
    if fmt == "json":
        shown = verdict.to_dict()
        if fault is not None:
            shown["fault_injection"] = fault.to_dict()
        click.echo(json.dumps(shown, ensure_ascii=False, indent=2))
    else:
        print_table(verdict, turn)
    raise click.exceptions.Exit(1 if verdict.blocked else 0)  # a detector error is not a pass


def append_to_ledger(
    path: str, key_path: str | None, verdict: Verdict, guard: Guard, fault: FaultInjection | None
) -> None:
    """Append the verdict to the ledger, signed with ``key_path`` or ``$NOFAB_LEDGER_SIGNING_KEY``."""
    import os

    from nofab.ledger import Ledger, load_signing_key
    from nofab.ledger.keys import SIGNING_KEY_ENV

    key = load_signing_key(key_path) if key_path or os.environ.get(SIGNING_KEY_ENV, "").strip() else None
    with Ledger(path, signing_key=key) as ledger:
        ledger.append(verdict, guard=guard, fault_injection=fault.to_dict() if fault else None)


def print_table(verdict: Verdict, turn: Turn) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from nofab.language.text import clean_answer

    console = Console(highlight=False, soft_wrap=True)
    answer = Text(clean_answer(turn.response))
    for f in verdict.findings:
        if not f.whole_turn:
            style = "bold red underline" if f in verdict.blocking else "yellow underline"
            answer.stylize(style, *f.span)
    console.print(Text("answer", style="bold"))
    console.print(answer)
    console.print()
    if verdict.findings:
        table = Table(show_lines=False, header_style="bold")
        for column in ("kind", "identifier", "confidence", "reason"):
            table.add_column(column, overflow="fold")
        for f in verdict.findings:
            mark = "bold red" if f in verdict.blocking else ""
            table.add_row(
                f.kind, f.identifier or "(whole answer)", Text(f"{f.confidence:.2f}", style=mark), f.reason
            )
        console.print(table)
    else:
        console.print("no findings", style="green")
    summary: dict[str, Any] = {
        "action": verdict.action,
        "mode": verdict.mode,
        "threshold": verdict.threshold,
        "at_or_above_threshold": len(verdict.blocking),
    }
    console.print("  ".join(f"{k}={v}" for k, v in summary.items()), style="dim")
    for warning in verdict.warnings:
        console.print(f"warning: {warning}", style="yellow")
    for error in verdict.detector_errors:
        console.print(
            f"detector error: {error.detector}: {error.error_type}: {error.message}", style="yellow"
        )
    if verdict.output != turn.response:
        console.print(Text("output", style="bold"))
        console.print(verdict.output, markup=False)
