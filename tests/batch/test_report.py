"""Reports: SARIF 2.1.0, JUnit, JSONL, HTML (escaped, self-contained), calibration, diff."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from nofab.batch import page as html_page
from nofab.batch import report
from nofab.batch.audit import audit, settings_for
from nofab.batch.calibrate import calibrate, curve, diff, profile_data, write_profile
from nofab.batch.store import RunStore
from nofab.config.policy import Profile
from nofab.errors import InputError

from .conftest import NUMBER, jsonl


@pytest.fixture()
def store(corpus: Path, tmp_path: Path) -> RunStore:
    out = tmp_path / "run.duckdb"
    audit([str(corpus)], out, settings_for("observe", 0.8), progress=False)
    return RunStore(out)


def test_sarif_has_one_rule_per_kind_and_one_result_per_finding(store: RunStore) -> None:
    """SARIF 2.1.0 with rules = kinds, a result per finding, line regions and fingerprints."""
    doc = report.sarif(store)
    assert doc["version"] == "2.1.0"
    run = doc["runs"][0]
    rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert rules == sorted({"verb_claim", "kv", "unverified_number", "uuid"})
    assert len(run["results"]) == store.scalar("SELECT count(*) FROM findings")
    number = next(r for r in run["results"] if r["ruleId"] == "unverified_number")
    assert number["locations"][0]["physicalLocation"]["region"]["startLine"] == 3
    assert rules[number["ruleIndex"]] == "unverified_number"
    assert run["properties"]["sampled"] is False


def test_sarif_samples_past_the_cap_and_says_so(store: RunStore) -> None:
    """Past the result cap every kind keeps at least one result and a note says how many were dropped."""
    doc = report.sarif(store, max_results=2)
    run = doc["runs"][0]
    assert {r["ruleId"] for r in run["results"]} == {r["id"] for r in run["tool"]["driver"]["rules"]}
    assert run["properties"]["sampled"] is True
    note = run["invocations"][0]["toolExecutionNotifications"][0]["message"]["text"]
    assert note.startswith(f"sampled {len(run['results'])} of {run['properties']['total_findings']}")


def test_junit_one_case_per_turn_failures_at_threshold(store: RunStore) -> None:
    """One testcase per turn; a failure exactly when a finding reaches the threshold."""
    out = io.StringIO()
    report.write_junit(store, out)
    root = ET.fromstring(out.getvalue())
    cases = root.findall(".//testcase")
    assert len(cases) == 5
    failed = [c.get("name") for c in cases if c.find("failure") is not None]
    assert failed == ["line 2", "line 3", "line 4", "line 5"]
    out = io.StringIO()
    report.write_junit(store, out, threshold=0.95)
    assert [
        c.get("name")
        for c in ET.fromstring(out.getvalue()).findall(".//testcase")
        if c.find("failure") is not None
    ] == ["line 4"]


def test_jsonl_lists_every_finding(store: RunStore) -> None:
    """One JSON line per finding, with its place and span."""
    out = io.StringIO()
    report.write_jsonl(store, out)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(rows) == store.scalar("SELECT count(*) FROM findings")
    assert {"source", "position", "fingerprint", "span", "label"} <= set(rows[0])


def test_html_escapes_answers_and_tool_results(store: RunStore) -> None:
    """Answer and tool text is escaped, flagged spans are marked, and nothing is loaded from elsewhere."""
    page = html_page.html(store)
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<img src=x" not in page
    assert '<mark class="blocking" title="uuid 0.95' in page
    assert "http://" not in page.replace('xmlns="http://', "") and 'src="http' not in page
    assert "2026-01-02" in page  # findings over time from the turns' timestamps


def test_segments_cut_the_answer_around_spans() -> None:
    """The answer is rebuilt exactly, with each flagged span its own piece."""
    spans = [{"span_start": 4, "span_end": 7}, {"span_start": 0, "span_end": 0}]
    pieces = html_page.segments("abc XYZ def", spans)
    assert "".join(p["text"] for p in pieces) == "abc XYZ def"
    assert [p["text"] for p in pieces if p["finding"]] == ["XYZ"]


@pytest.mark.parametrize(
    ("pairs", "target", "recommended"),
    [
        ([(0.5, False), (0.8, True), (0.9, True)], 0.95, 0.8),
        ([(0.5, False), (0.8, False), (0.9, True)], 0.95, 0.9),
        ([(0.5, True), (0.8, True)], 0.95, 0.5),
        ([(0.9, False)], 0.5, None),
    ],
)
def test_curve_recommends_lowest_threshold_meeting_target(
    pairs: list[tuple[float, bool]], target: float, recommended: float | None
) -> None:
    """The recommendation is the lowest threshold whose precision meets the target, or none."""
    assert curve("k", pairs, target).recommended == recommended


def test_calibration_from_labels_writes_a_loadable_profile(store: RunStore, tmp_path: Path) -> None:
    """Labels -> precision per threshold -> a profile whose thresholds the guard loads."""
    fps = dict(store.con.execute("SELECT identifier, fingerprint FROM findings").fetchall())
    store.set_label(fps["I sent"], "tp", "ann")
    store.set_label(fps["I have deleted"], "fp", "ann")
    store.set_label(fps["I created"], "tp", "bob")
    with pytest.raises(InputError, match="unknown label"):
        store.set_label(fps["I sent"], "maybe", "ann")
    [verb, overall] = calibrate(store, 0.95)
    assert (verb.kind, verb.tp, verb.fp, verb.recommended) == ("verb_claim", 2, 1, None)
    assert verb.points[0].precision == pytest.approx(2 / 3)
    path = tmp_path / "p.json"
    write_profile(path, profile_data([verb, overall]))
    assert Profile.from_file(path).thresholds == {"verb_claim": 1.0}


def test_diff_reports_gained_and_lost(corpus: Path, tmp_path: Path, store: RunStore) -> None:
    """A finding present only in the second run is gained; one only in the first is lost."""
    other = tmp_path / "b"
    other.mkdir()
    jsonl(other / "turns.jsonl", [NUMBER])
    b_path = tmp_path / "b.duckdb"
    audit([str(other)], b_path, settings_for("observe", 0.8), progress=False)
    result = diff(store, RunStore(b_path, read_only=True))
    assert [r["identifier"] for r in result["gained"]] == ["1,234,567"]
    assert "1,234,567" in [r["identifier"] for r in result["lost"]] and len(result["lost"]) >= 5
