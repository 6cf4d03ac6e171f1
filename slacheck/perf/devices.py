"""The GPU a benchmark log names: model, form factor and memory from the device string it prints."""

from __future__ import annotations

import re

from slacheck.perf import catalogue
from slacheck.regexes import regex

_MEMORY = regex(r"(\d{2,3})\s*G(?:B|iB)?\b", re.I)


def device(name: str | None) -> tuple[str | None, str | None, int | None]:
    """Model, form factor and memory of a GPU name as nccl-tests/perftest print it."""
    if not name:
        return None, None, None
    tokens = [t for t in re.split(r"[\s\-_]+", name) if t]
    model = next((found.name for i in range(len(tokens)) for span in (2, 1)
                  if (found := catalogue.gpu(" ".join(tokens[i:i + span]))) is not None), None)
    variant = next((v for t in tokens if (v := catalogue.canonical_variant(t)) in ("SXM", "PCIe", "NVL")), None)
    if variant is None and model and re.search(r"\bHBM3", name, re.I) and catalogue.ships_as_sxm_and_pcie(model):
        variant = "SXM"
    memory = _MEMORY.search(name)
    return model, variant, int(memory.group(1)) if memory else None
