"""JUnit XML: one test suite per document, one test case per finding.

Errors and warnings are failures; info findings are passing cases with the
message in ``system-out``. A document without findings has one passing case;
a document that could not be read has one case with an ``error``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from slacheck.regexes import regex
from slacheck.report.labels import location
from slacheck.report.messages import words as catalogue
from slacheck.report.model import Report

_NOT_XML = regex("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _clean(text: str) -> str:
    """Text without characters XML 1.0 cannot carry (PDF text may have them)."""
    return _NOT_XML.sub("\ufffd", text)


def render_junit(*reports: Report) -> str:
    """The JUnit XML document."""
    root = ET.Element("testsuites", name="slacheck")
    total = failed = errors = 0
    for report in reports:
        path = report.documents[0].path if report.documents else "<document>"
        words = catalogue(report.language)
        suite = ET.SubElement(root, "testsuite", name=_clean(path))
        if report.failed:
            case = ET.SubElement(suite, "testcase", name="unusable document", classname=_clean(path))
            message = _clean(report.documents[0].error or "")
            ET.SubElement(case, "error", message=message, type="unusable").text = message
            suite.set("tests", "1")
            suite.set("failures", "0")
            suite.set("errors", "1")
            total, errors = total + 1, errors + 1
            continue
        if report.applied or report.distrusted:
            properties = ET.SubElement(suite, "properties")
            for entry in report.applied:
                ET.SubElement(properties, "property", name=f"slacheck.{entry.kind}",
                              value=_clean(f"{entry.file}, findings suppressed: {entry.suppressed}"))
            for name in report.distrusted:
                ET.SubElement(properties, "property", name="slacheck.not-applied", value=_clean(name))
        cases = failures = 0
        for finding in report.findings:
            evidence = finding.evidence[0]
            case = ET.SubElement(suite, "testcase", name=_clean(f"{finding.rule} {finding.title}"),
                                 classname=_clean(path), file=_clean(evidence.path), line=str(evidence.line))
            body = _clean(f"{location(evidence)} “{evidence.text}”\n{finding.message}\n{finding.fix}\n"
                          f"{words['fingerprint']} {finding.fingerprint}")
            cases += 1
            if finding.severity == "info":
                ET.SubElement(case, "system-out").text = body
                continue
            failures += 1
            failure = ET.SubElement(case, "failure", message=_clean(finding.message), type=finding.severity)
            failure.text = body
        if not cases:
            ET.SubElement(suite, "testcase", name=words["no_findings_case"], classname=_clean(path))
            cases = 1
        suite.set("tests", str(cases))
        suite.set("failures", str(failures))
        total, failed = total + cases, failed + failures
    root.set("tests", str(total))
    root.set("failures", str(failed))
    if errors:
        root.set("errors", str(errors))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
