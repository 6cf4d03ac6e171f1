"""Parse perftest bandwidth client output (ib_write_bw, ib_read_bw, ib_send_bw) into frozen models."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, computed_field

from slacheck.perf.plateau import largest_size_rows, lower_median
from slacheck.regexes import regex

# Bytes-per-second units perftest prints, converted to Gb/s (10^9 bits).
_TO_GBPS = {
    "Gb/sec": 1.0,
    "MB/sec": 8 * 10**6 / 1e9,
    "MiB/sec": 8 * 2**20 / 1e9,
}

_TESTS = {"RDMA_Write": "ib_write_bw", "RDMA_Read": "ib_read_bw", "Send": "ib_send_bw", "Atomic": "ib_atomic_bw"}

_DASHES = regex(r"\s*-{20,}\s*$")
_BANNER = regex(r"\s*(RDMA_Write|RDMA_Read|Send|Atomic)\b([^\n]{0,80}?)\bBW Test\b", re.ASCII)
_TABLE = regex(
    r"\s*#bytes\s+(#sl\s+)?#iterations\s+BW peak\[([^\]\s]*)\]\s+BW average\[([^\]\s]*)\]([^\n]*)", re.ASCII
)
_FIELDS = {
    "device": regex(r"\bDevice\s*:\s*(\S+)", re.ASCII),
    "qps": regex(r"\bNumber of qps\s*:\s*(\d{1,9})", re.ASCII),
    "connection": regex(r"\bConnection type\s*:\s*(\S+)", re.ASCII),
    "mtu": regex(r"\bMtu\s*:\s*(\d{1,9})", re.ASCII),
    "link": regex(r"\bLink type\s*:\s*(\S+)", re.ASCII),
    "gid": regex(r"\bGID index\s*:\s*(\d{1,9})", re.ASCII),
}
_GPU_BUFFER = regex(r"initializing CUDA|initializing ROCm|GPU buffer|cuMemAlloc", re.ASCII)
_GPU_NAME = regex(r"device name = \[([^\]\n]*)\]")
_ERROR = regex(r"\s*(?:Couldn't|Couldnt|Unable to|Failed|Completion with error|Error\b|ERROR\b)", re.ASCII)
_NUMBER = regex(r"[0-9]{1,30}(?:\.[0-9]{1,30})?", re.ASCII)


class _Frozen(BaseModel):
    """Immutable base for every parsed record."""

    model_config = ConfigDict(frozen=True)


class PerftestRow(_Frozen):
    """One message size of the result table, bandwidths converted to Gb/s."""

    bytes: int
    iterations: int
    peak_gbps: float
    avg_gbps: float
    msg_rate_mpps: float | None
    line: int


class PerftestLog(_Frozen):
    """The first bandwidth run of a perftest client log."""

    path: str
    test: str | None
    """ib_write_bw, ib_read_bw, ib_send_bw or ib_atomic_bw, from the banner."""
    banner: str | None
    banner_line: int | None
    bidirectional: bool
    device: str | None
    link_type: str | None
    """As printed: ``Ethernet`` (RoCE) or ``IB``."""
    transport: Literal["roce", "infiniband"] | None
    gid_index: int | None
    qps: int | None
    mtu: int | None
    connection_type: str | None
    gpudirect: bool
    """True when the buffer was GPU memory (``--use_cuda``/``--use_rocm`` preamble)."""
    gpu_name: str | None
    dmabuf: bool
    unit: str | None
    """Bandwidth unit of the table as printed (Gb/sec, MB/sec = 10^6 B/s, MiB/sec = 2^20 B/s)."""
    table_line: int | None
    rows: tuple[PerftestRow, ...]
    completed: bool
    """Rows printed and the table closed by its dashed line, with no error message."""
    error: str | None
    error_line: int | None
    runs: int
    """Bandwidth banners in the file; only the first run is parsed."""

    @computed_field  # type: ignore[prop-decorator]
    @property
    def peak_gbps(self) -> float | None:
        """Largest value of the BW peak column."""
        return max((r.peak_gbps for r in self.rows), default=None)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def peak_line(self) -> int | None:
        """Line of the row holding the peak."""
        return max(self.rows, key=lambda r: r.peak_gbps).line if self.rows else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def plateau_avg_gbps(self) -> float | None:
        """BW average at the largest message size (median if that size repeats).

        The average column, not the peak: the peak can catch one fast burst
        (realdata perftest 03 at 8 KiB: peak 137.04, average 54.19 Gb/s).
        """
        row = self._plateau_row()
        return row.avg_gbps if row else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def plateau_line(self) -> int | None:
        """Line of the row giving the plateau value."""
        row = self._plateau_row()
        return row.line if row else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def max_size_bytes(self) -> int | None:
        """Largest message size tested."""
        return max((r.bytes for r in self.rows), default=None)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def sweep(self) -> bool:
        """True for an ``-a`` sweep (several sizes), False for a single-size run."""
        return len({r.bytes for r in self.rows}) > 1

    def _plateau_row(self) -> PerftestRow | None:
        """The lower-median row by average among rows at the largest size."""
        return lower_median(largest_size_rows(self.rows, lambda r: r.bytes), lambda r: r.avg_gbps)


def _row(text: str, with_sl: bool, scale: float, line: int) -> PerftestRow | None:
    """Parse one result row, or None when the line is not a row."""
    tokens = text.split()
    offset = 1 if with_sl else 0
    if len(tokens) < 4 + offset or not all(_NUMBER.fullmatch(t) for t in tokens[: 5 + offset]):
        return None
    if "." in tokens[0] or "." in tokens[1 + offset]:
        return None
    rate = tokens[4 + offset] if len(tokens) > 4 + offset else None
    return PerftestRow(
        bytes=int(tokens[0]),
        iterations=int(tokens[1 + offset]),
        peak_gbps=float(tokens[2 + offset]) * scale,
        avg_gbps=float(tokens[3 + offset]) * scale,
        msg_rate_mpps=float(rate) if rate is not None else None,
        line=line,
    )


def parse_perftest(text: str, path: str) -> PerftestLog:
    """Parse perftest BW output; raises ValueError for a table in an unknown unit."""
    reader = _Reader()
    for number, raw in enumerate(text.split("\n"), 1):
        for line in raw.rstrip("\r").split("\r"):
            reader.feed(line, number)
    return reader.log(path)


@dataclass
class _Reader:
    """What perftest output has said so far: the first run's banner, header fields, table and rows."""

    info: dict[str, str] = field(default_factory=dict)
    banner: tuple[str, str, int] | None = None
    runs: int = 0
    table: tuple[bool, float, str, int] | None = None
    rows: list[PerftestRow] = field(default_factory=list)
    closed: bool = False
    gpudirect: bool = False
    dmabuf: bool = False
    gpu_name: str | None = None
    error: str | None = None
    error_line: int | None = None

    def feed(self, line: str, number: int) -> None:
        """Read one line (only the first run counts; its table ends at the dashes after its rows)."""
        if m := _BANNER.match(line):
            self.runs += 1
            if self.banner is None:
                self.banner = (m.group(1), m.group(0).strip(), number)
            return
        if self.runs > 1 or self.closed:
            return
        if self.banner is None:
            self._before_banner(line)
        if self.error is None and _ERROR.match(line):
            self.error, self.error_line = line.strip(), number
        if self.table is None:
            self._header(line, number)
        elif _DASHES.match(line):
            self.closed = bool(self.rows)
        elif row := _row(line, self.table[0], self.table[1], number):
            self.rows.append(row)

    def _before_banner(self, line: str) -> None:
        """GPU buffers, DMA-BUF and the GPU's name, said before the banner."""
        self.gpudirect = self.gpudirect or bool(_GPU_BUFFER.search(line))
        self.dmabuf = self.dmabuf or "DMA-BUF" in line
        if name := _GPU_NAME.search(line):
            self.gpu_name = self.gpu_name or name.group(1).strip()

    def _header(self, line: str, number: int) -> None:
        """The table's heading line, or a header field after the banner."""
        if m := _TABLE.match(line):
            unit = m.group(3)
            if unit not in _TO_GBPS or m.group(2) != unit:
                raise ValueError(f"unsupported perftest bandwidth unit {unit!r} on line {number}")
            self.table = (bool(m.group(1)), _TO_GBPS[unit], unit, number)
        elif self.banner is not None:
            for key, pattern in _FIELDS.items():
                if key not in self.info and (f := pattern.search(line)):
                    self.info[key] = f.group(1)

    def log(self, path: str) -> PerftestLog:
        """The log as read."""
        info, banner, table, link = self.info, self.banner, self.table, self.info.get("link")
        return PerftestLog(
            path=path,
            test=_TESTS[banner[0]] if banner else None,
            banner=banner[1] if banner else None,
            banner_line=banner[2] if banner else None,
            bidirectional=bool(banner and "Bidirectional" in banner[1]),
            device=info.get("device"),
            link_type=link,
            transport="roce" if link == "Ethernet" else "infiniband" if link == "IB" else None,
            gid_index=int(info["gid"]) if "gid" in info else None,
            qps=int(info["qps"]) if "qps" in info else None,
            mtu=int(info["mtu"]) if "mtu" in info else None,
            connection_type=info.get("connection"),
            gpudirect=self.gpudirect,
            gpu_name=self.gpu_name,
            dmabuf=self.dmabuf,
            unit=table[2] if table else None,
            table_line=table[3] if table else None,
            rows=tuple(self.rows),
            completed=bool(self.rows) and self.closed and self.error is None,
            error=self.error,
            error_line=self.error_line,
            runs=self.runs,
        )


MAX_GBPS = 10_000.0
"""Gb/s no RDMA port reaches (the fastest carry 800-1,600 Gb/s): a larger rate is not a measurement."""


def invalid_reason(log: PerftestLog) -> str | None:
    """Why a completed run measures nothing (None when its figures can be judged): a bandwidth
    that is not a number, below 0 or beyond :data:`MAX_GBPS`."""
    values = [v for row in log.rows for v in (row.peak_gbps, row.avg_gbps)]
    if any(not (math.isfinite(v) and 0 <= v <= MAX_GBPS) for v in values):
        return f"a bandwidth that is not a number, below 0 or above {MAX_GBPS:g} Gb/s"
    return None
