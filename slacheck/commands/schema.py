"""``slacheck schema``: print the JSON Schema of the JSON report (Draft 2020-12)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from slacheck.report.model import Report

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def report_schema() -> dict[str, Any]:
    """The report's JSON Schema, generated from the pydantic models (required keys are those of every report)."""
    return {"$schema": DIALECT, **Report.model_json_schema(by_alias=True)}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options: the schema is the same for every report."""


def run(args: argparse.Namespace) -> int:
    sys.stdout.write(json.dumps(report_schema(), ensure_ascii=False, indent=2) + "\n")
    return 0
