"""Shared test fixtures: where the real public logs and our samples live."""

import os
from pathlib import Path

import pytest

from slacheck.documents import document_from_text
from slacheck.extract import extract
from slacheck.offering import Evidence, Offering, assemble
from slacheck.rules.engine import Finding, check
from slacheck.rules.pack import Rule

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
REALDATA = Path(os.environ.get("SLACHECK_REALDATA", ROOT.parent / "shared" / "realdata"))
SCHEMAS = ROOT.parent / "shared" / "schemas"


@pytest.fixture(scope="session")
def realdata() -> Path:
    """The folder of real nccl-tests and perftest logs (../shared/realdata)."""
    if not REALDATA.is_dir():
        pytest.fail(f"real logs not found at {REALDATA}; set SLACHECK_REALDATA")
    return REALDATA


@pytest.fixture(scope="session")
def schemas() -> Path:
    """The folder of published JSON schemas (../shared/schemas), e.g. SARIF 2.1.0."""
    if not SCHEMAS.is_dir():
        pytest.fail(f"schemas not found at {SCHEMAS}")
    return SCHEMAS


@pytest.fixture(scope="session")
def samples() -> Path:
    """The bundled sample documents."""
    return SAMPLES


def offering_of(text: str) -> Offering:
    """The offering read from a contract text."""
    return assemble(extract(document_from_text(text)).statements)


def findings_for(text: str, rules: list[Rule], *, language: str = "zh",
                 policy: dict[str, object] | None = None) -> list[Finding]:
    """The contract findings of ``rules`` on a contract text."""
    return check(offering_of(text), rules, language=language, policy=policy,
                 document_evidence=Evidence(path="<text>", page=1, line=1, column=1, text="", role="document"))
