"""Words of Taiwan and Hong Kong read as the mainland's ("伺服器" -> "服务器", "頻寬" -> "带宽", "埠" -> "端口").

``normalize`` writes a traditional character as its simplified one; a document written in traditional characters
also has words of its own for a server, a network, a port or "supports". The readers after this one know the
mainland's words (grammar/lexicon.toml, ``regional_words``). The new words quote the ones they replace.
"""

from __future__ import annotations

from slacheck.extract.lexer import with_first_test
from slacheck.extract.lexicon import alternation, values
from slacheck.normalize import Normalized
from slacheck.regexes import regex

_MAINLAND = values("regional_words")
_REGIONAL = regex(with_first_test(alternation("regional_words")))


def in_mainland_words(normalized: Normalized) -> Normalized:
    """``normalized`` with each regional word written as the mainland's."""
    edits = [(match.start(), match.end(), _MAINLAND[match.group()])
             for match in _REGIONAL.finditer(normalized.text)]
    return normalized.edited(edits) if edits else normalized
