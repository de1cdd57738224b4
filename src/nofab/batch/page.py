"""The HTML report: the page, one turn's view (shared with the review page), the charts' data.

Everything shown is untrusted text (answers, tool results, reasons): the templates autoescape,
and the charts escape what they draw.
"""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter, defaultdict
from typing import Any

from nofab.batch import charts
from nofab.batch.calibrate import calibrate
from nofab.batch.report import Gate, TurnLoader, input_errors, summary
from nofab.batch.store import RunStore
from nofab.language.text import clean_answer
from nofab.model.turn import parse_json_text


def segments(answer: str, spans: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The answer cut into plain and flagged pieces (spans do not overlap after the guard's dedupe)."""
    out: list[dict[str, Any]] = []
    pos = 0
    for f in sorted((s for s in spans if s["span_end"] > s["span_start"]), key=lambda s: s["span_start"]):
        start, end = max(pos, f["span_start"]), min(len(answer), f["span_end"])
        if start >= end:
            continue
        if start > pos:
            out.append({"text": answer[pos:start], "finding": None})
        out.append({"text": answer[start:end], "finding": f})
        pos = end
    if pos < len(answer):
        out.append({"text": answer[pos:], "finding": None})
    return out


def _clip(value: Any, limit: int = 1500) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[:limit] + f" … ({len(text) - limit:,} more characters)"


#: Tool output up to this many lines is shown open; longer output starts collapsed.
_OPEN_LINES = 12


def _pretty(value: Any, limit: int) -> dict[str, Any]:
    """A tool's arguments or result as indented JSON (JSON text is parsed first), clipped, with
    a one-line summary for the collapsible block."""
    parsed = parse_json_text(value)
    if isinstance(parsed, str):
        text = parsed
    else:
        text = json.dumps(parsed, ensure_ascii=False, indent=2, default=str)
    lines = text.count("\n") + 1
    return {
        "text": _clip(text, limit),
        "summary": f"{lines:,} line{'s' if lines != 1 else ''}, {len(text):,} characters",
        "open": lines <= _OPEN_LINES,
    }


def turn_view(store: RunStore, loader: TurnLoader, turn: dict[str, Any], gate: Gate) -> dict[str, Any]:
    """What the HTML report and the review page show for one turn."""
    findings = store.rows(
        "SELECT f.*, l.label, l.who, CAST(date_trunc('second', l.labelled_at) AS VARCHAR) AS labelled_at "
        "FROM findings f LEFT JOIN labels l USING (fingerprint) WHERE turn_id = ? ORDER BY ordinal",
        [turn["turn_id"]],
    )
    for f in findings:
        f["blocking"] = gate.blocks(f["kind"], f["confidence"])
        f["evidence"] = json.loads(f["evidence"] or "{}")
    loaded = loader.turn(turn["turn_id"])
    answer = clean_answer(loaded.response if loaded else turn["response"])
    return {
        **turn,
        "segments": segments(answer, findings),
        "findings": findings,
        "user_message": _clip(loaded.user_message, 800) if loaded else "",
        "context": _clip(loaded.context, 800) if loaded else "",
        "tool_calls": [
            {
                "name": c.name,
                "status": c.status,
                "arguments": _pretty(c.arguments or {}, 1200),
                "result": _pretty(c.error if c.error else c.result, 4000),
            }
            for c in (loaded.tool_calls if loaded else ())
        ],
    }


def _over_time(store: RunStore) -> list[tuple[str, float]]:
    """Findings per day (per month past a year), with empty periods kept so gaps show."""
    counts: Counter[dt.date] = Counter()
    for ts, n in store.con.execute(
        "SELECT ts, sum(n_findings) FROM turns WHERE ts IS NOT NULL GROUP BY 1"
    ).fetchall():
        day = _day(ts)
        if day:
            counts[day] += int(n or 0)
    if not counts:
        return []
    first, last = min(counts), max(counts)
    if (last - first).days <= 366:
        days = (first + dt.timedelta(days=i) for i in range((last - first).days + 1))
        return [(d.isoformat(), float(counts[d])) for d in days]
    months: Counter[str] = Counter()
    for d, n in counts.items():
        months[d.strftime("%Y-%m")] += n
    return sorted((m, float(n)) for m, n in months.items())


def _day(value: str) -> dt.date | None:
    try:
        if value.replace(".", "", 1).isdigit():
            return dt.datetime.fromtimestamp(float(value), dt.UTC).date()
        return dt.datetime.fromisoformat(value.replace("Z", "+00:00")).date()
    except (ValueError, OverflowError, OSError):
        return None


def calibration_view(store: RunStore, target: float) -> list[dict[str, Any]]:
    return [
        {
            **c.to_dict(),
            "svg": charts.precision_curve([(p.threshold, p.precision, p.recall) for p in c.points], target),
        }
        for c in calibrate(store, target)
    ]


def environment() -> Any:
    from nofab.batch.extra import require

    jinja2: Any = require("jinja2")
    return jinja2.Environment(
        loader=jinja2.PackageLoader("nofab", "templates"),
        autoescape=True,  # every answer, tool result and reason is untrusted text
        trim_blocks=True,
        lstrip_blocks=True,
    )


def html(store: RunStore, limit: int = 300, target: float = 0.95) -> str:
    """The self-contained HTML report."""
    env = environment()  # first: it says how to install jinja2 (and so markupsafe) when missing
    from markupsafe import Markup

    data = summary(store)
    gate = Gate.of(store)
    loader = TurnLoader(store)
    turns = store.rows(
        "SELECT t.*, r.unit FROM turns t JOIN records r USING (record_key) WHERE t.n_findings > 0 "
        "ORDER BY t.max_confidence DESC, t.source, t.position, t.turn_id LIMIT ?",
        [limit],
    )
    confidences: dict[str, list[float]] = defaultdict(list)
    for kind, conf in store.con.execute("SELECT kind, confidence FROM findings").fetchall():
        confidences[kind].append(float(conf))
    kinds = [(k, float(sum(v.values()))) for k, v in data["findings_by_kind"].items()]
    # Kinds (and confidences) below their threshold are drawn neutral: only what blocks is red.
    thresholds = {k: gate.profile.threshold_for(k, gate.threshold) for k, _n in kinds}
    blocking = {k: float(sum(1 for c in confidences[k] if gate.blocks(k, c))) for k, _n in kinds}
    return str(
        env.get_template("report.html.j2").render(
            s=data,
            meta=store.meta(),
            generated=dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            kinds_chart=Markup(charts.bars(kinds, blocking=blocking)),
            histograms=[
                (k, Markup(charts.histogram(confidences[k], threshold=thresholds[k]))) for k, _n in kinds
            ],
            over_time=Markup(charts.series(_over_time(store))),
            timed=store.scalar("SELECT count(*) FROM turns WHERE ts IS NOT NULL"),
            turns=[turn_view(store, loader, t, gate) for t in turns],
            shown=len(turns),
            errors=input_errors(store, 200),
            calibration=[{**c, "svg": Markup(c["svg"])} for c in calibration_view(store, target)],
            target=target,
        )
    )
