"""Calibration from labels: precision and recall per kind at each threshold, and the
threshold to use for a target precision; and ``diff`` between two runs.

Precision and recall are measured on the labelled sample only (``tp`` and ``fp``; ``skip``
is ignored), counting every occurrence of a labelled finding: a finding seen in 40 turns
weighs 40 times, as it would on the traffic the guard will gate.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nofab.batch.store import RunStore

OVERALL = "(all kinds)"


@dataclass(frozen=True, slots=True)
class Point:
    threshold: float
    precision: float
    recall: float
    kept: int


@dataclass(slots=True)
class KindCalibration:
    kind: str
    tp: int
    fp: int
    points: list[Point] = field(default_factory=list)
    recommended: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "tp": self.tp,
            "fp": self.fp,
            "recommended_threshold": self.recommended,
            "points": [
                {
                    "threshold": p.threshold,
                    "precision": round(p.precision, 4),
                    "recall": round(p.recall, 4),
                    "kept": p.kept,
                }
                for p in self.points
            ],
        }


def curve(kind: str, labelled: list[tuple[float, bool]], target: float) -> KindCalibration:
    """The precision/recall curve of one kind from (confidence, is true positive) pairs."""
    tp_total = sum(1 for _c, ok in labelled if ok)
    result = KindCalibration(kind, tp_total, len(labelled) - tp_total)
    for t in sorted({round(c, 3) for c, _ok in labelled}):
        kept = [ok for c, ok in labelled if round(c, 3) >= t]
        tp = sum(kept)
        result.points.append(
            Point(t, tp / len(kept) if kept else 0.0, tp / tp_total if tp_total else 0.0, len(kept))
        )
    # The lowest threshold that meets the target keeps the most true positives.
    meeting = [p.threshold for p in result.points if p.precision >= target]
    result.recommended = min(meeting) if meeting else None
    return result


def calibrate(store: RunStore, target: float = 0.95) -> list[KindCalibration]:
    """One calibration per labelled kind, then the overall one (last)."""
    rows = store.con.execute(
        "SELECT f.kind, f.confidence, l.label FROM findings f JOIN labels l USING (fingerprint) "
        "WHERE l.label IN ('tp', 'fp')"
    ).fetchall()
    by_kind: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    for kind, confidence, label in rows:
        by_kind[kind].append((float(confidence), label == "tp"))
    out = [curve(kind, by_kind[kind], target) for kind in sorted(by_kind)]
    if rows:
        out.append(curve(OVERALL, [p for pairs in by_kind.values() for p in pairs], target))
    return out


def profile_data(calibrations: list[KindCalibration], base: dict[str, Any] | None = None) -> dict[str, Any]:
    """A profile with ``thresholds`` per kind; a kind whose precision never reaches the target
    gets 1.0, so only findings the detector is certain of can block."""
    data = dict(base or {})
    thresholds = dict(data.get("thresholds") or {})
    for cal in calibrations:
        if cal.kind != OVERALL:
            thresholds[cal.kind] = cal.recommended if cal.recommended is not None else 1.0
    data["thresholds"] = thresholds
    return data


def write_profile(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def diff(a: RunStore, b: RunStore) -> dict[str, list[dict[str, Any]]]:
    """Findings in ``b`` but not ``a`` (gained) and in ``a`` but not ``b`` (lost), matched by the
    input place (file, position, turn) and the position-free fingerprint."""
    query = (
        "SELECT t.source, t.position, t.sub, f.fingerprint, f.kind, f.identifier, "
        "max(f.confidence) AS confidence, any_value(f.reason) AS reason "
        "FROM findings f JOIN turns t USING (turn_id) GROUP BY ALL"
    )
    left = {_key(r): r for r in a.rows(query)}
    right = {_key(r): r for r in b.rows(query)}
    order = sorted
    return {
        "gained": [right[k] for k in order(set(right) - set(left))],
        "lost": [left[k] for k in order(set(left) - set(right))],
    }


def _key(row: dict[str, Any]) -> tuple[str, int, str, str]:
    return (row["source"], int(row["position"]), row["sub"] or "", row["fingerprint"])
