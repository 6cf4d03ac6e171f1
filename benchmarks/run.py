"""Benchmark the installed slacheck beside its baselines, and check the performance targets.

    python benchmarks/run.py                    # every row, 3 alternated runs each
    python benchmarks/run.py --runs 5 --only text,start
    python benchmarks/run.py --quick            # 1 run each, no 500-page PDF

Rows (``--only`` takes the names in brackets): [pdf] 50- and 500-page PDFs against bare pdfplumber
``extract_text`` and pypdfium2; [text] prose-like text (the samples and, when it is beside the
repository, ../shared/corpus, concatenated once, with nothing repeated, and repeated to 1 and 4 MB, and to 1 MB
with each copy's digits shifted, so that no passage with a figure comes twice),
1 and 4 MB of one-letter lines (``"a\\n"``, a line object per two bytes before the lines were kept as one
list) and two dense inputs (1.6 MB of
"8x H100 " and 50,000 short clause lines); [start] a cold ``slacheck check`` of a 3 KB sample beside
``python -c "import pdfplumber"`` (the installed modules compiled to bytecode first); [batch] 100 small
files with --jobs 1 and --jobs 2 (JSON, and the terminal memo), beside one loop of plain Python run twice
in one process and once in each of two (what a second process gains on this machine while the rows run);
[office] a .docx and
a .xlsx of the samples' paragraphs and tables (0.5 MB of text) against bare python-docx and openpyxl reading
(MB of text per CPU second); [ocr] a 3-page scan (pictures only) with --ocr against RapidOCR alone, in
seconds per page (skipped, and said so, without the ``slacheck[ocr]`` extra).

Every measurement is a child process started in the temporary folder, outside the repository, so
it runs the installed package (``slacheck`` beside this Python, or ``python -m slacheck``). A row and
its baseline are run in turn, ``--runs`` times, so a busy machine slows both alike; each row shows
the minimum and the median of the child's CPU time (user + system, from ``os.wait4``) and of its
wall time, and its peak RSS. Rows are printed as they finish. Ratios and rates use the median CPU time.
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
SHARED_CORPUS = ROOT.parent / "shared" / "corpus"
SMALL = SAMPLES / "zh_quote_a100_10gbe.md"
DIGITS = "0123456789"
TARGET_PDF_RATIO = 1.2
TARGET_PROSE_MBPS = 1.0
TARGET_DENSE_MBPS = 0.5
TARGET_RSS_MB = 150.0
TARGET_START_S = 0.4
TARGET_JOBS_SPEEDUP = 1.4


# --------------------------------------------------------------------------- inputs


def _sample_script(name: str) -> ModuleType:
    """A script of samples/ (make_pdfs, make_formats), imported by file path."""
    spec = importlib.util.spec_from_file_location(name, SAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sample_sources() -> list[Path]:
    """The text samples (.md and .txt) the inputs are built from."""
    return sorted(p for p in SAMPLES.iterdir() if p.suffix in (".md", ".txt") and p.name != "README.md")


def write_pdf(path: Path, pages: int) -> None:
    """A ``pages``-page A4 PDF: sample lines round-robin over the samples, a ruled table on every 5th page."""
    mp = _sample_script("make_pdfs")
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


def prose_sources() -> list[Path]:
    """The text files prose-like text is made of: the samples and the shared corpus when it is there."""
    found = sample_sources()
    if SHARED_CORPUS.is_dir():
        found += sorted(p for p in SHARED_CORPUS.rglob("*") if p.suffix in (".md", ".txt") and p.name != "README.md")
    return found


def write_corpus(path: Path, megabytes: float | None, varied: bool = False) -> None:
    """The prose sources concatenated (blank line between), repeated and cut to ``megabytes`` MB (None: once).
    ``varied``: each copy's digits shifted by its number (0 -> 1 -> 2 ... in the second copy), so no passage
    with a figure is met twice, and nothing a reader keeps for a text it has seen is used again."""
    unit = "\n\n".join(s.read_text(encoding="utf-8").strip() for s in prose_sources()) + "\n\n"
    if megabytes is None:
        path.write_text(unit, encoding="utf-8")
        return
    size = int(megabytes * 1_000_000)
    copies = size // len(unit.encode("utf-8")) + 1
    shifted = [unit.translate(str.maketrans(DIGITS, DIGITS[k % 10:] + DIGITS[:k % 10])) if varied else unit
               for k in range(copies)]
    data = "".join(shifted).encode("utf-8")[:size]
    path.write_text(data.decode("utf-8", errors="ignore"), encoding="utf-8")


def write_dense(folder: Path) -> list[Path]:
    """Text that is nearly all vocabulary: 1.6 MB of "8x H100 " on one line, and 50,000 short clause lines."""
    models = folder / "dense_models.txt"
    models.write_text("8x H100 " * 200_000, encoding="utf-8")
    clauses = folder / "dense_clauses.txt"
    clauses.write_text("".join(f"第{i}条 本条款为一般性约定。\n" for i in range(50_000)), encoding="utf-8")
    return [models, clauses]


def write_batch(folder: Path, count: int) -> int:
    """``count`` small files (the text samples in turn) in ``folder``; returns the file count."""
    sources = sample_sources()
    folder.mkdir(parents=True)
    for i in range(count):
        source = sources[i % len(sources)]
        shutil.copy(source, folder / f"{i:03d}_{source.name}")
    return count


# --------------------------------------------------------------------------- child measurements


def cpu_time() -> float:
    """CPU seconds of this process and of its children that have ended (slacheck reads PDF pages in children)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def child(kind: str, path: str) -> dict[str, float]:
    """One measurement in this process (``--child``): the seconds and CPU seconds of the timed part."""
    if kind in OFFICE_KINDS:
        return office_child(kind, path)
    wall, cpu = time.perf_counter(), cpu_time()
    if kind == "pdfplumber":
        import pdfplumber

        wall, cpu = time.perf_counter(), cpu_time()
        with pdfplumber.open(path) as pdf:
            for page in pdf.pages:
                page.extract_text()
                page.close()
    elif kind == "pypdfium2":
        import pypdfium2

        wall, cpu = time.perf_counter(), cpu_time()
        pdf = pypdfium2.PdfDocument(path)
        for index in range(len(pdf)):
            page = pdf[index]
            text_page = page.get_textpage()
            text_page.get_text_range()
            text_page.close()
            page.close()
        pdf.close()
    elif kind in ("slacheck", "slacheck-pdfium"):
        from slacheck.pipeline import Options, check_file

        engine = "pdfium" if kind == "slacheck-pdfium" else "pdfplumber"
        # the one-time grammar and pack loading, and for a PDF the PDF libraries' import (the bare rows
        # import them before their clock starts too), not timed
        warm = SMALL.with_suffix(".pdf") if path.endswith(".pdf") else SMALL
        check_file(warm, Options(engine=engine))
        wall, cpu = time.perf_counter(), cpu_time()
        check_file(path, Options(time_budget=0, engine=engine))
    else:
        raise SystemExit(f"unknown measurement {kind}")
    return {"seconds": time.perf_counter() - wall, "cpu": cpu_time() - cpu}


@dataclass
class Run:
    """One child process: wall and CPU seconds (of its timed part, or of the whole process) and peak RSS."""

    wall: float
    cpu: float
    rss_mb: float


PARALLEL_LOOP = """
import os, sys
def loop():
    total = 0
    for i in range(12_000_000):
        total += i & 7
if sys.argv[1] == "1":
    loop(); loop()
else:
    pid = os.fork()
    loop()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
"""
"""The same work as one process or two: what two processes gain on this machine, as it is now (the CPU
time of the forked child counts once it has been waited for)."""


def measure(argv: list[str], cwd: Path, *, result: bool = False, timeout: float = 1800) -> Run:
    """Run a child process; with ``result`` its own JSON timing, else its whole wall and CPU time."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out if result else subprocess.DEVNULL, stderr=err, cwd=cwd)
        deadline = start + timeout
        while True:  # os.wait4, not proc.wait(): it gives this child's own resource usage
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
            time.sleep(0.005)
        wall = time.perf_counter() - start
        proc.returncode = code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):  # 1: the CLI found something, which is a normal run
            err.seek(0)
            raise RuntimeError(f"{' '.join(argv)} exited {code}: {err.read().decode(errors='replace')[-800:]}")
        rss = usage.ru_maxrss / 1024  # KiB on Linux
        if result:
            out.seek(0)
            try:
                data = json.loads(out.read())
            except ValueError as error:  # a Python traceback exits 1 too, and prints no timing
                err.seek(0)
                raise RuntimeError(f"{' '.join(argv)} printed no timing: "
                                   f"{err.read().decode(errors='replace')[-800:]}") from error
            return Run(data["seconds"], data["cpu"], rss)
        return Run(wall, usage.ru_utime + usage.ru_stime, rss)


def compile_installed() -> None:
    """Compile the installed package's modules to bytecode, as installing a wheel does: with
    ``PYTHONDONTWRITEBYTECODE`` set, an editable install would otherwise compile every module at every
    start (about 0.2 s of a cold start)."""
    spec = importlib.util.find_spec("slacheck")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        compileall.compile_dir(folder, quiet=2)


def slacheck_command() -> list[str]:
    """The installed command: ``slacheck`` beside this Python, else ``python -m slacheck``."""
    beside = Path(sys.executable).with_name("slacheck")
    return [str(beside)] if beside.exists() else [sys.executable, "-m", "slacheck"]


# --------------------------------------------------------------------------- the table


@dataclass
class Timing:
    """The runs of one row."""

    runs: list[Run]

    @property
    def cpu(self) -> float:
        return statistics.median(r.cpu for r in self.runs)

    @property
    def wall(self) -> float:
        return statistics.median(r.wall for r in self.runs)

    @property
    def rss(self) -> float:
        return max(r.rss_mb for r in self.runs)

    def cells(self) -> list[str]:
        cpu, wall = [r.cpu for r in self.runs], [r.wall for r in self.runs]
        return [f"{min(cpu):.2f}", f"{statistics.median(cpu):.2f}", f"{min(wall):.2f}",
                f"{statistics.median(wall):.2f}", f"{self.rss:.0f}"]


def speed_ups(single: Timing, pooled: Timing) -> str:
    """The wall speed-up of each round, run against run (made seconds apart, so a machine whose speed drifts
    from one minute to the next slows both alike): its range and median."""
    ratios = sorted(one.wall / two.wall for one, two in zip(single.runs, pooled.runs))
    return f"run by run {ratios[0]:.2f}-{ratios[-1]:.2f}x, median {statistics.median(ratios):.2f}x"


HEADER = ("measurement", "cpu min", "cpu med", "wall min", "wall med", "RSS MB", "rate", "target", "holds")
WIDTHS = (52, 8, 8, 8, 8, 7, 13, 13, 5)


def show(cells: list[str] | tuple[str, ...]) -> None:
    """Print one row of the table now."""
    print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, WIDTHS))).rstrip(),
          flush=True)


def row(name: str, timing: Timing | None, rate: str = "", target: str = "", holds: bool | None = None) -> None:
    show([name, *(timing.cells() if timing else [""] * 5), rate, target,
          "" if holds is None else ("yes" if holds else "NO")])


def alternated(commands: list[tuple[list[str], bool]], runs: int, cwd: Path) -> list[Timing]:
    """Each command ``runs`` times, in turn (A B A B ...): one Timing per command."""
    timings = [Timing([]) for _ in commands]
    for _ in range(runs):
        for timing, (argv, result) in zip(timings, commands):
            timing.runs.append(measure(argv, cwd, result=result))
    return timings


# --------------------------------------------------------------------------- Word, Excel and scans


OFFICE_MB = 0.5
"""Text in the Word and Excel inputs (the samples' paragraphs and tables, repeated)."""
SCAN_PAGES = 3
OFFICE_KINDS = ("python-docx", "openpyxl", "rapidocr", "slacheck-ocr")


def office_blocks(megabytes: float) -> tuple[list[tuple[str, Any]], float]:
    """The samples' headings, paragraphs and tables in turn, repeated to ``megabytes`` MB of text; the MB."""
    make_formats = _sample_script("make_formats")
    unit = [block for sample in sample_sources() for block in make_formats.blocks(sample)]
    found: list[tuple[str, Any]] = []
    size = 0
    while size < megabytes * 1_000_000:
        for kind, value in unit:
            found.append((kind, value))
            text = "\n".join(" ".join(row) for row in value) if kind == "table" else \
                value[1] if kind == "heading" else value
            size += len(text.encode("utf-8"))
    return found, size / 1e6


def write_docx(path: Path, megabytes: float) -> float:
    """A Word file of the samples' blocks (headings, paragraphs, tables); returns its MB of text."""
    import docx

    word = docx.Document()
    found, size = office_blocks(megabytes)
    for kind, value in found:
        if kind == "heading":
            word.add_heading(value[1], level=min(value[0], 9))
        elif kind == "paragraph":
            word.add_paragraph(value)
        else:
            table = word.add_table(rows=len(value), cols=max(len(row) for row in value))
            for r, row in enumerate(value):
                for c, text in enumerate(row):
                    table.cell(r, c).text = text
    word.save(str(path))
    return size


def write_xlsx(path: Path, megabytes: float) -> float:
    """A one-sheet workbook of the samples' blocks (a paragraph in column A, a table row across columns);
    returns its MB of text."""
    import openpyxl

    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Quote")
    found, size = office_blocks(megabytes)
    for kind, value in found:
        rows = value if kind == "table" else [[value[1] if kind == "heading" else value]]
        for row in rows:
            sheet.append([text or None for text in row])
    book.save(path)
    return size


def write_scan(path: Path, pages: int) -> None:
    """A ``pages``-page PDF of page pictures only (the benchmark PDF rendered at the OCR resolution)."""
    import pypdfium2

    from slacheck.documents.ocr import DPI

    text = path.with_name("scan_source.pdf")
    write_pdf(text, pages)
    pdf = pypdfium2.PdfDocument(str(text))
    images = [pdf[i].render(scale=DPI / 72).to_pil().convert("RGB") for i in range(len(pdf))]
    images[0].save(path, save_all=True, append_images=images[1:], resolution=DPI)


def office_child(kind: str, path: str) -> dict[str, float]:
    """One measurement of a baseline library reading a Word, Excel or scanned file, or of slacheck's OCR."""
    wall, cpu = time.perf_counter(), cpu_time()
    if kind == "python-docx":  # every paragraph's and table cell's text, in body order
        import docx
        from docx.table import Table
        from docx.text.paragraph import Paragraph

        wall, cpu = time.perf_counter(), cpu_time()
        word = docx.Document(path)
        read = 0
        for element in word.element.body.iterchildren():
            if element.tag.endswith("}p"):
                read += len(Paragraph(element, word).text)
            elif element.tag.endswith("}tbl"):
                read += sum(len(item.text) for row in Table(element, word).rows for item in row.cells)
    elif kind == "openpyxl":  # every cell's cached value, read-only
        import openpyxl

        wall, cpu = time.perf_counter(), cpu_time()
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
        for sheet in book.worksheets:
            for _ in sheet.iter_rows(values_only=True):
                pass
        book.close()
    elif kind == "rapidocr":  # the engine alone on each page rendered as slacheck renders it
        import pypdfium2
        from rapidocr_onnxruntime import RapidOCR

        from slacheck.documents.ocr import DPI

        engine = RapidOCR()
        wall, cpu = time.perf_counter(), cpu_time()
        pdf = pypdfium2.PdfDocument(path)
        for index in range(len(pdf)):
            engine(pdf[index].render(scale=DPI / 72).to_numpy())
    else:  # slacheck-ocr
        from slacheck.pipeline import Options, check_file

        check_file(SMALL, Options())  # the one-time grammar and pack loading, not timed
        wall, cpu = time.perf_counter(), cpu_time()
        check_file(path, Options(time_budget=0, ocr=True))
    return {"seconds": time.perf_counter() - wall, "cpu": cpu_time() - cpu}


def office_rows(only: set[str], runs: int, work: Path, me: list[str]) -> None:
    """The [office] rows (.docx and .xlsx against bare python-docx and openpyxl) and the [ocr] rows."""
    if "office" in only:
        for suffix, baseline, write in ((".docx", "python-docx", write_docx), (".xlsx", "openpyxl", write_xlsx)):
            path = work / f"office{suffix}"
            size = write(path, OFFICE_MB)
            bare, own = alternated([([*me, kind, str(path)], True) for kind in (baseline, "slacheck")], runs, work)
            mb = path.stat().st_size / 1e6
            row(f"{baseline} reading, {suffix} of {size:.1f} MB text ({mb:.1f} MB file)", bare,
                f"{size / bare.cpu:.2f} MB/s")
            row(f"slacheck check_file, {suffix} of {size:.1f} MB text", own, f"{size / own.cpu:.2f} MB/s")
            row(f"  ratio slacheck / {baseline}: {own.cpu / bare.cpu:.2f}x", None)
    if "ocr" in only:
        if importlib.util.find_spec("rapidocr_onnxruntime") is None:
            row("OCR: skipped, RapidOCR is not installed (pip install 'slacheck[ocr]')", None)
            return
        scan = work / f"scan_{SCAN_PAGES}p.pdf"
        write_scan(scan, SCAN_PAGES)
        bare, own = alternated([([*me, kind, str(scan)], True) for kind in ("rapidocr", "slacheck-ocr")], runs, work)
        row(f"RapidOCR alone, {SCAN_PAGES} scanned pages", bare, f"{bare.cpu / SCAN_PAGES:.1f} s/page")
        row(f"slacheck check_file --ocr, {SCAN_PAGES} scanned pages", own, f"{own.cpu / SCAN_PAGES:.1f} s/page")
        row(f"  wall per page: {own.wall / SCAN_PAGES:.1f} s (RapidOCR alone {bare.wall / SCAN_PAGES:.1f} s)", None)


def text_rows(runs: int, work: Path, me: list[str]) -> None:
    """The rows of prose-like, one-letter-line and dense text."""
    once = work / "prose_once.txt"
    write_corpus(once, None)  # text the lexer's and the phrase parser's memos have not seen: no target
    [own] = alternated([([*me, "slacheck", str(once)], True)], runs, work)
    size = once.stat().st_size / 1e6
    row(f"prose-like text once, {size:.2f} MB, nothing repeated", own, f"{size / own.cpu:.2f} MB/s")
    peaks: list[float] = []
    for megabytes in (1.0, 4.0):
        corpus = work / f"prose_{megabytes:.0f}mb.txt"
        write_corpus(corpus, megabytes)
        [own] = alternated([([*me, "slacheck", str(corpus)], True)], runs, work)
        size = corpus.stat().st_size / 1e6
        peaks.append(own.rss)
        row(f"prose-like text, {size:.1f} MB", own, f"{size / own.cpu:.2f} MB/s",
            f">= {TARGET_PROSE_MBPS:.0f} MB/s", size / own.cpu >= TARGET_PROSE_MBPS)
        if megabytes == 4.0:
            row("  peak RSS at 4 MB of text", None, f"{own.rss:.0f} MB", f"<= {TARGET_RSS_MB:.0f} MB",
                own.rss <= TARGET_RSS_MB)
            row(f"  RSS growth 1 -> 4 MB: {(peaks[1] - peaks[0]) / 3:.0f} MB per MB", None)
    varied = work / "prose_1mb_varied.txt"
    write_corpus(varied, 1.0, varied=True)  # no target: what the 1 MB row costs when no passage comes again
    [own] = alternated([([*me, "slacheck", str(varied)], True)], runs, work)
    size = varied.stat().st_size / 1e6
    row(f"prose-like text, {size:.1f} MB, each copy's digits shifted", own, f"{size / own.cpu:.2f} MB/s")
    peaks = []
    for megabytes in (1.0, 4.0):
        letters = work / f"letters_{megabytes:.0f}mb.txt"
        letters.write_text("a\n" * int(500_000 * megabytes), encoding="utf-8")
        [own] = alternated([([*me, "slacheck", str(letters)], True)], runs, work)
        peaks.append(own.rss)
        row(f"one-letter lines, {megabytes:.1f} MB", own, f"{megabytes / own.cpu:.2f} MB/s")
        if megabytes == 4.0:
            row("  peak RSS at 4 MB of one-letter lines", None, f"{own.rss:.0f} MB",
                f"<= {TARGET_RSS_MB:.0f} MB", own.rss <= TARGET_RSS_MB)
            row(f"  RSS growth 1 -> 4 MB: {(peaks[1] - peaks[0]) / 3:.0f} MB per MB", None)
    for dense in write_dense(work):
        [own] = alternated([([*me, "slacheck", str(dense)], True)], runs, work)
        size = dense.stat().st_size / 1e6
        row(f"dense text, {dense.stem} {size:.1f} MB", own, f"{size / own.cpu:.2f} MB/s",
            f">= {TARGET_DENSE_MBPS} MB/s", size / own.cpu >= TARGET_DENSE_MBPS)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="alternated runs of each row (default 3)")
    parser.add_argument("--only", default="start,text,batch,pdf,office,ocr",
                        help="rows to run: start,text,batch,pdf,office,ocr")
    parser.add_argument("--quick", action="store_true", help="one run each and no 500-page PDF")
    parser.add_argument("--child", nargs=2, metavar=("KIND", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(*args.child)))
        return 0
    runs = 1 if args.quick else args.runs
    only = set(args.only.split(","))
    me = [sys.executable, str(Path(__file__).resolve()), "--child"]
    with tempfile.TemporaryDirectory(prefix="slacheck-bench-") as tmp:
        work = Path(tmp)
        import slacheck

        build = "compiled by mypyc" if slacheck.compiled() else (
            "in pure Python; the targets are for the compiled build, SLACHECK_COMPILE=1 pip install .")
        print(f"slacheck {slacheck.__version__}, reading {build} ({Path(slacheck.__file__).parent})")
        show(HEADER)
        show(["-" * w for w in WIDTHS])
        if "start" in only:
            compile_installed()
            tool, plumber = alternated([([*slacheck_command(), "check", str(SMALL), "--format", "json"], False),
                                        ([sys.executable, "-c", "import pdfplumber"], False)], max(runs, 5), work)
            row(f"cold slacheck check, {SMALL.stat().st_size / 1000:.1f} KB sample", tool,
                target=f"<= {TARGET_START_S} s wall", holds=tool.wall <= TARGET_START_S)
            row('  python -c "import pdfplumber"', plumber)
        if "text" in only:
            text_rows(runs, work, me)
        if "batch" in only:
            files = write_batch(work / "batch", 100)
            formats: tuple[list[str], ...] = (["--format", "json"], [])  # JSON, and the terminal memo (the default)
            one, two, memo_one, memo_two, alone, paired = alternated(
                [([*slacheck_command(), "check", str(work / "batch"), "--jobs", str(jobs), *form], False)
                 for form in formats for jobs in (1, 2)]
                + [([sys.executable, "-c", PARALLEL_LOOP, str(processes)], False) for processes in (1, 2)], runs, work)
            for name, single, pooled in (("JSON", one, two), ("memo", memo_one, memo_two)):
                row(f"check DIR --jobs 1, {files} files, {name}", single, f"{files / single.wall:.1f} files/s")
                row(f"check DIR --jobs 2, {files} files, {name}", pooled, f"{files / pooled.wall:.1f} files/s",
                    f">= {TARGET_JOBS_SPEEDUP}x jobs 1", single.wall / pooled.wall >= TARGET_JOBS_SPEEDUP)
                row(f"  wall speed-up jobs 2 / jobs 1: {single.wall / pooled.wall:.2f}x "
                    f"({speed_ups(single, pooled)})", None)
            row("two loops of Python, in 1 process", alone)
            row("two loops of Python, in 2 processes", paired)
            row(f"  wall speed-up of 2 processes here: {alone.wall / paired.wall:.2f}x (the ceiling for --jobs 2; "
                f"{speed_ups(alone, paired)})", None)
        if "pdf" in only and importlib.util.find_spec("reportlab") is None:
            row("PDF: skipped, reportlab (which writes the PDFs) is not installed (pip install 'slacheck[test]')", None)
        elif "pdf" in only:
            for pages in (50,) if args.quick else (50, 500):
                pdf = work / f"mixed_{pages}p.pdf"
                write_pdf(pdf, pages)
                plumber, own, fium, own_fium = alternated(
                    [([*me, kind, str(pdf)], True) for kind in ("pdfplumber", "slacheck", "pypdfium2",
                                                                "slacheck-pdfium")], runs, work)
                row(f"pdfplumber extract_text, {pages} pages", plumber, f"{pages / plumber.cpu:.1f} p/s")
                row(f"slacheck check_file, {pages} pages", own, f"{pages / own.cpu:.1f} p/s")
                ratio = own.cpu / plumber.cpu
                row(f"  ratio slacheck / pdfplumber: {ratio:.2f}x", None, target=f"<= {TARGET_PDF_RATIO}x",
                    holds=ratio <= TARGET_PDF_RATIO)
                row(f"pypdfium2 get_text_range, {pages} pages", fium, f"{pages / fium.cpu:.1f} p/s")
                row(f"slacheck check_file --engine pdfium, {pages} pages", own_fium, f"{pages / own_fium.cpu:.1f} p/s")
                row(f"  ratio pdfium engine / pdfplumber: {own_fium.cpu / plumber.cpu:.2f}x", None)
        office_rows(only, runs, work, me)
    return 0


if __name__ == "__main__":
    sys.exit(main())
