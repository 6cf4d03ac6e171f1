"""plan and estimate commands: the commands and thresholds a contract implies, offers side by side."""

import json
from pathlib import Path

import pytest

from slacheck.cli import main

from conftest import SAMPLES

IB = "8 台 x 8 卡 H100 SXM5，每台 8 张 400G InfiniBand 网卡。\n"
ROCE = "8 nodes x 8 H100 SXM5, one 100G RoCE v2 NIC per node.\n"


@pytest.fixture
def contracts(tmp_path: Path) -> tuple[Path, Path]:
    ib, roce = tmp_path / "ib.txt", tmp_path / "roce.txt"
    ib.write_text(IB, encoding="utf-8")
    roce.write_text(ROCE, encoding="utf-8")
    return ib, roce


def test_plan_json_commands_and_thresholds(contracts, capsys):
    assert main(["plan", str(contracts[0]), "--format", "json"]) == 0
    steps = json.loads(capsys.readouterr().out)["steps"]
    nccl = {s["test"]: s for s in steps if s["test"].endswith("_perf")}
    assert list(nccl) == ["all_reduce_perf", "all_gather_perf", "reduce_scatter_perf", "alltoall_perf", "sendrecv_perf"]
    assert nccl["all_reduce_perf"]["command"] == ("mpirun -np 64 -N 8 --hostfile hostfile -x NCCL_ALGO=Ring "
                                                   "./build/all_reduce_perf -b 8 -e 8G -f 2 -g 1 -c 1")
    assert nccl["all_reduce_perf"]["threshold"] == 288.0 and nccl["all_reduce_perf"]["source"] == "model"
    ib = [s for s in steps if s["test"] == "ib_write_bw"]
    assert [s["nic"] for s in ib] == [f"mlx5_{i}" for i in range(8)] and ib[0]["threshold"] == 320.0


def test_plan_text_speaks_the_contract_language(contracts, capsys):
    assert main(["plan", str(contracts[0]), "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "验收方案" in out and "NCCL_ALGO=Ring" in out


def test_plan_single_node_has_no_network_tests(tmp_path, capsys):
    one = tmp_path / "one.txt"
    one.write_text("1 台 8 卡 H100 SXM5，NVSwitch 全互联。\n", encoding="utf-8")
    assert main(["plan", str(one), "--format", "json"]) == 0
    steps = json.loads(capsys.readouterr().out)["steps"]
    assert all(s["test"] != "ib_write_bw" for s in steps)
    assert steps[0]["command"].startswith("mpirun -np 8 -x NCCL_ALGO=Ring")


def test_estimate_side_by_side(contracts, capsys):
    assert main(["estimate", *map(str, contracts), "--format", "json", "--tokens-per-step", "1572864"]) == 0
    ib, roce = json.loads(capsys.readouterr().out)["offers"]
    assert ib["busbw"]["all_reduce"] == {"typical": 360.0, "ceiling": 400.0}
    assert roce["busbw"]["all_reduce"]["ceiling"] == 12.5
    assert ib["comm_share"]["typical"] < 0.15 < roce["comm_share"]["typical"]
    assert ib["effective_gpus"] > roce["effective_gpus"]
    assert main(["estimate", *map(str, contracts), "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "ib.txt" in out and "roce.txt" in out and "effective GPUs" in out


def test_estimate_rejects_bad_workload(contracts, capsys):
    assert main(["estimate", str(contracts[0]), "--params", "0"]) == 2


def test_estimate_prices_per_effective_gpu_hour(tmp_path, capsys):
    offers = []
    for name, network, price in (("ib", "8 x 400G InfiniBand NICs per node", "USD 2.40/GPU-hour"),
                                 ("roce", "1 x 100G RoCE v2 NIC per node", "USD 2.00/GPU-hour")):
        path = tmp_path / f"{name}.txt"
        path.write_text(f"8 nodes x 8 H100 SXM5 80GB, {network}.\nPrice: {price}.\n", encoding="utf-8")
        offers.append(str(path))
    assert main(["estimate", *offers, "--format", "json"]) == 0
    ib, roce = json.loads(capsys.readouterr().out)["offers"]
    assert (ib["price_per_gpu_hour"], ib["currency"]) == (2.4, "USD")
    for offer in (ib, roce):
        share = offer["comm_share"]["typical"]
        assert offer["price_per_effective_gpu_hour"] == round(offer["price_per_gpu_hour"] / (1 - share), 3)
    # the cheaper list price is the dearer GPU-hour once the slow network is paid for
    assert roce["price_per_gpu_hour"] < ib["price_per_gpu_hour"]
    assert roce["price_per_effective_gpu_hour"] > ib["price_per_effective_gpu_hour"]


def write_offers(folder: Path, *texts: str) -> list[str]:
    paths = []
    for number, text in enumerate(texts):
        path = folder / f"offer{number}.txt"
        path.write_text(text + "\n", encoding="utf-8")
        paths.append(str(path))
    return paths


def test_estimate_charges_pcie_compute_and_a_shared_fabric(tmp_path, capsys):
    pcie, sxm = write_offers(
        tmp_path,
        "8 nodes x 8 H100 PCIe 80GB, 8 x 400G InfiniBand NICs per node. The fabric is shared with other tenants.\n"
        "Price: USD 1.90/GPU-hour.",
        "8 nodes x 8 H100 SXM5 80GB, 8 x 400G InfiniBand NICs per node, dedicated, non-blocking.\n"
        "Price: USD 2.20/GPU-hour.")
    assert main(["estimate", pcie, sxm, "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    shared, dedicated = out["offers"]
    assert (shared["compute_factor"], dedicated["compute_factor"]) == (0.764, 1.0)  # 756 vs 989 dense BF16 TFLOPS
    assert (shared["sharing"], shared["fabric_per_gpu_gbps"], dedicated["fabric_per_gpu_gbps"]) == (2.0, 200.0, 400.0)
    # the cheaper list price is the dearer effective GPU-hour
    assert shared["price_per_gpu_hour"] < dedicated["price_per_gpu_hour"]
    assert shared["price_per_effective_gpu_hour"] > dedicated["price_per_effective_gpu_hour"]
    assert any("MFU" in a for a in out["assumptions"]) and any("2:1" in a for a in out["assumptions"])
    assert main(["estimate", pcie, sxm, "--no-color"]) == 0
    text = capsys.readouterr().out
    assert "70B parameters" in text and "e+" not in text and "Assumptions:" in text
    assert "shared or oversubscribed: 2:1 assumed" in text


def test_estimate_refuses_mixed_currencies_without_a_rate(tmp_path, capsys):
    usd, cny = write_offers(tmp_path, "8 nodes x 8 H100 SXM5, 8 x 400G InfiniBand NICs per node. Price: USD 2.20/GPU-hour.",
                            "8 台 x 8 卡 H100 SXM5，每台 8 张 400G InfiniBand 网卡。价格：¥16/卡/小时。")
    assert main(["estimate", usd, cny]) == 2
    assert "CNY and USD" in capsys.readouterr().err
    assert main(["estimate", usd, cny, "--fx", "USD/CNY=7", "--format", "json"]) == 0
    first, second = json.loads(capsys.readouterr().out)["offers"]
    assert (first["currency"], first["price_per_gpu_hour"]) == ("CNY", 15.4)
    assert (second["currency"], second["price_per_gpu_hour"]) == ("CNY", 16.0)
    assert main(["estimate", usd, cny, "--fx", "EUR/CNY=7.8"]) == 2


def test_estimate_explains_empty_cells(tmp_path, capsys):
    (offer,) = write_offers(tmp_path, "8 nodes x 8 H100 SXM5, 8 x 400G InfiniBand NICs per node.")
    assert main(["estimate", offer, "--no-color"]) == 0
    assert "no unit price stated" in capsys.readouterr().out


def test_plan_names_a_gpu_the_catalogue_lacks(capsys):
    sample = SAMPLES / "en_sow_a6000_bridges.md"
    assert main(["plan", str(sample)]) == 2
    assert "RTX A6000 is not in the hardware catalogue" in capsys.readouterr().err
