"""Acceptance-log parsers: every figure of the realdata READMEs, format variants, and robustness."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slacheck.perf.logs import LogError, parse_log
from slacheck.perf.nccl.records import NcclLog
from slacheck.perf.perftest_log import PerftestLog

from conftest import FIXTURES

H100 = "NVIDIA H100 80GB HBM3"
README_ROUNDING = 0.0501  # the READMEs round busbw to 0.1 GB/s


def nccl(realdata: Path, name: str) -> NcclLog:
    """Parse one realdata nccl-tests log by file-name prefix."""
    (path,) = (realdata / "nccl-tests").glob(f"{name}_*.log")
    log = parse_log(path)
    assert isinstance(log, NcclLog)
    return log


def perftest(realdata: Path, name: str) -> PerftestLog:
    """Parse one realdata perftest log by file-name prefix."""
    (path,) = (realdata / "perftest").glob(f"{name}_*.log")
    log = parse_log(path)
    assert isinstance(log, PerftestLog)
    return log


def write(tmp_path: Path, text: str, name: str = "run.log") -> Path:
    """Write a small log for one test."""
    path = tmp_path / name
    path.write_text(text)
    return path


# --- realdata nccl-tests: README figures --------------------------------------

# file prefix -> (collective -> README peak busbw), ranks, nodes, GPUs per host
README_NCCL = {
    "01": ({"all_reduce": 482.3, "all_gather": 366.0, "reduce_scatter": 365.1, "alltoall": 348.0,
            "sendrecv": 367.3}, 8, 1, 8),
    "02": ({"all_reduce": 364.1, "all_gather": 324.3, "reduce_scatter": 323.4, "alltoall": 50.7,
            "sendrecv": 15.3}, 80, 10, 8),
    "03": ({"all_reduce": 487.3}, 16, 2, 8),
    "04": ({"all_reduce": 338.8}, 16, 2, 8),
    "05": ({"all_reduce": 15.18}, 2, 2, 1),
    "06": ({"sendrecv": 5.86}, 8, 2, 4),
    "07": ({"alltoall": 9.30, "sendrecv": 8.43}, 2, 2, 1),
    "10": ({"all_reduce": 368.2}, 8, 1, 8),
}


@pytest.mark.parametrize("name", sorted(README_NCCL))
def test_nccl_readme_peaks_and_topology(realdata: Path, name: str) -> None:
    peaks, ranks, nodes, gpus = README_NCCL[name]
    log = nccl(realdata, name)
    assert [c.collective for c in log.collectives] == list(peaks)
    for coll in log.collectives:
        assert coll.peak_busbw == pytest.approx(peaks[coll.collective], abs=README_ROUNDING)
        assert coll.status == "completed"
        assert (coll.ranks, coll.nodes, coll.gpus_per_host) == (ranks, nodes, gpus)
        assert coll.devices == [H100]
        assert coll.out_of_bounds == 0 and coll.wrong_total == 0
        assert coll.peak_line is not None and coll.plateau_line is not None
        assert coll.plateau_busbw is not None and coll.plateau_busbw <= coll.peak_busbw


def test_nccl_01_single_node_five_tests(realdata: Path) -> None:
    log = nccl(realdata, "01")
    assert (log.nccl_tests_version, log.nccl_version, log.version_line) == ("2.17.8", "2.29.2", 1)
    assert not log.duplicated
    ar = log.get("all_reduce")
    assert ar is not None
    assert ar.hosts == ["cnode3-002"]
    assert ar.max_bytes_reduced_to == 26549638485
    assert (ar.rows[0].size_bytes, ar.max_size_bytes) == (32 * 2**20, 16 * 2**30)
    assert ar.rows[0].type == "double" and ar.rows[0].redop == "sum" and ar.rows[0].root == -1
    assert ar.peak_line == 29 and ar.rows[-1].line == 29
    assert ar.avg_busbw == pytest.approx(437.957)
    assert ar.plateau_min_bytes == 256 * 2**20
    assert ar.plateau_busbw == pytest.approx(476.48)  # median of the 7 rows >= 256 MiB
    assert log.get("all_gather").rows[0].redop == "none"  # type: ignore[union-attr]
    assert all(c.collective_source == "header" for c in log.collectives)


def test_nccl_02_ten_nodes(realdata: Path) -> None:
    log = nccl(realdata, "02")
    ar = log.get("all_reduce")
    assert ar is not None
    assert ar.hosts == [f"cnode3-{i:03d}" for i in range(2, 12)]
    a2a = log.get("alltoall")
    assert a2a is not None
    # gather-family sizes are rounded per rank: 256 MiB prints as 268435200 and still counts
    assert a2a.plateau_min_bytes == 268435200
    assert all(r.in_place.wrong is None and r.out_of_place.wrong == 0 for r in a2a.rows)  # type: ignore[union-attr]


def test_nccl_03_mpirun_tag_split_rows_rebuilt(realdata: Path) -> None:
    log = nccl(realdata, "03")
    (ar,) = log.collectives
    assert ar.collective_source == "table"  # 2.13.9 prints no test name: inferred
    assert log.nccl_tests_version is None and log.nccl_version == "2.22.3"
    assert [r.bus_id for r in ar.rank_entries[:2]] == ["0x53", "0x64"]
    assert ar.hosts == ["test-nccl-worker-0", "test-nccl-worker-1"]
    assert len(ar.rows) == 32 and ar.rows[0].size_bytes == 8 and ar.max_size_bytes == 16 * 2**30
    first = ar.rows[0]
    assert first.line == 2905
    assert first.out_of_place.time_us == pytest.approx(85.14)  # type: ignore[union-attr]
    assert first.in_place.time_us == pytest.approx(62.82)
    assert ar.peak_line == 2936
    assert ar.avg_busbw == pytest.approx(124.196)


def test_nccl_04_avg_is_not_peak(realdata: Path) -> None:
    (ar,) = nccl(realdata, "04").collectives
    assert ar.avg_busbw == pytest.approx(70.7, abs=README_ROUNDING)
    assert ar.peak_busbw == pytest.approx(338.8, abs=README_ROUNDING)
    assert ar.hosts == ["ztan-mig-235z", "ztan-mig-gq73"]
    assert (ar.rows[0].size_bytes, ar.max_size_bytes) == (8, 8 * 2**30)


def test_nccl_05_06_noise_linear_steps_and_na(realdata: Path) -> None:
    (ar,) = nccl(realdata, "05").collectives
    assert ar.collective_source == "table"
    assert [r.size_bytes for r in ar.rows[:3]] == [2**30, 3 * 2**30, 5 * 2**30]  # step: 2147483648(bytes)
    assert len(ar.rows) == 13
    log6 = nccl(realdata, "06")
    (sr,) = log6.collectives
    assert log6.nccl_version == "2.26.2"
    assert sr.collective == "sendrecv" and sr.collective_source == "table"
    assert all(r.in_place.wrong is None for r in sr.rows)
    assert {r.pid for r in sr.rank_entries} == {574629, 753027}  # -g 4: one process per node


def test_nccl_07_degraded_exponent_times(realdata: Path) -> None:
    log = nccl(realdata, "07")
    assert (log.nccl_tests_version, log.nccl_version) == ("2.17.6", "2.28.7")
    a2a, sr = log.collectives
    assert a2a.rows[-1].in_place.time_us == pytest.approx(1.0e7)
    assert sr.rows[-1].out_of_place.time_us == pytest.approx(1.8e7)  # type: ignore[union-attr]
    # bandwidth collapses with size: the plateau reports it, the peak does not
    assert a2a.plateau_busbw == pytest.approx(4.96)
    assert sr.plateau_busbw == pytest.approx(5.02)
    assert a2a.plateau_busbw < a2a.peak_busbw / 1.5  # type: ignore[operator]


def test_nccl_08_network_error_failed(realdata: Path) -> None:
    (a2a,) = nccl(realdata, "08").collectives
    assert a2a.status == "failed" and a2a.rows == ()
    assert a2a.failure is not None and "network error" in a2a.failure
    assert "Test NCCL failure alltoall.cu:274" in a2a.failure
    assert a2a.failure_line == 12
    assert (a2a.ranks, a2a.nodes, a2a.gpus_per_host) == (2, 2, 1)
    assert a2a.peak_busbw is None and a2a.avg_busbw is None


def test_nccl_09_truncated(realdata: Path) -> None:
    (a2a,) = nccl(realdata, "09").collectives
    assert a2a.collective == "alltoall"
    assert a2a.status == "truncated" and a2a.rows == () and a2a.failure is None
    assert (a2a.ranks, a2a.nodes, a2a.gpus_per_host, a2a.devices) == (8, 2, 4, [H100])
    assert a2a.hosts == ["cnode2-003", "cnode2-008"]


def test_nccl_10_duplicated_non_mpi_is_single_node(realdata: Path) -> None:
    log = nccl(realdata, "10")
    assert log.duplicated and log.duplicated_line == 6
    (ar,) = log.collectives
    assert ar.copies == 2
    assert ar.ranks == 8 and ar.nodes == 1 and ar.gpus_per_host == 8
    assert ar.hosts == ["gpu-dp-2jvzl-ddjjs", "gpu-dp-2jvzl-pqq7p"]
    assert len(ar.rows) == 28  # 14 sizes, each printed by both runs
    assert ar.avg_busbw == pytest.approx(269.739)
    assert ar.out_of_bounds == 0


def test_nccl_non_duplicated_logs(realdata: Path) -> None:
    for name in ("01", "02", "03", "04", "05", "06", "07", "08", "09"):
        log = nccl(realdata, name)
        assert not log.duplicated and all(c.copies == 1 for c in log.collectives)


def test_nccl_model_is_frozen_and_serialises(realdata: Path) -> None:
    log = nccl(realdata, "07")
    with pytest.raises(ValueError):
        log.path = "x"  # type: ignore[misc]
    dumped = json.loads(log.model_dump_json())
    assert dumped["collectives"][0]["peak_busbw"] == pytest.approx(9.30)
    assert dumped["collectives"][0]["hosts"] == ["cnode2-001", "cnode2-004"]


# --- realdata perftest ---------------------------------------------------------

README_PERFTEST = {
    "01": ("ib_write_bw", 1, True, 197.87),
    "02": ("ib_write_bw", 8, True, 210.74),
    "03": ("ib_read_bw", 8, False, 229.14),
}


@pytest.mark.parametrize("name", sorted(README_PERFTEST))
def test_perftest_readme(realdata: Path, name: str) -> None:
    test, qps, gpudirect, gbps = README_PERFTEST[name]
    log = perftest(realdata, name)
    assert (log.test, log.qps, log.gpudirect) == (test, qps, gpudirect)
    assert log.link_type == "Ethernet" and log.transport == "roce" and log.gid_index == 3
    assert log.mtu == 4096 and log.device == "mlx5_2" and log.unit == "Gb/sec"
    assert log.completed and log.error is None and log.runs == 1
    assert log.sweep and len(log.rows) == 23 and log.max_size_bytes == 8 * 2**20
    assert log.rows[0].bytes == 2
    assert log.peak_gbps == pytest.approx(gbps)
    assert log.plateau_avg_gbps == pytest.approx(gbps)
    assert log.plateau_line == log.rows[-1].line


def test_perftest_gpu_and_average_vs_peak(realdata: Path) -> None:
    first = perftest(realdata, "01")
    assert first.gpu_name == H100 and first.dmabuf
    assert first.rows[1].msg_rate_mpps == pytest.approx(3.669643)  # tab-separated MsgRate
    read = perftest(realdata, "03")
    row = next(r for r in read.rows if r.bytes == 8192)
    assert (row.peak_gbps, row.avg_gbps) == (pytest.approx(137.04), pytest.approx(54.19))
    assert read.gpu_name is None and not read.dmabuf


PERFTEST_MB = """\
---------------------------------------------------------------------------------------
                    Send BW Test
 Dual-port       : OFF\t\tDevice         : mlx5_0
 Number of qps   : 2\t\tTransport type : IB
 Connection type : RC\t\tUsing SRQ      : OFF
 Mtu             : 4096[B]
 Link type       : IB
 Max inline data : 0[B]
---------------------------------------------------------------------------------------
 #bytes     #iterations    BW peak[{unit}]    BW average[{unit}]   MsgRate[Mpps]
 65536      1000             48000.00            47500.00\t\t   0.724792
---------------------------------------------------------------------------------------
"""


def test_perftest_mb_per_sec_converted_to_gbps(tmp_path: Path) -> None:
    log = parse_log(write(tmp_path, PERFTEST_MB.format(unit="MB/sec")))
    assert isinstance(log, PerftestLog)
    assert (log.test, log.transport, log.link_type, log.qps, log.gid_index) == ("ib_send_bw", "infiniband", "IB", 2, None)
    assert log.unit == "MB/sec" and not log.sweep and log.completed and not log.gpudirect
    (row,) = log.rows
    assert row.peak_gbps == pytest.approx(48000 * 8e6 / 1e9)  # 384.0: MB = 10^6 bytes
    assert row.avg_gbps == pytest.approx(380.0)
    assert log.plateau_avg_gbps == pytest.approx(380.0) and row.line == 11


def test_perftest_mib_per_sec_converted_to_gbps(tmp_path: Path) -> None:
    log = parse_log(write(tmp_path, PERFTEST_MB.format(unit="MiB/sec")))
    assert isinstance(log, PerftestLog)
    assert log.rows[0].avg_gbps == pytest.approx(47500 * 2**20 * 8 / 1e9)  # 398.46: MiB = 2^20 bytes


def test_perftest_killed_mid_table_not_completed(tmp_path: Path) -> None:
    text = PERFTEST_MB.format(unit="Gb/sec").rsplit("-" * 20, 1)[0].rsplit("\n", 1)[0]
    log = parse_log(write(tmp_path, text + "\n Couldn't connect to 10.0.0.2:18515\n"))
    assert isinstance(log, PerftestLog)
    assert len(log.rows) == 1 and not log.completed
    assert log.error == "Couldn't connect to 10.0.0.2:18515" and log.error_line == 12


def test_perftest_unknown_unit_is_log_error(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="unsupported perftest bandwidth unit"):
        parse_log(write(tmp_path, PERFTEST_MB.format(unit="KB/sec")))


# --- nccl-tests JSON (-J) -------------------------------------------------------

def test_nccl_json_fixture() -> None:
    log = parse_log(FIXTURES / "nccl_all_reduce_2node_4gpu.json")
    assert isinstance(log, NcclLog) and log.format == "json"
    assert log.nccl_version == "2.27.3" and not log.duplicated
    (ar,) = log.collectives
    assert (ar.collective, ar.collective_source, ar.status) == ("all_reduce", "command", "completed")
    assert (ar.ranks, ar.nodes, ar.gpus_per_host, ar.devices) == (8, 2, 4, [H100])
    assert ar.hosts == ["gpu-node-1", "gpu-node-2"]
    assert [r.line for r in ar.rows] == [112, 133, 154, 175, 196]
    assert ar.rows[0].root == -1 and ar.rows[0].in_place.wrong == 0
    assert ar.peak_busbw == pytest.approx(125.27) and ar.peak_line == 196
    assert ar.plateau_busbw == pytest.approx(123.62) and ar.plateau_line == 175
    assert ar.avg_busbw == pytest.approx(115.891) and ar.avg_busbw_check is None
    assert ar.out_of_bounds == 0 and ar.max_size_bytes == 2**30


def test_nccl_json_minimal_shape_na_and_inference(tmp_path: Path) -> None:
    doc = {
        "results": [
            {"size": 1048576, "count": 32768, "type": "float", "redop": "none", "root": -1,
             "out_of_place": {"time": 100.0, "alg_bw": 10.49, "bus_bw": 9.18, "nwrong": 0},
             "in_place": {"time": 101.0, "alg_bw": 10.38, "bus_bw": 9.08, "nwrong": None}},
        ],
        "average_bus_bandwidth": {"bandwidth": 9.13, "okay": "false"},
    }
    log = parse_log(write(tmp_path, json.dumps(doc), "a2a.json"))
    assert isinstance(log, NcclLog)
    (coll,) = log.collectives
    assert coll.collective == "alltoall" and coll.collective_source == "table"
    assert coll.rows[0].in_place.wrong is None and coll.rows[0].line == 1
    assert coll.avg_busbw_check == "FAILED" and coll.status == "completed"


@pytest.mark.parametrize("text", [
    '{"results": [',  # truncated JSON
    '{"results": [{"size": "big"}]}',
    '{"results": [{"size": 8, "count": 2, "in_place": {"time": 1, "alg_bw": 1, "bus_bw": true}}]}',
    '{"no": "results"}',
    "{" * 100000,
])
def test_nccl_json_malformed(tmp_path: Path, text: str) -> None:
    with pytest.raises(LogError, match="not an nccl-tests JSON report"):
        parse_log(write(tmp_path, text, "bad.json"))


# --- nccl-tests text variants (small logs of our own) -------------------------

def table(rows: str, wrong_header: str = "#wrong") -> str:
    """A result table header followed by rows."""
    return (
        "#\n"
        "#                                                              out-of-place                       in-place\n"
        f"#       size         count      type   redop    root     time   algbw   busbw {wrong_header}"
        f"     time   algbw   busbw {wrong_header}\n"
        "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n"
        + rows
    )


TRAILER = "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 1.5 \n#\n"


def test_srun_labels_and_old_header_without_group(tmp_path: Path) -> None:
    body = (
        "# nThread 1 nGpus 1 minBytes 8 maxBytes 16 step: 2(factor) warmup iters: 5 iters: 20 validation: 1\n"
        "#\n# Using devices\n"
        "#   Rank  0 Pid  11 on     node-a device  0 [0x1b] Tesla V100-SXM2-32GB\n"
        "#   Rank  1 Pid  12 on     node-b device  0 [0x1b] Tesla V100-SXM2-32GB\n"
        + table(
            "           8             2     float     sum      -1    20.00    0.00    0.00      0    19.00    0.00    0.00      0\n"
            "          16             4     float     sum      -1    20.00    0.00    0.00      0    19.00    0.00    0.00      0\n"
        )
        + TRAILER
    )
    text = "".join(f"0: {line}\n" for line in body.splitlines())
    log = parse_log(write(tmp_path, "srun -l ./build/all_reduce_perf -b 8 -e 16\n" + text))
    assert isinstance(log, NcclLog)
    (coll,) = log.collectives
    assert (coll.collective, coll.collective_source) == ("all_reduce", "command")
    assert coll.rank_entries[0].group is None and coll.rank_entries[0].bus_id == "0x1b"
    assert coll.devices == ["Tesla V100-SXM2-32GB"] and coll.nodes == 2
    assert [r.line for r in coll.rows] == [11, 12] and coll.status == "completed"


def test_bracket_prefix_per_iteration_columns_and_reducing(tmp_path: Path) -> None:
    header = (
        "# nccl-tests version 2.19.6 nccl-headers=22803 nccl-library=22803\n"
        "# Collective test starting: reduce_scatter_perf\n"
        "# nThread 1 nGpus 2 minBytes 1024 maxBytes 2048 step: 1024(bytes) warmup iters: 1 iters: 5\n"
        "# Reducing maxBytes to 1500 due to memory limitation\n"
        "#  Rank  0 Group  0 Pid  7 on h device  0 [0000:1b:00] NVIDIA B200\n"
        "#  Rank  1 Group  0 Pid  7 on h device  1 [0000:2b:00] NVIDIA B200\n"
        "#\n"
        "#       size         count      type   redop    root     time   algbw   busbw  #wrong    i_min    i_max"
        "    i_p99    i_cv%     time   algbw   busbw  #wrong    i_min    i_max    i_p99    i_cv%\n"
    )
    row = "        1024           128     float     sum      -1    10.00    0.10    0.05       0     9.00    11.0" \
          "    11.0     2.00    12.00    0.09    0.04     N/A     9.50    13.0    13.0     3.00\n"
    text = "".join(f"[0] {line}\n" for line in (header + row + TRAILER).splitlines())
    log = parse_log(write(tmp_path, text))
    assert isinstance(log, NcclLog)
    (rs,) = log.collectives
    assert rs.collective == "reduce_scatter" and rs.max_bytes_reduced_to == 1500
    assert log.nccl_version == "2.28.3" and log.nccl_tests_version == "2.19.6"
    (r,) = rs.rows
    assert r.in_place.time_us == pytest.approx(12.0) and r.in_place.wrong is None
    assert r.out_of_place.busbw == pytest.approx(0.05)  # type: ignore[union-attr]


def test_interleaved_mpi_fragments_are_demultiplexed(tmp_path: Path) -> None:
    text = (
        "[1,0]<stdout>:# nThread 1 nGpus 1 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20\n"
        "[1,0]<stdout>:#  Rank  0 Group  0 Pid 1 on a device  0 [0x53] NVIDIA H100 80GB HBM3\n"
        "[1,0]<stdout>:#  Rank  1 Group  0 Pid 1 on b device  0 [0x53] NVIDIA H100 80GB HBM3\n"
        + "".join(f"[1,0]<stdout>:{line}\n" for line in table("").splitlines())
        + "[1,0]<stdout>:           8             2     float     sum      -1"
        "[1,1]<stdout>:b:1:1 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] via NET/IB/0\n"
        "[1,0]<stdout>:    30.00    0.00    0.00      0[1,0]<stdout>:    31.00    0.00    0.00      0\n"
        "[1,0]<stdout>:# Out of bounds values : 0 OK\n[1,0]<stdout>:# Avg bus bandwidth    : 0 \n"
    )
    log = parse_log(write(tmp_path, text))
    assert isinstance(log, NcclLog)
    (coll,) = log.collectives
    (row,) = coll.rows
    assert row.line == 8 and row.in_place.time_us == pytest.approx(31.0)
    assert coll.collective == "all_reduce" and coll.copies == 1 and coll.status == "completed"


@pytest.mark.parametrize(("rows", "expected"), [
    # all_gather: redop none, per-rank count, in-place validated
    ("     1048576        131072     float    none      -1    50.00   20.97   15.73      0    49.00   21.40   16.05      0\n",
     "all_gather"),
    # alltoall: in-place #wrong always N/A
    ("     1048576        131072     float    none      -1    50.00   20.97   15.73      0    49.00   21.40   16.05    N/A\n",
     "alltoall"),
    # reduce_scatter: reduction with a per-rank count
    ("     1048576         65536     float     sum      -1    50.00   20.97   15.73      0    49.00   21.40   16.05      0\n",
     "reduce_scatter"),
    ("     1048576        262144     float    none       0    50.00   20.97   20.97      0    49.00   21.40   21.40      0\n",
     "broadcast"),
    ("     1048576        262144     float     sum       0    50.00   20.97   20.97      0    49.00   21.40   21.40      0\n",
     "reduce"),
    # -c 0: no #wrong at all, busbw/algbw = 2(n-1)/n identifies all_reduce
    ("     1048576        262144     float     sum      -1    50.00   20.97   36.70    N/A    49.00   21.40   37.45    N/A\n",
     "all_reduce"),
])
def test_collective_inferred_from_table(tmp_path: Path, rows: str, expected: str) -> None:
    ranks = "".join(f"#  Rank {r} Group 0 Pid 9 on h{r // 4} device {r % 4} [0x1b] GPU\n" for r in range(8))
    text = "# nThread 1 nGpus 1 minBytes 8 maxBytes 8 step: 2(factor)\n" + ranks + table(rows) + TRAILER
    log = parse_log(write(tmp_path, text))
    assert isinstance(log, NcclLog)
    assert log.collectives[0].collective == expected
    assert log.collectives[0].collective_source == "table"


def test_plateau_uses_top_sizes_below_256mib(tmp_path: Path) -> None:
    rows = "".join(
        f"{size:12d}  {size // 4:12d}     float     sum      -1    10.00    1.00  {bw:6.2f}      0    10.00    1.00  {bw:6.2f}      0\n"
        for size, bw in [(1024, 1.0), (2048, 2.0), (4096, 9.0), (8192, 3.0), (16384, 4.0)]
    )
    log = parse_log(write(tmp_path, "# Collective test starting: all_reduce_perf\n" + table(rows) + TRAILER))
    assert isinstance(log, NcclLog)
    (coll,) = log.collectives
    assert coll.plateau_min_bytes == 4096 and coll.plateau_busbw == pytest.approx(4.0)
    assert coll.peak_busbw == pytest.approx(9.0)


# --- LogError: unreadable or unrecognised files --------------------------------

def test_log_errors(tmp_path: Path) -> None:
    cases = {
        tmp_path / "missing.log": "no such file",
        tmp_path: "is a directory",
        write(tmp_path, "", "empty.log"): "empty file",
        write(tmp_path, "  \n\n", "blank.log"): "empty file",
        write(tmp_path, "hello world\nnothing to see\n", "prose.log"): "not an nccl-tests or perftest log",
        write(tmp_path, " #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]\n", "lat.log"):
            "latency output is not supported",
    }
    binary = tmp_path / "core.bin"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 4)
    cases[binary] = "binary file"
    for path, message in cases.items():
        with pytest.raises(LogError, match=message) as info:
            parse_log(path)
        assert "\n" not in str(info.value) and str(info.value).startswith(str(path))


def test_pathological_inputs_are_fast(tmp_path: Path) -> None:
    inputs = [
        "#" + " " * 200_000 + "x",
        "[1,0]<stdout>:" * 50_000 + "\n",
        "1 " * 200_000 + "\n",
        "# nccl-tests version " + "9" * 100_000 + " nccl-library=" + "9" * 20 + "\n",
        "#  Rank " + " 1" * 100_000 + "\n" + "Avg bus bandwidth : 1\n",
        " RDMA_Write " + " " * 100_000 + "BW Test\n #bytes #iterations BW peak[Gb/sec] BW average[Gb/sec]\n"
        + " 1 " * 100_000 + "\n",
        ("   8   2   float   sum   -1   " + "1.0 " * 50_000 + "\n") * 4 + "# Avg bus bandwidth : 1\n",
    ]
    start = time.monotonic()
    for i, text in enumerate(inputs):
        try:
            parse_log(write(tmp_path, text, f"p{i}.log"))
        except LogError:
            pass
    assert time.monotonic() - start < 10


# --- property: nothing but LogError, whatever the input ------------------------

SNIPPETS = [
    "# nccl-tests version 2.17.8 nccl-headers=22902 nccl-library=22902",
    "# Collective test starting: all_reduce_perf",
    "# nThread 1 nGpus 1 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20",
    "#  Rank  0 Group  0 Pid   1 on host device  0 [0000:1b:00] NVIDIA H100 80GB HBM3",
    "#       size         count      type   redop    root     time   algbw   busbw  #wrong     time   algbw   busbw  #wrong",
    "           8             2     float     sum      -1    85.14    0.00    0.00      0    62.82    0.00    0.00    N/A",
    "   17179869184    2147483648    double     sum      -1  1.8e+07    0.97    0.97   1e+06  1.7e+07    0.99    nan    N/A",
    "# Out of bounds values : 0 OK",
    "# Avg bus bandwidth    : 70.742 FAILED",
    "# Collective test concluded: all_reduce_perf",
    "host: Test NCCL failure alltoall.cu:274 'remote process exited or there was a network error / '",
    "[1,0]<stdout>:", "[1,3]<stderr>:", "0: ", "[0] ",
    "                    RDMA_Write BW Test",
    " Link type       : Ethernet",
    " #bytes     #iterations    BW peak[MB/sec]    BW average[MiB/sec]   MsgRate[Mpps]",
    " 65536      1000             48000.00            47500.00\t\t   0.724792",
    "-" * 87,
    '{"results": [{"size": 8, "count": 2}]}',
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(
    st.binary(max_size=2000),
    st.text(max_size=2000),
    st.lists(st.one_of(st.sampled_from(SNIPPETS), st.text(max_size=40)), max_size=40).map("\n".join),
    st.lists(st.sampled_from(SNIPPETS), max_size=40).map("".join),
))
def test_parse_log_raises_only_log_error(tmp_path_factory: pytest.TempPathFactory, data: bytes | str) -> None:
    path = tmp_path_factory.mktemp("prop") / "input.log"
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8", errors="surrogatepass")
    else:
        path.write_bytes(data)
    try:
        log = parse_log(path)
    except LogError as exc:
        assert "\n" not in str(exc)
    else:
        assert isinstance(log, (NcclLog, PerftestLog))
        log.model_dump_json()
