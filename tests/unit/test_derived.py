"""The derived-name registry: each group computes exactly the names it describes, and each computes them right."""

from typing import Any

import pytest

from slacheck.facts import Price
from slacheck.offering import Offering, offering_from_facts
from slacheck.rules import derived
from slacheck.rules.engine import known_names, values_of


def table(facts: dict[str, Any]) -> tuple[Offering, dict[str, Any]]:
    """An offering stating ``facts`` and the values conditions read from it."""
    offering = offering_from_facts(facts)
    return offering, values_of(offering)


H100_CLUSTER = {"nodes": 4, "gpu.model": "H100", "gpu.variant": "SXM", "gpu.per_node": 8,
                "fabric.protocol": "infiniband", "fabric.nics_per_node": 8, "fabric.rate_gbps": 400.0}


@pytest.mark.parametrize("group", derived.CONTRACT, ids=lambda g: g.compute.__name__)
def test_each_group_returns_the_names_it_describes(group: derived.Group) -> None:
    offering, values = table(H100_CLUSTER)
    assert list(group.compute(offering, values)) == list(group.descriptions)


def test_every_described_name_is_readable_by_conditions() -> None:
    assert derived.names() <= known_names()
    assert not set(derived.descriptions()) & set(derived.MEASURED)


def test_counts_come_from_totals_when_nodes_are_not_stated() -> None:
    offering, values = table({"gpu.total": 32, "gpu.per_node": 8, "fabric.nics_total": 16})
    assert derived.counts(offering, values) == {"multi_node": True, "node_count": 4, "gpu_count": 32,
                                                "nics_per_node_effective": 4.0}


def test_per_gpu_takes_the_lower_of_offered_and_included_fabric() -> None:
    offering, values = table({**H100_CLUSTER, "fabric.included_nics_per_node": 1,
                              "fabric.included_rate_gbps": 200.0})
    assert derived.per_gpu(offering, values) == {"per_gpu_gbps": 25.0, "per_gpu_nics": 1, "per_gpu_link_gbps": 200.0}


def test_nvlink_reads_the_catalogue_and_defaults_to_sxm() -> None:
    offering, values = table({"gpu.model": "H100"})
    assert derived.nvlink(offering, values) == {"gpu_nvlink_gbytes": 900}
    assert derived.nvlink_gbytes("no such GPU") is None


def test_prices_per_gpu_hour_month_line_and_total() -> None:
    offering, values = table({"nodes": 2, "gpu.per_node": 8, "commercial.monthly_total": 1000.0,
                              "commercial.term_months": 12.0})
    values["commercial.unit_price"] = Price(amount=14.6, per="node", period="hour")
    found = derived.prices(offering, values)
    assert found["price_per_gpu_hour"] == pytest.approx(14.6 / 8)
    assert found["price_line_expected"] == pytest.approx(14.6 * 2 * 730)
    assert found["contract_total_expected"] == 12000.0


def test_limits_flag_a_claim_above_the_node_network() -> None:
    offering, values = table({**H100_CLUSTER, "fabric.nics_per_node": 1, "claims.bandwidth_gbps": 800.0})
    found = derived.limits(offering, values)
    assert found["node_network_gbps"] == 400.0
    assert (found["claim_figure"], found["claim_limit"]) == ("800 Gb/s", "400 Gb/s")
