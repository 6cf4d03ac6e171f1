"""The core model every stage shares: a quoted span of a document, a finding, and a rule's description.

The offering (``slacheck.offering``) quotes its facts with :class:`Evidence`; the rule engine makes
:class:`Finding` objects; reports, fingerprints, waivers and renderers read them without importing the
engine. A report carries a :class:`RuleInfo` for each rule that fired, so no renderer reloads rule packs.
"""

from typing import Any, Literal, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from slacheck.report.fingerprint import content_fingerprint

Language = Literal["zh", "en"]
"""The languages a report speaks."""
Severity = Literal["error", "warning", "info"]
SEVERITY_RANK: dict[str, int] = {"info": 1, "warning": 2, "error": 3}
SEVERITIES = ("error", "warning", "info")
"""Findings are shown in this order."""


M = TypeVar("M", bound=BaseModel)


def constructed(model: type[M], fields_set: set[str], values: dict[str, Any]) -> M:
    """``model.model_construct(fields_set, **values)`` for ``values`` that give every field of ``model`` (in its
    order), for a model without extra fields, private attributes or ``model_post_init``: the same object, made
    without looking at each field for an alias or a default (a fifth of the time; extraction makes one per
    statement and per quote)."""
    made = object.__new__(model)  # pydantic's BaseModel has no __new__ of its own
    object.__setattr__(made, "__dict__", values)
    object.__setattr__(made, "__pydantic_fields_set__", fields_set)
    object.__setattr__(made, "__pydantic_extra__", None)
    object.__setattr__(made, "__pydantic_private__", None)
    return made


class Evidence(BaseModel):
    """A quoted span of the original document (1-based page, line and column)."""

    model_config = ConfigDict(frozen=True)

    path: str
    page: int
    line: int
    column: int
    text: str
    role: Literal["quote", "document"] = "quote"
    where: str | None = Field(default=None, exclude_if=lambda where: where is None)
    """Where a person finds it in a Word, Excel, HTML or e-mail file ("Quote!B7", "table 1, row 2, cell 3")."""


class Finding(BaseModel):
    """One rule that fired, in the report's language."""

    rule: str
    name: str
    family: str
    severity: Severity
    title: str
    message: str
    fix: str
    evidence: list[Evidence]
    option: str | None = None
    """The option of the document the finding is about, when it offers several and not all of them are affected."""
    fingerprint: str = ""
    """Rule + quoted text, no positions (see report.fingerprint): what waivers and baselines key on."""

    @model_validator(mode="after")
    def _fill_fingerprint(self) -> Self:
        if not self.fingerprint:
            self.fingerprint = content_fingerprint(self.rule, self.evidence)
        return self


class RuleInfo(BaseModel):
    """What a rule is, in one language, as a report describes it (SARIF ``driver.rules``)."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    severity: Severity
    title: str
    description: str
    """The rule's why, else its message template."""
    fix: str
    why: str = ""
