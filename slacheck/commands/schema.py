"""``slacheck schema``: print the JSON Schema of the JSON report (Draft 2020-12)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from slacheck.report.jsontext import indented_json
from slacheck.report.model import Report

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def report_schema() -> dict[str, Any]:
    """The report's JSON Schema, generated from the pydantic models (required keys are those of every report)."""
    return {"$schema": DIALECT, **Report.model_json_schema(by_alias=True)}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options: the schema is the same for every report."""


def run(args: argparse.Namespace) -> int:
    sys.stdout.write(indented_json(report_schema()) + "\n")
    return 0
