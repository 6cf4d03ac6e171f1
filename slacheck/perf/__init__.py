"""perf stage."""
