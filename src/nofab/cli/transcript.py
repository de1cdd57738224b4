"""``nofab check`` on more than one turn: a transcript, or a file of many transcripts.

``check.py`` hands over here when the input is not a single turn object. A transcript is
read by the adapters (every turn they extract, one verdict each); a JSON array of
transcripts or turns (a τ-bench results file: an array of trajectories) is read item by
item, as ``nofab audit`` reads it, each turn named ``[item].where``. JSON output is
``{"format": ..., "turns": [{"index", "where", <the verdict>}, ...], "summary": {...}}``;
the exit status is that of the worst turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nofab.adapters import FORMATS, ExtractedTurn, detect_format, extract_turns
from nofab.errors import InputError

#: ``--input-format`` choices: ``auto`` detects, the rest force one reader.
INPUT_FORMATS: tuple[str, ...] = ("auto", *FORMATS)

#: The format name a file of many transcripts (or turns) is reported under.
COLLECTION = "collection"


def input_format_of(raw: Any, requested: str, label: str) -> str:
    """The format to read ``raw`` with: the requested one, the detected one, or
    ``collection`` for an array whose items are each a transcript or a turn."""
    if requested != "auto":
        return requested
    try:
        return detect_format(raw)
    except InputError as exc:
        if _is_collection(raw):
            return COLLECTION
        raise type(exc)(exc.detail, label) from None


def _is_collection(raw: Any) -> bool:
    # Every item must be recognisable on its own; one that is not is reported by its index.
    if not isinstance(raw, list) or not raw or not all(isinstance(item, Mapping) for item in raw):
        return False
    try:
        detect_format(raw[0])
    except InputError:
        return False
    return True


def extract(raw: Any, input_format: str, label: str) -> list[ExtractedTurn]:
    """The turns of ``raw``; errors name the source and the field (``FILE: messages[4].role``)."""
    if input_format == COLLECTION:
        turns: list[ExtractedTurn] = []
        for i, item in enumerate(raw):
            try:
                found = extract_turns(item)
            except InputError as exc:
                inner = f".{exc.where}" if exc.where not in ("", "input") else ""
                raise type(exc)(exc.detail, f"{label}: [{i}]{inner}") from None
            for extracted in found:
                where = f"[{i}].{extracted.where}" if extracted.where else f"[{i}]"
                turns.append(ExtractedTurn(index=extracted.index, where=where, turn=extracted.turn))
        return turns
    try:
        return extract_turns(raw, None if input_format == "auto" else input_format)
    except InputError as exc:
        # "input" is how adapters name the whole document; the file name says that already.
        where = f"{label}: {exc.where}" if exc.where not in ("", "input") else label
        raise type(exc)(exc.detail, where) from None
