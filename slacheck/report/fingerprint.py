"""Content fingerprints of findings: rule + normalised evidence text, no positions.

The same fingerprint keys SARIF ``partialFingerprints``, GitLab entries,
waivers and baselines, so a finding keeps it when lines are added or removed
elsewhere in the document. Evidence that stands for the whole document (a
missing term) contributes no text: the rule alone identifies it.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

from typing import TYPE_CHECKING, Iterable

from slacheck.offering import Evidence

if TYPE_CHECKING:
    from slacheck.rules.engine import Finding

_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """NFKC, case-folded, whitespace collapsed to nothing (so reflowed text matches)."""
    return _SPACE.sub("", unicodedata.normalize("NFKC", text).casefold())


def content_fingerprint(rule: str, evidence: Iterable[Evidence]) -> str:
    """A 16-hex-digit fingerprint of a rule and the distinct texts its evidence quotes."""
    texts = sorted({normalise(e.text) for e in evidence if e.role == "quote"})
    digest = hashlib.sha256("\x1f".join([rule, *texts]).encode("utf-8")).hexdigest()
    return digest[:16]


def fingerprint(finding: Finding) -> str:
    """The content fingerprint of a finding."""
    return content_fingerprint(finding.rule, finding.evidence)
