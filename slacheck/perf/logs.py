"""Read an acceptance benchmark log, sniff its kind and parse it (nccl-tests or perftest)."""

from __future__ import annotations

import re
from pathlib import Path

from slacheck.perf.nccl.json import parse_nccl_json
from slacheck.perf.nccl.records import NcclLog
from slacheck.perf.nccl.text import parse_nccl_text
from slacheck.perf.perftest_log import PerftestLog, parse_perftest
from slacheck.regexes import regex

MAX_LOG_BYTES = 256 * 2**20
"""Larger files are refused rather than read into memory."""

_NCCL_MARKERS = regex(
    r"nccl-tests version|Collective test starting:|Test NCCL failure|#\s*nThread\s+\d+\s+nGpus|Avg bus bandwidth\s*:"
    r"|#\s*size\s+count\s+type\s+redop\s+root|#\s*Rank\s+\d+\s+(?:Group\s+\d+\s+)?Pid\s+\d+",
    re.ASCII,
)
_PERFTEST_MARKERS = regex(r"\bBW Test\b|#bytes\s+(?:#sl\s+)?#iterations\s+BW (?:peak|average)\[", re.ASCII)
_PERFTEST_LATENCY = regex(r"\bLatency Test\b|t_min\[usec\]|t_avg\[usec\]", re.ASCII)
_CONTROL = set(range(0x00, 0x09)) | {0x0B, 0x0E, 0x0F} | set(range(0x10, 0x1B)) | set(range(0x1C, 0x20))


class LogError(Exception):
    """A log that cannot be read or is not a benchmark log; ``str()`` is a one-line message."""


def _where(path: Path) -> str:
    """The path as it appears in a one-line message."""
    return str(path).replace("\n", "\\n").replace("\r", "\\r")


def _read(path: Path) -> str:
    """Read a regular text file, refusing missing, special, huge, binary and empty files."""
    where = _where(path)
    try:
        if not path.exists():
            raise LogError(f"{where}: no such file")
        if path.is_dir():
            raise LogError(f"{where}: is a directory, not a log file")
        if not path.is_file():
            raise LogError(f"{where}: not a regular file")
        if path.stat().st_size > MAX_LOG_BYTES:
            raise LogError(f"{where}: larger than {MAX_LOG_BYTES // 2**20} MiB, not read")
        data = path.read_bytes()
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise LogError(f"{where}: cannot read ({reason.splitlines()[0] if reason else type(exc).__name__})") from None
    if not data.strip():
        raise LogError(f"{where}: empty file")
    head = data[:65536]
    if b"\x00" in head or sum(byte in _CONTROL for byte in head) > len(head) // 100:
        raise LogError(f"{where}: binary file, not a text log")
    return data.decode("utf-8", errors="replace")


def parse_log(path: Path) -> NcclLog | PerftestLog:
    """Parse an nccl-tests (text or ``-J`` JSON) or perftest bandwidth log, sniffed from its content.

    Raises LogError, with a one-line message, for anything else.
    """
    text = _read(path)
    where = _where(path)
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        try:
            return parse_nccl_json(text, str(path))
        except (ValueError, RecursionError) as exc:
            message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise LogError(f"{where}: not an nccl-tests JSON report ({message})") from None
    nccl = _NCCL_MARKERS.search(text)
    perftest = _PERFTEST_MARKERS.search(text)
    if perftest and (nccl is None or perftest.start() < nccl.start()):
        try:
            return parse_perftest(text, str(path))
        except ValueError as exc:
            raise LogError(f"{where}: {exc}") from None
    if nccl:
        log = parse_nccl_text(text, str(path))
        if log.collectives:
            return log
        raise LogError(f"{where}: mentions nccl-tests but holds no nccl-tests header, table or trailer")
    if _PERFTEST_LATENCY.search(text):
        raise LogError(f"{where}: perftest latency output is not supported (use the *_bw tests)")
    raise LogError(f"{where}: not an nccl-tests or perftest log")


def log_lines(path: str) -> tuple[str, ...]:
    """A parsed log's lines, for quoting (empty when it can no longer be read)."""
    try:
        return tuple(Path(path).read_text(encoding="utf-8", errors="replace").split("\n"))
    except OSError:
        return ()
