"""``nofab check`` on a whole transcript: every turn the adapters extract, one verdict each.

``check.py`` hands over here when the input is not a single turn object. JSON output is
``{"format": ..., "turns": [{"index", "where", <the verdict>}, ...], "summary": {...}}``
(one entry per extracted turn, in order); the exit status is that of the worst turn.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import click

from nofab.adapters import FORMATS, ExtractedTurn, detect_format, extract_turns
from nofab.errors import InputError
from nofab.model.verdict import Verdict
from nofab.pipeline.guard import Guard

#: ``--input-format`` choices: ``auto`` detects, the rest force one reader.
INPUT_FORMATS: tuple[str, ...] = ("auto", *FORMATS)


def input_format_of(raw: Any, requested: str, label: str) -> str:
    """The format to read ``raw`` with: the requested one, or the detected one."""
    if requested != "auto":
        return requested
    try:
        return detect_format(raw)
    except InputError as exc:
        raise type(exc)(exc.detail, label) from None


def extract(raw: Any, input_format: str, label: str) -> list[ExtractedTurn]:
    """The turns of ``raw``; errors name the source and the field (``FILE: messages[4].role``)."""
    try:
        return extract_turns(raw, input_format)
    except InputError as exc:
        # "input" is how adapters name the whole document; the file name says that already.
        where = f"{label}: {exc.where}" if exc.where not in ("", "input") else label
        raise type(exc)(exc.detail, where) from None


def check_transcript(raw: Any, input_format: str, guard: Guard, fmt: str, label: str) -> int:
    """Check every turn of a transcript, print the verdicts, and return the exit status."""
    turns = extract(raw, input_format, label)
    verdicts = [guard.check(t.turn) for t in turns]
    summary = summarise(input_format, turns, verdicts)
    if fmt == "json":
        report = {
            "format": input_format,
            "turns": [
                {"index": t.index, "where": t.where, **v.to_dict()}
                for t, v in zip(turns, verdicts, strict=True)
            ],
            "summary": summary,
        }
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        print_turns(turns, verdicts, summary)
    return 1 if summary["blocking_turns"] else 0


def summarise(input_format: str, turns: list[ExtractedTurn], verdicts: list[Verdict]) -> dict[str, Any]:
    """Counts over all turns (what a CI job or a dashboard wants without reading each turn)."""
    summary: dict[str, Any] = {
        "format": input_format,
        "turns": len(turns),
        "turns_with_findings": sum(1 for v in verdicts if v.findings),
        "blocking_turns": sum(1 for v in verdicts if v.blocking),
        "findings": sum(len(v.findings) for v in verdicts),
        "kinds": dict(sorted(Counter(f.kind for v in verdicts for f in v.findings).items())),
        "actions": dict(sorted(Counter(v.action for v in verdicts).items())),
        "max_confidence": round(max((v.max_confidence for v in verdicts), default=0.0), 3),
    }
    if not turns:
        # Nothing to check is not a pass to hide: a log without answers is usually the wrong file.
        summary["warnings"] = [f"no assistant text found in this {input_format} transcript"]
    return summary


def print_turns(turns: list[ExtractedTurn], verdicts: list[Verdict], summary: dict[str, Any]) -> None:
    from rich.console import Console

    from nofab.cli.check import print_table

    console = Console(highlight=False, soft_wrap=True)
    for warning in summary.get("warnings", ()):
        console.print(f"warning: {warning}", style="yellow")
    for extracted, verdict in zip(turns, verdicts, strict=True):
        title = f"turn {extracted.index}" + (f" · {extracted.where}" if extracted.where else "")
        console.rule(title, style="red" if verdict.blocking else "dim")
        print_table(verdict, extracted.turn)
    console.print()
    console.print(
        f"{summary['turns']} turns ({summary['format']}): {summary['turns_with_findings']} with findings, "
        f"{summary['blocking_turns']} at or above the threshold",
        style="bold red" if summary["blocking_turns"] else "bold green",
    )
