"""slacheck: check GPU server and cluster contracts against what the hardware and network can deliver."""

__version__ = "0.1.0"
