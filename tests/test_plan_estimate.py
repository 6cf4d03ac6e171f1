"""plan and estimate commands: the commands and thresholds a contract implies, offers side by side."""

import json
from pathlib import Path

import pytest

from slacheck.cli import main

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
    ib, roce = json.loads(capsys.readouterr().out)
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
    ib, roce = json.loads(capsys.readouterr().out)
    assert (ib["price_per_gpu_hour"], ib["currency"]) == (2.4, "USD")
    for offer in (ib, roce):
        share = offer["comm_share"]["typical"]
        assert offer["price_per_effective_gpu_hour"] == round(offer["price_per_gpu_hour"] / (1 - share), 3)
    # the cheaper list price is the dearer GPU-hour once the slow network is paid for
    assert roce["price_per_gpu_hour"] < ib["price_per_gpu_hour"]
    assert roce["price_per_effective_gpu_hour"] > ib["price_per_effective_gpu_hour"]
