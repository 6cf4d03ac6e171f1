"""``slacheck check FILE...``: read contracts and report findings (the default command).

FILE may be files, folders (searched for .pdf, .txt, .md, .docx, .xlsx, .html, .htm, .eml) and globs; in folders
and globs README, CHANGELOG, LICENSE, hidden files and --exclude patterns are
left out, and office files or images are named and counted as unusable. Waivers
come from the nearest slacheck-waivers.toml (or --waivers); --baseline drops
known findings. Exit code over all files: 2 if any file is unusable (the
others are still reported), else 1 if any finding is at or above --fail-on,
else 0.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from slacheck.batch import Failure, check_all, expand_inputs, show_progress, summary_table
from slacheck.commands.common import (
    UsageError,
    add_config_options,
    add_document_options,
    add_output_options,
    add_rule_pack_option,
    add_rule_selection_options,
    check_selectors,
    console_for,
    options_from,
    positive_int,
    rules_for,
)
from slacheck.commands.measuring import read_logs, write_plot
from slacheck.commands.output import emit, write_outputs
from slacheck.config import FAIL_ON, Config, ConfigError, Discovery
from slacheck.documents.load import attachment_paths
from slacheck.pipeline import Options, config_for, rules_for_config
from slacheck.report.clean import clean_text
from slacheck.report.concise_format import render_statistics
from slacheck.report.formats import FORMATS
from slacheck.report.model import Report, applied, failure_report, shown_path
from slacheck.rules.engine import at_or_above
from slacheck.rules.pack import PackError
from slacheck.waivers import (
    WAIVER_RULES,
    WaiverError,
    apply_baseline,
    apply_waivers,
    load_baseline,
    load_waivers,
    today,
    waiver_files,
    write_baseline,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE")
    add_document_options(parser)
    add_output_options(parser, list(FORMATS))
    parser.add_argument("--output", action="append", default=[], type=_output, metavar="FORMAT:PATH",
                        help=f"also write a format to a file; repeatable ({', '.join(FORMATS)})")
    parser.add_argument("--quiet", action="store_true", help="no reports: only the summary, nothing on success")
    parser.add_argument("--statistics", action="store_true",
                        help="instead of the report, print how many findings each rule raised")
    parser.add_argument("--jobs", type=positive_int, default=1, metavar="N", help="check files in N processes")
    parser.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                        help="leave matching files or folders out of folders and globs (README, CHANGELOG, LICENSE "
                             "and hidden ones always are); repeatable")
    parser.add_argument("--waivers", type=Path, metavar="PATH", help="waiver file (default: nearest "
                        "slacheck-waivers.toml next to or above each file)")
    parser.add_argument("--no-waivers", action="store_true", help="ignore every waiver (audit mode)")
    parser.add_argument("--baseline", type=Path, metavar="FILE", help="drop findings already in this baseline")
    parser.add_argument("--write-baseline", type=Path, metavar="FILE", help="write the findings' fingerprints")
    parser.add_argument("--fail-on", choices=FAIL_ON, default=None,
                        help="exit 1 when a finding is at or above this severity (default: the config's, else "
                             "warning)")
    add_rule_pack_option(parser)
    add_rule_selection_options(parser)
    add_config_options(parser)
    parser.add_argument("--measured", action="append", default=[], metavar="LOG",
                        help="check an nccl-tests / perftest log against the contract (ACC rules); repeatable")
    parser.add_argument("--plot", type=Path, metavar="FILE",
                        help="with --measured: write an SVG of busbw vs message size (first contract)")
    parser.add_argument("--annotate", type=Path, metavar="OUT.pdf",
                        help="with one PDF: write a copy with each finding's quotes highlighted and a note "
                             "(rule, message, fix) on each; the original is not changed")


def run(args: argparse.Namespace) -> int:
    outputs = {args.format, *(name for name, _ in args.output)}  # each report carries only what these show
    options = replace(options_from(args), context="html" in outputs, rule_descriptions="sarif" in outputs)
    _check_output_paths(args)
    logs = read_logs(args.measured)
    waivers = _WaiverFiles(options.discovery)
    try:
        paths = _documents(args, options)
        known = _known_rules(args, options, paths)
        for source in sorted(_waivers_applied(args, paths, waivers)):
            load_waivers(source, known)  # refused before any document is read
    except (ConfigError, PackError, WaiverError) as error:
        raise UsageError(str(error)) from None
    results = check_all(paths, options, rules_for(options), jobs=args.jobs, progress=show_progress(),
                        logs=logs)
    for failure in (r for r in results if isinstance(r, Failure)):
        print(clean_text(f"slacheck: error: {failure.path}: {failure.message}"), file=sys.stderr)
    reports = [r for r in results if isinstance(r, Report)]
    if args.plot and logs and reports:
        write_plot(args.plot, reports[0])
    try:
        reports = _filter(args, reports, known, waivers)
    except WaiverError as error:
        raise UsageError(str(error)) from None
    _warn_distrusted(reports)
    if args.annotate and reports:
        from slacheck.report.annotate import annotate

        annotate(paths[0], reports[0], args.annotate)
    done = iter(reports)
    results = [r if isinstance(r, Failure) else next(done) for r in results]
    failed = any(at_or_above(report.findings, fail_on(args, options, report)) for report in reports)
    code = 2 if len(reports) < len(results) else 1 if failed else 0
    entries = [failure_report(r.path, r.message, options.language or "en") if isinstance(r, Failure) else r
               for r in results]
    if args.quiet or args.statistics:
        write_outputs(args, entries)
        if args.statistics:
            sys.stdout.write(render_statistics(*reports))
    else:
        emit(args, entries, with_findings=True)
    if args.format == "text" and (len(results) > 1 or args.quiet) and not (args.quiet and code == 0) \
            and not args.statistics:
        console_for(args).print(summary_table(results, lambda r: at_or_above(r.findings, fail_on(args, options, r))))
    return code


def fail_on(args: argparse.Namespace, options: Options, report: Report) -> str:
    """The --fail-on level for a report: the flag, else its config's ``fail-on``, else warning."""
    return args.fail_on or config_for(report.documents[0].path, options).fail_on or "warning"


def _documents(args: argparse.Namespace, options: Options) -> list[str]:
    """The documents to check: inputs expanded with --exclude and each input's config ``exclude``; after each
    e-mail, its attachments that slacheck reads (``mail.eml#offer.xlsx``)."""
    paths: list[str] = []
    for item in args.files:
        exclude = [*args.exclude, *config_for(item, options).exclude]
        for path in expand_inputs([item], exclude):
            found = [path, *attachment_paths(path, options.max_bytes)] if path.lower().endswith(".eml") else [path]
            paths.extend(p for p in found if p not in paths)
    if not paths:
        raise UsageError(f"no documents found in {' '.join(args.files)} (slacheck reads .pdf, .txt, .md, .docx, "
                         ".xlsx, .html, .eml; README, CHANGELOG, LICENSE and hidden files are left out)")
    return paths


def _known_rules(args: argparse.Namespace, options: Options, paths: list[str]) -> list[str]:
    """Every rule ID in play, after refusing unknown IDs in --select/--ignore and in each config."""
    configs: dict[Path | None, Config] = {}
    for path in paths:
        config = config_for(path, options)
        configs.setdefault(config.path, config)
    known = {rule.id for rule in rules_for(options)} | set(WAIVER_RULES)
    for config in configs.values():
        known |= {rule.id for rule in rules_for_config(config, options, None)}
    check_selectors(options.select, known, "--select")
    check_selectors(options.ignore, known, "--ignore")
    for config in configs.values():
        check_selectors(config.select, known, f"{config.path}: select")
        check_selectors(config.ignore, known, f"{config.path}: ignore")
        for pattern, ids in config.per_file_ignores:
            check_selectors(ids, known, f"{config.path}: per-file-ignores \"{pattern}\"")
    return sorted(known)


def _check_output_paths(args: argparse.Namespace) -> None:
    """Refuse, before any work, an output file whose folder does not exist or which is a folder."""
    targets = [(f"--output {name}", path) for name, path in args.output]
    targets += [(flag, path) for flag, path in (("--write-baseline", args.write_baseline), ("--plot", args.plot))
                if path is not None]
    if args.annotate is not None:
        targets.append(("--annotate", args.annotate))
        inputs = [Path(item) for item in args.files]
        if len(inputs) != 1 or inputs[0].suffix.lower() != ".pdf" or not inputs[0].is_file():
            raise UsageError("--annotate marks up one PDF: give exactly one .pdf file")
        if args.annotate.resolve() == inputs[0].resolve():
            raise UsageError("--annotate: the marked-up copy must not overwrite the original")
    for flag, path in targets:
        if path.is_dir():
            raise UsageError(f"{flag}: {path} is a folder, not a file")
        if not path.parent.is_dir():
            raise UsageError(f"{flag}: folder {path.parent} does not exist")


def _output(value: str) -> tuple[str, Path]:
    """``FORMAT:PATH`` of --output."""
    name, sep, path = value.partition(":")
    if not sep or not path or name not in FORMATS:
        raise argparse.ArgumentTypeError(f"expected FORMAT:PATH with FORMAT one of {', '.join(FORMATS)}")
    return name, Path(path)


def _warn_distrusted(reports: list[Report]) -> None:
    """Name on stderr, once each, the configuration and waiver files not applied (see config.Discovery)."""
    for name in dict.fromkeys(name for report in reports for name in report.distrusted):
        print(clean_text(f"slacheck: warning: {name} not applied: it came with the documents, in a checked folder "
                         "outside the project (give it with --config or --waivers to apply it)"), file=sys.stderr)


class _WaiverFiles:
    """Each document's waiver file (the nearest that ``rule`` trusts) and the ones passed over nearer to it,
    looked up once per folder for the whole run: every document of a folder shares them. Each document's
    folder is resolved once, though it is asked for before checking and after."""

    def __init__(self, rule: Discovery) -> None:
        self.rule = rule
        self._by_folder: dict[Path, tuple[Path | None, list[Path]]] = {}
        self._by_document: dict[str, tuple[Path | None, list[Path]]] = {}

    def of(self, document: str) -> tuple[Path | None, list[Path]]:
        found = self._by_document.get(document)
        if found is None:
            folder = Path(document).resolve().parent
            if folder not in self._by_folder:
                self._by_folder[folder] = waiver_files(document, self.rule)
            found = self._by_document[document] = self._by_folder[folder]
        return found


def _waivers_applied(args: argparse.Namespace, paths: list[str], waivers: _WaiverFiles) -> set[Path]:
    """The waiver files a check of ``paths`` applies: --waivers, else each folder's own (none with --no-waivers)."""
    if args.no_waivers:
        return set()
    if args.waivers:
        return {args.waivers}
    return {nearest for nearest, _ in map(waivers.of, paths) if nearest is not None}


def _filter(args: argparse.Namespace, reports: list[Report], known: list[str], waivers: _WaiverFiles) -> list[Report]:
    """Waivers (per waiver file), then the baseline; --write-baseline records what is left after waivers.
    Each report names the files applied to it, with the findings each suppressed."""
    if not args.no_waivers:
        groups: dict[Path, list[int]] = {}
        for i, report in enumerate(reports):
            nearest, passed = waivers.of(report.documents[0].path) if args.waivers is None else (None, [])
            source = args.waivers or nearest
            if source is not None:
                groups.setdefault(source, []).append(i)
            if passed:  # a report is copied only to change it
                reports[i] = report.model_copy(update={"distrusted": [*report.distrusted, *map(shown_path, passed)]})
        on = today()
        for source, indices in groups.items():
            waived = apply_waivers([reports[i] for i in indices], load_waivers(source, known), on)
            for i, report in zip(indices, waived):
                reports[i] = applied(report, source, "waivers", len(report.waived) - len(reports[i].waived))
    if args.write_baseline:
        write_baseline(args.write_baseline, reports)
    if args.baseline:
        kept = apply_baseline(reports, load_baseline(args.baseline))
        reports = [applied(new, args.baseline, "baseline", len(old.findings) - len(new.findings))
                   for old, new in zip(reports, kept)]
    return reports
