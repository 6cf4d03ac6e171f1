"""The hardware catalogue and the collective-bandwidth model against real nccl-tests results."""

import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slacheck.perf import catalogue
from slacheck.perf.catalogue import CatalogueError, parse_catalogue
from slacheck.perf.model import (
    COLLECTIVES,
    ClusterSpec,
    ceiling_gbps_for_link,
    comm_share,
    expected_busbw,
    node_network_gbytes,
    per_gpu_network_gbps,
    single_node_busbw,
)
from slacheck.resources import rules_file

TOLERANCE = 0.15

H100_NODE = ClusterSpec(gpus_per_node=8, gpu_model="H100", variant="SXM")
# realdata 02: 10 nodes x 8 H100, one 400G NIC per GPU; the README calls NDR IB likely.
H100_10_NODES = H100_NODE.model_copy(update={
    "nodes": 10, "nics_per_node": 8, "nic_rate_gbps": 400, "protocol": "infiniband"})

# Peak large-message busbw (GB/s) from tests/data/realdata/nccl-tests/README.md.
REAL = [
    (H100_NODE, "all_gather", "ring", 366.0),        # 01
    (H100_NODE, "reduce_scatter", "ring", 365.1),    # 01
    (H100_NODE, "sendrecv", "ring", 367.3),          # 01
    (H100_NODE, "alltoall", "ring", 348.0),          # 01
    (H100_NODE, "all_reduce", "ring", 368.2),        # 10 (two single-node ring runs)
    (H100_NODE, "all_reduce", "nvls", 482.3),        # 01 (NCCL's default on Hopper)
    (H100_10_NODES, "all_reduce", "ring", 364.1),    # 02
    (H100_10_NODES, "all_gather", "ring", 324.3),    # 02
    (H100_10_NODES, "reduce_scatter", "ring", 323.4),  # 02
    (H100_10_NODES, "alltoall", "ring", 50.7),       # 02
    (H100_10_NODES, "sendrecv", "ring", 15.3),       # 02
]


@pytest.mark.parametrize(("spec", "collective", "algorithm", "real"), REAL)
def test_model_matches_real_logs(spec, collective, algorithm, real):
    band = expected_busbw(spec, collective, algorithm)
    assert abs(band.typical - real) <= TOLERANCE * real
    assert real <= band.ceiling


def test_alltoall_does_not_aggregate_nics():
    assert expected_busbw(H100_10_NODES, "alltoall").ceiling < 60
    assert expected_busbw(H100_10_NODES, "all_reduce").ceiling == 400


def test_reference_figures_from_the_notes():
    a100 = expected_busbw(ClusterSpec(gpus_per_node=8, gpu_model="A100", variant="SXM"), "all_reduce")
    assert abs(a100.typical - 232.5) <= TOLERANCE * 232.5
    dgx_a100 = ClusterSpec(nodes=4, gpus_per_node=8, gpu_model="A100", variant="SXM",
                           nics_per_node=8, nic_rate_gbps=200, protocol="infiniband")
    assert abs(expected_busbw(dgx_a100, "all_reduce").typical - 192) <= TOLERANCE * 192
    h800 = expected_busbw(ClusterSpec(gpus_per_node=8, gpu_model="H800", variant="SXM"), "all_gather")
    assert abs(h800.typical - 160) <= TOLERANCE * 160


def test_nvls_needs_hopper_nvswitch_single_node():
    for spec in (ClusterSpec(gpus_per_node=8, gpu_model="A100", variant="SXM"),
                 ClusterSpec(gpus_per_node=8, gpu_model="L40S"), H100_10_NODES):
        with pytest.raises(ValueError):
            expected_busbw(spec, "all_reduce", "nvls")
    with pytest.raises(ValueError):
        expected_busbw(H100_NODE, "all_gather", "nvls")


def test_pcie_and_bridges():
    pcie8 = expected_busbw(ClusterSpec(gpus_per_node=8, gpu_model="A100", variant="PCIe"), "all_reduce")
    assert pcie8.ceiling == pytest.approx(31.5)
    bridged = ClusterSpec(gpus_per_node=2, gpu_model="A100", variant="PCIe", intra_link="nvlink-bridge")
    assert expected_busbw(bridged, "all_reduce").ceiling == pytest.approx(300)
    assert expected_busbw(ClusterSpec(gpus_per_node=8, gpu_model="L40S"), "all_reduce").ceiling \
        == pytest.approx(31.5)


def test_unpinned_variant_spans_pcie_to_sxm():
    band = expected_busbw(ClusterSpec(gpus_per_node=8, gpu_model="H100"), "all_reduce")
    assert band.ceiling == 450
    assert band.typical < 63
    impossible = ClusterSpec(gpus_per_node=8, gpu_model="H100", variant="PCIe", intra_link="nvlink-switch")
    assert expected_busbw(impossible, "all_reduce").ceiling == pytest.approx(63)


def test_invalid_specs_raise():
    with pytest.raises(ValueError):
        expected_busbw(ClusterSpec(gpus_per_node=1, gpu_model="H100"), "all_reduce")
    with pytest.raises(ValueError):
        expected_busbw(ClusterSpec(nodes=2, gpus_per_node=8, gpu_model="H100"), "all_reduce")
    with pytest.raises(ValueError):
        expected_busbw(ClusterSpec(gpus_per_node=8, gpu_model="X9000"), "all_reduce")
    with pytest.raises(ValueError):
        expected_busbw(ClusterSpec(gpus_per_node=8, gpu_model="Ascend 910B"), "all_reduce")


def test_network_helpers():
    one_nic = ClusterSpec(nodes=2, gpus_per_node=8, gpu_model="H100", nics_per_node=1, nic_rate_gbps=100)
    assert per_gpu_network_gbps(one_nic) == 12.5
    assert node_network_gbytes(one_nic) == 12.5
    a100_ndr = ClusterSpec(nodes=2, gpus_per_node=1, gpu_model="A100", variant="SXM",
                           nics_per_node=4, nic_rate_gbps=400)
    assert node_network_gbytes(a100_ndr) == pytest.approx(31.5)  # PCIe Gen4 caps GPUDirect


@pytest.mark.parametrize(("link", "count", "gbps"), [
    ("NDR", 1, 400), ("HDR", 8, 1600), ("万兆", 1, 10), ("千兆", 1, 1), ("25GbE", 2, 50),
    ("100G", 1, 100), ("400 Gb/s", 1, 400), ("PCIe Gen4", 1, 252), ("PCIe 5.0", 1, 504), (200, 4, 800),
])
def test_ceiling_gbps_for_link(link, count, gbps):
    assert ceiling_gbps_for_link(link, count) == pytest.approx(gbps)


def test_ceiling_gbps_for_unknown_link():
    assert ceiling_gbps_for_link("carrier pigeon") is None


def test_comm_share_lands_in_domain_ranges():
    ib = ClusterSpec(nodes=8, gpus_per_node=8, gpu_model="H100", variant="SXM",
                     nics_per_node=8, nic_rate_gbps=400, protocol="infiniband")
    roce = ib.model_copy(update={"nic_rate_gbps": 100, "protocol": "roce-v2"})
    params, tokens = 7e9, 384 * 4096  # a 7B dense model, 384 sequences of 4096 tokens
    assert 0.08 <= comm_share(ib, params, tokens).typical <= 0.12
    assert 0.12 <= comm_share(roce, params, tokens).typical <= 0.18
    tcp = ib.model_copy(update={"nics_per_node": 1, "nic_rate_gbps": 25, "protocol": "ethernet-tcp"})
    assert comm_share(tcp, params, tokens).typical > 0.5


# --- physics properties ------------------------------------------------------------

MODELLED_GPUS = sorted(name for name, m in catalogue.load_catalogue().gpu.items()
                       if all(v.pcie_gen for v in m.variants.values()))

specs = st.builds(
    ClusterSpec,
    nodes=st.integers(1, 64),
    gpus_per_node=st.sampled_from([1, 2, 4, 8]),
    gpu_model=st.sampled_from(MODELLED_GPUS),
    nics_per_node=st.integers(1, 8),
    nic_rate_gbps=st.sampled_from([10, 25, 100, 200, 400, 800]),
    protocol=st.sampled_from([None, "infiniband", "roce-v2", "rdma", "ethernet-tcp"]),
).filter(lambda s: s.total_gpus >= 2)
collectives = st.sampled_from(COLLECTIVES)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(specs, collectives)
def test_typical_within_ceiling(spec, collective):
    band = expected_busbw(spec, collective)
    assert 0 < band.typical <= band.ceiling


@settings(max_examples=200, deadline=None, derandomize=True)
@given(specs, collectives, st.integers(1, 8))
def test_more_nics_never_lower_bandwidth(spec, collective, extra):
    more = spec.model_copy(update={"nics_per_node": spec.nics + extra})
    base, better = expected_busbw(spec, collective), expected_busbw(more, collective)
    assert better.ceiling >= base.ceiling
    assert better.typical >= base.typical


@settings(max_examples=200, deadline=None, derandomize=True)
@given(specs.filter(lambda s: s.nodes > 1 and s.gpus_per_node > 1),
       st.sampled_from(["all_reduce", "all_gather", "reduce_scatter"]))
def test_multi_node_ring_never_beats_one_node(spec, collective):
    multi, single = expected_busbw(spec, collective), single_node_busbw(spec, collective)
    assert multi.ceiling <= single.ceiling
    assert multi.typical <= single.typical


@settings(max_examples=100, deadline=None, derandomize=True)
@given(specs.filter(lambda s: s.nodes > 1), collectives)
def test_infiniband_beats_roce_beats_tcp(spec, collective):
    ib, roce, tcp = (expected_busbw(spec.model_copy(update={"protocol": p}), collective)
                     for p in ("infiniband", "roce-v2", "ethernet-tcp"))
    assert ib.typical >= roce.typical >= tcp.typical
    assert ib.ceiling == roce.ceiling == tcp.ceiling


@settings(max_examples=100, deadline=None, derandomize=True)
@given(specs, st.floats(1e8, 1e12), st.floats(1e5, 1e8))
def test_comm_share_is_a_fraction(spec, params, tokens):
    share = comm_share(spec, params, tokens)
    assert 0 < share.floor <= share.typical < 1


# --- catalogue -------------------------------------------------------------------------


def test_nvlink_figures():
    assert catalogue.nvlink_gbytes("H800", "SXM") == 400
    assert catalogue.nvlink_gbytes("H100", "SXM5") == 900
    assert catalogue.nvlink_gbytes("A100", "SXM4") == 600
    assert catalogue.nvlink_gbytes("B200", "HGX") == 1800
    assert catalogue.nvlink_gbytes("H100", "OAM") is None
    a100_pcie = catalogue.variant("A100", "PCIe")
    assert a100_pcie.nvlink_topology == "bridge" and a100_pcie.bridge_gpus.value == 2
    l40s = catalogue.variant("L40S", "PCIe")
    assert l40s.nvlink_topology == "none" and l40s.nvlink_gbytes.value == 0
    assert catalogue.variant("RTX 4090", "PCIe").nvlink_topology == "none"
    assert catalogue.variant("T4", "PCIe").nvlink_topology == "none"


def test_sxm_only_nvlink_figures():
    assert catalogue.sxm_only_nvlink_figures("H100") == {900}
    assert catalogue.sxm_only_nvlink_figures("H800") == {400}
    assert catalogue.sxm_only_nvlink_figures("A100") == frozenset()  # the bridge also says 600
    assert catalogue.sxm_only_nvlink_figures("L40S") == frozenset()


def test_form_factor_and_class_lists():
    for model in ("A100", "A800", "H100", "H800", "H200"):
        assert catalogue.ships_as_sxm_and_pcie(model)
    for model in ("H20", "B200", "L40S", "RTX 4090", "T4", "Ascend 910B", "nonexistent"):
        assert not catalogue.ships_as_sxm_and_pcie(model)
    datacenter = {"A100", "A800", "H100", "H800", "H200", "H20", "B200"}
    for model in catalogue.load_catalogue().gpu:
        assert catalogue.is_datacenter_class(model) == (model in datacenter)


def test_gpu_lookup_spellings():
    assert catalogue.gpu("NVIDIA H100").name == "H100"
    assert catalogue.gpu("ｈ１００").name == "H100"
    assert catalogue.gpu("GeForce RTX 4090").name == "RTX 4090"
    assert catalogue.gpu("4090").name == "RTX 4090"
    assert catalogue.gpu("昇腾910B").name == "Ascend 910B"
    assert catalogue.gpu("H1000") is None


@pytest.mark.parametrize(("name", "gbps"), [
    ("EDR", 100), ("HDR", 200), ("NDR", 400), ("XDR", 800), ("NDR200", 200), ("IB NDR400", 400),
    ("hdr100", 100),
])
def test_ib_rates(name, gbps):
    assert catalogue.ib_rate_gbps(name) == gbps


@pytest.mark.parametrize(("name", "gbps"), [
    ("千兆", 1), ("万兆", 10), ("25GbE", 25), ("40GbE", 40), ("100G", 100), ("200GbE", 200),
    ("400GbE", 400), ("800 GbE", 800), ("100 Gbps", 100), ("２５Ｇ", 25),
])
def test_ethernet_rates(name, gbps):
    assert catalogue.ethernet_rate_gbps(name) == gbps


def test_unknown_rates():
    assert catalogue.ib_rate_gbps("QDR2") is None
    assert catalogue.ethernet_rate_gbps("300GbE") is None


def test_nics_and_switches():
    assert catalogue.nic("ConnectX-7").rate_gbps.value == 400
    assert catalogue.nic("CX6").pcie_gen.value == 4
    assert catalogue.nic("BlueField-3").rate_gbps.value == 400
    qm9700 = catalogue.switch("QM9700")
    assert (qm9700.ports.value, qm9700.port_rate_gbps.value, qm9700.protocol) == (64, 400, "infiniband")
    assert catalogue.switch("SN5600").port_rate_gbps.value == 800
    assert catalogue.pcie_gbytes(5) == 63


def _raw_catalogue() -> dict:
    return tomllib.loads(rules_file("catalogue.toml").read_text(encoding="utf-8"))


def _numbers_outside_figures(node, path=()):
    """Paths of numeric leaves that are not the value of a {value, source} table."""
    if isinstance(node, dict):
        if "value" in node:
            assert node.get("source", "").strip(), f"{'.'.join(path)} has no source"
            return []
        return [p for k, v in node.items() for p in _numbers_outside_figures(v, (*path, k))]
    if isinstance(node, (int, float)) and not isinstance(node, bool):
        return [".".join(path)]
    return []


def test_every_figure_has_a_source():
    assert _numbers_outside_figures(_raw_catalogue()) == ["schema_version"]


def test_unverified_figures_are_marked():
    gpus = catalogue.load_catalogue().gpu
    assert not gpus["H800"].variants["SXM"].nvlink_gbytes.verified
    assert not gpus["B200"].variants["SXM"].memory_gb.verified
    for model in ("V100", "Ascend 910B"):
        for v in gpus[model].variants.values():
            figures = [f for f in v.__dict__.values() if isinstance(f, catalogue.Figure)]
            assert figures and not any(f.verified for f in figures)


def test_broken_catalogue_is_a_clear_error():
    text = rules_file("catalogue.toml").read_text(encoding="utf-8")
    with pytest.raises(CatalogueError, match="not valid TOML"):
        parse_catalogue(text + "\n[[[")
    with pytest.raises(CatalogueError, match="schema"):
        parse_catalogue(text.replace('source = "PCI-SIG Gen4 16 GT/s x16, 128b/130b"', 'source = ""'))
    with pytest.raises(CatalogueError, match="ships_sxm_and_pcie"):
        parse_catalogue(text.replace("[gpu.H20]\nvendor = \"NVIDIA\"\ndatacenter_class = true\n"
                                     "ships_sxm_and_pcie = false",
                                     "[gpu.H20]\nvendor = \"NVIDIA\"\ndatacenter_class = true\n"
                                     "ships_sxm_and_pcie = true"))
    with pytest.raises(CatalogueError, match="schema"):
        parse_catalogue("schema_version = 1\n")
