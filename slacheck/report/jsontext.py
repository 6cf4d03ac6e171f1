"""Indented JSON text, as ``json.dumps(data, ensure_ascii=False, indent=2)`` writes it, written faster.

The standard library's encoder is pure Python when it indents (a quarter of a second for a hundred
reports). pydantic-core writes the same text in a sixth of the time, except for floats below 1e-4,
which it writes in fixed notation (``0.00005``) or with a one-digit exponent (``1e-7``) where Python
writes ``5e-05`` and ``1e-07``, and for strings with lone surrogates, which it cannot write. Its text is
used when it holds no number written that way (a string that looks like one only costs the slower
encoder); otherwise, and when it fails, the standard library writes it.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from pydantic import BaseModel
from pydantic_core import PydanticSerializationError, to_json

__all__ = ["indented_json", "indented_model_json"]


def indented_json(data: Any) -> str:
    """``json.dumps(data, ensure_ascii=False, indent=2)`` of plain JSON data (dicts with string keys, lists,
    strings, numbers, booleans, None)."""
    try:
        text = to_json(data, indent=2, inf_nan_mode="constants").decode("utf-8")
    except (PydanticSerializationError, ValueError):
        text = ""
    if not text or _written_otherwise(text):
        return json.dumps(data, ensure_ascii=False, indent=2)
    return text


def indented_model_json(value: BaseModel | Sequence[BaseModel], exclude: set[str]) -> str:
    """``indented_json`` of a model dumped (``model_dump(mode="json", by_alias=True, exclude=exclude)``), or of a
    list of models each dumped so, written by pydantic-core from the models themselves (half the time of
    dumping them first). Raises PydanticSerializationError when a string of them holds a lone surrogate, which
    JSON text cannot carry."""
    one = isinstance(value, BaseModel)
    text = to_json(value, indent=2, by_alias=True, exclude=exclude if one else {"__all__": exclude},
                   inf_nan_mode="constants").decode("utf-8")
    if not _written_otherwise(text):
        return text
    models = [value] if isinstance(value, BaseModel) else value
    data = [model.model_dump(mode="json", by_alias=True, exclude=exclude) for model in models]
    return json.dumps(data[0] if one else data, ensure_ascii=False, indent=2)


def _written_otherwise(text: str) -> bool:
    """Whether ``text`` may hold a number below 1e-4 as pydantic-core writes it: in fixed notation it has
    four zeros after the point, in exponent notation a digit before ``e-`` (a string holding either only
    costs the slower encoder). Substring searches: a regex over megabytes of reports costs as much as
    json.dumps saves."""
    if "0.0000" in text:
        return True
    at = text.find("e-")
    while at > 0:
        if text[at - 1].isdigit():
            return True
        at = text.find("e-", at + 2)
    return False
