"""How the CLI prints verdicts: one module for every format, so ``check`` on a turn, on a
transcript and on a file of many transcripts read alike.

    table     the answer with its spans marked, a table of findings (for a person at a terminal)
    concise   one line per finding, ``FILE[:turn] START-END KIND CONFIDENCE IDENTIFIER — reason``
              (for pipes and CI logs: nothing wraps, nothing needs colour)
    json      the verdicts as JSON (a turn: the verdict; a transcript: ``{"format", "turns", "summary"}``)
    github    GitHub Actions annotations (``::error``/``::warning``), one per finding

``auto`` (the default) is ``table`` on a terminal and ``concise`` anywhere else.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import click

from nofab.model.finding import Finding
from nofab.model.turn import Turn
from nofab.model.verdict import Verdict

FORMATS: tuple[str, ...] = ("auto", "concise", "table", "json", "github")

#: Marks a span when colour cannot (a pipe, NO_COLOR): at or above the threshold, below it.
_MARKS = {True: ("[[", "]]"), False: ("[", "]")}


@dataclass(frozen=True)
class Checked:
    """One checked turn and where it sits in its input (``where`` empty for a lone turn)."""

    index: int
    where: str
    turn: Turn
    verdict: Verdict


def resolve(fmt: str) -> str:
    """``auto`` -> ``table`` on a terminal, ``concise`` otherwise (pipes, CI logs, files)."""
    if fmt != "auto":
        return fmt
    return "table" if sys.stdout.isatty() else "concise"


def render_turn(fmt: str, label: str, checked: Checked, extra: dict[str, Any] | None = None) -> None:
    """Print the verdict on one turn; ``extra`` is merged into the JSON (e.g. a fault injection)."""
    if fmt == "json":
        shown = checked.verdict.to_dict()
        shown.update(extra or {})
        click.echo(json.dumps(shown, ensure_ascii=False, indent=2))
    elif fmt == "table":
        print_table(checked.verdict, checked.turn)
    else:
        _lines(fmt, label, [checked])


def render_many(fmt: str, label: str, input_format: str, checked: Sequence[Checked]) -> None:
    """Print the verdicts on every turn of a transcript (or of a file of transcripts)."""
    summary = summarise(input_format, checked)
    if fmt == "json":
        report = {
            "format": input_format,
            "turns": [{"index": c.index, "where": c.where, **c.verdict.to_dict()} for c in checked],
            "summary": summary,
        }
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    elif fmt == "table":
        _print_turns(checked, summary)
    else:
        for warning in summary.get("warnings", ()):
            click.echo(f"{label}: warning: {warning}", err=True)
        _lines(fmt, label, checked)


def summarise(input_format: str, checked: Sequence[Checked]) -> dict[str, Any]:
    """Counts over all turns (what a CI job or a dashboard wants without reading each turn)."""
    verdicts = [c.verdict for c in checked]
    summary: dict[str, Any] = {
        "format": input_format,
        "turns": len(verdicts),
        "turns_with_findings": sum(1 for v in verdicts if v.findings),
        "blocking_turns": sum(1 for v in verdicts if v.blocking),
        "findings": sum(len(v.findings) for v in verdicts),
        "kinds": dict(sorted(Counter(f.kind for v in verdicts for f in v.findings).items())),
        "actions": dict(sorted(Counter(v.action for v in verdicts).items())),
        "max_confidence": round(max((v.max_confidence for v in verdicts), default=0.0), 3),
    }
    if not verdicts:
        # Nothing to check is not a pass to hide: a log without answers is usually the wrong file.
        summary["warnings"] = [f"no assistant text found in this {input_format} transcript"]
    return summary


# --------------------------------------------------------------------- concise and github
def _lines(fmt: str, label: str, checked: Sequence[Checked]) -> None:
    total = blocking = 0
    for item in checked:
        place = f"{label}:{item.where}" if item.where else label
        for finding in item.verdict.findings:
            above = finding in item.verdict.blocking
            total += 1
            blocking += above
            if fmt == "github":
                click.echo(_annotation(label, place, finding, above))
            else:
                click.echo(concise_line(place, finding))
        for error in item.verdict.detector_errors:
            click.echo(
                f"{place}: detector error: {error.detector}: {error.error_type}: {error.message}", err=True
            )
        for warning in item.verdict.warnings:
            click.echo(f"{place}: warning: {warning}", err=True)
    if fmt == "concise":
        threshold = checked[0].verdict.threshold if checked else 0.0
        turns = f" in {len(checked)} turns" if len(checked) != 1 else ""
        noun = "finding" if total == 1 else "findings"
        click.echo(f"{total} {noun}{turns}, {blocking} at or above the threshold {threshold:g}")


def concise_line(place: str, finding: Finding) -> str:
    """``place START-END KIND CONFIDENCE IDENTIFIER — reason`` on one line, whatever it holds."""
    start, end = finding.span
    ident = _one_line(finding.identifier) or "-"
    return (
        f"{place} {start}-{end} {finding.kind} {finding.confidence:.2f} {ident} — {_one_line(finding.reason)}"
    )


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _annotation(file: str, place: str, finding: Finding, above: bool) -> str:
    # Workflow commands: properties escape , and : as well; the message escapes % CR LF.
    def prop(text: str) -> str:
        return _escape(text).replace(":", "%3A").replace(",", "%2C")

    level = "error" if above else "warning"
    title = prop(f"nofab {finding.kind} {finding.confidence:.2f}")
    where = place[len(file) + 1 :] if place != file else ""
    message = (
        f"{where + ' ' if where else ''}{finding.span[0]}-{finding.span[1]} {finding.identifier or '-'}: "
    )
    return f"::{level} file={prop(file)},title={title}::{_escape(message + finding.reason)}"


def _escape(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


# --------------------------------------------------------------------------------- table
def print_table(verdict: Verdict, turn: Turn) -> None:
    from rich.table import Table
    from rich.text import Text

    from nofab.language.text import clean_answer

    console = _console()
    plain = console.color_system is None
    text = clean_answer(turn.response)
    answer = Text(_marked(text, verdict) if plain else text)
    if not plain:
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
        console.print(f"warning: {warning}", style="yellow", markup=False)
    for error in verdict.detector_errors:
        console.print(
            f"detector error: {error.detector}: {error.error_type}: {error.message}",
            style="yellow",
            markup=False,
        )
    if verdict.output != turn.response:
        console.print(Text("output", style="bold"))
        console.print(verdict.output, markup=False)


def _marked(text: str, verdict: Verdict) -> str:
    """The answer with each finding's span bracketed (``[[…]]`` at or above the threshold)."""
    spans = sorted(
        {(f.span, f in verdict.blocking) for f in verdict.findings if not f.whole_turn},
        key=lambda item: (item[0][0], -item[0][1]),
    )
    out, at = [], 0
    for (start, end), above in spans:
        if start < at or end > len(text):
            continue  # overlapping spans: the first (widest) one is marked
        opening, closing = _MARKS[above]
        out += [text[at:start], opening, text[start:end], closing]
        at = end
    out.append(text[at:])
    return "".join(out)


def _console() -> Any:
    from rich.console import Console

    # Off a terminal rich would wrap at 80 columns and cut paths and reasons into pieces.
    width = None if sys.stdout.isatty() else 200
    return Console(highlight=False, soft_wrap=True, width=width)


def _print_turns(checked: Sequence[Checked], summary: dict[str, Any]) -> None:
    console = _console()
    for warning in summary.get("warnings", ()):
        console.print(f"warning: {warning}", style="yellow")
    for item in checked:
        title = f"turn {item.index}" + (f" · {item.where}" if item.where else "")
        console.rule(title, style="red" if item.verdict.blocking else "dim")
        print_table(item.verdict, item.turn)
    console.print()
    console.print(
        f"{summary['turns']} turns ({summary['format']}): {summary['turns_with_findings']} with findings, "
        f"{summary['blocking_turns']} at or above the threshold",
        style="bold red" if summary["blocking_turns"] else "bold green",
    )
