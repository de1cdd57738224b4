"""Small inline SVG charts for the HTML report and the review page (no external assets).

Every piece of text put into the SVG goes through ``html.escape``: kind names come from
plugins and could hold anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

_FONT = 'font-family="system-ui,sans-serif" font-size="11"'


def bars(items: Sequence[tuple[str, float]], *, width: int = 560, color: str = "#c0392b") -> str:
    """Horizontal bars, one per (label, value), longest first as given."""
    if not items:
        return '<p class="muted">nothing to chart</p>'
    row, label_w = 20, 190
    top = max(v for _l, v in items) or 1
    height = row * len(items) + 6
    parts = [f'<svg class="chart" width="{width}" height="{height}" role="img" {_FONT}>']
    for i, (label, value) in enumerate(items):
        y = i * row + 3
        w = (width - label_w - 60) * value / top
        parts.append(
            f'<text x="{label_w - 6}" y="{y + 13}" text-anchor="end">{escape(label)}</text>'
            f'<rect x="{label_w}" y="{y}" width="{w:.1f}" height="{row - 5}" fill="{color}" rx="2"/>'
            f'<text x="{label_w + w + 4:.1f}" y="{y + 13}">{value:g}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def histogram(confidences: Sequence[float], *, bins: int = 10, width: int = 240, height: int = 70) -> str:
    """Counts of confidences in ``bins`` equal bins over [0, 1]."""
    counts = [0] * bins
    for c in confidences:
        counts[min(bins - 1, max(0, int(c * bins)))] += 1
    top = max(counts) or 1
    bar_w = width / bins
    parts = [f'<svg class="chart" width="{width}" height="{height + 14}" role="img" {_FONT}>']
    for i, n in enumerate(counts):
        h = (height - 4) * n / top
        title = f"{i / bins:.1f}–{(i + 1) / bins:.1f}: {n}"
        parts.append(
            f'<rect x="{i * bar_w + 1:.1f}" y="{height - h:.1f}" width="{bar_w - 2:.1f}" height="{h:.1f}" '
            f'fill="#2c7fb8"><title>{escape(title)}</title></rect>'
        )
    parts.append(
        f'<text x="0" y="{height + 12}">0</text><text x="{width / 2 - 8}" y="{height + 12}">0.5</text>'
        f'<text x="{width - 10}" y="{height + 12}">1</text></svg>'
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
