"""The bundled samples: intended HW/NET/OPS/SLA/COM findings, PDF = text, evidence with pages."""

import tomllib

import pytest

from slacheck.pipeline import Options, check_file

from conftest import SAMPLES

EXPECTED = tomllib.loads((SAMPLES / "EXPECTED.toml").read_text(encoding="utf-8"))
FAMILIES = ("HW", "NET", "OPS", "SLA", "COM")


def _rules(report) -> list[str]:
    return sorted(f.rule for f in report.findings if f.rule.startswith(FAMILIES))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sample_fires_intended_rules(name: str) -> None:
    report = check_file(SAMPLES / name, Options())
    assert _rules(report) == sorted(r for r in EXPECTED[name] if r.startswith(FAMILIES))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_pdf_and_text_give_the_same_findings(name: str) -> None:
    text = check_file(SAMPLES / name, Options())
    pdf = check_file((SAMPLES / name).with_suffix(".pdf"), Options())
    assert [f.rule for f in pdf.findings] == [f.rule for f in text.findings]
    assert pdf.documents[0].format == "pdf"


def test_pdf_evidence_carries_page_numbers() -> None:
    report = check_file(SAMPLES / "en_clean_h100_order_form.pdf", Options())
    pages = {e.page for path in ("nodes", "fabric.topology", "fabric.rate_gbps")
             for e in report.offering.fact(path).evidence}
    assert report.documents[0].pages >= 2
    assert pages and all(1 <= p <= report.documents[0].pages for p in pages)
    assert len(pages) >= 2


def test_clean_samples_have_no_contract_findings() -> None:
    clean = [name for name, rules in EXPECTED.items() if not rules]
    assert len(clean) >= 2
    for name in clean:
        assert _rules(check_file(SAMPLES / name, Options())) == []
