"""Shared test fixtures: where the real public logs and our samples live."""

import os
from pathlib import Path

import pytest

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
