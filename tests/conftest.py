"""Shared test fixtures: where the real public logs, the SARIF schema and our samples live.

The logs and the schema are test data in ``tests/data`` (each folder's README gives the source of every
file), so the suite runs from a fresh clone with nothing beside it.
"""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

if "SLACHECK_CACHE" not in os.environ:
    # Built grammars, tables and packs go to the run's own cache folder, set before slacheck is imported: a
    # test that builds a variant grammar replaces the kept one of that name, which in the user's folder
    # would cost their next check a rebuild. A test that needs another folder sets its own.
    os.environ["SLACHECK_CACHE"] = tempfile.mkdtemp(prefix="slacheck-tests-")
    atexit.register(shutil.rmtree, os.environ["SLACHECK_CACHE"], ignore_errors=True)

from slacheck.documents import document_from_text  # noqa: E402
from slacheck.extract import extract  # noqa: E402
from slacheck.offering import Evidence, Offering, assemble  # noqa: E402
from slacheck.rules.engine import Finding, check  # noqa: E402
from slacheck.rules.pack import Rule  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
DATA = ROOT / "tests" / "data"
FIXTURES = ROOT / "tests" / "fixtures"
REALDATA = Path(os.environ.get("SLACHECK_REALDATA", DATA / "realdata"))
SCHEMAS = DATA / "schemas"
DOCUMENT = Evidence(path="<text>", page=1, line=1, column=1, text="", role="document")
"""The evidence a finding about a whole text (not one of its lines) quotes."""


@pytest.fixture(scope="session")
def realdata() -> Path:
    """The folder of real nccl-tests and perftest logs (tests/data/realdata, or $SLACHECK_REALDATA)."""
    if not REALDATA.is_dir():
        pytest.skip(f"real logs not found at {REALDATA} (SLACHECK_REALDATA points elsewhere)")
    return REALDATA


@pytest.fixture(scope="session")
def schemas() -> Path:
    """The folder of published JSON schemas (tests/data/schemas), e.g. SARIF 2.1.0."""
    if not SCHEMAS.is_dir():
        pytest.skip(f"schemas not found at {SCHEMAS}")
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
                 document_evidence=DOCUMENT)


@pytest.fixture()
def in_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in ``tmp_path``, the project: configuration and waiver files in it apply to documents in it (files
    that come with documents checked outside the project do not)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
