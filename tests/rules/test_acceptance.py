"""ACC001-ACC009: each fires on a contract/log pairing that trips it and stays quiet on a matching pair.

Logs are the real public logs copied into ``tests/data`` (sources in its README) or small
nccl-tests outputs written here; contracts are one-line offers read by the normal
extraction pipeline.
"""

import json
from pathlib import Path

import pytest

from slacheck.cli import main
from slacheck.documents import document_from_text
from slacheck.extract import extract
from slacheck.offering import Evidence, Offering, Statement, assemble
from slacheck.perf.devices import device
from slacheck.perf.logs import parse_log
from slacheck.pipeline import check_measured
from slacheck.rules.engine import load_rules
from slacheck.rules.thresholds import Threshold, thresholds

from conftest import DATA

RULES = load_rules()
H100_1X8 = "1 台 8 卡 H100 SXM5 80G，NVSwitch 全互联。"
H100_2X8_IB = "2 台 x 8 卡 H100 SXM5，每台 8 张 400G InfiniBand 网卡。"
H100_10X8_IB = "10 台 x 8 卡 H100 SXM5，每台 8 张 400G InfiniBand 网卡。"
H100_2X1_ROCE = "2 台 x 1 卡 H100 SXM5，每台 1 张 400G RoCE v2 网卡。"


def offering(text: str) -> Offering:
    return assemble(extract(document_from_text(text)).statements)


def fired(contract: str, log_path: Path, statements: list[Statement] | None = None) -> dict[str, list]:
    """Rule id -> findings of the ACC rules for one contract text and one log."""
    findings = check_measured(offering(contract), RULES, parse_log(log_path), language="en",
                              statements=statements or [])
    out: dict[str, list] = {}
    for f in findings:
        out.setdefault(f.rule, []).append(f)
    return out


def nccl_log(folder: Path, name: str, *, hosts: int = 1, gpus: int = 8, device_name: str = "NVIDIA H100 80GB HBM3",
             busbw: float = 360.0, max_bytes: int = 8 * 2**30, wrong: int = 0) -> Path:
    """A small, well-formed all_reduce_perf log (sizes 32 MiB .. max_bytes, flat busbw)."""
    lines = ["# nccl-tests version 2.17.8 nccl-headers=22902 nccl-library=22902",
             "# Collective test starting: all_reduce_perf",
             f"# nThread 1 nGpus 1 minBytes 33554432 maxBytes {max_bytes} step: 2(factor) warmup iters: 5 "
             "iters: 20 agg iters: 1 validation: 1 graph: 0", "#", "# Using devices"]
    for rank in range(hosts * gpus):
        lines.append(f"#  Rank {rank:2d} Group  0 Pid {1000 + rank:6d} on {'node-' + str(rank // gpus):>10} "
                     f"device {rank % gpus:2d} [0000:{rank:02x}:00] {device_name}")
    lines += ["#", "#       size         count      type   redop    root     time   algbw   busbw  #wrong     time"
              "   algbw   busbw  #wrong", "#        (B)    (elements)                               (us)  (GB/s)"
              "  (GB/s)             (us)  (GB/s)  (GB/s)"]
    size = 32 * 2**20
    while size <= max_bytes:
        algbw = busbw * hosts * gpus / (2 * (hosts * gpus - 1))
        time = size / algbw / 1e3
        lines.append(f"{size:12d} {size // 4:13d}     float     sum      -1 {time:8.1f} {algbw:7.2f} {busbw:7.2f}"
                     f" {wrong:7d} {time:8.1f} {algbw:7.2f} {busbw:7.2f} {wrong:7d}")
        size *= 2
    lines += ["# Out of bounds values : 0 OK", f"# Avg bus bandwidth    : {busbw:.3f}", "#",
              "# Collective test concluded: all_reduce_perf", ""]
    path = folder / name
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


@pytest.fixture
def nccl():
    return lambda number: next(DATA.glob(f"{number:02d}_h100_*.log"))


def test_acc001_low_roce_run_fires_and_healthy_ib_cluster_is_quiet(nccl):
    low = fired(H100_2X1_ROCE, nccl(5))["ACC001"][0]
    assert ("all_reduce 15.03 GB/s busbw at 1 GiB-25 GiB, required 33.9 GB/s (80% of the model's typical 42.3 GB/s)"
            in low.message)
    assert "Gb/s" not in low.message and "?" not in low.message
    assert low.evidence[0].line == 65 and low.evidence[0].text.startswith("20401094656")
    assert "ACC001" not in fired(H100_10X8_IB, nccl(2))


def test_acc001_threshold_applies_to_its_collective_only(nccl):
    ev = [Evidence(path="c", page=1, line=1, column=1, text="sendrecv >= 20 GB/s")]
    tagged = [Statement(path="acceptance.threshold_gbytes", value=20.0, evidence=ev, tag="sendrecv")]
    hits = fired(H100_10X8_IB, nccl(2), tagged)["ACC001"]
    assert len(hits) == 1 and "sendrecv 15.23 GB/s busbw at 1 GiB-16 GiB, required 20 GB/s (contract)" in hits[0].message
    assert "all_reduce" not in hits[0].message
    assert thresholds(offering(H100_10X8_IB), tagged) == {"sendrecv": Threshold("sendrecv", 20.0)}
    untagged = [Statement(path="acceptance.threshold_gbytes", value=330.0, evidence=ev)]
    hits = fired(H100_10X8_IB, nccl(2), untagged)["ACC001"]
    assert len(hits) == 1 and hits[0].message.startswith("Below the required bandwidth: all_reduce 322.7 GB/s")
    assert "all_gather" not in hits[0].message  # 322.7 < 330, the others judged by the model


def test_acc001_perftest_against_nic_rate():
    log = DATA / "01_ib_write_bw_roce_cx7_gpudirect_1qp_sweep_client.log"
    hit = fired("2 台 x 8 卡 H100 SXM5，每台 8 张 400G RoCE v2 网卡。", log)["ACC001"][0]
    assert ("ib_write_bw on mlx5_2: 197.87 Gb/s at 8 MiB, required 320 Gb/s per HCA "
            "(80% of the 400 Gb/s port rate)") in hit.message
    assert "GB/s" not in hit.message and "bus bandwidth" not in hit.message
    assert "NCCL" not in hit.fix and "ib_write_bw -d mlx5_2" in hit.fix
    assert "ACC001" not in fired("2 台 x 8 卡 H100 SXM5，每台 8 张 200G RoCE v2 网卡。", log)


def test_acc002_duplicated_single_node_output_fires(nccl):
    hit = fired(H100_2X8_IB, nccl(10))["ACC002"][0]
    assert "2 nodes" in hit.message and hit.evidence[0].text.startswith("#  Rank  0")
    assert "ACC002" not in fired(H100_2X8_IB, nccl(3))


def test_acc003_device_contradicts_offering(nccl, tmp_path):
    assert "ACC003" in fired("1 台 8 卡 A100 SXM4 80G，NVSwitch 全互联。", nccl(1))
    pcie = nccl_log(tmp_path, "pcie.log", device_name="NVIDIA H100 PCIe")
    assert "ACC003" in fired(H100_1X8, pcie)
    assert "ACC003" not in fired(H100_1X8, nccl(1))
    assert device("NVIDIA A100-SXM4-80GB") == ("A100", "SXM", 80)
    assert device("NVIDIA H100 80GB HBM3") == ("H100", "SXM", 80)


def test_acc004_fewer_ranks_than_promised(nccl):
    hit = fired("2 台 x 8 卡 H100 SXM5，每台 8 张 400G RoCE v2 网卡。", nccl(6))["ACC004"][0]
    assert "8 ranks on 2 hosts" in hit.message and "16 GPUs" in hit.message
    assert "ACC004" not in fired(H100_2X8_IB, nccl(3))


def test_acc005_wrong_results(tmp_path):
    assert "ACC005" in fired(H100_1X8, nccl_log(tmp_path, "bad.log", wrong=3))
    assert "ACC005" not in fired(H100_1X8, nccl_log(tmp_path, "good.log"))


def test_acc006_degraded_pair_fires_flat_plateau_is_quiet(nccl):
    hits = fired("2 台 x 1 卡 H100 SXM5，每台 1 张 400G InfiniBand 网卡。", nccl(7))["ACC006"]
    assert len(hits) == 1 and hits[0].message.startswith("alltoall, sendrecv: ")
    assert "%" in hits[0].message and "fraction" not in hits[0].message
    assert len(hits[0].evidence) == 2  # one line per run
    assert "ACC006" not in fired(H100_1X8, nccl(1))


def test_acc007_small_messages_only(tmp_path, nccl):
    hit = fired(H100_1X8, nccl_log(tmp_path, "small.log", max_bytes=128 * 2**20))["ACC007"][0]
    assert "128 MiB (134217728 bytes)" in hit.message
    assert "ACC007" not in fired(H100_1X8, nccl(1))


def test_acc008_pcie_bandwidth_while_nvlink_promised(tmp_path, nccl):
    slow = nccl_log(tmp_path, "slow.log", busbw=25.0)
    assert "ACC008" in fired(H100_1X8, slow)
    assert "ACC008" not in fired(H100_1X8, nccl(1))
    assert "ACC008" not in fired("1 台 8 卡 H100 PCIe 80G。", slow)


def test_acc009_failed_and_truncated_runs(nccl):
    failed = fired("2 台 x 1 卡 H100 SXM5，每台 1 张 400G InfiniBand 网卡。", nccl(8))["ACC009"][0]
    assert failed.evidence[0].line == 12 and "Test NCCL failure" in failed.evidence[0].text
    assert failed.evidence[0].path.endswith("08_h100_2node_2gpu_alltoall_network_error.log")
    assert "ACC009" in fired("2 台 x 4 卡 H100 SXM5，每台 4 张 400G InfiniBand 网卡。", nccl(9))
    assert "ACC009" not in fired(H100_1X8, nccl(1))


def test_matching_pair_is_clean(nccl):
    assert fired(H100_1X8, nccl(1)) == {}


def test_check_measured_json_and_bad_log(tmp_path, nccl, capsys):
    contract = tmp_path / "c.txt"
    contract.write_text(H100_2X1_ROCE + "\n", encoding="utf-8")
    code = main(["check", str(contract), "--measured", str(nccl(5)), "--format", "json", "--select", "ACC"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    entry = data["measurements"][0]
    assert entry["kind"] == "nccl" and entry["path"].endswith("05_h100_2node_2gpu_roce_allreduce_ncclinfo_low.log")
    run = entry["collectives"][0]
    assert run["plateau_busbw"] == 15.03 and run["hosts"] == 2 and run["ranks"] == 2
    assert run["expected"] == {"typical": 42.3, "ceiling": 50.0}
    assert [f["rule"] for f in data["findings"]] == ["ACC001"]
    bad = tmp_path / "bad.log"
    bad.write_text("hello\n", encoding="utf-8")
    assert main(["check", str(contract), "--measured", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not an nccl-tests or perftest log" in err


def test_accept_with_expect_and_plot(tmp_path, nccl, capsys):
    plot = tmp_path / "p.svg"
    code = main(["accept", str(nccl(2)), "--expect", "10 nodes x 8 H100 SXM, 8 x 400G InfiniBand NICs per node",
                 "--format", "json", "--plot", str(plot)])
    data = json.loads(capsys.readouterr().out)
    assert data["offering"]["nodes"]["value"] == 10
    runs = {r["collective"]: r for r in data["measurements"][0]["collectives"]}
    assert runs["all_reduce"]["plateau_busbw"] == 318.68 and runs["all_reduce"]["required_gbytes"] == 288.0
    assert {f["rule"] for f in data["findings"]} == {"ACC006"}  # 364 -> 316 GB/s drop at 4 GiB
    assert code == 1
    svg = plot.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and svg.count("<polyline") == 5 and "all_reduce (req. 288.0)" in svg
    main(["accept", str(nccl(2)), "--expect", "10 nodes x 8 H100 SXM, 8 x 400G InfiniBand NICs per node",
          "--format", "json", "--plot", str(tmp_path / "q.svg")])
    assert (tmp_path / "q.svg").read_text(encoding="utf-8") == svg


def test_accept_table_names_a_log_as_its_file_is_named(tmp_path, nccl, capsys, monkeypatch):
    """A log file whose name looks like rich markup is named as it stands."""
    monkeypatch.setenv("COLUMNS", "300")
    log = tmp_path / "[red]nccl.log"
    log.write_bytes(nccl(1).read_bytes())
    main(["accept", str(log), "--expect", "8 x H100 SXM", "--no-color"])
    assert "[red]nccl.log" in capsys.readouterr().out


def test_accept_without_hardware_is_a_usage_error(nccl, capsys):
    assert main(["accept", str(nccl(1)), "--expect", "fast network"]) == 2
    assert "--expect" in capsys.readouterr().err


def test_acc001_contract_threshold_read_from_the_contract(nccl, tmp_path):
    text = H100_10X8_IB + "交付时进行多机 NCCL all_reduce 测试，总线带宽不低于 {} GB/s。"
    document = document_from_text(text.format(330))
    statements = extract(document).statements
    assert thresholds(assemble(statements), statements) == {"all_reduce": Threshold("all_reduce", 330.0)}
    hits = fired(text.format(330), nccl(2), statements)["ACC001"]
    assert len(hits) == 1 and "all_reduce 322.7 GB/s" in hits[0].message and "required 330 GB/s" in hits[0].message
    quiet = document_from_text(text.format(300))
    assert "ACC001" not in fired(text.format(300), nccl(2), extract(quiet).statements)


def test_html_report_embeds_the_acceptance_plot(tmp_path, nccl, capsys):
    contract = tmp_path / "contract.txt"
    contract.write_text("10 nodes x 8 H100 SXM5, 8 x 400G InfiniBand NICs per node.\n", encoding="utf-8")
    page = tmp_path / "report.html"
    main(["check", str(contract), "--measured", str(nccl(2)), "--output", f"html:{page}", "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    curve = report["measurements"][0]["collectives"][0]["busbw_by_size"]
    assert curve[-1][0] >= 2**32 and 300 < curve[-1][1] < 400
    html = page.read_text(encoding="utf-8")
    assert html.count("<svg") == 1 and html.count("<polyline") == 5 and "<script" not in html
