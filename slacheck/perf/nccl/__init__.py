"""nccl-tests logs: records, the text and ``-J`` JSON parsers, and what a run is inferred to be."""

from typing import Literal

Transport = Literal["infiniband", "roce", "socket", "efa", "ofi", "tcpx"]
"""The inter-node transport NCCL reports: its IB verbs plugin on InfiniBand or RoCE ports, TCP sockets,
the AWS OFI plugin (EFA or another libfabric provider) or GCP's GPUDirect-TCPX/TCPXO plugin. Here, not in
``records``, so that the rules' vocabulary can name it without loading the log models."""
