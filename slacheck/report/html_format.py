"""HTML: one standalone page (inline CSS and SVG, no scripts, no external assets).

Per document: the summary, the findings (errors, then warnings, then info),
the measurements chart, then the offering table folded in a ``<details>``.
Every piece of document and rule text goes through ``html.escape``.
"""

from __future__ import annotations

from html import escape
from typing import Mapping

from slacheck.model import SEVERITIES, Finding
from slacheck.offering import fact_paths
from slacheck.report.labels import label, location, short_location, show_value
from slacheck.report.messages import counts, pages
from slacheck.report.messages import words as catalogue
from slacheck.report.model import Report
from slacheck.report.plot_svg import render_plot

_FONTS = ('system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","PingFang SC","Hiragino Sans GB",'
          '"Microsoft YaHei","Noto Sans CJK SC","Source Han Sans SC","WenQuanYi Micro Hei",sans-serif')
"""Latin faces first, then a CJK face on every platform, so Chinese text never falls back to a missing glyph."""
_CSS = """body{font-family:""" + _FONTS + """;max-width:60rem;margin:2rem auto;color:#222}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left}
.finding{border-left:.4rem solid #888;padding:.2rem 1rem;margin:1rem 0}.error{border-color:#c62828}
.warning{border-color:#ef8f00}.info{border-color:#1565c0}mark{background:#fff3a0}.where{color:#666}
summary{cursor:pointer;font-weight:bold;margin:1rem 0}.fp{color:#666;font-size:.85em}"""


def render_html(*reports: Report) -> str:
    """The standalone HTML page."""
    language = reports[0].language if reports else "en"
    words = catalogue(language)
    parts = [f'<!DOCTYPE html>\n<html lang="{language}">\n<head>\n<meta charset="utf-8">\n'
             f"<title>{words['report']}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n<h1>{words['report']}</h1>"]
    for report in reports:
        for document in report.documents:
            assert document.format and document.pages is not None and document.sha256, "only read documents"
            parts.append(f"<h2>{escape(document.path)}</h2>\n<p>{escape(document.format)}, "
                         f"{pages(document.pages, language)}, "
                         f"sha-256 <code>{escape(document.sha256)}</code></p>")
        s = report.summary
        parts.append(f"<p>{escape(counts(s.error, s.warning, s.info, language))}</p>")
        for severity in SEVERITIES:
            parts.extend(_finding(f, words) for f in report.findings if f.severity == severity)
        if any(run["busbw_by_size"] for entry in report.measurements for run in entry["collectives"]):
            parts.append(f"<h2>{words['measurements']}</h2>\n" + render_plot(report))
        parts.append(_offering(report, language))
    parts.append("</body>\n</html>\n")
    return "\n".join(parts)


def _finding(f: Finding, words: Mapping[str, str]) -> str:
    """One finding: title, message, quotes with their locations, the fix and the fingerprint."""
    quotes = "".join(f'<li><span class="where">{escape(location(e))}</span> <mark>{escape(e.text)}</mark></li>'
                     for e in f.evidence)
    return (f'<div class="finding {f.severity}">\n<h3>{words[f.severity]} {escape(f.rule)}: {escape(f.title)}</h3>\n'
            f"<p>{escape(f.message)}</p>\n<ul>{quotes}</ul>\n<p><strong>{words['fix']}:</strong> {escape(f.fix)}</p>\n"
            f'<p class="fp">{words["fingerprint"]} <code>{escape(f.fingerprint)}</code></p>\n</div>')


def _offering(report: Report, language: str) -> str:
    """The offering table, folded: what the document promises and where."""
    words = catalogue(language)
    rows = []
    for path in fact_paths():
        fact = report.offering.fact(path)
        if fact is None:
            continue
        where = ", ".join(list(dict.fromkeys(short_location(e, language) for e in fact.evidence))[:3])
        hedged = f" ({words['hedged']})"
        rows.append(f"<tr><td>{escape(label(path, language))}</td>"
                    f"<td>{escape(show_value(fact.value, language))}{hedged if fact.hedged else ''}</td>"
                    f"<td>{escape(where)}</td></tr>")
    return (f"<details>\n<summary>{words['offering']}</summary>\n<table>\n<tr><th>{words['fact']}</th>"
            f"<th>{words['value']}</th><th>{words['where']}</th></tr>\n" + "\n".join(rows) + "\n</table>\n</details>")
