"""Reports over a run database: the summary table, JSON/JSONL, SARIF 2.1.0, JUnit XML, HTML."""

from __future__ import annotations

import json
import os
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO
from xml.sax.saxutils import escape as xml_escape
from xml.sax.saxutils import quoteattr

from nofab.batch.calibrate import calibrate
from nofab.batch.records import records_to_turns
from nofab.batch.store import RunStore
from nofab.config.policy import Profile
from nofab.model.turn import Turn

FORMATS = ("table", "json", "jsonl", "sarif", "junit", "html")
#: GitHub code scanning accepts at most 25,000 results per run and stores only 5,000; beyond
#: the cap we sample (every kind kept, most confident first) and say so in the file.
SARIF_MAX_RESULTS = 5000
#: Messages are clipped so that 5,000 results stay well under GitHub's 10 MB upload limit.
SARIF_MAX_MESSAGE = 1000
BANDS = ((0.8, "≥0.8"), (0.6, "0.6–0.8"), (0.0, "<0.6"))


def band(confidence: float) -> str:
    return next(label for low, label in BANDS if confidence >= low)


@dataclass(frozen=True, slots=True)
class Gate:
    """Which findings reach the threshold: the run's threshold and profile, or an override."""

    threshold: float
    profile: Profile

    @classmethod
    def of(cls, store: RunStore, threshold: float | None = None) -> Gate:
        meta = store.meta()
        profile = Profile.from_dict(json.loads(meta.get("profile") or "{}"))
        return cls(threshold if threshold is not None else float(meta.get("threshold", 0.8)), profile)

    def blocks(self, kind: str, confidence: float) -> bool:
        return confidence >= self.profile.threshold_for(kind, self.threshold)


# ---------------------------------------------------------------------- summary
def summary(store: RunStore) -> dict[str, Any]:
    """Counts for the table and the JSON report."""
    by_kind: dict[str, dict[str, int]] = defaultdict(lambda: {label: 0 for _low, label in BANDS})
    for kind, confidence, n in store.con.execute(
        "SELECT kind, round(confidence, 3), count(*) FROM findings GROUP BY ALL"
    ).fetchall():
        by_kind[kind][band(float(confidence))] += int(n)
    detectors = [
        {
            "detector": d,
            "calls": int(c),
            "seconds": round(float(s), 4),
            "us_per_call": round(1e6 * float(s) / int(c), 1) if c else 0.0,
        }
        for d, c, s in store.con.execute(
            "SELECT detector, sum(calls), sum(seconds) FROM timings GROUP BY 1 ORDER BY 3 DESC"
        ).fetchall()
    ]
    meta = store.meta()
    return {
        "run": str(store.path),
        "records": store.scalar("SELECT count(*) FROM records"),
        "input_errors": store.scalar("SELECT count(*) FROM records WHERE status = 'error'"),
        "turns": store.scalar("SELECT count(*) FROM turns"),
        "turns_with_findings": store.scalar("SELECT count(*) FROM turns WHERE n_findings > 0"),
        "turns_blocking": store.scalar("SELECT count(*) FROM turns WHERE blocking > 0"),
        "findings": store.scalar("SELECT count(*) FROM findings"),
        "labels": store.scalar("SELECT count(*) FROM labels"),
        "findings_by_kind": {
            k: dict(v) for k, v in sorted(by_kind.items(), key=lambda kv: -sum(kv[1].values()))
        },
        "detectors": detectors,
        "policy_digest": meta.get("policy_digest"),
        "profile_digest": meta.get("profile_digest"),
        "detector_versions": json.loads(meta.get("detector_versions") or "{}"),
        "mode": meta.get("mode"),
        "threshold": float(meta.get("threshold", 0.8)),
    }


def input_errors(store: RunStore, limit: int | None = None) -> list[dict[str, Any]]:
    sql = "SELECT source, unit, position, error FROM records WHERE status = 'error' ORDER BY source, position"
    return store.rows(sql + (f" LIMIT {int(limit)}" if limit else ""))


def print_table(store: RunStore, out: TextIO | None = None) -> None:
    """The audit's closing summary: counts, findings by kind and band, slowest detectors, errors."""
    from rich.console import Console
    from rich.table import Table

    data = summary(store)
    console = Console(file=out, highlight=False, soft_wrap=True)
    head = Table(show_header=False, box=None)
    for key in (
        "records",
        "input_errors",
        "turns",
        "turns_with_findings",
        "turns_blocking",
        "findings",
        "labels",
    ):
        head.add_row(key.replace("_", " "), f"{data[key]:,}")
    console.print(head)
    if data["findings_by_kind"]:
        kinds = Table(title="findings by kind and confidence", header_style="bold")
        kinds.add_column("kind")
        for _low, label in BANDS:
            kinds.add_column(label, justify="right")
        kinds.add_column("total", justify="right")
        for kind, bands in data["findings_by_kind"].items():
            kinds.add_row(kind, *(f"{bands[label]:,}" for _l, label in BANDS), f"{sum(bands.values()):,}")
        console.print(kinds)
    if data["detectors"]:
        slow = Table(title="slowest detectors", header_style="bold")
        for column in ("detector", "calls", "seconds", "µs/call"):
            slow.add_column(column, justify="left" if column == "detector" else "right")
        for d in data["detectors"][:5]:
            slow.add_row(d["detector"], f"{d['calls']:,}", f"{d['seconds']:.2f}", f"{d['us_per_call']:.0f}")
        console.print(slow)
    errors = input_errors(store, 10)
    if errors:
        console.print(f"input errors ({data['input_errors']:,}; first {len(errors)}):", style="yellow")
        for e in errors:
            console.print(f"  {e['source']}:{e['unit']} {e['position']}: {e['error']}", markup=False)


# ---------------------------------------------------------------------- JSON / JSONL
def findings_rows(store: RunStore) -> Iterator[dict[str, Any]]:
    yield from store.iter_rows(
        "SELECT t.source, t.unit, t.position, t.sub, t.ts, f.turn_id, f.fingerprint, f.kind, f.detector, "
        "f.identifier, f.confidence, f.severity, f.span_start, f.span_end, f.reason, f.evidence, l.label "
        "FROM findings f JOIN (SELECT turns.*, records.unit FROM turns JOIN records USING (record_key)) t "
        "USING (turn_id) LEFT JOIN labels l USING (fingerprint) "
        "ORDER BY t.source, t.position, f.turn_id, f.ordinal"
    )


def write_json(store: RunStore, out: TextIO) -> None:
    data = summary(store)
    data["input_errors_list"] = input_errors(store)
    data["calibration"] = [c.to_dict() for c in calibrate(store)]
    json.dump(data, out, indent=2, ensure_ascii=False, default=str)
    out.write("\n")


def write_jsonl(store: RunStore, out: TextIO) -> None:
    """One line per finding, with the place it came from."""
    for row in findings_rows(store):
        row["evidence"] = json.loads(row["evidence"] or "{}")
        row["span"] = [row.pop("span_start"), row.pop("span_end")]
        out.write(json.dumps(row, ensure_ascii=False, default=str) + "\n")


# ---------------------------------------------------------------------- SARIF
_LEVEL = {"high": "error", "medium": "warning", "low": "note"}


def _uri(source: str) -> str:
    try:
        rel = os.path.relpath(source)
    except ValueError:
        rel = source
    return Path(source).as_uri() if rel.startswith("..") else rel.replace(os.sep, "/")


def sarif(store: RunStore, max_results: int = SARIF_MAX_RESULTS) -> dict[str, Any]:
    """SARIF 2.1.0: one rule per kind, one result per finding, sampled past ``max_results``."""
    from nofab import __version__

    counts = dict(store.con.execute("SELECT kind, count(*) FROM findings GROUP BY 1 ORDER BY 1").fetchall())
    total = sum(counts.values())
    quota = {k: n for k, n in counts.items()}
    if total > max_results:
        # Proportional quota per kind, at least one each, so a rare kind is never sampled away.
        quota = {k: max(1, max_results * n // total) for k, n in counts.items()}
    rules = sorted(counts)
    index = {k: i for i, k in enumerate(rules)}
    taken: Counter[str] = Counter()
    results = []
    for row in store.iter_rows(
        "SELECT t.source, r.unit, t.position, t.sub, f.fingerprint, f.kind, f.identifier, f.confidence, "
        "f.severity, f.reason FROM findings f JOIN turns t USING (turn_id) JOIN records r USING (record_key) "
        "ORDER BY f.confidence DESC, f.fingerprint, t.source, t.position"
    ):
        kind = row["kind"]
        if taken[kind] >= quota[kind]:
            continue
        taken[kind] += 1
        where = f"{row['unit']} {row['position']}" + (f", {row['sub']}" if row["sub"] else "")
        what = f" `{row['identifier']}`" if row["identifier"] else ""
        message = f"{kind}{what}: {row['reason']} ({where}; confidence {row['confidence']:.2f})"
        results.append(
            {
                "ruleId": kind,
                "ruleIndex": index[kind],
                "level": _LEVEL.get(row["severity"], "warning"),
                "message": {"text": message[:SARIF_MAX_MESSAGE]},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": _uri(row["source"])},
                            "region": {"startLine": int(row["position"]) if row["unit"] == "line" else 1},
                        }
                    }
                ],
                "partialFingerprints": {"nofabFingerprint/v1": row["fingerprint"]},
                "properties": {"confidence": round(float(row["confidence"]), 3), "turn": where},
            }
        )
    sampled = len(results) < total
    notes = []
    if sampled:
        notes.append(
            {
                "level": "note",
                "message": {
                    "text": f"sampled {len(results)} of {total} findings to respect GitHub code scanning "
                    "limits (every kind kept, most confident first); `nofab report RUN --format jsonl` "
                    "lists them all"
                },
            }
        )
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "nofab",
                        "version": __version__,
                        "rules": [
                            {
                                "id": k,
                                "name": k,
                                "shortDescription": {"text": f"nofab finding kind {k}"},
                                "properties": {"findings": counts[k]},
                            }
                            for k in rules
                        ],
                    }
                },
                "invocations": [{"executionSuccessful": True, "toolExecutionNotifications": notes}],
                "results": results,
                "properties": {"sampled": sampled, "total_findings": total},
            }
        ],
    }


# ---------------------------------------------------------------------- JUnit
def write_junit(store: RunStore, out: TextIO, threshold: float | None = None) -> None:
    """One test case per turn, grouped in one suite per input file; a failure when a finding
    reaches the threshold (the run's, or ``threshold``)."""
    gate = Gate.of(store, threshold)
    failing: dict[str, list[tuple[str, float, str, str]]] = defaultdict(list)
    for turn_id, kind, conf, ident, reason in store.con.execute(
        "SELECT turn_id, kind, confidence, identifier, reason FROM findings ORDER BY turn_id, ordinal"
    ).fetchall():
        if gate.blocks(kind, float(conf)):
            failing[turn_id].append((kind, float(conf), ident, reason))
    totals = dict(store.con.execute("SELECT source, count(*) FROM turns GROUP BY 1").fetchall())
    fails: Counter[str] = Counter()
    for source, turn_id in store.con.execute("SELECT source, turn_id FROM turns").fetchall():
        if turn_id in failing:
            fails[source] += 1
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    out.write(
        f'<testsuites name="nofab audit" tests="{sum(totals.values())}" failures="{sum(fails.values())}">\n'
    )
    current = None
    for row in store.iter_rows(
        "SELECT t.turn_id, t.source, r.unit, t.position, t.sub "
        "FROM turns t JOIN records r USING (record_key) "
        "ORDER BY t.source, t.position, t.turn_id"
    ):
        source = row["source"]
        if source != current:
            if current is not None:
                out.write("  </testsuite>\n")
            current = source
            out.write(
                f"  <testsuite name={quoteattr(source)} "
                f'tests="{totals[source]}" failures="{fails[source]}">\n'
            )
        name = f"{row['unit']} {row['position']}" + (f" {row['sub']}" if row["sub"] else "")
        out.write(f"    <testcase classname={quoteattr(source)} name={quoteattr(name)}")
        found = failing.get(row["turn_id"])
        if not found:
            out.write("/>\n")
            continue
        message = f"{len(found)} finding(s) at or above the threshold"
        body = "\n".join(f"{kind} {conf:.2f} {ident!r}: {reason}" for kind, conf, ident, reason in found)
        out.write(
            f'>\n      <failure type="fabrication" message={quoteattr(message)}>'
            f"{xml_escape(body)}</failure>\n"
            "    </testcase>\n"
        )
    if current is not None:
        out.write("  </testsuite>\n")
    out.write("</testsuites>\n")


# ---------------------------------------------------------------------- HTML
class TurnLoader:
    """Re-derives turns from their stored record (records are split the same way every time)."""

    def __init__(self, store: RunStore) -> None:
        self.store = store
        self._cache: dict[str, list[tuple[str, Turn]]] = {}

    def turn(self, turn_id: str) -> Turn | None:
        key, _, index = turn_id.rpartition(":")
        if key not in self._cache:
            if len(self._cache) > 256:
                self._cache.clear()
            raw = self.store.scalar("SELECT raw FROM records WHERE record_key = ?", [key])
            try:
                self._cache[key] = records_to_turns(json.loads(raw)) if raw else []
            except Exception:
                self._cache[key] = []
        turns = self._cache[key]
        i = int(index)
        return turns[i][1] if i < len(turns) else None
