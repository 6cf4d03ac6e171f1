"""A standalone SVG of nccl-tests busbw against message size, hand-written and deterministic.

Drawn from a report's measurements: one line per collective run (best busbw of
each row, log-2 x axis), the model's band for the offering shaded per collective,
and the required busbw (the contract's threshold, or 80% of the model's typical
figure) as a dashed line.
"""

from __future__ import annotations

import math
from html import escape

from slacheck.perf.nccl.records import MAX_BUSBW
from slacheck.report.model import Report

WIDTH, HEIGHT = 760, 440
LEFT, RIGHT, TOP, BOTTOM = 70, 180, 30, 50
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf")


def _size_label(size: float) -> str:
    """8 -> 8B, 1048576 -> 1M, 8589934592 -> 8G."""
    for unit, scale in (("G", 2**30), ("M", 2**20), ("K", 2**10)):
        if size >= scale:
            return f"{size / scale:g}{unit}"
    return f"{size:g}B"


def render_plot(report: Report) -> str:
    """The SVG document (text) of every nccl-tests run in the report's measurements."""
    runs = [(entry["path"], {**run, "busbw_by_size": _plottable(run["busbw_by_size"])})
            for entry in report.measurements for run in entry["collectives"]]
    runs = [(path, run) for path, run in runs if run["busbw_by_size"]]
    names = list(dict.fromkeys(run["collective"] for _, run in runs))
    first = {name: next(run for _, run in runs if run["collective"] == name) for name in names}
    bands = {name: run["expected"] for name, run in first.items() if run["expected"]["typical"] is not None}
    required = {name: run["required_gbytes"] for name, run in first.items() if run["required_gbytes"] is not None}
    sizes = [size for _, run in runs for size, _ in run["busbw_by_size"]] or [8, 2**33]
    values = [busbw for _, run in runs for _, busbw in run["busbw_by_size"]]
    values += [band["ceiling"] for band in bands.values()] + list(required.values())
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
        band, need = bands.get(name), required.get(name)
        if band:
            out.append(f'<rect x="{LEFT}" y="{y(band["ceiling"]):.1f}" width="{plot_w}" '
                       f'height="{y(band["typical"]) - y(band["ceiling"]):.1f}" fill="{colour[name]}" '
                       f'fill-opacity="0.10"><title>{name} model band {band["typical"]:.1f}-{band["ceiling"]:.1f} GB/s'
                       '</title></rect>')
        if need is not None:
            out.append(f'<line x1="{LEFT}" y1="{y(need):.1f}" x2="{LEFT + plot_w}" y2="{y(need):.1f}" '
                       f'stroke="{colour[name]}" stroke-dasharray="6 4"/>')
        label = f"{name} (req. {need:.1f})" if need is not None else name
        out.append(f'<rect x="{LEFT + plot_w + 12}" y="{legend_y - 8}" width="12" height="3" fill="{colour[name]}"/>')
        out.append(f'<text x="{LEFT + plot_w + 28}" y="{legend_y - 4}">{escape(label, quote=False)}</text>')
        legend_y += 18
    for path, run in runs:
        points = " ".join(f"{x(size):.1f},{y(busbw):.1f}" for size, busbw in run["busbw_by_size"])
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour[run["collective"]]}" stroke-width="1.8">'
                   f'<title>{escape(path, quote=False)}: {run["collective"]}</title></polyline>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 10}" text-anchor="middle">message size (bytes, log scale)'
               '; shaded: model band; dashed: required busbw</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _plottable(points: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """The (size, busbw) points a plot can show: a positive size and a busbw from 0 up to what any
    interconnect could carry (a log's nan, negative or 1e308 figures are ACC009's business)."""
    return [(size, busbw) for size, busbw in points if size > 0 and busbw is not None and 0 <= busbw <= MAX_BUSBW]


def _nice(value: float) -> float:
    """A round axis maximum at or above ``value`` (1, 2 or 5 x 10^k)."""
    power = 10 ** math.floor(math.log10(value))
    return next(step * power for step in (1, 2, 5, 10) if step * power >= value)
