"""HTML: one standalone page (inline CSS and SVG, no scripts, no external assets).

Every piece of document and rule text goes through ``html.escape``.
"""

from __future__ import annotations

from html import escape

from slacheck.offering import fact_paths
from slacheck.report.labels import label, show_value
from slacheck.report.model import Report
from slacheck.report.plot_svg import render_plot

_CSS = """body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;color:#222}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left}
.finding{border-left:.4rem solid #888;padding:.2rem 1rem;margin:1rem 0}.error{border-color:#c62828}
.warning{border-color:#ef8f00}.info{border-color:#1565c0}mark{background:#fff3a0}.where{color:#666}"""


def render_html(*reports: Report) -> str:
    """The standalone HTML page."""
    language = reports[0].language if reports else "en"
    parts = [f'<!DOCTYPE html>\n<html lang="{language}">\n<head>\n<meta charset="utf-8">\n'
             f"<title>slacheck report</title>\n<style>{_CSS}</style>\n</head>\n<body>\n<h1>slacheck report</h1>"]
    for report in reports:
        for document in report.documents:
            parts.append(f"<h2>{escape(document.path)}</h2>\n<p>{escape(document.format)}, {document.pages} p., "
                         f"sha-256 <code>{escape(document.sha256)}</code></p>")
        rows = []
        for path in fact_paths():
            fact = report.offering.fact(path)
            if fact is None:
                continue
            where = ", ".join(f"p. {e.page}, l. {e.line}" for e in fact.evidence[:3])
            rows.append(f"<tr><td>{escape(label(path, language))}</td>"
                        f"<td>{escape(show_value(fact.value, language))}{' (hedged)' if fact.hedged else ''}</td>"
                        f"<td>{escape(where)}</td></tr>")
        parts.append("<table>\n<tr><th>Fact</th><th>Value</th><th>Where</th></tr>\n" + "\n".join(rows)
                     + "\n</table>")
        if any(run["busbw_by_size"] for entry in report.measurements for run in entry["collectives"]):
            parts.append("<h2>Acceptance measurements</h2>\n" + render_plot(report))
        s = report.summary
        parts.append(f"<p>{s.error} errors, {s.warning} warnings, {s.info} info</p>")
        for f in report.findings:
            quotes = "".join(f'<li><span class="where">{escape(e.path)} p. {e.page}, l. {e.line}, '
                             f"c. {e.column}</span> <mark>{escape(e.text)}</mark></li>" for e in f.evidence)
            parts.append(f'<div class="finding {f.severity}">\n<h3>{escape(f.severity)} {escape(f.rule)}: '
                         f"{escape(f.title)}</h3>\n<p>{escape(f.message)}</p>\n<ul>{quotes}</ul>\n"
                         f"<p><strong>Fix:</strong> {escape(f.fix)}</p>\n</div>")
    parts.append("</body>\n</html>\n")
    return "\n".join(parts)
