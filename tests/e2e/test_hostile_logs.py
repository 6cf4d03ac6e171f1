"""Acceptance logs that measure nothing never pass: figures that are not numbers or beyond physics,
a collective nccl-tests does not run, rank lines removed (ACC009, status "invalid (...)")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from slacheck.cli import main

EXPECT = "2 nodes x 8 H100 SXM, 8x NDR400 per node"


def nccl_text(*, busbw: str = "360.0", binary: str = "all_reduce_perf", hosts: int = 2, ranks: bool = True) -> str:
    """An nccl-tests log of ``hosts`` x 8 H100, sizes 32 MiB .. 8 GiB, every busbw printed as ``busbw``."""
    lines = ["# nccl-tests version 2.17.8 nccl-headers=22902 nccl-library=22902",
             f"# Collective test starting: {binary}",
             "# nThread 1 nGpus 1 minBytes 33554432 maxBytes 8589934592 step: 2(factor) warmup iters: 5 iters: 20",
             "#", "# Using devices"]
    if ranks:
        lines += [f"#  Rank {r:2d} Group  0 Pid {1000 + r:6d} on     node-{r // 8} device {r % 8:2d} "
                  f"[0000:{r:02x}:00] NVIDIA H100 80GB HBM3" for r in range(hosts * 8)]
    lines += ["#", "#       size         count      type   redop    root     time   algbw   busbw  #wrong     time"
              "   algbw   busbw  #wrong"]
    size = 32 * 2**20
    while size <= 8 * 2**30:
        lines.append(f"{size:12d} {size // 4:13d}     float     sum      -1    100.0 {busbw} {busbw}       0"
                     f"    100.0 {busbw} {busbw}       0")
        size *= 2
    lines += ["# Out of bounds values : 0 OK", f"# Avg bus bandwidth    : {busbw}", "#",
              f"# Collective test concluded: {binary}", ""]
    return "\n".join(lines)


def perftest_text(average: str) -> str:
    """An ib_write_bw client log over InfiniBand whose large sizes average ``average`` Gb/s."""
    rule = "-" * 87
    rows = [f" {2**k:<10d} 5000           {average}             {average}		   0.5" for k in range(16, 24)]
    return "\n".join(["device name = [NVIDIA H100 80GB HBM3]", rule, "                    RDMA_Write BW Test",
                      " Dual-port       : OFF		Device         : mlx5_0", " Number of qps   : 1		Transport type : IB",
                      " Connection type : RC		Using SRQ      : OFF", " Mtu             : 4096[B]",
                      " Link type       : IB", rule,
                      " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]",
                      *rows, rule, ""])


def accept(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, dict]:
    code = main(["accept", str(path), "--expect", EXPECT, "--format", "json"])
    out, err = capsys.readouterr()
    assert err == ""
    return code, json.loads(out)


@pytest.mark.parametrize("text, reason", [
    (nccl_text(busbw="nan"), "invalid (no finite bus bandwidth)"),
    (nccl_text(busbw="inf"), "invalid (no finite bus bandwidth)"),
    (nccl_text(busbw="1e308"), "invalid (a bus bandwidth below 0 or above 5000 GB/s)"),
    (nccl_text(busbw="-5.0", binary="foo_perf"), "invalid (not a collective nccl-tests runs (foo))"),
    (nccl_text(ranks=False), "invalid (no '#  Rank' lines: the hosts and GPUs that ran are unknown)"),
    (perftest_text(f"{1e25:.2f}"), "invalid (a bandwidth that is not a number, below 0 or above 10000 Gb/s)"),
    (perftest_text("nan"), "the run is truncated"),  # rows perftest never prints are not rows
], ids=["nan", "inf", "1e308", "unknown-collective", "no-rank-lines", "perftest-1e25", "perftest-nan"])
def test_a_log_without_a_valid_measurement_never_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        text: str, reason: str) -> None:
    path = tmp_path / "run.log"
    path.write_text(text, encoding="utf-8")
    code, report = accept(capsys, path)
    assert code == 1
    acc009 = [f for f in report["findings"] if f["rule"] == "ACC009"]
    assert len(acc009) == 1 and reason in acc009[0]["message"]


@pytest.mark.parametrize("text", [nccl_text(), perftest_text("390.50")], ids=["nccl", "perftest"])
def test_a_sound_run_still_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> None:
    path = tmp_path / "run.log"
    path.write_text(text, encoding="utf-8")
    code, report = accept(capsys, path)
    assert (code, report["findings"]) == (0, [])


@pytest.mark.parametrize("busbw", ["1e308", "-5.0"])
def test_plot_and_html_of_a_log_beyond_physics(tmp_path: Path, capsys: pytest.CaptureFixture[str], busbw: str) -> None:
    log = tmp_path / "run.log"
    log.write_text(nccl_text(busbw=busbw), encoding="utf-8")
    plot = tmp_path / "plot.svg"
    assert main(["accept", str(log), "--expect", EXPECT, "--plot", str(plot)]) == 1
    assert plot.read_text(encoding="utf-8").startswith("<svg") and "e+308" not in plot.read_text(encoding="utf-8")
    contract = tmp_path / "offer.md"
    contract.write_text("2 台 x 8 卡 H100 SXM5，每台 8 张 400G InfiniBand 网卡。\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["check", str(contract), "--measured", str(log), "--format", "html"]) == 1
    out, err = capsys.readouterr()
    assert err == "" and out.startswith("<!DOCTYPE html>") and "ACC009" in out
