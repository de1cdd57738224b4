"""The HTML report reads at a glance: tool output indented and collapsible, only what blocks
drawn in the alarming colour, counts written on the charts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nofab.batch import charts
from nofab.batch import page as html_page
from nofab.batch.audit import audit, settings_for
from nofab.batch.store import RunStore

from .conftest import jsonl

LONG = {
    "response": "Order ORD-7781 is on its way; the total is $42.73.",
    "tool_calls": [
        {
            "name": "get_order",
            "result": json.dumps({"order_id": "A-1", "total": 42.73, "lines": list(range(40))}),
        }
    ],
}
SHORT = {
    "response": "I have deleted the file report.pdf.",
    "tool_calls": [{"name": "lookup", "result": {"x": 5}}],
}


@pytest.fixture()
def page(tmp_path: Path) -> str:
    folder = tmp_path / "in"
    folder.mkdir()
    jsonl(folder / "t.jsonl", [LONG, SHORT])
    out = tmp_path / "run.duckdb"
    audit([str(folder)], out, settings_for("observe", 0.8), progress=False)
    return html_page.html(RunStore(out))


def test_tool_results_are_indented_and_long_ones_start_collapsed(page: str) -> None:
    blocks = re.findall(
        r"<details class=\"io\"( open)?><summary>(\w+) · ([^<]*)</summary><pre>(.*?)</pre>", page, re.S
    )
    results = {
        body.split("\n")[1].strip(): (is_open, summary)
        for is_open, what, summary, body in blocks
        if what == "result"
    }
    # JSON text was parsed and indented: one key per line
    long_open, long_summary = results["&#34;order_id&#34;: &#34;A-1&#34;,"]
    assert long_open == "" and long_summary.startswith("46 lines")
    short_open, short_summary = results["&#34;x&#34;: 5"]
    assert short_open == " open" and short_summary.startswith("3 lines")


def test_only_findings_at_or_above_the_threshold_are_red() -> None:
    svg = charts.bars([("verb_claim", 4.0), ("ungrounded_entity", 2.0)], blocking={"verb_claim": 3.0})
    rects = re.findall(r'<rect x="\d+" y="(\d+)" width="([\d.]+)" height="\d+" fill="(#\w+)"', svg)
    by_row: dict[str, dict[str, float]] = {}
    for y, width, fill in rects:
        by_row.setdefault(y, {})[fill] = float(width)
    first, second = (by_row[y] for y in sorted(by_row, key=int))
    assert first[charts.BLOCKING] == pytest.approx(0.75 * first[charts.NEUTRAL])
    assert second[charts.BLOCKING] == 0  # a kind that never blocks draws no red
    assert "4 · 3 at/above" in svg and "2 · 0 at/above" in svg


def test_histogram_bins_below_the_threshold_are_neutral_and_counted() -> None:
    svg = charts.histogram([0.55, 0.55, 0.65, 0.9], threshold=0.8)
    fills = re.findall(r'fill="(#\w+)"><title>([\d.]+)–', svg)
    assert {start: fill for fill, start in fills}["0.5"] == charts.NEUTRAL
    assert {start: fill for fill, start in fills}["0.9"] == charts.BLOCKING
    assert re.findall(r'font-size="9">(\d+)</text>', svg) == ["2", "1", "1"]


def test_report_kinds_chart_splits_by_threshold(page: str) -> None:
    assert "at/above" in page and charts.NEUTRAL in page
