"""model.constructed makes what pydantic's model_construct makes, for the models extraction makes it for."""

from __future__ import annotations

from typing import Any

import pytest

from slacheck.model import Evidence, constructed
from slacheck.offering import Statement

_QUOTE: dict[str, Any] = {"path": "offer.md", "page": 1, "line": 3, "column": 5, "text": "8 x H100", "role": "quote",
                          "where": None}


@pytest.mark.parametrize("model, fields_set, values", [
    (Evidence, {"path", "page", "line", "column", "text"}, _QUOTE),
    (Statement, {"path", "value", "hedged", "evidence", "tag", "option", "amends", "background", "in_column"},
     {"path": "gpu.count", "value": 8, "hedged": False, "evidence": [Evidence(**_QUOTE)], "tag": None,
      "option": "B", "amends": True, "background": False, "in_column": True}),
])
def test_the_same_object_as_model_construct(model: Any, fields_set: set[str], values: dict[str, Any]) -> None:
    assert list(values) == list(model.model_fields)  # every field, in the model's order
    assert model.__pydantic_post_init__ is None and not model.__private_attributes__
    made, reference = constructed(model, fields_set, dict(values)), model.model_construct(fields_set, **values)
    assert made == reference and repr(made) == repr(reference)
    assert made.model_fields_set == reference.model_fields_set == fields_set
    assert made.model_dump_json() == reference.model_dump_json()
    assert made.model_dump(exclude_unset=True) == reference.model_dump(exclude_unset=True)
    if model.model_config.get("frozen"):  # evidence is kept in sets
        assert hash(made) == hash(reference)
