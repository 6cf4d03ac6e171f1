"""indented_json (and its form for models) writes exactly what
json.dumps(..., ensure_ascii=False, indent=2) writes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slacheck.report import jsontext
from slacheck.report.jsontext import indented_json, indented_model_json
from slacheck.report.model import json_excluded

from conftest import SAMPLES

ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=12)  # lone surrogates and controls too
SCALARS = st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | ANY_TEXT \
    | st.sampled_from([5e-05, 1e-07, 0.0001, 1e16, 1e-300, 2.0**53, -0.0, "1e-07", "0.00001", "e-mail"])
DATA = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(ANY_TEXT, inner, max_size=4),
                    max_leaves=20)


def reference(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


@settings(max_examples=500, deadline=None)
@given(DATA)
def test_the_same_text_as_the_standard_library(data: Any) -> None:
    assert indented_json(data) == reference(data)


@pytest.mark.parametrize("value", [5e-05, -9.9e-05, 1e-07, [1, {"a": 5e-324}]])
def test_small_floats_are_written_as_python_writes_them(value: Any) -> None:
    assert indented_json({"x": value}) == reference({"x": value})
    assert "e-" in indented_json({"x": value})


def test_a_report_is_written_by_pydantic_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """A report with no float below 1e-4 never reaches the standard library's encoder."""
    from slacheck.pipeline import Options, check_file

    data = check_file(SAMPLES / "zh_quote_a100_10gbe.md", Options()).to_json_data()
    expected = reference(data)

    def refused(*args: Any, **kwargs: Any) -> str:
        raise AssertionError("the standard library's encoder was used")

    monkeypatch.setattr(jsontext.json, "dumps", refused)
    assert indented_json(data) == expected


@pytest.mark.parametrize("with_findings", [True, False])
@pytest.mark.parametrize("measured", [[], [{"busbw": 5e-05, "size": 1e-07}], [{"ratio": 0.5, "note": "e-mail"}]])
def test_a_report_written_from_the_model_is_its_json_data_written(with_findings: bool,
                                                                 measured: list[dict[str, Any]]) -> None:
    """Written by pydantic-core from the model, or by the standard library where a small float is in it."""
    from slacheck.pipeline import Options, check_file

    report = check_file(SAMPLES / "zh_quote_a100_10gbe.md", Options()).model_copy(update={"measurements": measured})
    other = check_file(SAMPLES / "en_sow_a6000_bridges.md", Options())
    excluded = json_excluded(with_findings)
    assert indented_model_json(report, excluded) == reference(report.to_json_data(with_findings=with_findings))
    assert indented_model_json([other, report], excluded) == reference(
        [r.to_json_data(with_findings=with_findings) for r in (other, report)])
