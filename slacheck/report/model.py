"""The report: what every output format renders (report-json-v1)."""

from datetime import date
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

from slacheck import __version__
from slacheck.model import Finding, RuleInfo
from slacheck.offering import NamedOffering, Offering
from slacheck.report.context import ContextLine
from slacheck.rules.gaps import Gap

SCHEMA = "slacheck/report@1"
DocumentLanguage = Literal["zh", "en", "mixed"]


class Tool(BaseModel):
    """The program that wrote the report."""

    name: str = "slacheck"
    version: str = __version__


class Coverage(BaseModel):
    """How much of a document yielded facts."""

    ratio: float
    passages: int
    passages_with_facts: int


class DocumentInfo(BaseModel):
    """One checked document; an unusable one has only its path and ``error``."""

    path: str
    format: str | None = None
    pages: int | None = None
    language: DocumentLanguage | None = None
    sha256: str | None = None
    encoding: str | None = None
    coverage: Coverage | None = None
    warnings: list[str] = Field(default_factory=list)
    error: str | None = None
    """Why the document could not be checked (the report then has no offering facts or findings)."""


class WaivedFinding(Finding):
    """A finding a waiver removed, with the waiver's reason, owner and expiry."""

    reason: str
    owner: str | None = None
    expires: date | None = None


class Applied(BaseModel):
    """A file that applied to a document, and how many of its findings it suppressed."""

    file: str
    """Relative to the working directory when inside it."""
    kind: Literal["config", "waivers", "baseline"]
    """config: its select, ignore and per-file-ignores; waivers: moved to ``waived``; baseline: dropped."""
    suppressed: int = 0


def shown_path(path: str | Path) -> str:
    """A file slacheck found, relative to the working directory when inside it (reports stay the same
    from one checkout to the next)."""
    resolved = Path(path).resolve()
    try:
        return resolved.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(resolved)


class Summary(BaseModel):
    """Findings counted by severity."""

    error: int = 0
    warning: int = 0
    info: int = 0


class Report(BaseModel):
    """A full report: documents, offering, measurements, findings and summary."""

    model_config = ConfigDict(populate_by_name=True)

    schema_id: str = Field(default=SCHEMA, alias="schema")
    tool: Tool = Field(default_factory=Tool)
    language: Literal["zh", "en"]
    documents: list[DocumentInfo]
    offering: Offering
    options: list[NamedOffering] = Field(default_factory=list)
    measurements: list[dict[str, Any]] = Field(default_factory=list)
    findings: list[Finding] = Field(default_factory=list)
    unjudged: list[Gap] = Field(default_factory=list)
    """Key facts the document does not state, with the rules that could not be judged without them."""
    waived: list[WaivedFinding] = Field(default_factory=list)
    summary: Summary = Field(default_factory=Summary)
    applied: list[Applied] = Field(default_factory=list)
    """The configuration, waiver and baseline files applied to the document, each with the findings it suppressed."""
    distrusted: list[str] = Field(default_factory=list)
    """Configuration and waiver files found beside the document but not applied (see config.Discovery)."""
    rules: SkipJsonSchema[dict[str, RuleInfo]] = Field(default_factory=dict)
    """What each rule that fired is, in the report's language (SARIF describes rules from it; ``check`` reads it
    only for SARIF, see ``Options.rule_descriptions``); not in the JSON."""
    context: SkipJsonSchema[list[ContextLine]] = Field(default_factory=list)
    """The document's lines around the findings' quotes (the HTML report shows them; ``check`` reads them only
    for HTML, see ``Options.context``); not in the JSON."""

    @property
    def failed(self) -> bool:
        """Whether this is the entry of a document that could not be checked."""
        return any(document.error is not None for document in self.documents)

    def to_json_data(self, *, with_findings: bool = True) -> dict[str, Any]:
        """The report as JSON-ready data (``schema`` key first)."""
        return self.model_dump(mode="json", by_alias=True, exclude=json_excluded(with_findings))


def json_excluded(with_findings: bool = True) -> set[str]:
    """The fields of a Report that its JSON leaves out (without findings, as ``extract`` writes it, more)."""
    excluded = {"rules", "context"}
    return excluded if with_findings else excluded | {"findings", "waived", "summary", "applied", "distrusted"}


def failure_report(path: str, error: str, language: Literal["zh", "en"] = "en") -> Report:
    """The entry of a document that could not be checked, for the formats that list every document."""
    return Report(language=language, documents=[DocumentInfo(path=path, error=error)], offering=Offering())


def applied(report: Report, file: str | Path, kind: Literal["config", "waivers", "baseline"],
            suppressed: int) -> Report:
    """The report naming one more file applied to it, with the findings it suppressed."""
    entry = Applied(file=shown_path(file), kind=kind, suppressed=suppressed)
    return report.model_copy(update={"applied": [*report.applied, entry]})


def summarise(findings: list[Finding]) -> Summary:
    """Count findings by severity."""
    summary = Summary()
    for finding in findings:
        setattr(summary, finding.severity, getattr(summary, finding.severity) + 1)
    return summary
