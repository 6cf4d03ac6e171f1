"""Reading settings files safely; writing output files atomically.

Configuration, waiver, baseline and rule-pack files are read only when they are regular files
of bounded size: a FIFO would block for ever and ``/dev/zero`` would never end.

A report, baseline or plot is written to a temporary file beside its destination and renamed
over it: a reader never sees half a file, a failed run leaves the old file in place, and a
symlink at the destination is replaced rather than written through (a committed link cannot
make slacheck overwrite the file it points to).
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

__all__ = ["MAX_SETTINGS_BYTES", "read_small_text", "write_atomic"]

MAX_SETTINGS_BYTES = 4_000_000
"""Largest configuration, waiver or baseline file read."""


def read_small_text(path: str | Path, limit: int = MAX_SETTINGS_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes; OSError (its message one line)
    for anything else, UnicodeDecodeError for bytes that are not UTF-8."""
    status = os.stat(path)
    if not stat.S_ISREG(status.st_mode):
        raise OSError("not a regular file")
    if status.st_size > limit:
        raise OSError(f"larger than {limit} bytes")
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise OSError(f"larger than {limit} bytes")
    return data.decode("utf-8")


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file renamed over it; raises OSError."""
    target = Path(path)
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as out:
            out.write(text)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise


def _umask() -> int:
    """The process umask (read by setting it and putting it back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
