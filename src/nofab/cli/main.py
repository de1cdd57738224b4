"""Entry point: ``nofab <command>``. Exit status as linters do: 0 clean, 1 findings at or
above the threshold, 2 bad input or usage (one line on stderr, never a traceback)."""

from __future__ import annotations

import sys

import click

from nofab import __version__
from nofab.cli.audit import audit_command
from nofab.cli.calibrate import calibrate_command
from nofab.cli.check import check_command
from nofab.cli.coverage import coverage_command
from nofab.cli.diff import diff_command
from nofab.cli.ledger import ledger_group
from nofab.cli.report import report_command
from nofab.cli.review import review_command
from nofab.cli.schema import schema_command
from nofab.cli.serve import serve_command
from nofab.errors import NofabError

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="nofab")
def cli() -> None:
    """Catch fabrication in LLM agent answers: claims no tool backed up."""


cli.add_command(check_command)
cli.add_command(ledger_group)
cli.add_command(serve_command)
cli.add_command(coverage_command)
cli.add_command(audit_command)
cli.add_command(report_command)
cli.add_command(review_command)
cli.add_command(calibrate_command)
cli.add_command(diff_command)
cli.add_command(schema_command)


def _tolerant_streams() -> None:
    # A lone surrogate (valid in JSON as "\ud800") cannot be written as UTF-8; written as the
    # same escape it stays valid JSON, and text output stays readable, instead of a traceback.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    """Run the CLI and return (and exit with) its status."""
    _tolerant_streams()
    try:
        code = cli.main(args=argv, prog_name="nofab", standalone_mode=False)
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.ClickException as exc:
        click.echo(f"nofab: error: {exc.format_message()}", err=True)
        code = EXIT_USAGE
    except click.Abort:
        click.echo("nofab: aborted", err=True)
        code = EXIT_USAGE
    except NofabError as exc:
        click.echo(f"nofab: error: {exc}", err=True)
        code = EXIT_USAGE
    except BrokenPipeError:
        code = EXIT_OK
    if argv is None:
        sys.exit(code or 0)
    return int(code or 0)


if __name__ == "__main__":  # pragma: no cover
    main()
