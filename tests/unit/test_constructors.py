"""The dataclasses whose constructors are written out (the compiled reading builds them in C, where the one a
dataclass writes would run as Python): each takes exactly its fields, in order, and keeps what it is given."""

from __future__ import annotations

import dataclasses
from array import array
from typing import Any

import pytest

from slacheck.documents.model import Line
from slacheck.documents.passages import _Body
from slacheck.extract.context import Context, Said
from slacheck.extract.lexer import Keyword
from slacheck.extract.parser import Scan
from slacheck.extract.structure import Frame
from slacheck.normalize import Normalized

SAMPLES: dict[type, dict[str, Any]] = {
    Said: {"path": "gpu.model", "value": "H100", "spans": [(0, 4)], "hedged": True, "tag": "t", "option": "A",
           "amends": True, "background": True, "in_column": True},
    Context: {"text": "8x H100", "keywords": [Keyword("NUMBER", "8", 0, 1)], "phrases": (), "table_row": True,
              "column_types": (frozenset({"MODEL"}),), "provider_names": ("Acme",),
              "lead_in": (Keyword("HEDGE", "约", 0, 1),), "label_end": 2, "optional": True},
    Frame: {"subject": "fabric", "option": "B", "columns": ("a",), "column_options": ("B",), "column_subjects": (None,),
            "kind": "quoted", "column_types": (frozenset({"NUMBER"}),), "lead_in": (Keyword("HEDGE", "约", 0, 1),),
            "optional": True, "confirmed": True, "named_options": ("Solo", "Fleet")},
    Scan: {"tokens": (Keyword("NUMBER", "8", 0, 1),), "phrases": (), "length": 1},
    Line: {"page": 2, "number": 3, "text": "x", "where": "Sheet1!B7"},
    _Body: {"index": 1, "start": 2, "text": "y", "geo": None, "right": 4.5},
    Normalized: {"text": "z", "_source_length": 1, "_out": array("q", [0]), "_in": array("q", [0]),
                 "_in_end": array("q", [0]), "_identity": b"\x01"},
}
"""A value for each field of each class, all different from the defaults (the compiled build has no signatures to
look at: the tests construct)."""


@pytest.mark.parametrize("model", list(SAMPLES), ids=lambda model: model.__name__)
def test_a_written_out_constructor_takes_the_fields_by_name_and_in_order(model: type) -> None:
    values = SAMPLES[model]
    assert list(values) == [f.name for f in dataclasses.fields(model) if f.init]
    for made in (model(**values), model(*values.values())):
        assert {name: getattr(made, name) for name in values} == values
        assert dataclasses.replace(made) == made


def test_the_written_out_defaults_are_those_of_a_bare_statement_and_frame() -> None:
    said = Said("sla.availability", 99.9, [(1, 5)])
    assert (said.hedged, said.tag, said.option, said.amends, said.background, said.in_column) == (
        False, None, None, False, False, False)
    frame = Frame()
    assert (frame.subject, frame.kind, frame.columns, frame.optional, frame.confirmed) == (None, "offer", (), False,
                                                                                          False)
    assert dataclasses.replace(frame, kind="superseded").kind == "superseded"


def test_a_context_made_by_its_constructor_has_its_sentences() -> None:
    context = Context("8x H100. 400G IB", [Keyword("NUMBER", "8", 0, 1)])
    assert context.sentence_starts == [0, 8] and context.sentence(10) == 1 and context.label_end == 0
