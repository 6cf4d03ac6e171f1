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

from slacheck.rules.engine import Finding

_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """NFKC, case-folded, whitespace collapsed to nothing (so reflowed text matches)."""
    return _SPACE.sub("", unicodedata.normalize("NFKC", text).casefold())


def fingerprint(finding: Finding) -> str:
    """A 16-hex-digit fingerprint of a finding's rule and the distinct texts it quotes."""
    texts = sorted({normalise(e.text) for e in finding.evidence if e.role == "quote"})
    digest = hashlib.sha256("\x1f".join([finding.rule, *texts]).encode("utf-8")).hexdigest()
    return digest[:16]
