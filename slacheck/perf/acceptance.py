"""What an acceptance run is: its commands, the sizes it is judged on, and the fabric a log shows.

Commands are the ones ``slacheck plan`` prints and ACC fixes quote: nccl-tests across
all nodes (one rank per GPU, ``NCCL_ALGO=Ring`` so that the network, not NVLS/tree, is
measured) and ``ib_write_bw`` per HCA with GPU memory.

The fabric of an nccl-tests log is read from NCCL's INFO lines (perf.nccl.text) or, when
the log has none, from its small-message latency: a multi-host all_reduce of a few bytes
takes ~20 us on RDMA (HDR InfiniBand, NVIDIA/nccl-tests#150), 62 us on AWS EFA
(realdata 03) and 123 us on GCP TCPXO (realdata 04). Above
``RDMA_LATENCY_US x (1 + log2(hosts))`` the run did not go over RDMA.
"""

from __future__ import annotations

import math

from slacheck.perf.nccl.records import NcclCollective
from slacheck.perf.plateau import SIZE_SLACK

NCCL_ARGS = "-b 8 -e 8G -f 2 -g 1 -c 1"
PERFTEST_ARGS = "--report_gbits -s 8388608 -q 4 -D 10 --use_cuda=0"
JUDGED_MIN_BYTES = 2**30
"""Without a size range in the contract, busbw is judged on the rows of 1 GiB and above."""
RDMA_LATENCY_US = 25.0
"""Small-message all_reduce latency bound per tree level over RDMA (2.5 x the 20 us HDR figure)."""
SMALL_BYTES = 4096



def nccl_command(collective: str, nodes: int, gpus_per_node: int) -> str:
    """The nccl-tests command line of one collective across all nodes."""
    hosts = f" -N {gpus_per_node} --hostfile hostfile" if nodes > 1 else ""
    return (f"mpirun -np {nodes * gpus_per_node}{hosts} -x NCCL_ALGO=Ring "
            f"./build/{collective}_perf {NCCL_ARGS}")


def perftest_command(test: str, device: str) -> str:
    """The perftest command line of one HCA (start it without <peer-host> on the peer first)."""
    return f"{test} -d {device} {PERFTEST_ARGS} <peer-host>"


def size_label(size: float) -> str:
    """Bytes as nccl-tests users say them: 512 MiB, 1 GiB, 8 MiB, 4 KiB, 12 B."""
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if size >= scale * SIZE_SLACK:
            value = size / scale
            return f"{round(value):d} {unit}" if abs(value - round(value)) < 0.02 else f"{value:.1f} {unit}"
    return f"{int(size)} B"


def size_range_label(low: float, high: float) -> str:
    """``1 GiB-8 GiB``, or one size when both ends are the same."""
    return size_label(low) if size_label(low) == size_label(high) else f"{size_label(low)}-{size_label(high)}"


def latency_transport(collective: NcclCollective) -> tuple[float, int | None] | None:
    """(latency us, its line) when a multi-host all_reduce's small messages are too slow for RDMA."""
    if collective.collective != "all_reduce" or collective.nodes < 2:
        return None
    small = [(half.time_us, row.line) for row in collective.rows if 0 < row.size_bytes <= SMALL_BYTES
             for half in (row.out_of_place, row.in_place) if half and math.isfinite(half.time_us)]
    if not small:
        return None
    fastest = min(small)
    return fastest if fastest[0] > RDMA_LATENCY_US * (1 + math.log2(collective.nodes)) else None

