"""The plan, diff and estimate logic called directly on offerings, without the commands around them."""

import pytest

from slacheck.offering import offering_from_facts
from slacheck.offers.diff import compare
from slacheck.offers.estimate import EstimateError, convert, estimate, params_label
from slacheck.offers.plan import PlanError, plan

CLUSTER = {"nodes": 2, "gpu.model": "H100", "gpu.variant": "SXM", "gpu.per_node": 8,
           "fabric.protocol": "infiniband", "fabric.nics_per_node": 8, "fabric.rate_gbps": 400.0}


def test_plan_steps_for_a_stated_cluster() -> None:
    steps = plan(offering_from_facts(CLUSTER), [])
    tests = [s["test"] for s in steps]
    assert tests[:2] == ["all_reduce_perf", "all_gather_perf"]
    assert tests.count("ib_write_bw") == 8
    assert all(s["source"] == "model" for s in steps)


def test_plan_refuses_an_offering_without_gpus() -> None:
    with pytest.raises(PlanError, match="no GPU model and count"):
        plan(offering_from_facts({"nodes": 2}), [])


def test_compare_names_a_lower_rate_weakened() -> None:
    slower = {**CLUSTER, "fabric.rate_gbps": 200.0}
    changes = compare(offering_from_facts(CLUSTER), offering_from_facts(slower))
    assert [(c["path"], c["change"]) for c in changes] == [("fabric.rate_gbps", "weakened")]


def test_estimate_models_the_cluster_and_notes_a_missing_price() -> None:
    entry = estimate("a.txt", offering_from_facts(CLUSTER), 70e9, 384 * 4096)
    assert entry["setup"] == "2 x 8 H100 SXM, 8 x 400G InfiniBand"
    assert entry["fabric_per_gpu_gbps"] == 400.0
    assert entry["notes"] == ["no unit price stated"]


def test_convert_needs_a_rate_covering_both_currencies() -> None:
    entries = [{"currency": "CNY", "price_per_gpu_hour": 14.0, "price_per_effective_gpu_hour": 20.0},
               {"currency": "USD", "price_per_gpu_hour": 2.0, "price_per_effective_gpu_hour": 3.0}]
    with pytest.raises(EstimateError, match="--fx"):
        convert(entries, None)
    assert convert(entries, "USD/CNY=7") == "prices in USD converted at 1 USD = 7 CNY"
    assert entries[1]["price_per_gpu_hour"] == 14.0 and entries[1]["currency"] == "CNY"


def test_params_label() -> None:
    assert [params_label(p) for p in (70e9, 1.5e9, 350e6, 12.0)] == ["70B", "1.5B", "350M", "12"]
