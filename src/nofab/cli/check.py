"""``nofab check FILE|-``: check one turn and print the verdict."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from nofab.cli.render import FORMATS, Checked, render_many, render_turn, resolve
from nofab.cli.transcript import INPUT_FORMATS, extract, input_format_of
from nofab.config.policy import MODES, Policy, Profile
from nofab.errors import InputError, InputTooLargeError, TurnError
from nofab.fidelity.fault import FaultInjection
from nofab.fidelity.fault import from_env as fault_from_env
from nofab.model.turn import DEFAULT_MAX_INPUT_BYTES, Turn, load_json
from nofab.model.verdict import Verdict
from nofab.pipeline.guard import Guard


def read_input(source: str, max_bytes: int) -> tuple[bytes, str]:
    """Read FILE or ``-`` (stdin), refusing more than ``max_bytes`` (the error gives the real size)."""
    if source == "-":
        data = sys.stdin.buffer.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise InputTooLargeError(f"is over the {max_bytes:,}-byte limit; {_RAISE_BYTES}", "<stdin>")
        return data, "<stdin>"
    path = Path(source)
    try:
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)
            size = os.fstat(handle.fileno()).st_size
    except FileNotFoundError:
        raise InputError("no such file", source) from None
    except IsADirectoryError:
        raise InputError("is a directory, expected a JSON file", source) from None
    except OSError as exc:
        raise InputError(f"cannot be read: {exc.strerror}", source) from None
    if len(data) > max_bytes:
        real = max(size, len(data))
        raise InputTooLargeError(
            f"is {real / 1_048_576:.1f} MB ({real:,} bytes), "
            f"over the {max_bytes:,}-byte limit; {_RAISE_BYTES}",
            source,
        )
    return data, source


_RAISE_BYTES = "raise it with --max-bytes"
_OVERSIZE_HELP = (
    "What to do with an answer over --max-answer-chars (or more tool calls or evidence than the "
    "policy allows): 'error' refuses the turn (exit 2), 'truncate' checks what fits and says so."
)


@click.command("check")
@click.argument("source", metavar="FILE|-")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="auto",
    show_default=True,
    help="auto: table on a terminal, concise (one line per finding) elsewhere; github: Actions annotations.",
)
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
    help="Refuse input files larger than this many bytes.",
)
@click.option(
    "--max-answer-chars",
    type=click.IntRange(1),
    default=Policy.max_answer_chars,
    show_default=True,
    help="The longest answer checked, in characters (see --on-oversize).",
)
@click.option(
    "--on-oversize",
    type=click.Choice(["error", "truncate"]),
    default="error",
    show_default=True,
    help=_OVERSIZE_HELP,
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
    max_answer_chars: int,
    on_oversize: str,
    ledger_path: str | None = None,
    signing_key: str | None = None,
) -> None:
    """Check one agent turn, every turn of a transcript, or every turn of a file of transcripts
    (a JSON array, e.g. a τ-bench results file) for fabricated claims.

    Input limits: the file (--max-bytes), the answer (--max-answer-chars; --on-oversize says
    what happens past it). Exit status: 0 clean, 1 a finding at or above the threshold,
    2 bad input or usage (one line on stderr).
    """
    if signing_key and not ledger_path:
        raise click.UsageError("--signing-key needs --ledger")
    data, label = read_input(source, max_bytes)
    raw = load_json(data, max_bytes=max_bytes, source=label)
    input_format = input_format_of(raw, input_format, label)
    fmt = resolve(fmt)
    profile = Profile.from_file(profile_path) if profile_path else Profile()
    limits = {"max_answer_chars": max_answer_chars, "on_oversize": on_oversize}
    policy = Policy(mode=mode, **limits, **({"threshold": threshold} if threshold is not None else {}))  # type: ignore[arg-type]
    guard = Guard(policy, profile)
    if input_format != "turn":
        turns = extract(raw, input_format, label)
        checked = [Checked(t.index, t.where, t.turn, _check(guard, t.turn, label, t.where)) for t in turns]
        render_many(fmt, label, input_format, checked)
        raise click.exceptions.Exit(1 if any(c.verdict.blocked for c in checked) else 0)
    try:
        turn = Turn.from_dict(raw)
    except TurnError as exc:
        raise TurnError(exc.detail, f"{label}: {exc.where}" if exc.where else label) from None
    turn, fault = fault_from_env(turn)
    verdict = _check(guard, turn, label, "")
    if ledger_path:
        append_to_ledger(ledger_path, signing_key, verdict, guard, fault)
    if fault is not None:
        click.echo(f"nofab: fault injected: {json.dumps(fault.to_dict(), ensure_ascii=False)}", err=True)
    extra = {"fault_injection": fault.to_dict()} if fault is not None else None
    render_turn(fmt, label, Checked(0, "", turn, verdict), extra)
    raise click.exceptions.Exit(1 if verdict.blocked else 0)  # a detector error is not a pass


def _check(guard: Guard, turn: Turn, label: str, where: str) -> Verdict:
    """The verdict; an input over a policy limit is named by file and turn, with the CLI's remedy."""
    try:
        return guard.check(turn)
    except InputTooLargeError as exc:
        detail = exc.detail.replace(
            "raise the policy limit or use on_oversize='truncate'",
            "raise it with --max-answer-chars (answers) or use --on-oversize truncate",
        )
        field = f"{where}.{exc.where}" if where else exc.where
        raise InputTooLargeError(detail, f"{label}: {field}") from None


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
