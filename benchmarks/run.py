"""Benchmark slacheck against bare PDF text extraction, and check the performance targets.

    python benchmarks/run.py            # 50- and 500-page PDFs, a 10 MB text corpus, 20 copies of the samples
    python benchmarks/run.py --quick    # the same with a 1 MB corpus and 5 copies of the samples

Inputs are generated into a temporary folder from the bundled samples: mixed zh/en PDFs (the
samples' lines round-robin, STSong-Light for non-ASCII lines, a ruled table on every 5th page)
and a text corpus (the sample files concatenated, repeated). Every measurement runs in its own
child process (``--child KIND PATH``) that imports, warms up on one small sample (so the one-time
grammar build is reported apart as "startup"), then times only that measurement; the child's
peak RSS comes from ``os.wait4`` (the per-child form of ``getrusage(RUSAGE_CHILDREN)``, which
would only give the running maximum over all children). Batch throughput runs the real CLI.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
WARMUP = SAMPLES / "zh_quote_a100_10gbe.md"
TARGET_RATIO = 1.3
TARGET_MBPS = 1.0
TARGET_RSS_MB = 300.0


# --------------------------------------------------------------------------- inputs


def _make_pdfs_module() -> ModuleType:
    """samples/make_pdfs.py, imported by file path."""
    spec = importlib.util.spec_from_file_location("make_pdfs", SAMPLES / "make_pdfs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sample_sources() -> list[Path]:
    """The text samples (.md and .txt) the inputs are built from."""
    return sorted(p for p in SAMPLES.iterdir() if p.suffix in (".md", ".txt") and p.name != "README.md")


def write_pdf(path: Path, pages: int) -> None:
    """A ``pages``-page A4 PDF: sample lines round-robin over the samples, a ruled table on every 5th page."""
    mp = _make_pdfs_module()
    mp._register_fonts()
    per_file: list[list[str]] = []
    tables: list[list[list[str]]] = []
    for source in sample_sources():
        blocks = mp.parse(source.read_text(encoding="utf-8"))
        per_file.append([b.text for b in blocks if b.kind in ("text", "heading") and b.text.strip()])
        tables.extend(b.rows for b in blocks if b.kind == "table" and b.rows)
    lines = [f[i] for i in range(max(map(len, per_file))) for f in per_file if i < len(f)]
    writer = mp._Writer(path, "slacheck benchmark")
    k = 0
    for page in range(pages):
        if page:
            writer.new_page()
        if page % 5 == 4:
            writer.table(tables[(page // 5) % len(tables)])
        while True:
            text = lines[k % len(lines)]
            wrapped = mp.wrap(text, mp.font_for(text), mp.BODY_SIZE, mp.TEXT_W)
            if writer.y - len(wrapped) * mp.BODY_LEADING < mp.MARGIN:
                break
            writer.paragraph(text)
            k += 1
    writer.save()


def write_corpus(path: Path, megabytes: float) -> None:
    """The sample files concatenated (blank line between), repeated to about ``megabytes`` MB."""
    unit = "\n\n".join(s.read_text(encoding="utf-8").strip() for s in sample_sources()) + "\n\n"
    size = len(unit.encode("utf-8"))
    path.write_text(unit * max(1, round(megabytes * 1_000_000 / size)), encoding="utf-8")


def write_batch(folder: Path, copies: int) -> int:
    """``copies`` copies of every sample (.pdf, .md, .txt) in ``folder``; returns the file count."""
    files = [p for p in SAMPLES.iterdir() if p.suffix in (".pdf", ".md", ".txt") and p.name != "README.md"]
    for i in range(copies):
        sub = folder / f"copy{i:02d}"
        sub.mkdir(parents=True)
        for f in files:
            shutil.copy(f, sub / f.name)
    return copies * len(files)


# --------------------------------------------------------------------------- child measurements


def child(kind: str, path: str) -> dict[str, float]:
    """One measurement in this process (``--child``): seconds, plus startup for slacheck."""
    result: dict[str, float] = {}
    if kind == "pdfplumber":
        import pdfplumber

        start = time.perf_counter()
        with pdfplumber.open(path) as pdf:
            for page in pdf.pages:
                page.extract_text()
                page.close()
        result["seconds"] = time.perf_counter() - start
    elif kind == "pypdfium2":
        import pypdfium2

        start = time.perf_counter()
        pdf = pypdfium2.PdfDocument(path)
        for index in range(len(pdf)):
            page = pdf[index]
            text_page = page.get_textpage()
            text_page.get_text_range()
            text_page.close()
            page.close()
        pdf.close()
        result["seconds"] = time.perf_counter() - start
    elif kind in ("slacheck", "slacheck-pdfium"):
        start = time.perf_counter()
        from slacheck.pipeline import Options, check_file

        engine = "pdfium" if kind == "slacheck-pdfium" else "pdfplumber"
        check_file(WARMUP, Options(engine=engine))
        result["startup"] = time.perf_counter() - start
        start = time.perf_counter()
        check_file(path, Options(time_budget=0, engine=engine))
        result["seconds"] = time.perf_counter() - start
    else:
        raise SystemExit(f"unknown measurement {kind}")
    return result


def measure(argv: list[str], *, result: bool = False, timeout: float = 1800) -> tuple[dict[str, float], float]:
    """Run a child process; (its JSON result if ``result`` else {"seconds": wall time}, its peak RSS in MB)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out if result else subprocess.DEVNULL, stderr=err, cwd=ROOT)
        deadline = start + timeout
        while True:  # os.wait4, not proc.wait(): it gives this child's own resource usage
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
            time.sleep(0.01)
        wall = time.perf_counter() - start
        proc.returncode = code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):  # 1: the CLI found something, which is a normal run
            err.seek(0)
            raise RuntimeError(f"{' '.join(argv)} exited {code}: {err.read().decode(errors='replace')[-800:]}")
        out.seek(0)
        data = json.loads(out.read()) if result else {"seconds": wall}
    return data, usage.ru_maxrss / 1024  # KiB on Linux


def measure_child(kind: str, path: Path) -> tuple[dict[str, float], float]:
    return measure([sys.executable, __file__, "--child", kind, str(path)], result=True)


# --------------------------------------------------------------------------- the table


def verdict(ok: bool) -> str:
    return "yes" if ok else "NO"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1 MB corpus, 5 copies of the samples")
    parser.add_argument("--child", nargs=2, metavar=("KIND", "PATH"), help=argparse.SUPPRESS)
    parser.add_argument("--keep", type=Path, metavar="DIR", help="generate the inputs here and keep them")
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(*args.child)))
        return 0

    corpus_mb, copies = (1.0, 5) if args.quick else (10.0, 20)
    with tempfile.TemporaryDirectory(prefix="slacheck-bench-") as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        pdfs = {n: work / f"mixed_{n}p.pdf" for n in (50, 500)}
        for n, path in pdfs.items():
            write_pdf(path, n)
        corpus = work / "corpus.txt"
        write_corpus(corpus, corpus_mb)
        batch = work / "batch"
        files = write_batch(batch, copies)
        print(f"inputs generated in {time.perf_counter() - started:.1f} s: "
              + ", ".join(f"{p.name} {p.stat().st_size / 1e6:.1f} MB" for p in (*pdfs.values(), corpus))
              + f", {files} batch files", file=sys.stderr)

        rows: list[tuple[str, str, str, str, str, str]] = []  # what, seconds, rate, RSS, target, holds
        startup = 0.0
        for n, path in pdfs.items():
            base, base_rss = measure_child("pdfplumber", path)
            rows.append((f"pdfplumber extract_text, {n} pages", f"{base['seconds']:.2f}",
                         f"{n / base['seconds']:.1f} p/s", f"{base_rss:.0f}", "", ""))
            fium, fium_rss = measure_child("pypdfium2", path)
            rows.append((f"pypdfium2 get_text_range, {n} pages", f"{fium['seconds']:.2f}",
                         f"{n / fium['seconds']:.1f} p/s", f"{fium_rss:.0f}", "", ""))
            if shutil.which("pdftotext"):
                ptt, ptt_rss = measure(["pdftotext", "-q", str(path), "-"])
                rows.append((f"pdftotext (process), {n} pages", f"{ptt['seconds']:.2f}",
                             f"{n / ptt['seconds']:.1f} p/s", f"{ptt_rss:.0f}", "", ""))
            else:
                rows.append((f"pdftotext, {n} pages", "n/a", "", "", "", "not installed"))
            own, own_rss = measure_child("slacheck", path)
            startup = max(startup, own["startup"])
            rss_target, rss_ok = (("", "") if n != 500
                                  else (f"< {TARGET_RSS_MB:.0f} MB", verdict(own_rss < TARGET_RSS_MB)))
            rows.append((f"slacheck check_file, {n} pages", f"{own['seconds']:.2f}",
                         f"{n / own['seconds']:.1f} p/s", f"{own_rss:.0f}", rss_target, rss_ok))
            ratio = own["seconds"] / base["seconds"]
            rows.append((f"  ratio slacheck / pdfplumber, {n} pages", f"{ratio:.2f}x", "", "",
                         f"<= {TARGET_RATIO}x", verdict(ratio <= TARGET_RATIO)))
            fast, fast_rss = measure_child("slacheck-pdfium", path)
            rows.append((f"slacheck check_file --engine pdfium, {n} pages", f"{fast['seconds']:.2f}",
                         f"{n / fast['seconds']:.1f} p/s", f"{fast_rss:.0f}", "", ""))
            rows.append((f"  ratio pdfium engine / pdfplumber, {n} pages", f"{fast['seconds'] / base['seconds']:.2f}x",
                         "", "", "", ""))

        text, text_rss = measure_child("slacheck", corpus)
        megabytes = corpus.stat().st_size / 1e6
        mbps = megabytes / text["seconds"]
        rows.append((f"slacheck check_file, {megabytes:.1f} MB text", f"{text['seconds']:.2f}",
                     f"{mbps:.2f} MB/s", f"{text_rss:.0f}", f">= {TARGET_MBPS:.0f} MB/s", verdict(mbps >= TARGET_MBPS)))

        for jobs in (1, 2):
            cli = [sys.executable, "-m", "slacheck", "check", str(batch), "--jobs", str(jobs), "--format", "json"]
            run, run_rss = measure(cli)
            rows.append((f"slacheck check DIR --jobs {jobs}, {files} files", f"{run['seconds']:.2f}",
                         f"{files / run['seconds']:.1f} files/s", f"{run_rss:.0f}", "", ""))
        rows.insert(0, ("startup (import + first check, grammar build)", f"{startup:.2f}", "", "", "", ""))

    header = ("measurement", "seconds", "rate", "peak RSS MB", "target", "holds")
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    for r in (header, tuple("-" * w for w in widths), *rows):
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
