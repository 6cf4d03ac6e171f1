"""The straight walk from a file to a report.

documents (load) -> normalize + extract (statements with evidence) ->
offering (assemble) -> rules (findings) -> report model. Every command that
checks a contract goes through :func:`check_file`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence, cast

from slacheck import collector
from slacheck.config import TRUST_ALL, Config, Discovery, distrusted_configs, load_config
from slacheck.documents import Budget, Document, line_places, load_document
from slacheck.extract import Extraction, document_language, extract
from slacheck.extract.parser import scan
from slacheck.model import Evidence, Finding, Language, RuleInfo
from slacheck.offering import NamedOffering, Offering, Statement, assemble_options
from slacheck.report.context import context_lines
from slacheck.report.model import Applied, Coverage, DocumentInfo, DocumentLanguage, Report, shown_path, summarise
from slacheck.rules.engine import check, check_options, check_subjects, rule_set, values_of
from slacheck.rules.gaps import Gap, gaps
from slacheck.rules.pack import Rule

if TYPE_CHECKING:  # benchmark logs are read and judged only when --log gives some: their modules load then
    from slacheck.perf.logs import NcclLog, PerftestLog

    Log = NcclLog | PerftestLog


@dataclass(frozen=True)
class Options:
    """What the user asked for."""

    language: Language | None = None
    password: str | None = None
    rule_packs: tuple[Path, ...] = ()
    max_pages: int = 2000
    max_bytes: int = 50_000_000
    engine: str = "pdfplumber"
    """How PDFs are read: "pdfplumber" or the faster "pdfium" (see documents.load_document)."""
    time_budget: float = 120.0
    """Seconds allowed to read one document (0: no limit)."""
    ocr: bool = False
    """Read PDF pages without a text layer by OCR (the ``slacheck[ocr]`` extra)."""
    select: tuple[str, ...] = field(default_factory=tuple)
    ignore: tuple[str, ...] = field(default_factory=tuple)
    settings: tuple[str, ...] = field(default_factory=tuple)
    """``--set key=value`` policy overrides."""
    config_file: Path | None = None
    """``--config PATH``; None: the closest slacheck.toml / pyproject.toml [tool.slacheck] above each file."""
    discovery: Discovery = TRUST_ALL
    """Which configuration and waiver files found beside or above a document apply (--isolated: none)."""
    context: bool = True
    """Keep the lines around each finding's quotes (``Report.context``), which only the HTML report shows."""
    rule_descriptions: bool = True
    """Describe each rule that fired (``Report.rules``), which only the SARIF report shows."""


@dataclass(frozen=True)
class Analysis:
    """A document read into an offering."""

    document: Document
    extraction: Extraction
    offering: Offering
    language: str
    options: list[NamedOffering] = field(default_factory=list)
    """Each option's own offering, when the document offers several (``offering`` then holds what they share, or
    the option the buyer takes)."""


def analyse(path: str | Path, options: Options) -> Analysis:
    """Load and read one document (raises DocumentError for unusable input)."""
    document, budget = _loaded(path, options)
    with collector.paused():  # see slacheck.collector
        return _read(document, budget)


def _loaded(path: str | Path, options: Options) -> tuple[Document, Budget | None]:
    """The loaded document, and the time budget its loading began to spend (None: no budget)."""
    budget = Budget(options.time_budget) if options.time_budget else None
    return load_document(path, password=options.password, max_pages=options.max_pages, max_bytes=options.max_bytes,
                         engine=options.engine, budget=budget, ocr=options.ocr), budget


def _read(document: Document, budget: Budget | None) -> Analysis:
    """The statements, offering and language of a loaded document."""
    extraction = placed(extract(document, budget=budget), document)
    offering, named = assemble_options(extraction.statements, extraction.chosen_option)
    return Analysis(document=document, extraction=extraction, offering=offering,
                    language=document_language(document), options=named)


def placed(extraction: Extraction, document: Document) -> Extraction:
    """The extraction with each quote's place (``Quote!B7``) for documents whose lines have places."""
    places = line_places(document.lines)
    if not places:
        return extraction
    statements = [statement.model_copy(update={"evidence": [
        e.model_copy(update={"where": places.get((e.page, e.line))}) for e in statement.evidence]})
        for statement in extraction.statements]
    return replace(extraction, statements=statements)


def report_language(analysis: Analysis, options: Options) -> Language:
    """The language the report speaks: --lang, else the document's (zh for mixed)."""
    if options.language:
        return options.language
    return "en" if analysis.language == "en" else "zh"


def document_info(analysis: Analysis) -> DocumentInfo:
    """The report's entry for one document."""
    document, coverage = analysis.document, analysis.extraction.coverage
    return DocumentInfo(path=document.path, format=document.format, pages=document.pages,
                        language=cast(DocumentLanguage, analysis.language), sha256=document.sha256,
                        encoding=document.encoding,
                        coverage=Coverage(ratio=round(coverage.ratio, 4), passages=coverage.passages,
                                          passages_with_facts=coverage.passages_with_facts),
                        warnings=list(document.warnings))


def document_evidence(document: Document) -> Evidence:
    """Evidence for a term the document lacks: the document itself, quoted by its first line."""
    line = next((line for line in document.lines if line.text.strip()), None)
    if line is None:
        return Evidence(path=document.path, page=1, line=1, column=1, text="", role="document")
    return Evidence(path=document.path, page=line.page, line=line.number, column=1, text=line.text[:80],
                    role="document", where=line.where or None)


def selected(rules: list[Rule], options: Options, config: Config | None = None,
             path: str | Path | None = None) -> list[Rule]:
    """Rules kept by --select / --ignore and the config's select, ignore and per-file ignores.

    Selectors are IDs or prefixes such as HW or NET0; --select replaces the config's select, ignores add up.
    """
    select = options.select or (config.select if config else ())
    ignore = (*options.ignore, *(config.ignore if config else ()),
              *(config.ignored_for(path) if config and path is not None else ()))
    kept = [r for r in rules if not select or r.id.startswith(tuple(select))]
    return [r for r in kept if not r.id.startswith(tuple(ignore))] if ignore else kept


def config_for(path: str | Path, options: Options) -> Config:
    """The configuration that applies to one document (raises ConfigError)."""
    return load_config(path, options.settings, config_file=options.config_file, rule=options.discovery)


def rules_for_config(config: Config, options: Options, rules: list[Rule] | None) -> list[Rule]:
    """The given rules (else the built-in packs with --rules packs), with the config's own packs added."""
    if not config.rules:
        return rules if rules is not None else rule_set(options.rule_packs)
    return rule_set((*options.rule_packs, *config.rules))


def check_file(path: str | Path, options: Options, rules: list[Rule] | None = None,
               logs: Sequence[Log] = ()) -> Report:
    """Read and check one document (and, against it, any acceptance logs): the full report."""
    document, budget = _loaded(path, options)
    with collector.paused():  # from reading to the report, without a gap (see slacheck.collector)
        return _checked(_read(document, budget), path, options, rules, logs)


def _checked(analysis: Analysis, path: str | Path, options: Options, rules: list[Rule] | None,
             logs: Sequence[Log]) -> Report:
    """The full report of a document read."""
    language = report_language(analysis, options)
    config = config_for(path, options)
    every = rules_for_config(config, options, rules)
    active = selected(every, options, config, path)
    # the command line's choice of rules runs, to count the findings the configuration file leaves out
    ran = selected(every, options) if config.path else active
    evidence = document_evidence(analysis.document)
    policy = config.policy()
    offerings = [option.offering for option in analysis.options] or [analysis.offering]  # each option on its own,
    # also when the buyer takes one (``offering`` then holds it)
    tables = [values_of(offering, policy) for offering in offerings]  # the rules and the gaps both read them
    if analysis.options:
        found = check_options(analysis.options, tables, ran, language=language, document_evidence=evidence)
    else:
        found = check(analysis.offering, ran, language=language, document_evidence=evidence, values=tables[0])
    findings = _kept(found, active)
    report = Report(language=language, documents=[document_info(analysis)], offering=analysis.offering,
                    options=analysis.options, findings=findings, summary=summarise(findings),
                    unjudged=unjudged(tables, active, findings, language),
                    rules=described(active, findings, language) if options.rule_descriptions else {})
    suppressed = len(found) - len(findings)
    if logs:
        report = add_measurements(report, analysis.extraction.statements, logs, ran)
        findings = _kept(report.findings, active)
        suppressed += len(report.findings) - len(findings)
        report = report.model_copy(update={"findings": findings, "summary": summarise(findings)})
    applied = [Applied(file=shown_path(config.path), kind="config", suppressed=suppressed)] if config.path else []
    distrusted = [] if options.config_file else [shown_path(p) for p in distrusted_configs(path, options.discovery)]
    context = context_lines(analysis.document.lines, findings, analysis.document.path) if options.context else []
    return report.model_copy(update={"applied": applied, "distrusted": distrusted, "context": context})


def _kept(findings: list[Finding], rules: list[Rule]) -> list[Finding]:
    """The findings of the given rules (those a configuration file keeps)."""
    ids = {rule.id for rule in rules}
    return [finding for finding in findings if finding.rule in ids]


def unjudged(tables: Sequence[Mapping[str, Any]], rules: list[Rule], findings: Sequence[Finding],
             language: str) -> list[Gap]:
    """The key facts the document does not state (in any of its options: ``tables`` holds each one's
    ``values_of``), with the rules left unjudged."""
    fired = [finding.rule for finding in findings]
    found = [gaps(values, rules, fired, language) for values in tables]
    missing_everywhere = set.intersection(*({gap.fact for gap in each} for each in found))
    return [gap for gap in found[0] if gap.fact in missing_everywhere]


def add_measurements(report: Report, statements: Sequence[Statement], logs: Sequence[Log],
                     rules: list[Rule]) -> Report:
    """The report with one ``measurements`` entry per log and the ACC findings of each added.

    The extraction's statements carry per-collective thresholds ("all_gather >= 300 GB/s").
    """
    from slacheck.perf.logs import log_lines
    from slacheck.report.measurements import measurement_entry
    from slacheck.rules.subjects import subjects
    from slacheck.rules.thresholds import thresholds

    limits = thresholds(report.offering, statements)
    entries, found = [], []
    for log in logs:
        runs = subjects(report.offering, log, limits, log_lines(log.path))
        entries.append(measurement_entry(log, runs))
        found.extend(check_subjects(report.offering, rules, runs, language=report.language))
    findings = [*report.findings, *found]
    return report.model_copy(update={"measurements": [*report.measurements, *entries], "findings": findings,
                                     "summary": summarise(findings),
                                     "rules": {**report.rules, **described(rules, found, report.language)}})


def check_measured(offering: Offering, rules: Iterable[Rule], log: NcclLog | PerftestLog, *, language: str,
                   statements: Sequence[Statement] = ()) -> list[Finding]:
    """Run every measurement rule on each collective run of a log; findings in run, then rule order."""
    from slacheck.perf.logs import log_lines
    from slacheck.rules.subjects import subjects
    from slacheck.rules.thresholds import thresholds

    runs = subjects(offering, log, thresholds(offering, statements), log_lines(log.path))
    return check_subjects(offering, rules, runs, language=language)


def described(rules: Sequence[Rule], findings: Sequence[Finding], language: str) -> dict[str, RuleInfo]:
    """What each rule that fired is, for the report (renderers describe rules from it)."""
    fired = {finding.rule for finding in findings}
    return {rule.id: rule.info(language) for rule in rules if rule.id in fired}


def warm_up(options: Options) -> None:
    """Build the fact grammar and load the rule packs now: worker processes forked after this share them."""
    scan("4 台 x 8 卡 H100")
    rule_set(options.rule_packs)


def extract_file(path: str | Path, options: Options) -> Report:
    """Read one document: the report without findings."""
    analysis = analyse(path, options)
    return Report(language=report_language(analysis, options), documents=[document_info(analysis)],
                  offering=analysis.offering, options=analysis.options)
