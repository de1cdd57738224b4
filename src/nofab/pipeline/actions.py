"""What the guard does to an answer: the flag block, the paragraph wipe, the refusal
envelope, and the corrective instruction for a revision."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from nofab.model.finding import Finding

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n+")

FLAG_HEADER = "⚠ nofab: the answer above makes claims that nothing this turn backs up:"
FLAG_FOOTER = "Treat these as unverified."


def flag_block(findings: Sequence[Finding], unchecked: str = "") -> str:
    """A visible warning listing each finding (and, when the check was incomplete, that the
    answer was not fully checked); appended, never replacing the answer."""
    lines = ["", "", "---", FLAG_HEADER]
    for f in findings:
        what = f'"{f.identifier}"' if f.identifier else "(whole answer)"
        lines.append(f"- {what} [{f.kind}, {f.confidence:.2f}]: {f.reason}")
    if unchecked:
        lines.append(f"- (whole answer): {unchecked}")
    lines.append(FLAG_FOOTER)
    return "\n".join(lines)


def flag(answer: str, findings: Sequence[Finding], unchecked: str = "") -> str:
    return answer + flag_block(findings, unchecked)


def render(
    action: str,
    answer: str,
    checked: str,
    blocking: Sequence[Finding],
    envelope: str,
    *,
    unchecked: str = "",
) -> tuple[str, dict[str, Any]]:
    """The text to show for ``action`` and the details it adds to the verdict.

    ``answer`` is the raw answer (flag appends to it); ``checked`` the cleaned one the spans
    index (wipe cuts it). ``unchecked`` says the check was incomplete: a flag says so, and a
    wipe cannot tell which paragraph went unchecked, so it keeps none.
    """
    if action == "flagged":
        return flag(answer, blocking, unchecked), {}
    if action == "wiped":
        if unchecked:
            text, kept, wiped = "", 0, len(paragraphs(checked))
        else:
            text, kept, wiped = wipe(checked, blocking)
        details = {"preserved_paragraphs": kept, "wiped_paragraphs": wiped, "preserved_text": text}
        return (text if kept else envelope), details
    if action == "refuse_replaced":
        return envelope, {}
    return answer, {}


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
    # A finding is at its span and wherever the same identifier is repeated (``repeated_at``:
    # an id reported once per answer is still wiped from every paragraph that cites it).
    places = [(a, b) for f in findings for a, b in (f.span, *f.evidence.get("repeated_at", ()))]
    kept = [(s, e) for s, e in spans if not any(a < e and s < b for a, b in places)]
    return "\n\n".join(answer[s:e].strip("\n") for s, e in kept), len(kept), len(spans) - len(kept)


#: What would have grounded each kind of finding, for the corrective instruction.
_NEEDED: dict[str, str] = {
    "uuid": "this exact identifier in a tool result, the context or the user message",
    "kv": "this exact identifier in a tool result, the context or the user message",
    "short_hex_near_verb": "this exact identifier in a tool result",
    "short_hex_near_key": "this exact identifier in a tool result",
    "hex_hash": "this exact hash in a tool result",
    "verb_claim": "a successful call to a tool that performs this action",
    "intent_action_no_tool": "a tool call that performs what the user asked for",
    "unverified_number": "this number (or one it rounds or converts from) in a tool result, "
    "the context or the user message",
    "phantom_tool": "a call to the tool you cited",
    "unavailable_tool_reference": "a call to the tool you cited",
    "bulk_failure": "tool calls that succeeded and returned these figures",
    "data_inflation": "as many rows in the tool results as you listed",
    "argument_without_provenance": "this argument value in a tool result, the context or the user message",
}


def missing_evidence(finding: Finding) -> str:
    """What this turn would have needed to back ``finding`` up, in one phrase."""
    needed = _NEEDED.get(finding.kind, "support in this turn's tool results, context or user message")
    looked_for = finding.evidence.get("tool_name_parts_looked_for")
    if finding.kind == "verb_claim" and looked_for:
        # The claimed action's own name first ("refund" before "cancel, credit, ...").
        action = str(finding.evidence.get("action", "")).removeprefix("profile:")
        parts = sorted((str(p) for p in looked_for), key=lambda p: (p not in action and action not in p, p))
        more = ", ..." if len(parts) > 6 else ""
        needed += f" (a tool whose name contains one of: {', '.join(parts[:6])}{more})"
    return needed


def revision_instruction(findings: Sequence[Finding], tools_ran: bool) -> str:
    """The corrective message sent to the agent's model: each finding, why it was flagged,
    and what evidence would have backed it up."""
    lines = [
        "Your previous answer contains claims that nothing in this turn's tool results, context "
        "or user message supports:"
    ]
    for f in findings:
        what = f'"{f.identifier}"' if f.identifier else "the answer as a whole"
        lines.append(f"- {what} [{f.kind}]: {f.reason}. Missing evidence: {missing_evidence(f)}.")
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
