"""The first-character lexer gives exactly lark's tokens, and scan exactly the phrases of lark's own lexer.

The reference is lark's basic lexer over the same grammar and the phrase search without its cache,
run on the samples and on generated text made of the lexicon's own words, numbers and prose.
"""

from __future__ import annotations

import re
import subprocess
import sys
import unicodedata
from functools import lru_cache
from pathlib import Path
from re import _constants as sre_constants
from re import _parser as sre_parse
from typing import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from slacheck import programs, trees
from slacheck.extract import lalr, parser, tables
from slacheck.extract import lexer as lexer_module
from slacheck.extract import lexicon as lex
from slacheck.extract.lexer import FirstCharLexer, Keyword, first_characters, first_prefixes
from slacheck.normalize import normalize
from slacheck.resources import build_lark

from conftest import SAMPLES

SHARED_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


@lru_cache(maxsize=1)
def lark_lexer() -> Lark:
    """Lark's own lexer over the fact grammar."""
    return build_lark("facts.lark", text=lex.fact_grammar(), parser=None, lexer="basic", start="tokens")


@lru_cache(maxsize=1)
def lark_phrases() -> Lark:
    """Lark's own LALR phrase parser, the one the phrase tables are made from."""
    return lalr.phrase_parser()


def attributes(token: Token | Keyword) -> tuple:
    """What a token says: its type, text and span (lark's names for the span, or the lexer's)."""
    if isinstance(token, Token):
        return (token.type, token.value, token.start_pos, token.end_pos)
    return (token.type, token.value, token.start, token.end)


def lark_tokens(text: str) -> list[tuple[tuple, bool]]:
    """Lark's vocabulary tokens, each with whether PROSE came since the token before."""
    found, prose = [], False
    for token in lark_lexer().lex(text):
        if token.type == "PROSE":
            prose = True
            continue
        found.append((attributes(token), prose))
        prose = False
    return found


def dispatched_tokens(text: str) -> list[tuple[tuple, bool]]:
    lexer, _ = parser._parsers()
    return [(attributes(token), prose) for token, prose in lexer.lex(text)]


def reference_phrases(text: str) -> list[tuple[str, int, int]]:
    """Phrases as the scan found them with lark's lexer and a fresh parse at every position."""
    phrase_parser = lark_phrases()
    phrases, run = [], []
    for token in (*lark_lexer().lex(text), None):
        if token is not None and token.type in parser._SKIPPED_IN_RUNS:
            continue
        if token is not None and token.type not in ("PROSE", "OUTLINE"):
            run.append(token)
            continue
        position = 0
        starters = set(phrase_parser.parse_interactive("", start="phrase").choices())
        while position < len(run):
            length, tree = (0, None) if run[position].type not in starters else _longest(phrase_parser, run[position:position + parser.MAX_PHRASE_TOKENS])
            if tree is None:
                position += 1
                continue
            phrases.append((_tree_text(tree.children[0]), run[position].start_pos, run[position + length - 1].end_pos))
            position += length
        run = []
    return phrases


def _longest(phrase_parser: Lark, tokens: list[Token]) -> tuple[int, Tree | None]:
    for length in range(len(tokens), 0, -1):
        interactive = phrase_parser.parse_interactive("", start="phrase")
        try:
            for token in tokens[:length]:
                interactive.feed_token(token)
            return length, interactive.feed_eof()
        except UnexpectedInput:
            continue
    return 0, None


def _tree_text(tree: Tree | trees.Tree) -> str:
    """A tree (lark's or the scan's) with every attribute of its tokens."""
    children = [_tree_text(c) if isinstance(c, (Tree, trees.Tree)) else repr(attributes(c)) for c in tree.children]
    return f"{tree.data}({', '.join(children)})"


def scanned_phrases(text: str) -> list[tuple[str, int, int]]:
    return [(_tree_text(p.tree), p.start, p.end) for p in parser.scan(text).phrases]


def sample_texts() -> list[tuple[str, str]]:
    """Every text sample (and the shared corpus, when it is beside the repository), normalised."""
    paths = [p for p in sorted(SAMPLES.iterdir()) if p.suffix in (".md", ".txt") and p.name != "README.md"]
    if SHARED_CORPUS.is_dir():
        paths += [p for p in sorted(SHARED_CORPUS.rglob("*")) if p.suffix in (".md", ".txt") and p.name != "README.md"]
    return [(p.name, normalize(p.read_text(encoding="utf-8")).text) for p in paths]


@pytest.mark.parametrize("name,text", sample_texts(), ids=lambda value: value if len(value) < 60 else "")
def test_samples_lex_and_parse_as_with_lark(name: str, text: str) -> None:
    assert dispatched_tokens(text) == lark_tokens(text), name
    for line in text.splitlines():
        assert dispatched_tokens(line) == lark_tokens(line), line
    assert scanned_phrases(text) == reference_phrases(text), name


def _vocabulary() -> list[str]:
    """Words and pieces the grammar knows, and some it does not."""
    words = [word for entry in lex.lexicon().terminals() for word in entry.words]
    return words + ["8", "400", "2.5", "1,000", "80GB", "400G", "400Gb/s", "900GB/s", "¥98,000", "$2.10", "2:1",
                    "99.9%", "3.1.3", "2.", "4、", "x", "X", "*", "/", "-", "(", ")", "[", "]", "、", ",", ".", ";", ":",
                    "。", "，", "the", "Vendor", "shall", "本条款", "一般", "约定", "\u4e00", "\u9fff", "é", "٣"]


PIECES = st.one_of(
    st.sampled_from(_vocabulary()),
    st.sampled_from(_vocabulary()).map(str.upper),
    st.sampled_from(_vocabulary()).map(str.lower),
    st.text(alphabet="0123456789.,:/xX-%GgBbMmTt ", min_size=1, max_size=6),
    st.text(min_size=1, max_size=3),
)
SEPARATORS = st.sampled_from(["", "", " ", "  ", "\n", "\t", " \n ", ",", "-", "/"])
TEXTS = st.lists(st.tuples(PIECES, SEPARATORS), max_size=40).map(
    lambda parts: unicodedata.normalize("NFKC", "".join(a + b for a, b in parts)))


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_generated_text_lexes_as_with_lark(text: str) -> None:
    assert dispatched_tokens(text) == lark_tokens(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_generated_text_parses_as_with_lark(text: str) -> None:
    assert scanned_phrases(text) == reference_phrases(text)


def test_prose_is_not_kept_but_ends_a_run() -> None:
    found = parser.scan("8 x H100 the parties agree 4 nodes")
    assert [t.type for t in found.tokens] == ["NUMBER", "TIMES", "MODEL", "NUMBER", "NODE_UNIT"]
    assert [(p.tree.data, p.start, p.end) for p in found.phrases] == [("gpu", 0, 8), ("nodes", 27, 34)]


def test_a_vendor_word_keeps_the_prose_before_it() -> None:
    """Prose before a skipped VENDOR word still ends the run: '8 x' and 'H100' are not one phrase."""
    assert [p.start for p in parser.scan("8 x NVIDIA H100").phrases] == [0]
    assert [p.start for p in parser.scan("8 x foo NVIDIA H100").phrases] == [15]


@pytest.mark.parametrize("regex,starts,never", [
    (r"(?<![A-Za-z])(?i:ab)c|\d+", "aA5٣", "bcZ "),
    (r"(?:x|y)?z", "xyz", "a"),
    (r"[^a]", "a b", ""),
    (r"\s+", " \n\t", "a"),
    (r"(?=q)q|\S", "q!", " "),
    (r"[A-Z][A-Z0-9]*_\w+|(?i:k)m", "ABZkK\u212a", "abz"),
    (r"(?i)a(?-i:b)|(?i:x(?-i:y))", "aA", "bByY"),
])
def test_first_characters_hold_every_start(regex: str, starts: str, never: str) -> None:
    """Every character a match starts with, ignoring case only where the regex does."""
    first = re.compile(first_characters(regex))
    assert all(first.match(ch) for ch in starts)
    assert not any(first.match(ch) for ch in never)


def test_character_ranges_ignore_case_where_the_class_does() -> None:
    assert programs.character_ranges("[a-c]") == [(ord("a"), ord("c"))]
    assert programs.character_ranges("(?i:[a-c])") == [(ord("A"), ord("C")), (ord("a"), ord("c"))]
    assert programs.character_ranges("(?i:[\\u4e00-\\u4e02k])") == [
        (ord("K"), ord("K")), (ord("k"), ord("k")), (0x212A, 0x212A), (0x4E00, 0x4E02)]  # the Kelvin sign too


def test_characters_beyond_the_first_plane_lex_as_with_lark() -> None:
    """Their first characters are matched against each terminal's class, not looked up in its ranges."""
    text = "2 台 \U0001F680 8x H100 \U0001D407100 \U00020000 节点 \U0001F600IB"
    assert dispatched_tokens(text) == lark_tokens(text)
    assert [token[0] for token, _ in dispatched_tokens(text)][:3] == ["NUMBER", "NODE_UNIT", "NUMBER"]


@pytest.mark.parametrize("character", ["\U0001F680", "\U0001D7CE", "\U0001D407", "\U00010400", "\U00020000",
                                       "\U000E0001", "\U0010FFFD"])
def test_a_terminal_starts_with_a_character_beyond_the_first_plane_as_its_class_says(character: str) -> None:
    """Only classes that can hold such a character are compiled for one (an emoji, a mathematical digit or
    letter, a Deseret letter, an ideograph of extension B, a tag, a private-use character)."""
    lexer, _ = parser._parsers()
    for name in lexer.terminals:
        assert lexer._starts_with(name, character) == bool(re.match(lexer._classes[name], character)), name
    classes = [r"[a-z\U00002265]", r"(?i:[k\u4e00-\u9fff])", r"[\s]", r"[\d]", r"[\w]", r"[\S]", r"[\W]", r"[\D]",
               r"[a-\U0001f600]", r"[\U00100000]", "[\U0001D400]"]
    for regex in classes:
        if re.match(regex, character):
            assert re.search(lexer_module._BEYOND_THE_PLANE, regex), regex


def test_the_skip_stops_at_a_space_only_where_a_token_can_go_on_after_it() -> None:
    """A space that starts a token only before a digit is skipped before a letter, and is where the skip stops
    before a digit; a token that can be the space alone stops the skip at every space."""
    terminals = [("NUMBER", r" ?\d+"), ("WORD", "ab"), ("__IGNORE_0", r"\s+"), ("PROSE", r"[a-z]+|\S")]
    ranges = {name: programs.character_ranges(first_characters(regex)) for name, regex in terminals}
    skip = re.compile(lexer_module.skip_pattern(terminals, frozenset({"__IGNORE_0"}), ranges))
    assert skip.match("xy cd 5").end() == 5
    assert skip.match("xy cd  5").end() == 7  # two spaces are one whitespace token, as lark takes them
    assert skip.match("xy ab").end() == 3
    alone = [("SPACE", " "), *terminals[1:]]
    ranges["SPACE"] = programs.character_ranges(first_characters(" "))
    assert re.compile(lexer_module.skip_pattern(alone, frozenset({"__IGNORE_0"}), ranges)).match("xy cd").end() == 2


def test_no_vocabulary_token_starts_with_whitespace() -> None:
    """A token that could start at a space would make the skip stop at every space before what can follow
    it (a space before each number), and its quote would begin with the space."""
    lexer, _ = parser._parsers()
    vocabulary = [name for name in lexer.terminals if name not in lexer.skipped]
    assert vocabulary
    for space in " \t\n\u3000":
        assert [name for name in vocabulary if lexer._starts_with(name, space)] == []


def test_the_skip_pattern_needs_no_possessive_or_atomic_repeat() -> None:
    """Python 3.11.2's ``re`` matches a possessive repeat that holds a group wrongly: ``(?:(?![0-9])(?:\\s+|
    (?P<p>[A-Za-z]+|\\S)))*+`` takes the 8 of "hello world 8x". The package supports every Python 3.11."""
    parsed = sre_parse.parse(parser._parsers()[1].skip)

    def operations(node: object) -> Iterator[object]:
        if isinstance(node, sre_parse.SubPattern):
            for operation, argument in node:
                yield operation
                yield from operations(argument)
        elif isinstance(node, (tuple, list)):
            for item in node:
                yield from operations(item)

    found = set(operations(parsed))
    assert sre_constants.MAX_REPEAT in found  # the walk reached the skip's repeat
    assert not found & {sre_constants.POSSESSIVE_REPEAT, sre_constants.ATOMIC_GROUP}


@pytest.mark.parametrize("regex,matches,never", [
    (r"(?<![A-Za-z])(?i:ab)c|\d+", ["abc", "ABc", "5", "42", "1234x"], ["ac", "bc", "a5", "abC", "abx"]),
    (r"(?:x|y)?z", ["z", "xz", "yz", "zzzz"], ["xy", "a"]),
    (r"a{2,}b|c*d", ["aab", "aaaab", "d", "cd", "ccd", "cccd"], ["ba", "xd", "c", "ab", "aba"]),
    (r"(?=q)q\S|\s", ["q!", " "], ["q ", "a"]),
    (r"[A-Z][A-Z0-9]*_\w+", ["GPU_X", "A_b", "AB_1"], ["GPU ", "Gpu_", "GPUs"]),
    (r"\d+ ?(?:Gbps|GB/s)", ["400Gbps", "8 GB/s", "4000 Gbps"], ["8 x", "8 Gx", "40GX", "1 000"]),
    (r"x(?P<a>y)(?P=a)|\d{5}", ["xyy", "12345"], ["yyy", "123x4"]),  # a back reference: anything after x
])
def test_first_prefixes_hold_every_start(regex: str, matches: list[str], never: list[str]) -> None:
    """The first PREFIX characters of every match (all of a shorter one) pass the filter; some others do not."""
    starts = re.compile(first_prefixes(regex))
    width = lexer_module.PREFIX
    assert all(re.match(regex, text) and starts.match(text[:width]) for text in matches)
    assert not any(starts.match(text[:width]) for text in never)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab1 _-Xx.", max_size=6))
def test_the_prefixes_of_a_terminal_let_every_match_through(text: str) -> None:
    """For a grammar-like regex, any text it matches (at its start) passes its prefix filter."""
    regex = r"(?:(?i:ab)|x)?\d+(?:\.\d+)? ?(?:a{2,}|b|[A-Z]_)|(?i:a(?-i:X)b)\s?-|_+\d"
    starts = re.compile(first_prefixes(regex))
    if re.match(regex, text):
        assert starts.match(text[:lexer_module.PREFIX])


def test_many_prefixes_are_merged_and_still_let_every_start_through() -> None:
    """Past MAX_PREFIXES prefixes, those of one length are merged position by position."""
    words = [f"{a}{b}{c}" for a in "abcdefgh" for b in "ijklmnop" for c in "qrstuvwxyz"]
    assert len(words) > lexer_module.MAX_PREFIXES
    starts = re.compile(first_prefixes("|".join(words)))
    assert all(starts.match(word) for word in words)
    assert starts.pattern.count("|") < 10 and not starts.match("zzz")


def test_the_prefix_filters_keep_lark_s_tokens() -> None:
    """The characters after a token's first narrow the terminals tried: the same tokens."""
    grammar = parser._parsers()[1]
    lexer = FirstCharLexer(grammar.terminals, grammar.silent)
    for name, text in sample_texts():
        assert [(attributes(t), p) for t, p in lexer.lex(text)] == lark_tokens(text), name
    assert lexer._start_filters


def test_a_grammar_that_cannot_be_cached_is_still_built(tmp_path: Path) -> None:
    """An unwritable cache folder is no error: the grammar is built and the report is the same."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    sample = str(SAMPLES / "zh_quote_a100_10gbe.md")
    command = [sys.executable, "-m", "slacheck", sample, "--format", "json"]
    cached = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path,
                            env={"PATH": "/usr/bin:/bin", "SLACHECK_CACHE": str(tmp_path / "cache")})
    blocked = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path,
                             env={"PATH": "/usr/bin:/bin", "SLACHECK_CACHE": str(blocker / "cache")})
    assert blocked.stderr == "" and cached.stderr == ""
    assert blocked.stdout == cached.stdout and '"A100"' in blocked.stdout
    kept = (tmp_path / "cache").iterdir()  # the grammars, their tables, the TOML files', the package's regexes
    assert sorted((p.name.split("-")[0], "".join(p.suffixes)) for p in kept if not p.name.startswith("pack-")) == [
        ("catalogue", ".toml.json"), ("condition", ".lark.pickle"), ("facts", ".lark.pickle"),
        ("facts", ".tables.json"), ("lexicon", ".toml.json"), ("regexes", ".regexes.json")]


def test_the_kept_tables_are_the_ones_lark_gives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables read from the cache folder equal the ones made from lark, and a lexer made from them reads the
    terminals as lark's basic lexer does (that the tables parse as lark does is the samples' test)."""
    monkeypatch.setenv("SLACHECK_CACHE", str(tmp_path))
    stale = tmp_path / "facts-0123.tables.json"  # kept for an earlier grammar
    stale.write_text("{}", encoding="utf-8")
    tables.grammar_tables.cache_clear()
    try:
        made = tables.grammar_tables()  # built, then saved
        tables.grammar_tables.cache_clear()
        kept = tables.grammar_tables()  # read back
    finally:
        tables.grammar_tables.cache_clear()
    assert kept == made and kept is not made and not stale.exists()
    assert kept.terminals == lalr.build(lark_phrases()).terminals
    assert [p.suffix for p in tmp_path.iterdir() if p.name.endswith(".tables.json")] == [".json"]
    lexer = FirstCharLexer(kept.terminals, kept.silent, first=kept.first, starts=kept.starts)
    text = normalize((SAMPLES / "zh_quote_h100_ib_addon.md").read_text(encoding="utf-8")).text
    assert [(attributes(t), p) for t, p in lexer.lex(text)] == lark_tokens(text)


@pytest.mark.parametrize("damage", ["", "not a digest\n{}", "digest only", "{not json", "cut"])
def test_damaged_tables_are_made_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    monkeypatch.setenv("SLACHECK_CACHE", str(tmp_path))
    tables.grammar_tables.cache_clear()
    try:
        fresh = tables.grammar_tables()
        [kept] = [p for p in tmp_path.iterdir() if p.name.endswith(".tables.json")]
        good = kept.read_text(encoding="utf-8")
        kept.write_text(good[:len(good) // 2] if damage == "cut" else damage, encoding="utf-8")
        tables.grammar_tables.cache_clear()
        again = tables.grammar_tables()
    finally:
        tables.grammar_tables.cache_clear()
    assert again == fresh
    assert kept.read_text(encoding="utf-8") == good


def test_tables_without_their_sources_are_built_and_not_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A package without its source cannot name its tables by what they are made from: they are built each run."""
    monkeypatch.setenv("SLACHECK_CACHE", str(tmp_path))
    monkeypatch.setattr(tables, "_sources", lambda: None)
    tables.grammar_tables.cache_clear()
    try:
        built = tables.grammar_tables()
    finally:
        tables.grammar_tables.cache_clear()
    assert built.rules and not [p for p in tmp_path.iterdir() if p.name.endswith(".tables.json")]


_SEARCHED = [r"(?i:changed from|ab)\s*(\d+)", r"(?:x|(?<=[a-z]) ?不)[.!\s]*$", r"(?:foo|bar)\W{0,3}[(]", r"[吗呢]|\?"]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="aAbBcdfoxr不吗 .!(?0123456789", max_size=30), st.sampled_from(_SEARCHED))
def test_a_first_character_test_finds_the_same_matches(text: str, pattern: str) -> None:
    tested = re.compile(lexer_module.with_first_test(pattern))
    plain = re.compile(pattern)
    assert tested.pattern != pattern
    assert [m.span(0) + m.span(len(m.groups())) for m in tested.finditer(text)] == [
        m.span(0) + m.span(len(m.groups())) for m in plain.finditer(text)]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="aAbBcdfoxrKkſİı不吗 .!(?0123456789\U0001F600", max_size=30), st.sampled_from(_SEARCHED),
       st.sampled_from([0, re.IGNORECASE]))
def test_a_program_searched_from_its_first_characters_finds_the_same_matches(text: str, pattern: str, flags: int) -> None:
    tested = lexer_module.with_first_test(pattern)
    made = programs.program(tested, flags)
    assert made is not None
    kept = programs.from_program(tested, made)
    assert kept is not None
    plain = re.compile(tested, flags)
    assert [m.span(0) + m.span(len(m.groups())) for m in kept.finditer(text)] == [
        m.span(0) + m.span(len(m.groups())) for m in plain.finditer(text)]


def test_a_program_behind_a_look_ahead_is_searched_from_its_first_characters() -> None:
    """Its header names the characters a match can start with, in every case (the Kelvin sign and the long s
    too): ``re`` skips to them in C."""
    tested = lexer_module.with_first_test(r"(?i:kept|sent)\s+\w+")
    made = programs.program(tested, re.IGNORECASE)
    assert made is not None and made[1][2] == 4  # SRE_INFO_CHARSET; re.compile leaves it 0 behind a look-ahead
    kept = programs.from_program(tested, made)
    assert kept is not None
    assert [m.span() for m in kept.finditer("we KEPT it, \u212aept one, \u017fent two")] == [(3, 10), (12, 20), (22, 30)]


@pytest.mark.parametrize("pattern", [r"a?", r"\s*$", r"(?:x|y)*z?", r".b", r"[^a]c"])
def test_a_regex_that_can_match_nothing_or_start_anywhere_is_left_as_it_is(pattern: str) -> None:
    assert lexer_module.with_first_test(pattern) == pattern


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789 .xG-", min_size=1, max_size=6),
       st.sampled_from([r"20\d\d-\d\d", r"[1-9]\d* ?G|0x", r"\d{1,2}\.\d|9{3}", r"[0-4]+ x"]))
def test_to_a_prefix_filter_every_digit_is_one(text: str, regex: str) -> None:
    """A number's prefix can be looked up with its digits written as 0: it passes a filter when the text does."""
    starts = re.compile(first_prefixes(regex))
    width = lexer_module.PREFIX
    zeroed = text.translate(str.maketrans("123456789", "000000000"))
    assert bool(starts.match(text[:width])) == bool(starts.match(zeroed[:width]))
    if re.match(regex, text):
        assert starts.match(text[:width])


def test_a_terminal_that_starts_with_one_digit_only_is_tried_at_every_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """The digits share their candidates and their prefixes' entries: what was worked out at "12" is right at "0x"."""
    monkeypatch.setattr(lexer_module, "FEW", 0)
    terminals = [("HEX", "0x[0-9a-f]+"), ("YEAR", r"19\d\d"), ("NUMBER", r"\d+"), ("__IGNORE_0", r"\s+"),
                 ("PROSE", r"[a-z]+|\S")]
    lexer = FirstCharLexer(terminals, frozenset({"__IGNORE_0"}))
    tokens = [(t.type, t.value) for t, _ in lexer.lex("12 1x1f 0x1f 1999 0x2a")]  # "1x1f" is looked up as "0x0f"
    assert tokens == [("NUMBER", "12"), ("NUMBER", "1"), ("NUMBER", "1"), ("HEX", "0x1f"), ("YEAR", "1999"),
                      ("HEX", "0x2a")]
