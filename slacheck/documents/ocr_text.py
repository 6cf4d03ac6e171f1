"""Mend what OCR typically gets wrong in Latin text: words run together, and look-alike characters.

The recogniser often drops the space between two words ("sharedwithothercustomers") and reads a capital
I as a small l ("PCle") or a zero as a letter o inside a number ("40oGbE"). A run of letters that is not
one known word is split where known words meet, choosing the split whose words are most common (word
frequencies from the ``wordninja`` word list, with every English word of the reader's lexicon counted as
the most common, so "InfiniBandfabric" gives "InfiniBand fabric", never "Infini Band"). A word glued to
a number is set apart from it ("the2servers", "H100PCIe80GB"; units stay). A run that is a lexicon word
once its l's are I's is read as that word; o's among digits are zeros.
"""

from __future__ import annotations

import functools
import gzip
import importlib.util
import math
import tomllib
from pathlib import Path
from typing import Any

from slacheck.documents.model import DocumentError
from slacheck.documents.pdf import OCR_HINT
from slacheck.regexes import Regex, regex
from slacheck.resources import grammar_file

MIN_GLUED = 6
MAX_GLUED = 64
"""Letter runs shorter or longer than these are left as read."""
UNKNOWN_PIECE, UNKNOWN_PER_LETTER = 10.0, 2.0
"""The cost of a piece no word list knows, and of each of its letters (a common word costs about 3-12)."""
MODEL_LETTER = 3.0
"""The cost of a lone capital before digits (H of H100)."""
LEXICON_RANK = 100
"""A lexicon word costs what the word of this rank in the list does (it is common in these documents)."""
MIN_WORD_AFTER_NUMBER = 4
"""A word glued after a number is set apart only when it is this long (units stay: 80GB, 400GbE, 8x)."""
_LETTERS = regex(r"[A-Za-z]+")
_ZERO = regex(r"(?<=\d)[oO]+(?=\d|[KMGTkmgt]|\b)|(?<=\d)[oO]+$")
_WORD_THEN_NUMBER = regex(r"(?<![A-Za-z])([A-Za-z]{2,})(?=\d)")
_NUMBER_THEN_WORD = regex(r"(\d)([A-Za-z]{%d,})\b" % MIN_WORD_AFTER_NUMBER)


def mend(text: str) -> str:
    """One OCR line with its glued words split and its look-alike characters put right."""
    text = _ZERO.sub(lambda m: "0" * len(m.group()), text)
    text = _LETTERS.sub(lambda m: " ".join(split_words(_as_lexicon_word(m.group()), text[m.end():m.end() + 1])),
                        text)
    text = _WORD_THEN_NUMBER.sub(lambda m: m.group(1) + (" " if _apart(m.group(1)) else ""), text)
    return _NUMBER_THEN_WORD.sub(lambda m: m.group(1) + (" " if _known(m.group(2)) else "") + m.group(2), text)


def split_words(run: str, after: str = "") -> list[str]:
    """The words a run of letters (``after``: the character after it) most likely holds (the run itself
    when it is one known word).

    Each piece costs what its frequency says and an unknown piece more, the longer the more, so a run
    splits only where known words explain it better than leaving it whole ("xConnectX" stays). A capital
    before digits may stand alone: the letter of a model ("NVIDIAH100": "NVIDIA H100").
    """
    costs = _costs()
    if not MIN_GLUED <= len(run) <= MAX_GLUED or run.lower() in costs:
        return [run]
    best: list[tuple[float, int]] = [(0.0, 0)]  # (cost of the best split of run[:i], length of its last piece)
    prefix = after.isdigit() and run[-1].isupper()  # "...NVIDIAH" before "100": a model's letter
    for i in range(1, len(run) + 1):
        best.append(min((best[i - k][0] + (MODEL_LETTER if prefix and k == 1 and i == len(run)
                                           else _cost(run[i - k:i], costs)), k) for k in range(1, i + 1)))
    words: list[str] = []
    i = len(run)
    while i > 0:
        k = best[i][1]
        words.append(run[i - k:i])
        i -= k
    return words[::-1]


def _cost(piece: str, costs: dict[str, float]) -> float:
    """A piece's cost; a lone letter is no word of a split, but for a, I and the x of "8x"."""
    if len(piece) == 1 and piece not in "aAIx":
        return math.inf
    return costs.get(piece.lower(), UNKNOWN_PIECE + UNKNOWN_PER_LETTER * len(piece))


def _apart(run: str) -> bool:
    """A word to set apart from the number after it: a common word in lower or title case, or a lexicon
    word with small letters ("the2", "PCIe80GB"; SXM5 and H100 keep their digits)."""
    if run[1:].islower() and run.lower() in _costs():
        return True
    return len(run) >= MIN_WORD_AFTER_NUMBER and not run.isupper() and _is_lexicon(run)


def _known(run: str) -> bool:
    return run.lower() in _costs()


def _as_lexicon_word(run: str) -> str:
    """A run of letters as the lexicon word it becomes when its l's are read as I's ("PCle": "PCIe")."""
    mended = run.replace("l", "I")
    return mended if mended != run and _is_lexicon(mended) else run


def _is_lexicon(word: str) -> bool:
    """A word the lexicon knows, as a word or by one of its patterns ("PCIe")."""
    return word in _lexicon_words() or any(pattern.fullmatch(word) for pattern in _lexicon_patterns())


@functools.cache
def _costs() -> dict[str, float]:
    """Word -> cost (-log of its Zipf probability); a lexicon word at most that of rank LEXICON_RANK."""
    spec = importlib.util.find_spec("wordninja")  # a module with its word list in a folder beside it
    if spec is None or spec.origin is None:
        raise DocumentError(f"--ocr needs the word list of the OCR extra: {OCR_HINT}")
    with gzip.open(Path(spec.origin).parent / "wordninja" / "wordninja_words.txt.gz") as raw:
        words = raw.read().decode().split()
    scale = math.log(len(words))
    costs = {word: math.log((rank + 1) * scale) for rank, word in enumerate(words)}
    for word in _lexicon_words():
        costs[word.lower()] = min(costs.get(word.lower(), math.inf), math.log(LEXICON_RANK * scale))
    return costs


@functools.cache
def _lexicon() -> dict[str, Any]:
    """grammar/lexicon.toml, read as data."""
    with grammar_file("lexicon.toml").open("rb") as f:
        return tomllib.load(f)


@functools.cache
def _lexicon_patterns() -> tuple[Regex, ...]:
    return tuple(regex(pattern) for entry in _lexicon().values() if isinstance(entry, dict)
                 for pattern in entry.get("patterns", ()))


@functools.cache
def _lexicon_words() -> frozenset[str]:
    """The letter runs of the lexicon's one-word English entries ("nccl", "tests" of "nccl-tests")."""
    found: set[str] = set()
    for entry in _lexicon().values():
        if isinstance(entry, dict):
            _collect(entry.get("en"), found)
    return frozenset(run for word in found if " " not in word for run in _LETTERS.findall(word) if len(run) >= 2)


def _collect(words: Any, found: set[str]) -> None:
    """The words of an ``en`` list or table (its keys) into ``found``."""
    if isinstance(words, dict):
        found.update(str(key) for key in words)
    elif isinstance(words, list):
        found.update(str(word) for word in words)
