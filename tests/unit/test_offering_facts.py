"""Offering.fact: every fact path reads its fact (or None), any other path is refused."""

import pytest

from slacheck.facts import Fact
from slacheck.offering import Offering, fact_paths, offering_from_facts


def test_every_fact_path_reads_the_fact_stated_there_or_none() -> None:
    stated = offering_from_facts({"nodes": 4, "gpu.model": "H100", "fabric.rate_gbps": 400.0})
    for path in fact_paths():
        fact = stated.fact(path)
        assert fact is None or isinstance(fact, Fact)
        assert (fact is not None) == (path in {"nodes", "gpu.model", "fabric.rate_gbps"})
    assert stated.fact("gpu.model") is stated.gpu.model
    assert stated.fact("nodes") is stated.nodes


@pytest.mark.parametrize("path", ["gpu", "gpu.model.value", "gpu.colour", "fabric.rate_gbps.hedged", "", "nodes.value"])
def test_a_path_that_is_not_a_facts_is_refused(path: str) -> None:
    stated = offering_from_facts({"nodes": 4, "gpu.model": "H100", "fabric.rate_gbps": 400.0})
    for offering in (stated, Offering()):
        with pytest.raises(KeyError):
            offering.fact(path)
