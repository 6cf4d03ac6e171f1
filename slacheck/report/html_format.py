"""HTML: one standalone page (inline CSS and SVG, no scripts, no external assets).

Per document: the summary, the configuration, waiver and baseline files applied (and those not), the
findings (errors, then warnings, then info; each beside the lines it quotes, see ``report.context``), what
could not be judged, the measurements chart, then the offering table folded in a ``<details>``.
Every piece of document and rule text goes through ``html.escape``.
"""

from __future__ import annotations

from html import escape
from typing import Mapping, Sequence

from slacheck.model import SEVERITIES, Finding
from slacheck.offering import fact_paths
from slacheck.report.context import ContextLine, excerpts, marked
from slacheck.report.labels import is_pdf, label, location, short_location, show_value
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
summary{cursor:pointer;font-weight:bold;margin:1rem 0}.fp{color:#666;font-size:.85em}
.files{color:#666}.distrusted,.unjudged{color:#8a5a00}
.beside{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1rem}
.passage{font-size:.9em;margin:.6rem 0}.passage td{border:none;padding:0 .4rem;white-space:pre-wrap;vertical-align:top}
.passage td.where{white-space:nowrap;text-align:right}.passage tr.quoted{background:#fafafa}"""


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
        parts.extend(_files(report, words))
        path = report.documents[0].path if report.documents else ""
        for severity in SEVERITIES:
            parts.extend(_finding(f, words, _passages(report.context, f, path))
                         for f in report.findings if f.severity == severity)
        if report.unjudged:
            parts.append('<ul class="unjudged">' + "".join(f"<li>? {escape(gap.message)}</li>"
                                                           for gap in report.unjudged) + "</ul>")
        if any(run["busbw_by_size"] for entry in report.measurements for run in entry["collectives"]):
            parts.append(f"<h2>{words['measurements']}</h2>\n" + render_plot(report))
        parts.append(_offering(report, language))
    parts.append("</body>\n</html>\n")
    return "\n".join(parts)


def _files(report: Report, words: Mapping[str, str]) -> list[str]:
    """The configuration, waiver and baseline files applied (with the findings each suppressed), and those
    found beside the document but not applied."""
    items = [f"<li>{escape(words['applied'].format(file=a.file, kind=a.kind, n=a.suppressed))}</li>"
             for a in report.applied]
    items += [f'<li class="distrusted">{escape(words["distrusted"].format(file=name))}</li>'
              for name in report.distrusted]
    return [f'<ul class="files">{"".join(items)}</ul>'] if items else []


def _finding(f: Finding, words: Mapping[str, str], passages: str) -> str:
    """One finding: title, message, quotes with their locations, the fix and the fingerprint; beside it the
    passages it comes from, when the report has them."""
    quotes = "".join(f'<li><span class="where">{escape(location(e))}</span> <mark>{escape(e.text)}</mark></li>'
                     for e in f.evidence)
    body = (f'<h3>{words[f.severity]} {escape(f.rule)}: {escape(f.title)}</h3>\n'
            f"<p>{escape(f.message)}</p>\n<ul>{quotes}</ul>\n<p><strong>{words['fix']}:</strong> {escape(f.fix)}</p>\n"
            f'<p class="fp">{words["fingerprint"]} <code>{escape(f.fingerprint)}</code></p>')
    if not passages:
        return f'<div class="finding {f.severity}">\n{body}\n</div>'
    return (f'<div class="finding {f.severity}">\n<div class="beside">\n<div>\n{body}\n</div>\n'
            f'<div class="passages">\n{passages}\n</div>\n</div>\n</div>')


def _passages(context: Sequence[ContextLine], f: Finding, path: str) -> str:
    """The passages a finding quotes, a few lines each, its quoted spans marked ("" when none is known)."""
    pdf = is_pdf(path)
    return "\n".join('<table class="passage">' + "".join(_row(line, f, path, pdf) for line in run) + "</table>"
                     for run in excerpts(context, f, path))


def _row(line: ContextLine, f: Finding, path: str, pdf: bool) -> str:
    """One line of a passage: where it is, and its text with the finding's quotes marked."""
    pieces = marked(line, f, path)
    text = "".join(f"<mark>{escape(piece)}</mark>" if quoted else escape(piece) for piece, quoted in pieces)
    quoted = ' class="quoted"' if any(quoted for _, quoted in pieces) else ""
    return (f'<tr{quoted}><td class="where">{escape(_line_label(line, pdf))}</td>'
            f"<td>{_cut(line, before=True)}{text}{_cut(line, before=False)}</td></tr>")


def _line_label(line: ContextLine, pdf: bool) -> str:
    """Where a context line is: its place in a Word, Excel, HTML or e-mail file, else its (page and) line."""
    if line.where:
        return line.where
    return f"p.{line.page} l.{line.number}" if pdf else str(line.number)


def _cut(line: ContextLine, *, before: bool) -> str:
    """An ellipsis where a long line was cut (before or after the text shown), else nothing."""
    cut = line.start > 0 if before else line.start + len(line.text) < line.length
    return "…" if cut else ""


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
