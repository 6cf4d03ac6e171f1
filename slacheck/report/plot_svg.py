"""A standalone SVG of nccl-tests busbw against message size, hand-written and deterministic.

One line per collective run (best busbw of each row, log-2 x axis), the model's
band for the offering shaded per collective, and the contract threshold (or the
80%-of-typical requirement) as a dashed line.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from slacheck.offering import Offering
from slacheck.perf.nccl_log import NcclLog
from slacheck.rules import measured

WIDTH, HEIGHT = 760, 440
LEFT, RIGHT, TOP, BOTTOM = 70, 180, 30, 50
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf")


def _size_label(size: float) -> str:
    """8 -> 8B, 1048576 -> 1M, 8589934592 -> 8G."""
    for unit, scale in (("G", 2**30), ("M", 2**20), ("K", 2**10)):
        if size >= scale:
            return f"{size / scale:g}{unit}"
    return f"{size:g}B"


def render_plot(offering: Offering, logs: list[NcclLog], thresholds: dict[str, float]) -> str:
    """The SVG document (text) of every collective run in ``logs``."""
    runs = [(log, c) for log in logs for c in log.collectives if any(r.best_busbw for r in c.rows)]
    spec = measured.cluster_spec(offering)
    names = list(dict.fromkeys(c.collective for _, c in runs))
    bands = {name: measured.expected_band(spec, name) for name in names}
    sizes = [r.size_bytes for _, c in runs for r in c.rows if r.size_bytes > 0] or [8, 2**33]
    values = [r.best_busbw or 0.0 for _, c in runs for r in c.rows]
    values += [b.ceiling for b in bands.values() if b] + [thresholds.get(n, 0.0) for n in names]
    x_low, x_high = math.log2(min(sizes)), max(math.log2(max(sizes)), math.log2(min(sizes)) + 1)
    y_high = _nice(max(values, default=1.0) * 1.05 or 1.0)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(size: float) -> float:
        return LEFT + (math.log2(size) - x_low) / (x_high - x_low) * plot_w

    def y(busbw: float) -> float:
        return TOP + plot_h - busbw / y_high * plot_h

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="11">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           f'<text x="{LEFT}" y="18" font-size="13">nccl-tests busbw (GB/s) vs message size</text>']
    for i in range(6):
        value = y_high * i / 5
        out.append(f'<line x1="{LEFT}" y1="{y(value):.1f}" x2="{LEFT + plot_w}" y2="{y(value):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{value:g}</text>')
    for power in range(math.ceil(x_low), math.floor(x_high) + 1, 3):
        px = x(2**power)
        out.append(f'<line x1="{px:.1f}" y1="{TOP}" x2="{px:.1f}" y2="{TOP + plot_h}" stroke="#eee"/>')
        out.append(f'<text x="{px:.1f}" y="{TOP + plot_h + 16}" text-anchor="middle">{_size_label(2**power)}</text>')
    out.append(f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#333"/>')
    colour = {name: COLOURS[i % len(COLOURS)] for i, name in enumerate(names)}
    legend_y = TOP + 10
    for name in names:
        band, threshold = bands[name], thresholds.get(name)
        if band:
            out.append(f'<rect x="{LEFT}" y="{y(band.ceiling):.1f}" width="{plot_w}" '
                       f'height="{y(band.typical) - y(band.ceiling):.1f}" fill="{colour[name]}" fill-opacity="0.10">'
                       f'<title>{name} model band {band.typical:.1f}-{band.ceiling:.1f} GB/s</title></rect>')
        required = threshold if threshold is not None else (measured.FALLBACK_SHARE * band.typical if band else None)
        if required is not None:
            out.append(f'<line x1="{LEFT}" y1="{y(required):.1f}" x2="{LEFT + plot_w}" y2="{y(required):.1f}" '
                       f'stroke="{colour[name]}" stroke-dasharray="6 4"/>')
        label = f"{name} (req. {required:.1f})" if required is not None else name
        out.append(f'<rect x="{LEFT + plot_w + 12}" y="{legend_y - 8}" width="12" height="3" fill="{colour[name]}"/>')
        out.append(f'<text x="{LEFT + plot_w + 28}" y="{legend_y - 4}">{escape(label)}</text>')
        legend_y += 18
    for log, run in runs:
        points = [(x(r.size_bytes), y(r.best_busbw)) for r in run.rows if r.size_bytes > 0 and r.best_busbw]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour[run.collective]}" stroke-width="1.8">'
                   f'<title>{escape(log.path)}: {run.collective}</title></polyline>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 10}" text-anchor="middle">message size (bytes, log scale)'
               '; shaded: model band; dashed: required busbw</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _nice(value: float) -> float:
    """A round axis maximum at or above ``value`` (1, 2 or 5 x 10^k)."""
    power = 10 ** math.floor(math.log10(value))
    return next(step * power for step in (1, 2, 5, 10) if step * power >= value)
