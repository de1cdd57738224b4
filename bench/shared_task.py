"""The INLG 2021 accuracy shared task (training split) as nofab turns, and its gold marks.

    python bench/shared_task.py              # NUMBER and NAME recall/precision per half
    python bench/shared_task.py --half tuning     # one half only

Rules are tuned on the tuning half (``splits.half_of("accuracy-shared-task", text_id)``);
the checking half is the figure to report and is never tuned on.

A game becomes one turn: the box-score JSON (the Rotowire record the text was generated
from) is the result of one tool call, and the generated text (``GENERATED_TEXT``: tokens
joined by single spaces) is the response. The reference summaries stored with the game
(``summary``, ``cleaned_text``...) are human-written texts, not data, so they are left out.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nofab import Turn
from nofab.model.finding import Finding
from nofab.model.turn import ToolCall
from scoring import Mark, score, token_offsets, tokens_of_span
from splits import HALVES, half_of

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "accuracy-shared-task"
PROFILE = Path(__file__).resolve().parents[1] / "examples" / "profiles" / "boxscore.toml"

#: Keys of a Rotowire game that hold reference texts rather than box-score data.
REFERENCE_KEYS = ("summary", "cleaned_text", "detokenized_text", "cleaned_detokenized_text")

#: Finding kinds and the shared-task category they belong to (when a finding does not say).
CATEGORY_OF_KIND = {
    "unverified_number": "NUMBER",
    "misattributed_value": "NUMBER",
    "misread_value": "NUMBER",
    "ungrounded_entity": "NAME",
}


@dataclass(frozen=True)
class Game:
    doc: str  # "S001"
    text: str  # GENERATED_TEXT
    box_score: dict[str, Any]

    def turn(self) -> Turn:
        return Turn(
            response=self.text,
            tool_calls=(ToolCall(name="get_box_score", arguments={"game": self.doc}, result=self.box_score),),
        )


def games(folder: Path) -> list[Game]:
    """The 60 training games, in document order."""
    boxes: dict[str, dict[str, Any]] = {}
    with (folder / "shared_task.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                game = json.loads(line)
                boxes[game["shared_task_text_id"]] = {
                    k: v for k, v in game.items() if k not in REFERENCE_KEYS
                }
    with (folder / "games.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    return [Game(r["TEXT_ID"], r["GENERATED_TEXT"], boxes[r["TEXT_ID"]]) for r in rows]


def gold(folder: Path) -> list[Mark]:
    with (folder / "gsml.csv").open(encoding="utf-8", newline="") as handle:
        return [
            Mark(
                r["TEXT_ID"].removesuffix(".txt"),
                int(r["DOC_TOKEN_START"]),
                int(r["DOC_TOKEN_END"]),
                r["TYPE"],
            )
            for r in csv.DictReader(handle)
        ]


def category(finding: Finding) -> str | None:
    said = finding.evidence.get("category")
    return str(said) if said else CATEGORY_OF_KIND.get(finding.kind)


def marks(doc: str, findings: Iterable[Finding], answer: str) -> Iterator[Mark]:
    """Findings as token-range marks of the answer (whole-turn findings have no span)."""
    offsets = token_offsets(answer)
    last_end = -1
    for finding in sorted(findings, key=lambda f: f.span):
        cat = category(finding)
        if cat is None or finding.whole_turn:
            continue
        tokens = tokens_of_span(offsets, finding.span)
        if tokens is None or tokens[0] <= last_end:
            continue  # submitted spans may not overlap
        last_end = tokens[1]
        yield Mark(doc, tokens[0], tokens[1], cat)


def half_figures(folder: Path, halves: Iterable[str] = HALVES) -> dict[str, dict[str, tuple[float, float]]]:
    """Per half, NUMBER and NAME (recall, precision) with the boxscore profile, all confidences."""
    from nofab import Guard, Policy, Profile

    guard = Guard(Policy(), Profile.from_file(PROFILE))
    all_gold = gold(folder)
    out: dict[str, dict[str, tuple[float, float]]] = {}
    for half in halves:
        docs = {g.doc for g in games(folder) if half_of("accuracy-shared-task", g.doc) == half}
        submitted: list[Mark] = []
        for game in games(folder):
            if game.doc in docs:
                assessment = guard.assess(game.turn())
                submitted.extend(marks(game.doc, assessment.findings, assessment.evidence.answer))
        wanted = [m for m in all_gold if m.doc in docs]
        out[half] = {}
        for cat in ("NUMBER", "NAME"):
            s = score(wanted, submitted, cat)
            out[half][cat] = (s.recall, s.precision)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--half", choices=HALVES, help="only this half (default: both)")
    parser.add_argument("--data", type=Path, default=DATA)
    args = parser.parse_args(argv)
    figures = half_figures(args.data, (args.half,) if args.half else HALVES)
    print("half       category  recall  precision")
    for half, cats in figures.items():
        for cat, (recall, precision) in cats.items():
            print(f"{half:10} {cat:8}  {recall:.3f}   {precision:.3f}")


if __name__ == "__main__":
    sys.exit(main())
