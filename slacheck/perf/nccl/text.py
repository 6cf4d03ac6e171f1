"""Parse nccl-tests stdout (any version, launcher prefixes, NCCL INFO noise, duplicated non-MPI output)."""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from slacheck.perf.nccl.infer import canonical_collective, infer_collective, nccl_code, run_status
from slacheck.perf.nccl.lines import Line, logical_lines
from slacheck.perf.nccl.records import (
    CollectiveSource,
    NcclCollective,
    NcclLog,
    NcclMeasurement,
    NcclRank,
    NcclRow,
    Transport,
)
from slacheck.regexes import Regex, regex

_INTEGER = regex(r"-?[0-9]{1,30}", re.ASCII)
_VERSION = regex(
    r"#\s*nccl-tests version\s+(\S+)(?:\s+nccl-headers=\d+)?(?:\s+nccl-library=(\d{1,12}))?", re.ASCII
)
_STARTING = regex(r"#\s*Collective test starting:\s*(\S+)", re.ASCII)
_CONCLUDED = regex(r"#\s*Collective test concluded:", re.ASCII)
_PARAMS = regex(r"#\s*nThread\s+\d+\s+nGpus\s+\d+", re.ASCII)
_REDUCING = regex(r"#\s*Reducing maxBytes to\s+(\d{1,30})", re.ASCII)
_RANK = regex(
    r"#\s*Rank\s+(\d{1,9})\s+(?:Group\s+(\d{1,9})\s+)?Pid\s+(\d{1,12})\s+on\s+(\S+)"
    r"\s+device\s+(\d{1,9})\s+\[([^\]\s]*)\]([^\n]*)",
    re.ASCII,
)
_TABLE_HEADER = regex(r"#\s*size\s+count\s+type\s+redop\s+root\b", re.ASCII)
_OOB = regex(r"#\s*Out of bounds values\s*:\s*(\d{1,30})", re.ASCII)
_AVG = regex(r"#\s*Avg bus bandwidth\s*:\s*(\S+)\s*(OK|FAILED)?", re.ASCII)
_FAILURE = regex(r"Test (?:NCCL|CUDA) failure|Test failure \S+:\d", re.ASCII)
_INFO_VERSION = regex(r"NCCL INFO NCCL version (\d+\.\d+\.\d+)", re.ASCII)
_TRANSPORTS: tuple[tuple[Regex, Transport], ...] = (
    (regex(r"NET/OFI Selected Provider is (?i:efa)\b", re.ASCII), "efa"),
    (regex(r"NET/OFI Selected Provider is ", re.ASCII), "ofi"),
    (regex(r"NET/IB ?: Using \[\d+\]\S*?/RoCE", re.ASCII), "roce"),
    (regex(r"NET/IB ?: Using \[\d+\]\S*?/IB\b", re.ASCII), "infiniband"),
    (regex(r"NET/Socket ?: Using|Using network Socket\b", re.ASCII), "socket"),
    (regex(r"NET/(?:GPUDirectTCPX|FasTrak)|Using network (?:GPUDirectTCPX|FasTrak)|(?i:tcpxo?\b)", re.ASCII),
     "tcpx"),
    (regex(r"Using network AWS Libfabric", re.ASCII), "ofi"),
)
_BINARY = regex(
    r"\b(all_reduce|all_gather|reduce_scatter|alltoall|sendrecv|broadcast|reduce|"
    r"gather|scatter|hypercube|alltoallv)_perf\b",
    re.ASCII,
)


def _float(token: str) -> float | None:
    """A number as nccl-tests prints it (``12.5``, ``1.0e+07``, ``nan``), or None."""
    try:
        return float(token)
    except ValueError:
        return None


def decimal_int(token: str) -> int | None:
    """A decimal integer token (ASCII digits, optional minus), or None."""
    return int(token) if _INTEGER.fullmatch(token) else None


def _wrong(token: str) -> tuple[bool, int | None]:
    """Parse a #wrong cell: (valid, value) with value None for ``N/A``."""
    if token == "N/A":
        return True, None
    value = _float(token)
    if value is None or not math.isfinite(value) or value < 0 or value != int(value):
        return False, None
    return True, int(value)


def _measurement(tokens: list[str]) -> NcclMeasurement | None:
    """time, algbw, busbw, #wrong -> a measurement, or None if malformed."""
    time_us, algbw, busbw = (_float(t) for t in tokens[:3])
    ok, wrong = _wrong(tokens[3])
    if time_us is None or algbw is None or busbw is None or not ok:
        return None
    return NcclMeasurement(time_us=time_us, algbw=algbw, busbw=busbw, wrong=wrong)


def _parse_row(text: str, half_width: int, line: int) -> NcclRow | None:
    """Parse one table row; half_width is 4, or 8 with per-iteration columns."""
    tokens = text.split()
    if len(tokens) < 5 + 2 * half_width:
        return None
    size, count, root = decimal_int(tokens[0]), decimal_int(tokens[1]), decimal_int(tokens[4])
    if size is None or count is None or root is None:
        return None
    if not (tokens[2][:1].isalpha() and tokens[3][:1].isalpha()):
        return None
    oop = _measurement(tokens[5:9])
    ip = _measurement(tokens[5 + half_width: 9 + half_width])
    if oop is None or ip is None:
        return None
    return NcclRow(
        size_bytes=size, count=count, type=tokens[2], redop=tokens[3], root=root,
        out_of_place=oop, in_place=ip, line=line,
    )


@dataclass
class _Section:
    """Mutable accumulator for one collective run while scanning."""

    start_line: int
    collective: str | None = None
    binary_hint: str | None = None
    headers: Counter[str] = field(default_factory=Counter)
    ranks: list[NcclRank] = field(default_factory=list)
    rank_ids: Counter[int] = field(default_factory=Counter)
    rows: list[NcclRow] = field(default_factory=list)
    row_streams: set[str | None] = field(default_factory=set)
    half_width: int = 4
    duplicate_line: int | None = None
    trailer_line: int | None = None
    avg_busbw: float | None = None
    avg_check: Literal["OK", "FAILED"] | None = None
    out_of_bounds: int | None = None
    concluded: bool = False
    failure: str | None = None
    failure_line: int | None = None
    reduced_to: int | None = None

    @property
    def closed(self) -> bool:
        """True once the run printed its trailer, concluded, or failed."""
        return self.trailer_line is not None or self.concluded or self.failure is not None

    @property
    def has_data(self) -> bool:
        """True once rows were printed or the run closed."""
        return bool(self.rows) or self.closed

    def note_duplicate(self, line: int) -> None:
        """Remember the first line that shows duplicated output."""
        if self.duplicate_line is None:
            self.duplicate_line = line

    def copies(self) -> int:
        """Independent writers of this section, from repeated headers, rank ids and row streams."""
        return max(
            max(self.headers.values(), default=1),
            max(self.rank_ids.values(), default=1),
            len(self.row_streams) or 1,
        )


class _TextParser:
    """Line-by-line state machine over the logical lines of an nccl-tests log."""

    def __init__(self) -> None:
        self.sections: list[_Section] = []
        self.current: _Section | None = None
        self.pending_binary: str | None = None
        self.tests_version: tuple[str, int] | None = None
        self.library: tuple[str, int] | None = None
        self.info_version: tuple[str, int] | None = None
        self.transport: tuple[Transport, int] | None = None

    def _new(self, line: int) -> _Section:
        """Open a new section at line."""
        section = _Section(start_line=line, binary_hint=self.pending_binary)
        self.pending_binary = None
        self.sections.append(section)
        self.current = section
        return section

    def _open(self, line: int) -> _Section:
        """The current section, opening one if there is none."""
        return self.current or self._new(line)

    def _header(self, kind: str, line: int, collective: str | None = None) -> None:
        """Handle a header line; a repeat before any data means duplicated output."""
        section = self.current
        if (
            section is None
            or section.has_data
            or (collective and section.collective and collective != section.collective)
        ):
            section = self._new(line)
        elif section.headers[kind]:
            section.note_duplicate(line)
        section.headers[kind] += 1
        if collective:
            section.collective = collective

    def feed(self, ln: Line) -> None:
        """Consume one logical line."""
        text = ln.text.strip()
        if not text:
            return
        if text.startswith("#"):
            self._comment(text, ln.number)
            return
        if _FAILURE.search(text):
            self._failure(text, ln.number)
            return
        if "NCCL INFO" in text:
            self._info(text, ln.number)
        if text[0].isdigit() and self._row(text, ln):
            return
        binary = _BINARY.search(text)
        if binary and "NCCL INFO" not in text:
            if self.current is not None and not self.current.rows and self.current.binary_hint is None:
                self.current.binary_hint = binary.group(1)
            else:
                self.pending_binary = binary.group(1)

    def _failure(self, text: str, line: int) -> None:
        """Record a test failure or network error (a concluded section's failure opens a new one)."""
        section = self.current
        if section is None or section.concluded:
            section = self._new(line)
        if section.failure is None:
            section.failure, section.failure_line = text, line

    def _row(self, text: str, ln: Line) -> bool:
        """Record a result row; False when the line is not one."""
        section = self.current
        row = _parse_row(text, section.half_width if section else 4, ln.number)
        if row is None:
            return False
        if section is None or section.closed:
            section = self._new(ln.number)
        if section.row_streams and ln.stream not in section.row_streams:
            section.note_duplicate(ln.number)
        section.row_streams.add(ln.stream)
        section.rows.append(row)
        return True

    def _info(self, text: str, line: int) -> None:
        """Read the NCCL version and the network transport from an ``NCCL INFO`` line."""
        info = _INFO_VERSION.search(text)
        if info and self.info_version is None:
            self.info_version = (info.group(1), line)
        if self.transport is None:
            self.transport = next(((kind, line) for pattern, kind in _TRANSPORTS if pattern.search(text)),
                                  None)

    def _comment(self, text: str, line: int) -> None:
        """Handle a ``#`` line: headers, rank list, table header, trailer."""
        if m := _VERSION.match(text):
            self._version(m, line)
        elif m := _STARTING.match(text):
            self._header("starting", line, canonical_collective(m.group(1)))
        elif _PARAMS.match(text):
            self._header("params", line)
        elif m := _RANK.match(text):
            self._rank(m, line)
        elif m := _REDUCING.match(text):
            self._open(line).reduced_to = int(m.group(1))
        elif _TABLE_HEADER.match(text):
            self._open(line).half_width = 8 if "i_min" in text else 4
        elif m := _OOB.match(text):
            section = self._open(line)
            section.out_of_bounds = (section.out_of_bounds or 0) + int(m.group(1))
        elif m := _AVG.match(text):
            self._trailer(m, line)
        elif _CONCLUDED.match(text):
            self._open(line).concluded = True

    def _version(self, m: re.Match[str], line: int) -> None:
        """The nccl-tests version header (and the NCCL library code it may carry)."""
        self._header("version", line)
        if self.tests_version is None:
            self.tests_version = (m.group(1), line)
        if m.group(2) and self.library is None:
            self.library = (nccl_code(int(m.group(2))), line)

    def _trailer(self, m: re.Match[str], line: int) -> None:
        """The ``# Avg bus bandwidth`` trailer (the first one of a section counts)."""
        section = self._open(line)
        if section.trailer_line is None:
            section.trailer_line = line
            section.avg_busbw = _float(m.group(1))
            section.avg_check = "OK" if m.group(2) == "OK" else "FAILED" if m.group(2) else None

    def _rank(self, m: re.Match[str], line: int) -> None:
        """Record a ``#  Rank`` line, noting a repeated rank id."""
        section = self.current
        if section is None or section.has_data:
            section = self._new(line)
        rank = int(m.group(1))
        if section.rank_ids[rank]:
            section.note_duplicate(line)
        section.rank_ids[rank] += 1
        section.ranks.append(NcclRank(
            rank=rank, group=int(m.group(2)) if m.group(2) else None, pid=int(m.group(3)),
            host=m.group(4), device=int(m.group(5)), bus_id=m.group(6), name=m.group(7).strip(), line=line,
        ))


def _resolve(section: _Section) -> tuple[str, CollectiveSource]:
    """Name the section's collective and say where the name came from."""
    if section.collective:
        return section.collective, "header"
    if section.binary_hint:
        return section.binary_hint, "command"
    guess = infer_collective(section.rows, len(section.rank_ids))
    return (guess, "table") if guess else ("unknown", "unknown")


def _finish(section: _Section) -> NcclCollective:
    """Freeze an accumulated section."""
    name, source = _resolve(section)
    return NcclCollective(
        collective=name,
        collective_source=source,
        status=run_status(len(section.rows), section.trailer_line is not None, section.failure is not None),
        failure=section.failure,
        failure_line=section.failure_line,
        rows=tuple(section.rows),
        rank_entries=tuple(section.ranks),
        copies=section.copies(),
        duplicate_line=section.duplicate_line,
        header_line=section.start_line,
        trailer_line=section.trailer_line,
        avg_busbw=section.avg_busbw,
        avg_busbw_check=section.avg_check,
        out_of_bounds=section.out_of_bounds,
        max_bytes_reduced_to=section.reduced_to,
    )


def parse_nccl_text(text: str, path: str) -> NcclLog:
    """Parse nccl-tests stdout (any version, with launcher prefixes and NCCL INFO noise)."""
    parser = _TextParser()
    for line in logical_lines(text):
        parser.feed(line)
    nccl = parser.library or parser.info_version
    return NcclLog(
        path=path,
        format="text",
        nccl_tests_version=parser.tests_version[0] if parser.tests_version else None,
        version_line=parser.tests_version[1] if parser.tests_version else None,
        nccl_version=nccl[0] if nccl else None,
        nccl_version_line=nccl[1] if nccl else None,
        collectives=tuple(_finish(s) for s in parser.sections),
        transport=parser.transport[0] if parser.transport else None,
        transport_line=parser.transport[1] if parser.transport else None,
    )
