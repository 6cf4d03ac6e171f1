"""Save the JSON report of every sample and corpus file, or compare two saved sets byte for byte.

    python benchmarks/same_reports.py save DIR [--slacheck PATH]   # one DIR/<name>.json per input file
    python benchmarks/same_reports.py compare DIR_A DIR_B          # exit 1 unless every report is identical

Inputs are the files of ``samples/`` and of ``../shared/corpus`` (when it exists) that slacheck reads.
Each report is what ``slacheck FILE --format json`` prints, run from outside the repository.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUFFIXES = {".pdf", ".txt", ".md", ".markdown", ".text"}


def inputs() -> list[Path]:
    """The sample and shared-corpus files, sorted."""
    found = [p for p in sorted((ROOT / "samples").iterdir()) if p.suffix in SUFFIXES and p.name != "README.md"]
    corpus = ROOT.parent / "shared" / "corpus"
    if corpus.is_dir():
        found += [p for p in sorted(corpus.rglob("*")) if p.is_file() and p.suffix in SUFFIXES
                  and p.name != "README.md"]
    return found


def key(path: Path) -> str:
    """A flat file name for one input's report."""
    return str(path.relative_to(ROOT.parent)).replace("/", "__") + ".json"


def save(folder: Path, tool: str) -> None:
    """Run the tool on every input and save stdout (and the exit code) per input."""
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as outside:
        for path in inputs():
            done = subprocess.run([tool, str(path), "--format", "json"], capture_output=True, cwd=outside)
            (folder / key(path)).write_bytes(done.stdout + f"\nexit {done.returncode}\n".encode())
            print(f"{done.returncode} {path.name}", flush=True)


def compare(first: Path, second: Path) -> int:
    """Report every report that differs or is missing; 0 when all are identical."""
    names = sorted({p.name for p in first.iterdir()} | {p.name for p in second.iterdir()})
    differ = [n for n in names if not (first / n).is_file() or not (second / n).is_file()
              or (first / n).read_bytes() != (second / n).read_bytes()]
    for name in differ:
        print(f"differs: {name}")
    print(f"{len(names) - len(differ)} of {len(names)} reports byte-identical")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    saving = sub.add_parser("save")
    saving.add_argument("folder", type=Path)
    saving.add_argument("--slacheck", default=shutil.which("slacheck") or "slacheck")
    comparing = sub.add_parser("compare")
    comparing.add_argument("first", type=Path)
    comparing.add_argument("second", type=Path)
    args = parser.parse_args()
    if args.command == "save":
        save(args.folder, args.slacheck)
        return 0
    return compare(args.first, args.second)


if __name__ == "__main__":
    sys.exit(main())
