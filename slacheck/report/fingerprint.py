"""Content fingerprints of findings: rule + normalised evidence text, no positions.

The same fingerprint keys SARIF ``partialFingerprints``, GitLab entries,
waivers and baselines, so a finding keeps it when lines are added or removed
elsewhere in the document. Evidence that stands for the whole document (a
missing term) contributes the document's path instead, relative to the working
directory with ``/`` separators (run from the project root in CI), so a waiver
or baseline entry for "a.md lacks an SLA" never silences the same gap in b.md.
"""

from __future__ import annotations

import hashlib
import os
import unicodedata
from typing import TYPE_CHECKING, Iterable

from slacheck.regexes import regex

if TYPE_CHECKING:
    from slacheck.model import Evidence, Finding

_SPACE = regex(r"\s+")


def normalise(text: str) -> str:
    """NFKC, case-folded, whitespace collapsed to nothing (so reflowed text matches)."""
    return _SPACE.sub("", unicodedata.normalize("NFKC", text).casefold())


def content_fingerprint(rule: str, evidence: Iterable[Evidence]) -> str:
    """A 16-hex-digit fingerprint of a rule, the distinct texts its evidence quotes and, for a missing
    term, the document it is missing from (so a waiver never crosses documents)."""
    evidence = list(evidence)
    texts = sorted({normalise(e.text) for e in evidence if e.role == "quote"})
    documents = sorted({document_identity(e.path) for e in evidence if e.role == "document"})
    key = "\x1f".join([rule, *texts, *(f"document:{d}" for d in documents)])
    return hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()[:16]


def fingerprint(finding: Finding) -> str:
    """The content fingerprint of a finding."""
    return content_fingerprint(finding.rule, finding.evidence)


def document_identity(path: str) -> str:
    """A document's path relative to the working directory (as given when it lies elsewhere), ``/``-separated."""
    relative = os.path.relpath(os.path.abspath(path))
    chosen = path if relative.startswith("..") else relative
    return chosen.replace(os.sep, "/")
