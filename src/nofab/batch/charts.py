"""Small inline SVG charts for the HTML report and the review page (no external assets).

Every piece of text put into the SVG goes through ``html.escape``: kind names come from
plugins and could hold anything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

_FONT = 'font-family="system-ui,sans-serif" font-size="11"'


#: Findings at or above their threshold; everything else is drawn neutral, not alarming.
BLOCKING = "#c0392b"
NEUTRAL = "#9aa5b1"


def bars(
    items: Sequence[tuple[str, float]],
    *,
    width: int = 560,
    color: str = BLOCKING,
    blocking: Mapping[str, float] | None = None,
) -> str:
    """Horizontal bars, one per (label, value), longest first as given, each with its count.

    With ``blocking`` (label -> how much of the value reaches the threshold) a bar is split:
    that part in ``color``, the rest neutral, and the count says both ("12 · 3 at/above").
    """
    if not items:
        return '<p class="muted">nothing to chart</p>'
    row, label_w = 20, 190
    top = max(v for _l, v in items) or 1
    height = row * len(items) + 6
    span = width - label_w - 110
    parts = [f'<svg class="chart" width="{width}" height="{height}" role="img" {_FONT}>']
    for i, (label, value) in enumerate(items):
        y = i * row + 3
        w = span * value / top
        hot = value if blocking is None else min(value, blocking.get(label, 0.0))
        hot_w = span * hot / top
        count = f"{value:g}" if blocking is None else f"{value:g} · {hot:g} at/above"
        parts.append(
            f'<text x="{label_w - 6}" y="{y + 13}" text-anchor="end">{escape(label)}</text>'
            f'<rect x="{label_w}" y="{y}" width="{w:.1f}" height="{row - 5}" fill="{NEUTRAL}" rx="2"/>'
            f'<rect x="{label_w}" y="{y}" width="{hot_w:.1f}" height="{row - 5}" fill="{color}" rx="2"/>'
            f'<text x="{label_w + w + 4:.1f}" y="{y + 13}">{escape(count)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def histogram(
    confidences: Sequence[float],
    *,
    bins: int = 10,
    width: int = 240,
    height: int = 70,
    threshold: float | None = None,
) -> str:
    """Counts of confidences in ``bins`` equal bins over [0, 1], each count written over its bar.

    With ``threshold``, bins at or above it are drawn in the blocking colour and the rest neutral.
    """
    counts = [0] * bins
    for c in confidences:
        counts[min(bins - 1, max(0, int(c * bins)))] += 1
    top = max(counts) or 1
    bar_w = width / bins
    room = 12  # for the counts above the tallest bar
    parts = [f'<svg class="chart" width="{width}" height="{height + room + 14}" role="img" {_FONT}>']
    for i, n in enumerate(counts):
        h = (height - 4) * n / top
        title = f"{i / bins:.1f}–{(i + 1) / bins:.1f}: {n}"
        hot = threshold is None or (i + 1) / bins > threshold + 1e-9
        parts.append(
            f'<rect x="{i * bar_w + 1:.1f}" y="{room + height - h:.1f}" width="{bar_w - 2:.1f}" '
            f'height="{h:.1f}" fill="{BLOCKING if hot else NEUTRAL}"><title>{escape(title)}</title></rect>'
        )
        if n:
            parts.append(
                f'<text x="{i * bar_w + bar_w / 2:.1f}" y="{room + height - h - 2:.1f}" '
                f'text-anchor="middle" font-size="9">{n}</text>'
            )
    base = room + height + 12
    parts.append(
        f'<text x="0" y="{base}">0</text><text x="{width / 2 - 8}" y="{base}">0.5</text>'
        f'<text x="{width - 10}" y="{base}">1</text></svg>'
    )
    return "".join(parts)


def series(points: Sequence[tuple[str, float]], *, width: int = 560, height: int = 120) -> str:
    """Columns over time: (period label, count)."""
    if not points:
        return '<p class="muted">no turn carries a timestamp</p>'
    top = max(v for _p, v in points) or 1
    col = (width - 40) / len(points)
    parts = [f'<svg class="chart" width="{width}" height="{height + 28}" role="img" {_FONT}>']
    for i, (period, value) in enumerate(points):
        h = (height - 6) * value / top
        x = 30 + i * col
        parts.append(
            f'<rect x="{x + 1:.1f}" y="{height - h:.1f}" width="{max(1.0, col - 2):.1f}" height="{h:.1f}" '
            f'fill="#8e44ad"><title>{escape(period)}: {value:g}</title></rect>'
        )
        if value and len(points) <= 40:  # a count over each column while they have room
            parts.append(
                f'<text x="{x + col / 2:.1f}" y="{height - h - 2:.1f}" text-anchor="middle" '
                f'font-size="9">{value:g}</text>'
            )
    parts.append(f'<text x="30" y="{height + 14}">{escape(points[0][0])}</text>')
    if len(points) > 1:
        parts.append(
            f'<text x="{width - 4}" y="{height + 14}" text-anchor="end">{escape(points[-1][0])}</text>'
        )
    parts.append(f'<text x="0" y="12">{top:g}</text></svg>')
    return "".join(parts)


def precision_curve(
    points: Sequence[tuple[float, float, float]], target: float, *, width: int = 260, height: int = 140
) -> str:
    """Precision (solid) and recall (dashed) against threshold, with the target as a line."""
    pad = 24
    w, h = width - 2 * pad, height - 2 * pad
    ty = pad + (1 - target) * h  # the target precision line

    def xy(t: float, v: float) -> str:
        return f"{pad + t * w:.1f},{pad + (1 - v) * h:.1f}"

    parts = [
        f'<svg class="chart" width="{width}" height="{height}" role="img" {_FONT}>',
        f'<rect x="{pad}" y="{pad}" width="{w}" height="{h}" fill="none" stroke="#bbb"/>',
        f'<line x1="{pad}" x2="{pad + w}" y1="{ty:.1f}" y2="{ty:.1f}" '
        f'stroke="#27ae60" stroke-dasharray="2,3"/>',
        f'<text x="{pad}" y="{height - 6}">threshold 0</text>'
        f'<text x="{pad + w}" y="{height - 6}" text-anchor="end">1</text>'
        f'<text x="2" y="{pad + 4}">1</text><text x="2" y="{pad + h}">0</text>',
    ]
    if points:
        pts = sorted(points)
        parts.append(
            f'<polyline fill="none" stroke="#c0392b" stroke-width="2" '
            f'points="{" ".join(xy(t, p) for t, p, _r in pts)}"/>'
            f'<polyline fill="none" stroke="#2c7fb8" stroke-dasharray="4,3" '
            f'points="{" ".join(xy(t, r) for t, _p, r in pts)}"/>'
        )
        for t, p, r in pts:
            parts.append(
                f'<circle cx="{xy(t, p).split(",")[0]}" cy="{xy(t, p).split(",")[1]}" r="2.5" fill="#c0392b">'
                f"<title>{escape(f'threshold {t:.2f}: precision {p:.2f}, recall {r:.2f}')}</title></circle>"
            )
    parts.append("</svg>")
    return "".join(parts)
