"""slacheck: check GPU server and cluster contracts against what the hardware and network can deliver."""

__version__ = "0.1.0"


def compiled() -> bool:
    """Whether the reading runs as modules compiled by mypyc (see setup.py) rather than as pure Python: looked
    up beside the package, not imported."""
    from importlib.machinery import EXTENSION_SUFFIXES
    from pathlib import Path

    lexer = Path(__file__).parent / "extract" / "lexer"
    return any(lexer.with_name(f"lexer{suffix}").is_file() for suffix in EXTENSION_SUFFIXES)
