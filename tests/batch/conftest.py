"""Small hand-written inputs for the batch audit tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("duckdb", reason="the audit extra is not installed: pip install 'nofab[audit]'")

GROUNDED = {
    "response": "Your order A-1042 totals $42.73.",
    "tool_calls": [{"name": "get_order", "result": {"order_id": "A-1042", "total": 42.7333}}],
}
SENT = {
    "response": "Done, I sent it (task_id=9f2b1e47aa).",
    "tool_calls": [],
    "timestamp": "2026-01-02T10:00:00Z",
}
NUMBER = {
    "response": "Revenue was 1,234,567 dollars last quarter.",
    "tool_calls": [{"name": "q", "result": {"x": 5}}],
    "timestamp": "2026-01-03T10:00:00Z",
}
HOSTILE = {
    "response": "I created <script>alert(1)</script> ticket 9f2b1e47-00cb-4b42-8e12-cc07e0f0c1d0 for you.",
    "tool_calls": [{"name": "q", "result": "<img src=x onerror=alert(2)>"}],
}
DELETED = {
    "response": "I have deleted the file report.pdf.",
    "tool_calls": [{"name": "q", "result": {"x": 5}}],
}


def jsonl(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    """A folder with one clean JSONL file of five turns (four with findings)."""
    folder = tmp_path / "in"
    folder.mkdir()
    jsonl(folder / "turns.jsonl", [GROUNDED, SENT, NUMBER, HOSTILE, DELETED])
    return folder
