"""The fixed tuning and checking halves of each visible corpus (``../shared/data/splits.json``).

Rules and profiles are tuned on the tuning half; the checking half is reported as the
headline and never tuned on. Keys: τ-bench by task id, ToolTalk by the conversation file's
path under ``tooltalk/`` (``easy/X.json``), the shared task by text id (``S001``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Literal

Half = Literal["tuning", "checking"]
HALVES: tuple[Half, ...] = ("tuning", "checking")
SPLITS = Path(__file__).resolve().parents[2] / "shared" / "data" / "splits.json"


@cache
def _table(path: Path = SPLITS) -> dict[str, dict[str, Half]]:
    raw = json.loads(path.read_text("utf-8"))
    out: dict[str, dict[str, Half]] = {}
    for corpus, spec in raw.items():
        if corpus.startswith("_"):
            continue
        out[corpus] = {str(key): half for half in HALVES for key in spec.get(half, ())}
    return out


def half_of(corpus: str, key: str | int) -> Half:
    """The half a τ-bench task id, ToolTalk path or shared-task text id belongs to."""
    try:
        return _table()[corpus][str(key)]
    except KeyError:
        raise KeyError(f"{key!r} is in no half of {corpus!r} in {SPLITS}") from None


def corpus_keys(corpus: str) -> list[str]:
    """The corpus names splits.json knows."""
    return sorted(_table()[corpus])
