"""Parse an nccl-tests ``-J`` JSON report into the same records as its text output."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from typing import Any, Literal

from slacheck.perf.nccl.infer import canonical_collective, infer_collective, nccl_code, run_status
from slacheck.perf.nccl.records import CollectiveSource, NcclCollective, NcclLog, NcclMeasurement, NcclRank, NcclRow
from slacheck.perf.nccl.text import decimal_int


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
    if isinstance(value, str) and decimal_int(value.strip()) is not None:
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
    status = run_status(len(rows), avg is not None, bool(errors) and avg is None)
    code = doc.get("nccl_version")
    ids = Counter(r.rank for r in ranks)
    return NcclLog(
        path=path,
        format="json",
        nccl_tests_version=None,
        version_line=None,
        nccl_version=nccl_code(code) if isinstance(code, int) and not isinstance(code, bool) and code > 0 else None,
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
