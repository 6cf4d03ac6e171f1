"""What a condition may write besides fact paths: named sets, named constants, and the closed vocabularies.

A named set (``fabric.protocol in fabrics.rdma``) or constant (``tolerance.price``) stands for its value
when a condition is parsed, so a list or a threshold several rules share is written once. A string a
condition compares with a word-valued fact or measured value must be one of that name's words: a typo such
as ``"roce-v3"`` refuses the pack at load time.
"""

from __future__ import annotations

from typing import Any

from slacheck.offering import NAMED_RDMA, RDMA, RDMA_OVER_ETHERNET, ROCE, VOCABULARY
from slacheck.perf.plateau import LARGE_MESSAGE_BYTES
from slacheck.rules.derived import MEASURED_VOCABULARY

NAMED_SETS: dict[str, tuple[tuple[str, ...], str]] = {
    "fabrics.rdma": (RDMA, "every RDMA fabric: InfiniBand, RoCE, RDMA of unnamed protocol"),
    "fabrics.named_rdma": (NAMED_RDMA, "InfiniBand or RoCE, named as such"),
    "fabrics.rdma_over_ethernet": (RDMA_OVER_ETHERNET, "RoCE, or RDMA over Ethernet whose protocol is not named"),
    "fabrics.roce": (ROCE, "RoCE of any version"),
    "fabrics.unspecified_rdma": (("rdma", "roce"), "RDMA without its protocol, or RoCE without its version"),
    "links.nvlink": (("nvlink-switch", "nvlink-bridge"), "NVLink between GPUs: through NVSwitch or by bridges"),
    "transports.tcp": (("socket", "tcpx", "tcp-latency"), "a benchmark log's transport that is TCP, not RDMA"),
    "gpus.hopper_blackwell": (("H100", "H800", "H200", "B100", "B200", "GB200"),
                              "the 8-GPU power class of rules-v1 COM003 (any form factor)"),
    "billing.quarterly_or_longer": (("quarterly", "annual"), "billing periods of a quarter or longer"),
}
"""Named sets: name -> (values, what they are)."""

CONSTANTS: dict[str, tuple[float, str]] = {
    "sizes.large_message_bytes": (LARGE_MESSAGE_BYTES, "the smallest large message: 256 MiB less the size "
                                                       "rounding of all_gather/reduce_scatter/alltoall"),
    "tolerance.price": (0.01, "how far a stated total may differ from the arithmetic of its prices (1%)"),
    "tolerance.instability": (0.1, "largest busbw gap between repeated runs or neighbouring large sizes (10%)"),
}
"""Named constants: name -> (value, what it is)."""


def constants() -> dict[str, Any]:
    """Every named set and constant, by name: what a condition's parser substitutes."""
    return {**{name: values for name, (values, _) in NAMED_SETS.items()},
            **{name: value for name, (value, _) in CONSTANTS.items()}}


def descriptions() -> dict[str, str]:
    """What each named set and constant is, by name."""
    return {name: text for table in (NAMED_SETS, CONSTANTS) for name, (_, text) in table.items()}


def vocabulary() -> dict[str, tuple[str, ...]]:
    """Every name whose values are a closed set of words, with its words."""
    return {**VOCABULARY, **MEASURED_VOCABULARY}

