"""Every evidence span quotes the original document exactly at its page, line and column."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slacheck.documents import Document, document_from_text, load_document
from slacheck.extract import extract

from conftest import SAMPLES

# Fragments the grammar knows, in original (often full-width) spelling, mixed with arbitrary text.
FRAGMENTS = ["８卡", "Ｈ１００", "H100 SXM5 80GB", "4 台", "×", "x", "2 nodes", "NVLink 900GB/s", "NVSwitch",
             "全互联", "InfiniBand NDR 400Gb/s", "RoCE v2", "支持 RDMA", "每台 8 张 ConnectX-7 网卡", "共 64 卡",
             "端口共享", "收敛比 2:1", "1:1 non-blocking", "不含光模块", "以咨询为准", "可选", "预估", "万兆",
             "25GbE", "QM9700", "32 个端口", "胖树", "跨机房", "预留扩展", "序列号", "，", "。", "\n", "　", " | "]


def assert_evidence_exact(document: Document) -> int:
    lines = {(line.page, line.number): line.text for line in document.lines}
    checked = 0
    for statement in extract(document).statements:
        for evidence in statement.evidence:
            text = lines[(evidence.page, evidence.line)]
            start = evidence.column - 1
            assert text[start:start + len(evidence.text)] == evidence.text
            assert evidence.text
            checked += 1
    return checked


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=6)), max_size=40))
def test_evidence_slices_back_to_the_original(parts: list[str]) -> None:
    assert_evidence_exact(document_from_text("".join(parts)))


def test_evidence_is_exact_on_every_sample_pdf_and_text() -> None:
    checked = 0
    for path in sorted(SAMPLES.glob("*.*")):
        if path.suffix in (".pdf", ".md", ".txt") and path.name != "README.md":
            checked += assert_evidence_exact(load_document(path))
    assert checked > 500
