"""What the guard does to an answer: the flag block, the paragraph wipe, the refusal
envelope, and the corrective instruction for a revision."""

from __future__ import annotations

import re
from collections.abc import Sequence

from nofab.finding import Finding

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n+")

FLAG_HEADER = "⚠ nofab: the answer above makes claims that nothing this turn backs up:"
FLAG_FOOTER = "Treat these as unverified."


def flag_block(findings: Sequence[Finding]) -> str:
    """A visible warning listing each finding; appended, never replacing the answer."""
    lines = ["", "", "---", FLAG_HEADER]
    for f in findings:
        what = f'"{f.identifier}"' if f.identifier else "(whole answer)"
        lines.append(f"- {what} [{f.kind}, {f.confidence:.2f}]: {f.reason}")
    lines.append(FLAG_FOOTER)
    return "\n".join(lines)


def flag(answer: str, findings: Sequence[Finding]) -> str:
    return answer + flag_block(findings)


def paragraphs(text: str) -> list[tuple[int, int]]:
    """(start, end) of each paragraph: blocks separated by blank lines."""
    spans: list[tuple[int, int]] = []
    start = 0
    for brk in _PARAGRAPH_BREAK.finditer(text):
        if text[start : brk.start()].strip():
            spans.append((start, brk.start()))
        start = brk.end()
    if text[start:].strip():
        spans.append((start, len(text)))
    return spans


def wipe(answer: str, findings: Sequence[Finding]) -> tuple[str, int, int]:
    """Remove every paragraph that holds one of ``findings``.

    Returns (preserved text, preserved count, wiped count). A whole-turn finding cannot be
    located, so it wipes everything.
    """
    spans = paragraphs(answer)
    if any(f.whole_turn for f in findings):
        return "", 0, len(spans)
    kept = [(s, e) for s, e in spans if not any(f.span[0] < e and s < f.span[1] for f in findings)]
    return "\n\n".join(answer[s:e].strip("\n") for s, e in kept), len(kept), len(spans) - len(kept)


def revision_instruction(findings: Sequence[Finding], tools_ran: bool) -> str:
    """The corrective message sent to the agent's model: each finding and what was missing."""
    lines = [
        "Your previous answer contains claims that nothing in this turn's tool results, context "
        "or user message supports:"
    ]
    for f in findings:
        what = f'"{f.identifier}"' if f.identifier else "the answer as a whole"
        lines.append(f"- {what}: {f.reason}.")
    if tools_ran:
        lines.append(
            "Restate your answer using ONLY identifiers, numbers and actions that appear in the tool "
            "results above. Do not claim an action no tool performed. If something you need is "
            "missing, call the appropriate tool or say you could not do it."
        )
    else:
        lines.append(
            "NO tool was called this turn, so none of these is verified. Call the appropriate tool, "
            "or restate your answer without asserting them."
        )
    return "\n".join(lines)
