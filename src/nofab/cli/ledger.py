"""``nofab ledger``: generate signing keys and verify a ledger offline."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from nofab.errors import InputError


@click.group("ledger")
def ledger_group() -> None:
    """The tamper-evident log of verdicts (see docs/ledger.md)."""


@ledger_group.command("keygen")
@click.option(
    "--out",
    "prefix",
    required=True,
    type=click.Path(dir_okay=False),
    help="Writes PREFIX.key (private, mode 0600) and PREFIX.pub.",
)
def keygen_command(prefix: str) -> None:
    """Generate an Ed25519 key pair for signing ledger records."""
    from nofab.ledger.keys import generate_keypair

    private_path, public_path = Path(prefix + ".key"), Path(prefix + ".pub")
    for path in (private_path, public_path):
        if path.exists():
            raise InputError("already exists; refusing to overwrite a key", str(path))
    private_pem, public_pem = generate_keypair()
    # O_EXCL + 0600: the private key is never readable by others, not even for a moment.
    fd = os.open(private_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(private_pem)
    public_path.write_bytes(public_pem)
    click.echo(f"private key: {private_path} (keep it secret; or pass it as $NOFAB_LEDGER_SIGNING_KEY)")
    click.echo(f"public key:  {public_path} (give it to whoever verifies the ledger)")


@ledger_group.command("verify")
@click.argument("log", type=click.Path(dir_okay=False))
@click.option(
    "--public-key",
    type=click.Path(dir_okay=False),
    default=None,
    help="Check every signature with this key (default: $NOFAB_LEDGER_PUBLIC_KEY if set).",
)
@click.option(
    "--head", default=None, help="The hash the last record must have (detects removal from the end)."
)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def verify_command(log: str, public_key: str | None, head: str | None, fmt: str) -> None:
    """Verify LOG offline: chain, canonical form, signatures, sealed values.

    Exit 0 when intact, 1 at the first broken record or a truncated last line, 2 on bad usage.
    """
    from nofab.ledger.keys import load_verify_key
    from nofab.ledger.verify import verify

    path = Path(log)
    if not path.is_file():
        raise InputError("no such ledger file", log)
    from nofab.ledger.keys import PUBLIC_KEY_ENV

    use_env = not public_key and bool(os.environ.get(PUBLIC_KEY_ENV, "").strip())
    key = load_verify_key(public_key) if public_key or use_env else None
    try:
        report = verify(path, key, head=head)
    except OSError as exc:
        raise InputError(f"cannot be read: {exc.strerror}", log) from None
    if fmt == "json":
        click.echo(json.dumps(report.to_dict(), indent=2))
    else:
        signatures = (
            f", {report.signed} signature(s) checked"
            if report.signatures_checked
            else (f", {report.signed} signed (not checked)" if report.signed else ", unsigned")
        )
        summary = (
            f"{report.records} record(s) verified{signatures}, "
            f"{report.sealed_values} sealed value(s) re-checked"
        )
        if report.ok:
            click.echo(f"ok: {summary}; head {report.head}")
        elif report.status == "torn_tail":
            click.echo(f"torn tail: {report.problem}")
            click.echo(f"  {summary}; head {report.head}")
        else:
            click.echo(f"BROKEN: {report.problem}")
            click.echo(f"  before it: {summary}")
        if report.recovered:
            count = len(report.recovered)
            click.echo(f"note: {count} partial line(s) closed off and accounted for by a later record")
        if report.fault_injections:
            click.echo(
                f"note: fault injection recorded in seq {', '.join(map(str, report.fault_injections))}"
            )
        for note in report.notes:
            click.echo(f"note: {note}")
    raise click.exceptions.Exit(0 if report.ok else 1)
