"""Parse nccl-tests output (text tables of any version, or ``-J`` JSON) into frozen models."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, computed_field

PLATEAU_MIN_BYTES = 256 * 2**20
"""Rows at or above this size count towards the large-message plateau."""

PLATEAU_TOP_SIZES = 3
"""When no row reaches PLATEAU_MIN_BYTES, the plateau uses this many largest sizes."""

SIZE_SLACK = 0.99
"""all_gather/reduce_scatter/alltoall round sizes down to a multiple of ranks x type size (256 MiB -> 268435200)."""

LARGE_MESSAGE_BYTES = PLATEAU_MIN_BYTES * SIZE_SLACK
"""The smallest size that counts as a large message (PLATEAU_MIN_BYTES, less the rounding slack)."""

Status = Literal["completed", "failed", "truncated"]
Transport = Literal["infiniband", "roce", "socket", "efa", "ofi", "tcpx"]
"""The inter-node transport NCCL reports: its IB verbs plugin on InfiniBand or RoCE ports, TCP sockets,
the AWS OFI plugin (EFA or another libfabric provider) or GCP's GPUDirect-TCPX/TCPXO plugin."""
CollectiveSource = Literal["header", "command", "table", "unknown"]

# Element size in bytes for the type names nccl-tests prints.
_TYPE_BYTES = {
    "int8": 1, "uint8": 1, "f8e4m3": 1, "f8e5m2": 1,
    "half": 2, "bfloat16": 2,
    "int32": 4, "uint32": 4, "float": 4,
    "int64": 8, "uint64": 8, "double": 8,
}


class _Frozen(BaseModel):
    """Immutable base for every parsed record."""

    model_config = ConfigDict(frozen=True)


class NcclMeasurement(_Frozen):
    """One half (out-of-place or in-place) of a result row; bandwidths in GB/s (10^9 bytes)."""

    time_us: float
    algbw: float
    busbw: float
    wrong: int | None
    """Wrong elements; None where nccl-tests prints ``N/A`` (no validation)."""


class NcclRow(_Frozen):
    """One message size of an nccl-tests result table."""

    size_bytes: int
    count: int
    type: str
    redop: str
    root: int
    out_of_place: NcclMeasurement | None
    """None only for JSON written by trace replay, which skips the out-of-place run."""
    in_place: NcclMeasurement
    line: int | None
    """1-based line of the row in the log (for JSON, the line holding its ``"size"`` key)."""

    @property
    def best_busbw(self) -> float | None:
        """The larger finite busbw of the two halves."""
        values = [m.busbw for m in (self.out_of_place, self.in_place) if m and math.isfinite(m.busbw)]
        return max(values) if values else None


class NcclRank(_Frozen):
    """One ``#  Rank`` line of the ``Using devices`` list."""

    rank: int
    group: int | None
    pid: int
    host: str
    device: int
    bus_id: str
    name: str
    line: int | None


class NcclCollective(_Frozen):
    """One run of one collective test (one header, table and trailer)."""

    collective: str
    """Canonical name: all_reduce, all_gather, reduce_scatter, alltoall, sendrecv, broadcast, reduce (or "unknown")."""
    collective_source: CollectiveSource
    """Where the name came from: the test header, a binary name in the log, inference from the table, or nowhere."""
    status: Status
    """completed: rows and trailer; failed: a ``Test ... failure`` line; truncated: no rows or no trailer."""
    failure: str | None
    failure_line: int | None
    rows: tuple[NcclRow, ...]
    rank_entries: tuple[NcclRank, ...]
    copies: int
    """How many independent runs wrote this section; >1 means duplicated non-MPI output."""
    duplicate_line: int | None
    """First line proving duplication (a repeated header, Rank id or second writer)."""
    header_line: int | None
    trailer_line: int | None
    avg_busbw: float | None
    """First ``# Avg bus bandwidth`` value: nccl-tests' mean over all rows, not a peak."""
    avg_busbw_check: Literal["OK", "FAILED"] | None
    """Verdict nccl-tests appends under NCCL_TESTS_MIN_BW."""
    out_of_bounds: int | None
    """Sum of ``# Out of bounds values`` counts over the trailers."""
    max_bytes_reduced_to: int | None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def ranks(self) -> int:
        """Distinct rank ids in one run."""
        return len({r.rank for r in self.rank_entries})

    @computed_field  # type: ignore[prop-decorator]
    @property
    def hosts(self) -> list[str]:
        """Sorted distinct hostnames over every copy."""
        return sorted({r.host for r in self.rank_entries})

    @computed_field  # type: ignore[prop-decorator]
    @property
    def nodes(self) -> int:
        """Hosts spanned by one run (first listing of each rank), so duplicated output is not multi-node."""
        first: dict[int, str] = {}
        for entry in self.rank_entries:
            first.setdefault(entry.rank, entry.host)
        return len(set(first.values()))

    @computed_field  # type: ignore[prop-decorator]
    @property
    def gpus_per_host(self) -> int | None:
        """Rank lines per host when every host has the same number, else None."""
        per_host = set(Counter(r.host for r in self.rank_entries).values())
        return per_host.pop() if len(per_host) == 1 else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def devices(self) -> list[str]:
        """Sorted distinct GPU names."""
        return sorted({r.name for r in self.rank_entries if r.name})

    @computed_field  # type: ignore[prop-decorator]
    @property
    def peak_busbw(self) -> float | None:
        """Largest busbw of any out-of-place or in-place row."""
        best = self._peak_row()
        return best.best_busbw if best else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def peak_line(self) -> int | None:
        """Line of the row holding the peak busbw."""
        best = self._peak_row()
        return best.line if best else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def plateau_busbw(self) -> float | None:
        """Large-message busbw: lower median of per-row best busbw over the plateau rows.

        Plateau rows are those of at least PLATEAU_MIN_BYTES (256 MiB, less the
        per-rank rounding of gather/scatter sizes), or the
        PLATEAU_TOP_SIZES largest sizes when the log never gets there. The median
        (not the max) keeps a degraded run whose bandwidth falls with size
        (realdata 07) from being judged by its one good row, and the lower
        median is always a printed value with a row to cite.
        """
        row = self._plateau_row()
        return row.best_busbw if row else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def plateau_line(self) -> int | None:
        """Line of the row whose busbw is the plateau value."""
        row = self._plateau_row()
        return row.line if row else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def plateau_min_bytes(self) -> int | None:
        """Smallest size that counted towards the plateau."""
        rows = self.plateau_rows()
        return min(r.size_bytes for r in rows) if rows else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def max_size_bytes(self) -> int | None:
        """Largest message size in the table."""
        return max((r.size_bytes for r in self.rows), default=None)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def wrong_total(self) -> int:
        """Sum of every numeric #wrong in the table."""
        halves = [h for r in self.rows for h in (r.out_of_place, r.in_place) if h]
        return sum(h.wrong for h in halves if h.wrong is not None)

    def _peak_row(self) -> NcclRow | None:
        """The first row with the largest busbw."""
        rows = [r for r in self.rows if r.best_busbw is not None]
        return max(rows, key=lambda r: r.best_busbw or 0.0) if rows else None

    def plateau_rows(self) -> list[NcclRow]:
        """Rows that count towards the plateau (see plateau_busbw)."""
        rows = [r for r in self.rows if r.best_busbw is not None]
        big = [r for r in rows if r.size_bytes >= LARGE_MESSAGE_BYTES]
        if big or not rows:
            return big
        cutoff = sorted({r.size_bytes for r in rows})[-PLATEAU_TOP_SIZES:][0]
        return [r for r in rows if r.size_bytes >= cutoff]

    def _plateau_row(self) -> NcclRow | None:
        """The plateau row at the lower median of best busbw."""
        rows = sorted(self.plateau_rows(), key=lambda r: (r.best_busbw or 0.0, r.size_bytes))
        return rows[(len(rows) - 1) // 2] if rows else None


class NcclLog(_Frozen):
    """A parsed nccl-tests log: one entry per collective run, in file order."""

    path: str
    format: Literal["text", "json"]
    nccl_tests_version: str | None
    version_line: int | None
    nccl_version: str | None
    nccl_version_line: int | None
    collectives: tuple[NcclCollective, ...]
    transport: Transport | None = None
    """The network transport NCCL INFO lines name (None when the log has no such line)."""
    transport_line: int | None = None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def duplicated(self) -> bool:
        """True when independent non-MPI runs wrote interleaved copies of the output."""
        return any(c.copies > 1 for c in self.collectives)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def duplicated_line(self) -> int | None:
        """First line that shows the duplication."""
        lines = [c.duplicate_line for c in self.collectives if c.duplicate_line is not None]
        return min(lines) if lines else None

    def get(self, name: str) -> NcclCollective | None:
        """The first run of the named collective, if any."""
        return next((c for c in self.collectives if c.collective == name), None)


# --- text input -------------------------------------------------------------

_INTEGER = re.compile(r"-?[0-9]{1,30}", re.ASCII)
_MPI_TAG = re.compile(r"\[\d{1,9},\d{1,9}\]<std(?:out|err|diag)>:", re.ASCII)
_LINE_LABEL = re.compile(r"[ \t]{0,8}(?:(\d{1,6}): |\[([A-Za-z]{0,16}\d{1,6})\]:? ?)", re.ASCII)
_VERSION = re.compile(
    r"#\s*nccl-tests version\s+(\S+)(?:\s+nccl-headers=\d+)?(?:\s+nccl-library=(\d{1,12}))?", re.ASCII
)
_STARTING = re.compile(r"#\s*Collective test starting:\s*(\S+)", re.ASCII)
_CONCLUDED = re.compile(r"#\s*Collective test concluded:", re.ASCII)
_PARAMS = re.compile(r"#\s*nThread\s+\d+\s+nGpus\s+\d+", re.ASCII)
_REDUCING = re.compile(r"#\s*Reducing maxBytes to\s+(\d{1,30})", re.ASCII)
_RANK = re.compile(
    r"#\s*Rank\s+(\d{1,9})\s+(?:Group\s+(\d{1,9})\s+)?Pid\s+(\d{1,12})\s+on\s+(\S+)"
    r"\s+device\s+(\d{1,9})\s+\[([^\]\s]*)\]([^\n]*)",
    re.ASCII,
)
_TABLE_HEADER = re.compile(r"#\s*size\s+count\s+type\s+redop\s+root\b", re.ASCII)
_OOB = re.compile(r"#\s*Out of bounds values\s*:\s*(\d{1,30})", re.ASCII)
_AVG = re.compile(r"#\s*Avg bus bandwidth\s*:\s*(\S+)\s*(OK|FAILED)?", re.ASCII)
_FAILURE = re.compile(r"Test (?:NCCL|CUDA) failure|Test failure \S+:\d", re.ASCII)
_INFO_VERSION = re.compile(r"NCCL INFO NCCL version (\d+\.\d+\.\d+)", re.ASCII)
_TRANSPORTS: tuple[tuple[re.Pattern[str], Transport], ...] = (
    (re.compile(r"NET/OFI Selected Provider is (?i:efa)\b", re.ASCII), "efa"),
    (re.compile(r"NET/OFI Selected Provider is ", re.ASCII), "ofi"),
    (re.compile(r"NET/IB ?: Using \[\d+\]\S*?/RoCE", re.ASCII), "roce"),
    (re.compile(r"NET/IB ?: Using \[\d+\]\S*?/IB\b", re.ASCII), "infiniband"),
    (re.compile(r"NET/Socket ?: Using|Using network Socket\b", re.ASCII), "socket"),
    (re.compile(r"NET/(?:GPUDirectTCPX|FasTrak)|Using network (?:GPUDirectTCPX|FasTrak)|(?i:tcpxo?\b)", re.ASCII),
     "tcpx"),
    (re.compile(r"Using network AWS Libfabric", re.ASCII), "ofi"),
)
_BINARY = re.compile(
    r"\b(all_reduce|all_gather|reduce_scatter|alltoall|sendrecv|broadcast|reduce|"
    r"gather|scatter|hypercube|alltoallv)_perf\b",
    re.ASCII,
)


@dataclass
class _Line:
    """A logical output line: launcher prefixes removed, split rows rebuilt."""

    number: int
    text: str
    stream: str | None


def _logical_lines(text: str) -> list[_Line]:
    """Split text into lines, demultiplexing ``[1,0]<stdout>:`` fragments per writer."""
    out: list[_Line] = []
    pending: dict[str, tuple[int, list[str]]] = {}
    for number, physical in enumerate(text.split("\n"), 1):
        for raw in physical.rstrip("\r").split("\r"):
            tags = list(_MPI_TAG.finditer(raw))
            if not tags:
                label = _LINE_LABEL.match(raw)
                if label:
                    out.append(_Line(number, raw[label.end():], label.group(1) or label.group(2)))
                else:
                    out.append(_Line(number, raw, None))
                continue
            if raw[: tags[0].start()].strip():
                out.append(_Line(number, raw[: tags[0].start()], None))
            for i, tag in enumerate(tags):
                end = tags[i + 1].start() if i + 1 < len(tags) else len(raw)
                start, parts = pending.pop(tag.group(0), (number, []))
                parts.append(raw[tag.end():end])
                if i + 1 < len(tags):
                    pending[tag.group(0)] = (start, parts)
                else:
                    out.append(_Line(start, "".join(parts), tag.group(0)))
    for stream, (start, parts) in sorted(pending.items(), key=lambda item: item[1][0]):
        out.append(_Line(start, "".join(parts), stream))
    return out


def _float(token: str) -> float | None:
    """A number as nccl-tests prints it (``12.5``, ``1.0e+07``, ``nan``), or None."""
    try:
        return float(token)
    except ValueError:
        return None


def _int(token: str) -> int | None:
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
    size, count, root = _int(tokens[0]), _int(tokens[1]), _int(tokens[4])
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


def canonical_collective(name: str) -> str:
    """``./build/all_reduce_perf_mpi`` or ``all_reduce_perf`` -> ``all_reduce``."""
    base = name.rsplit("/", 1)[-1]
    cut = base.find("_perf")
    return base[:cut] if cut > 0 else base


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

    def feed(self, ln: _Line) -> None:
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

    def _row(self, text: str, ln: _Line) -> bool:
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
            self.library = (_nccl_code(int(m.group(2))), line)

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


def _nccl_code(code: int) -> str:
    """NCCL_VERSION_CODE -> ``major.minor.patch`` (both the pre- and post-2.9 encodings)."""
    if code >= 10000:
        return f"{code // 10000}.{code % 10000 // 100}.{code % 100}"
    return f"{code // 1000}.{code % 1000 // 100}.{code % 100}"


def _busbw_factor(rows: list[NcclRow]) -> float | None:
    """busbw/algbw at the row with the largest algbw (least rounding)."""
    halves = [h for r in rows for h in (r.out_of_place, r.in_place) if h and h.algbw > 0]
    if not halves:
        return None
    best = max(halves, key=lambda h: h.algbw)
    return best.busbw / best.algbw


def infer_collective(rows: list[NcclRow], nranks: int) -> str | None:
    """Guess the collective of a table that carries no test name.

    Evidence, per nccl-tests' sources: a root >= 0 means broadcast (redop
    ``none``) or reduce; ``size == count * n * sizeof(type)`` means a per-rank
    count (all_gather, reduce_scatter, alltoall); an in-place ``#wrong`` of
    ``N/A`` beside a numeric out-of-place one marks alltoall and sendrecv; and
    busbw/algbw is 2(n-1)/n for all_reduce, (n-1)/n for the gather/scatter
    family and 1 for sendrecv. Returns None when the evidence is ambiguous.
    """
    if not rows:
        return None
    if any(r.root >= 0 for r in rows):
        return "broadcast" if rows[0].redop == "none" else "reduce"
    validated = [r for r in rows if r.out_of_place and r.out_of_place.wrong is not None]
    inplace_na = bool(validated) and all(r.in_place.wrong is None for r in validated)
    if rows[0].redop == "none":
        return ("alltoall" if inplace_na else "all_gather") if validated else None
    sized = [r for r in rows if r.count > 0 and r.type in _TYPE_BYTES]
    if sized:
        ratio = sized[-1].size_bytes / (sized[-1].count * _TYPE_BYTES[sized[-1].type])
        if ratio > 1.5:
            return "reduce_scatter"
    if validated:
        return "sendrecv" if inplace_na else "all_reduce"
    factor = _busbw_factor(rows)
    if factor is None or nranks < 3:
        return None
    candidates = {"all_reduce": 2 * (nranks - 1) / nranks, "reduce_scatter": (nranks - 1) / nranks, "sendrecv": 1.0}
    name, expected = min(candidates.items(), key=lambda item: abs(item[1] - factor))
    return name if abs(expected - factor) < 0.02 * expected else None


def _resolve(section: _Section) -> tuple[str, CollectiveSource]:
    """Name the section's collective and say where the name came from."""
    if section.collective:
        return section.collective, "header"
    if section.binary_hint:
        return section.binary_hint, "command"
    guess = infer_collective(section.rows, len(section.rank_ids))
    return (guess, "table") if guess else ("unknown", "unknown")


NCCL_TESTS = frozenset({"all_reduce", "all_gather", "reduce_scatter", "alltoall", "sendrecv", "broadcast", "reduce",
                        "gather", "scatter", "hypercube", "alltoallv"})
"""The collectives nccl-tests has a ``*_perf`` binary for."""
MAX_BUSBW = 5_000.0
"""GB/s no interconnect reaches (NVLink 5 carries 900 GB/s per direction): a larger busbw is not a measurement."""


def invalid_reason(collective: NcclCollective) -> str | None:
    """Why a completed run measures nothing (None when its figures can be judged): a collective
    nccl-tests does not run, no finite busbw, a busbw below 0 or beyond :data:`MAX_BUSBW`, or no
    ``#  Rank`` lines (then nothing shows which hosts and GPUs ran)."""
    if collective.collective not in NCCL_TESTS:
        return f"not a collective nccl-tests runs ({collective.collective})"
    values = [m.busbw for row in collective.rows for m in (row.out_of_place, row.in_place) if m is not None]
    finite = [v for v in values if math.isfinite(v)]
    if not finite:
        return "no finite bus bandwidth"
    if any(not 0 <= v <= MAX_BUSBW for v in finite):
        return f"a bus bandwidth below 0 or above {MAX_BUSBW:g} GB/s"
    if not collective.rank_entries:
        return "no '#  Rank' lines: the hosts and GPUs that ran are unknown"
    return None


def _status(rows: int, trailer: bool, failed: bool) -> Status:
    """completed / failed / truncated from what a run printed."""
    if failed:
        return "failed"
    return "completed" if rows and trailer else "truncated"


def _finish(section: _Section) -> NcclCollective:
    """Freeze an accumulated section."""
    name, source = _resolve(section)
    return NcclCollective(
        collective=name,
        collective_source=source,
        status=_status(len(section.rows), section.trailer_line is not None, section.failure is not None),
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
    for line in _logical_lines(text):
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


# --- JSON input (-J) --------------------------------------------------------

def _jnum(value: Any, what: str) -> float:
    """A JSON number (nccl-tests writes NaN as the string "nan")."""
    if isinstance(value, str) and value.strip().lower() == "nan":
        return math.nan
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{what} is not a number")
    try:
        return float(value)
    except OverflowError:
        raise ValueError(f"{what} is out of range") from None


def _jint(value: Any, what: str) -> int:
    """A JSON integer, also accepting the padded string nccl-tests writes for root."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and _int(value.strip()) is not None:
        return int(value.strip())
    number = _jnum(value, what)
    if not math.isfinite(number) or number != int(number):
        raise ValueError(f"{what} is not an integer")
    return int(number)


def _jhalf(value: Any, what: str) -> NcclMeasurement:
    """One ``out_of_place``/``in_place`` object."""
    if not isinstance(value, dict):
        raise ValueError(f"{what} is not an object")
    time_key = "time" if "time" in value else "cpu_time"
    nwrong = value.get("nwrong")
    return NcclMeasurement(
        time_us=_jnum(value.get(time_key), f"{what}.{time_key}"),
        algbw=_jnum(value.get("alg_bw"), f"{what}.alg_bw"),
        busbw=_jnum(value.get("bus_bw"), f"{what}.bus_bw"),
        wrong=None if nwrong is None else _jint(nwrong, f"{what}.nwrong"),
    )


def _jrow(item: Any, index: int, line: int | None) -> NcclRow:
    """One entry of ``results``."""
    what = f"results[{index}]"
    if not isinstance(item, dict):
        raise ValueError(f"{what} is not an object")
    oop = item.get("out_of_place")
    return NcclRow(
        size_bytes=_jint(item.get("size"), f"{what}.size"),
        count=_jint(item.get("count"), f"{what}.count"),
        type=str(item.get("type", "")),
        redop=str(item.get("redop", "")),
        root=_jint(item.get("root", -1), f"{what}.root"),
        out_of_place=None if oop is None else _jhalf(oop, f"{what}.out_of_place"),
        in_place=_jhalf(item.get("in_place"), f"{what}.in_place"),
        line=line,
    )


def _jranks(devices: Any) -> tuple[NcclRank, ...]:
    """The ``devices`` list (from ``config`` or the top level)."""
    if not isinstance(devices, list):
        return ()
    ranks = []
    for i, dev in enumerate(devices):
        if not isinstance(dev, dict):
            raise ValueError(f"devices[{i}] is not an object")
        group = dev.get("group")
        ranks.append(NcclRank(
            rank=_jint(dev.get("rank"), f"devices[{i}].rank"),
            group=None if group is None else _jint(group, f"devices[{i}].group"),
            pid=_jint(dev.get("pid", 0), f"devices[{i}].pid"),
            host=str(dev.get("hostname", "")),
            device=_jint(dev.get("device", 0), f"devices[{i}].device"),
            bus_id=str(dev.get("device_hex", "")),
            name=str(dev.get("device_info", "")).strip(),
            line=None,
        ))
    return tuple(ranks)


def _size_lines(text: str, n: int) -> list[int | None]:
    """Line of each ``"size"`` key after ``"results"``, in order (None if they do not line up)."""
    start = text.find('"results"')
    positions = [m.start() for m in re.finditer(r'"size"\s*:', text[start:])] if start >= 0 else []
    if len(positions) != n:
        return [None] * n
    lines: list[int | None] = []
    line, last = 1, 0
    for pos in positions:
        line += text.count("\n", last, start + pos)
        last = start + pos
        lines.append(line)
    return lines


def _javg(doc: dict[str, Any]) -> tuple[float | None, Literal["OK", "FAILED"] | None]:
    """``average_bus_bandwidth`` as a number or ``{bandwidth, okay}``."""
    avg = doc.get("average_bus_bandwidth")
    if avg is None:
        return None, None
    if isinstance(avg, dict):
        okay = str(avg.get("okay")).lower()  # nccl-tests writes booleans as "true"/"false" strings
        check: Literal["OK", "FAILED"] | None = "OK" if okay == "true" else "FAILED" if okay == "false" else None
        return _jnum(avg.get("bandwidth"), "average_bus_bandwidth.bandwidth"), check
    return _jnum(avg, "average_bus_bandwidth"), None


def parse_nccl_json(text: str, path: str) -> NcclLog:
    """Parse an nccl-tests ``-J`` JSON report; raises ValueError on malformed input."""
    doc = json.loads(text)
    if not isinstance(doc, dict) or not isinstance(doc.get("results"), list):
        raise ValueError("JSON has no nccl-tests 'results' list")
    results = doc["results"]
    rows = tuple(_jrow(item, i, line) for i, (item, line) in enumerate(zip(results, _size_lines(text, len(results)))))
    config = doc.get("config")
    ranks = _jranks(config.get("devices") if isinstance(config, dict) and "devices" in config else doc.get("devices"))
    args = doc.get("args")
    binary = args[0] if isinstance(args, list) and args and isinstance(args[0], str) else ""
    name = canonical_collective(binary) if "_perf" in binary else None
    source: CollectiveSource = "command" if name else "table"
    if name is None:
        name = infer_collective(list(rows), len({r.rank for r in ranks}))
        source = "table" if name else "unknown"
    avg, check = _javg(doc)
    oob = doc.get("out_of_bounds")
    oob_count = oob.get("count") if isinstance(oob, dict) else oob
    raw_errors = doc.get("errors")
    errors = [e for e in raw_errors if isinstance(e, str) and e.strip()] if isinstance(raw_errors, list) else []
    status = _status(len(rows), avg is not None, bool(errors) and avg is None)
    code = doc.get("nccl_version")
    ids = Counter(r.rank for r in ranks)
    return NcclLog(
        path=path,
        format="json",
        nccl_tests_version=None,
        version_line=None,
        nccl_version=_nccl_code(code) if isinstance(code, int) and not isinstance(code, bool) and code > 0 else None,
        nccl_version_line=None,
        collectives=(NcclCollective(
            collective=name or "unknown",
            collective_source=source,
            status=status,
            failure=errors[0] if status == "failed" else None,
            failure_line=None,
            rows=rows,
            rank_entries=ranks,
            copies=max(ids.values(), default=1),
            duplicate_line=None,
            header_line=None,
            trailer_line=None,
            avg_busbw=avg,
            avg_busbw_check=check,
            out_of_bounds=None if oob_count is None else _jint(oob_count, "out_of_bounds.count"),
            max_bytes_reduced_to=None,
        ),),
    )
