"""nccl-tests logs: records, the text and ``-J`` JSON parsers, and what a run is inferred to be."""
