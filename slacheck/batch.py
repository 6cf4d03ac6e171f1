"""Checking many documents in one call: input expansion, a process pool, the summary table.

Inputs are files, folders (searched recursively for .pdf, .txt, .md, .docx,
.xlsx, .html, .htm and .eml) and
glob patterns. In folders and globs, README, CHANGELOG and LICENSE files,
hidden files and folders, and ``--exclude`` / config ``exclude`` patterns are
left out; office files and images found there are kept as failures (named on
stderr and counted) rather than skipped in silence. Files named one by one
are always read. Results come back in input order whatever ``jobs`` is, so the
output is byte-for-byte the same as a one-by-one run. A document that cannot
be loaded becomes a :class:`Failure`; the others are still checked.
"""

from __future__ import annotations

import fnmatch
import gc
import glob
import os
import queue
import select
import signal
import sys
import tempfile
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, NoReturn, Sequence, TypeVar

from slacheck import collector
from slacheck.documents import DocumentError
from slacheck.pipeline import Options, check_file, warm_up
from slacheck.report.clean import clean_text
from slacheck.report.messages import words as catalogue
from slacheck.report.model import Report
from slacheck.rules.pack import Rule

if TYPE_CHECKING:
    from pydantic import BaseModel
    from rich.table import Table

    from slacheck.pipeline import Log

SUFFIXES = (".pdf", ".txt", ".md", ".docx", ".xlsx", ".html", ".htm", ".eml", ".csv", ".tsv")
UNREADABLE = (".doc", ".xls", ".ppt", ".pptx", ".odt", ".ods", ".odp", ".rtf", ".wps", ".et",
              ".pages", ".numbers", ".png", ".jpg", ".jpeg", ".tif", ".tiff")
"""Document types slacheck does not read: reported (and counted) when a folder or glob holds them."""
DEFAULT_EXCLUDE = ("README*", "CHANGELOG*", "LICENSE*", "LICENCE*", ".*")
"""Left out of folders and globs (matched case-insensitively against each part of the path)."""
_GLOB_CHARS = set("*?[")
T = TypeVar("T")


@dataclass(frozen=True)
class Failure:
    """A document that could not be checked, and why."""

    path: str
    message: str


def expand_inputs(inputs: list[str], exclude: Sequence[str] = ()) -> list[str]:
    """Files, folders and globs as a list of document paths (order kept, no repeats).

    ``exclude`` patterns match the path below the folder, or any one part of it (``vendors/old``, ``*.v1.md``).
    """
    paths: list[str] = []
    for item in inputs:
        if Path(item).is_dir():
            found = [p for p in folder_documents(item) if not excluded(Path(p).relative_to(item), exclude)]
        elif not Path(item).exists() and _GLOB_CHARS & set(item):
            root = _glob_root(item)
            found = sorted(p for p in glob.glob(item, recursive=True) if _wanted(Path(p)) and Path(p).is_file()
                           and not excluded(Path(p).relative_to(root), exclude)) or [item]
        else:
            found = [item]
        paths.extend(p for p in found if p not in paths)
    return paths


def _glob_root(pattern: str) -> Path:
    """The folder a glob searches: its parts before the first one with a wildcard."""
    parts = Path(pattern).parts
    fixed = next((i for i, part in enumerate(parts) if _GLOB_CHARS & set(part)), len(parts))
    return Path(*parts[:fixed]) if fixed else Path()


def _wanted(path: Path) -> bool:
    """A document slacheck reads, or one it must say it cannot read."""
    return path.suffix.lower() in SUFFIXES or path.suffix.lower() in UNREADABLE


def excluded(relative: Path, patterns: Sequence[str] = ()) -> bool:
    """Whether a path below an input folder is left out by the default excludes or ``patterns``."""
    parts = [part for part in relative.parts if part not in (".", "..")]
    if any(fnmatch.fnmatchcase(part.upper(), pattern) for part in parts for pattern in DEFAULT_EXCLUDE):
        return True
    text = relative.as_posix()
    return any(fnmatch.fnmatchcase(text, p) or any(fnmatch.fnmatchcase(part, p) for part in parts) for p in patterns)


def folder_documents(folder: str) -> list[str]:
    """The documents under ``folder`` (and files of types slacheck names as unreadable), sorted.  Symbolic links are
    followed only when they stay inside the folder (linked folders are not entered); a link that
    leaves it is named on stderr and skipped, so a committed link cannot make slacheck quote a
    file from elsewhere on the machine."""
    root = os.path.realpath(folder)
    found = []
    for directory, subfolders, files in os.walk(folder):
        subfolders.sort()
        for name in sorted([*subfolders, *files]):
            path = Path(directory) / name
            if path.is_symlink() and not _inside(root, os.path.realpath(path)):
                print(clean_text(f"slacheck: warning: {path}: skipped: a symbolic link out of {folder}"),
                      file=sys.stderr)
            elif name in files and _wanted(path) and path.is_file():
                found.append(str(path))
    return sorted(found)


def _inside(root: str, target: str) -> bool:
    """Whether ``target`` is ``root`` or lies under it (both resolved)."""
    return os.path.commonpath([root, target]) == root


def check_one(path: str, options: Options, rules: list[Rule] | None = None,
              logs: Sequence[Log] = ()) -> Report | Failure:
    """Check one document; a load error becomes a Failure (without ``rules``, the pipeline's cached packs)."""
    suffix = Path(path).suffix.lower()
    if suffix in UNREADABLE:
        return Failure(path=path, message=f"slacheck does not read {suffix} files; export it to PDF or text")
    try:
        return check_file(path, options, rules, logs)
    except DocumentError as error:
        return Failure(path=path, message=str(error))


def _pickled(result: Report | Failure) -> bytes:
    """A worker's result pickled, so the parent takes a report as it is instead of validating it again (twice the
    cost of unpickling). pickle names a class by where it is defined, which a model parametrized at run time
    (``Fact[int]``) lacks: such a class is pickled as its generic model and arguments."""
    import copyreg
    import io
    import pickle

    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, type(Report): _model_class}  # pydantic's model metaclass
    pickler.dump(result)
    return buffer.getvalue()


def _model_class(model: type[BaseModel]) -> str | tuple[Callable[..., type[BaseModel]], tuple[Any, ...]]:
    """How to pickle a pydantic model class: by its name, or a parametrized one by its origin and arguments."""
    generic = model.__pydantic_generic_metadata__
    if generic["origin"] is None:
        return model.__qualname__
    return _parametrized, (generic["origin"], generic["args"])


def _parametrized(origin: Any, arguments: tuple[Any, ...]) -> type[BaseModel]:
    """The generic model ``origin`` with these arguments (pydantic gives back the class it made before)."""
    model: type[BaseModel] = origin[arguments[0] if len(arguments) == 1 else arguments]
    return model


def _ignore_sigint() -> None:
    """Pool workers leave Ctrl-C to the parent, which stops them (no traceback from each)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


CHUNKS_PER_SHARE = 2
"""A chunk (``in_forked_workers``) holds 1/CHUNKS_PER_SHARE of one worker's share of the work not yet handed out:
large chunks first (few round trips), then smaller ones down to one item, so the workers finish together."""
POOL_MIN_DOCUMENTS = 8
POOL_MIN_BYTES = 1_000_000
"""A batch below both sizes is checked in this process: starting workers would cost more than they save."""


def _chunks(indices: list[int], jobs: int) -> list[list[int]]:
    """``indices`` cut into chunks that shrink as they are handed out (guided scheduling), in order."""
    chunks = []
    start = 0
    while start < len(indices):
        size = -(-(len(indices) - start) // (jobs * CHUNKS_PER_SHARE))
        chunks.append(indices[start:start + size])
        start += size
    return chunks


def _pooled(paths: list[str], indices: list[int], options: Options, rules: list[Rule] | None, logs: Sequence[Log],
            workers: int, results: list[Report | Failure | None], done: Callable[[int], None], *,
            here: bool = True) -> None:
    """Check ``paths[i]`` for each index in ``workers`` forked processes and, when ``here``, in this one too,
    filling ``results``.  Each claims the next document when it is free (``_Claims``); the workers' results are
    read here between this process's own documents.  When a worker dies (killed for memory, crashed), no
    document is claimed after: its own and those not claimed yet stay None.  Ctrl-C kills the workers."""
    claims = _Claims(len(indices))
    pipes: dict[int, int] = {}  # the read end of each worker's pipe: the worker's process id
    try:
        for _ in range(workers):
            read, write = os.pipe()
            pid = os.fork()
            if pid == 0:
                _work(paths, indices, options, logs, claims, write, [read, *pipes])
            os.close(write)
            pipes[read] = pid
        received = {read: bytearray() for read in pipes}
        while pipes:
            k = claims.next() if here else None
            if k is not None:
                results[indices[k]] = check_one(paths[indices[k]], options, rules, logs)
                done(1)
            if not _received(pipes, received, results, done, wait=k is None):
                claims.stop()
    except BaseException:
        for pid in pipes.values():
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        raise
    finally:
        for read in pipes:
            os.close(read)
        claims.close()


def _can_share_claims() -> bool:
    """Whether a temporary file can be made to share a pool's claims through (not without a writable temporary
    folder: the batch is then checked in this process)."""
    try:
        tempfile.TemporaryFile().close()
    except OSError:
        return False
    return True


class _Claims:
    """The documents of a pool, claimed one at a time by this process and the workers forked after: a count in a
    temporary file, under a lock held only while claiming (a POSIX record lock, which the system lets go of
    when its process dies)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.file = tempfile.TemporaryFile()

    def next(self) -> int | None:
        """The position of the next document not claimed yet, now claimed; None when there is none."""
        with self._locked() as fd:
            claimed = int.from_bytes(os.pread(fd, 8, 0), "little")
            if claimed < self.count:
                os.pwrite(fd, (claimed + 1).to_bytes(8, "little"), 0)
        return claimed if claimed < self.count else None

    def stop(self) -> None:
        """Leave the documents not claimed yet unclaimed."""
        with self._locked() as fd:
            os.pwrite(fd, self.count.to_bytes(8, "little"), 0)

    def close(self) -> None:
        self.file.close()

    @contextmanager
    def _locked(self) -> Iterator[int]:
        """The count's file descriptor, this process holding the lock meanwhile."""
        import fcntl  # Unix only, as forking is

        fd = self.file.fileno()
        fcntl.lockf(fd, fcntl.LOCK_EX)
        try:
            yield fd
        finally:
            fcntl.lockf(fd, fcntl.LOCK_UN)


def _work(paths: list[str], indices: list[int], options: Options, logs: Sequence[Log], claims: _Claims, write: int,
          inherited: list[int]) -> NoReturn:
    """A forked worker: check the documents it claims, send each result through the pipe ``write`` (from a thread,
    so that a full pipe never holds the checking up), then end without the parent's exit handlers.  The pipes
    of the workers forked before it are closed first, so that each ends when its own worker does."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the parent, which stops the workers
        for fd in inherited:
            os.close(fd)
        outgoing: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        sender = threading.Thread(target=_send, args=(outgoing, write))
        sender.start()
        while (k := claims.next()) is not None:
            payload = _pickled(check_one(paths[indices[k]], options, logs=logs))
            outgoing.put(len(payload).to_bytes(8, "little") + indices[k].to_bytes(8, "little") + payload)
        outgoing.put(None)
        sender.join()
        code = 0
    finally:
        os._exit(code)


def _send(outgoing: queue.SimpleQueue[bytes | None], write: int) -> None:
    """Write what is put in ``outgoing`` to the pipe ``write`` until None comes."""
    with open(write, "wb") as pipe:
        while (message := outgoing.get()) is not None:
            pipe.write(message)
            pipe.flush()


def _received(pipes: dict[int, int], received: dict[int, bytearray], results: list[Report | Failure | None],
              done: Callable[[int], None], *, wait: bool) -> bool:
    """The results the workers have sent (after waiting for some when ``wait``) into ``results``; a worker whose
    pipe has ended is waited for and dropped.  False when one of them died."""
    import pickle

    alive = True
    for read in select.select(list(pipes), [], [], None if wait else 0)[0]:
        data = os.read(read, 1 << 20)
        buffer = received[read]
        buffer += data
        count = 0
        with collector.paused():  # the reports unpickled here live on, as reading's objects (see slacheck.collector)
            while len(buffer) >= 16 and len(buffer) >= 16 + (size := int.from_bytes(buffer[:8], "little")):
                results[int.from_bytes(buffer[8:16], "little")] = pickle.loads(buffer[16:16 + size])
                del buffer[:16 + size]
                count += 1
        if count:
            done(count)
        if not data:
            pid = pipes.pop(read)
            os.close(read)
            alive = alive and os.waitpid(pid, 0)[1] == 0
    return alive


_INHERITED: Callable[[int], Any] | None = None
"""The work of in_forked_workers: forked workers inherit it (a closure over reports does not pickle)."""


def _inherited_work(indices: list[int]) -> list[Any]:
    """The inherited work for each index of a chunk, in a forked worker."""
    assert _INHERITED is not None
    return [_INHERITED(i) for i in indices]


def in_forked_workers(work: Callable[[int], T], count: int, jobs: int) -> list[T]:
    """``work(i)`` for each i below ``count``, in order, shared among ``jobs`` forked workers, which inherit
    ``work`` and what it reads instead of receiving them; only the results cross back.  Run here when one
    job is asked, the batch is small, the system cannot fork or a worker dies."""
    global _INHERITED
    if jobs <= 1 or count < POOL_MIN_DOCUMENTS:
        return [work(i) for i in range(count)]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    if "fork" not in multiprocessing.get_all_start_methods():
        return [work(i) for i in range(count)]

    chunks = _chunks(list(range(count)), jobs)
    _INHERITED = work
    gc.freeze()
    try:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork"),
                                 initializer=_ignore_sigint) as pool:
            return [result for part in pool.map(_inherited_work, chunks) for result in part]
    except BrokenProcessPool:
        return [work(i) for i in range(count)]
    finally:
        _INHERITED = None
        gc.unfreeze()


def _worth_a_pool(paths: list[str]) -> bool:
    """Whether a batch is large enough for worker processes (POOL_MIN_DOCUMENTS or POOL_MIN_BYTES)."""
    if len(paths) >= POOL_MIN_DOCUMENTS:
        return True
    total = 0
    for path in paths:
        try:
            total += os.stat(path).st_size
        except OSError:
            continue
    return total >= POOL_MIN_BYTES


@contextmanager
def _progress(total: int, shown: bool) -> Iterator[Callable[[int], None]]:
    """A function to call with each count of documents done: a progress bar on stderr when ``shown``."""
    if not shown:
        yield lambda count: None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("checking", total=total)
        yield lambda count: bar.advance(task, count)


def check_all(paths: list[str], options: Options, rules: list[Rule], *, jobs: int = 1,
              progress: bool = False, logs: Sequence[Log] = ()) -> list[Report | Failure]:
    """Check every path (in ``jobs`` processes, this one and ``jobs - 1`` forked workers, when above 1, the batch is
    worth it and the system can fork and make a temporary file; never more than there are paths); results in
    input order.  The grammars and rule packs are built, and the first document checked, before the workers
    start, so they share all that is loaded on first use.  When a worker dies the documents it left are checked
    again one per worker, so only the document that kills its worker is a Failure (one that kills this process
    ends the run, as with one job)."""
    results: list[Report | Failure | None] = [None] * len(paths)
    jobs = min(jobs, len(paths)) if _worth_a_pool(paths) and hasattr(os, "fork") and _can_share_claims() else 1
    with _progress(len(paths), progress) as advance:
        if jobs <= 1:
            for i, path in enumerate(paths):
                results[i] = check_one(path, options, rules, logs)
                advance(1)
        else:
            warm_up(options)
            results[0] = check_one(paths[0], options, rules, logs)  # loads what checking loads on first use
            advance(1)
            gc.freeze()  # what is built so far stays put: forked workers share its pages instead of copying them
            try:
                _pooled(paths, list(range(1, len(paths))), options, rules, logs, jobs - 1, results, advance)
            finally:
                gc.unfreeze()
            for i in [i for i, result in enumerate(results) if result is None]:
                _pooled(paths, [i], options, rules, logs, 1, results, advance, here=False)
                if results[i] is None:
                    results[i] = Failure(path=paths[i], message="the checking process stopped (out of memory "
                                                                "or crashed)")
    return [r for r in results if r is not None]


def show_progress() -> bool:
    """A progress bar on stderr for a person watching (with --quiet too): stderr is a terminal and not CI."""
    return sys.stderr.isatty() and "CI" not in os.environ


def summary_table(results: list[Report | Failure], failed: Callable[[Report], bool]) -> Table:
    """One row per input: counts by severity, waived findings and a status (in the first report's language)."""
    from rich.markup import escape
    from rich.table import Table

    language = next((r.language for r in results if isinstance(r, Report)), "en")
    words = catalogue(language)
    table = Table(title=words["summary"], title_justify="left")
    for column in ("file", "errors_column", "warnings_column", "info_column", "waived_column", "status"):
        table.add_column(words[column], justify="left" if column in ("file", "status") else "right",
                         overflow="fold")
    for result in results:
        if isinstance(result, Failure):
            table.add_row(escape(clean_text(result.path)), "-", "-", "-", "-",
                          escape(clean_text(words["unusable"].format(reason=result.message))))
            continue
        s = result.summary
        table.add_row(escape(clean_text(result.documents[0].path)), str(s.error), str(s.warning), str(s.info),
                      str(len(result.waived)), words["fail"] if failed(result) else words["ok"])
    return table
