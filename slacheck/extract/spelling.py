"""Words spelt otherwise than the reader's vocabulary spells them, put in its spelling; the new words quote the ones
they replace.

- Words of Taiwan and Hong Kong ("伺服器" -> "服务器", "頻寬" -> "带宽", "埠" -> "端口"): ``normalize`` writes a
  traditional character as its simplified one, and a document written in traditional characters also has words of
  its own for a server, a network, a port or "supports" (grammar/lexicon.toml, ``regional_words``).
- A word hyphenated across a line break ("dedi-" / "cated", joined as "dedi- cated"), as a scanned or faxed page
  prints it, when the word whole is one of the vocabulary's.
"""

from __future__ import annotations

from slacheck.extract.lexer import with_first_test
from slacheck.extract.lexicon import alternation, english_vocabulary, values
from slacheck.normalize import Normalized
from slacheck.regexes import regex

_MAINLAND = values("regional_words")
_REGIONAL = regex(with_first_test(alternation("regional_words")))


def in_mainland_words(normalized: Normalized) -> Normalized:
    """``normalized`` with each regional word written as the mainland's."""
    edits = [(match.start(), match.end(), _MAINLAND[match.group()])
             for match in _REGIONAL.finditer(normalized.text)]
    return normalized.edited(edits) if edits else normalized


_HYPHENATED = regex(r"(?<![A-Za-z-])([A-Za-z]{2,})- ([a-z]{2,})")
"""A word's two halves around a line break's hyphen, as the lines are joined: "dedi- cated"."""


def unhyphenated(normalized: Normalized) -> Normalized:
    """``normalized`` with each word hyphenated across a line break written whole, where the whole word is one the
    vocabulary knows ("dedi- cated" -> "dedicated"; "leaf- spine" stays)."""
    if "- " not in normalized.text:
        return normalized
    vocabulary = english_vocabulary()
    edits = [(match.end(1), match.start(2), "") for match in _HYPHENATED.finditer(normalized.text)
             if (match.group(1) + match.group(2)).lower() in vocabulary]
    return normalized.edited(edits) if edits else normalized
