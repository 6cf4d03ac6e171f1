"""The lexicon: the one place the reader's words live, and the grammar built from it."""

import ast
import re
import tomllib
import unicodedata
from pathlib import Path

import pytest

from slacheck.extract import lexicon as lex
from slacheck.extract.parser import _parsers, scan
from slacheck.extract.reading import read
from slacheck.resources import build_lark, grammar_file

EXTRACT = Path(lex.__file__).parent


def said(text: str) -> dict[str, object]:
    normalized = unicodedata.normalize("NFKC", text)
    values: dict[str, object] = {}
    for statement in read(normalized, scan(normalized)):
        values.setdefault(statement.path, statement.value)
    return values


def tables() -> dict:
    return tomllib.loads(grammar_file(lex.LEXICON_FILE).read_text(encoding="utf-8"))


def lexer_of(lexicon: lex.Lexicon):
    text = lexicon.grammar(grammar_file("facts.lark").read_text(encoding="utf-8"))
    return build_lark("facts.lark", text=text, parser=None, lexer="basic", start="tokens")


def test_the_lexicon_loads_and_every_entry_compiles() -> None:
    entries = lex.lexicon().entries
    assert len(lex.lexicon().terminals()) > 60
    for entry in entries.values():
        if entry.words or entry.patterns:
            re.compile(entry.regex())
        else:
            assert entry.meanings, entry.name


def test_vocabulary_terminals_come_only_from_the_lexicon() -> None:
    base = grammar_file("facts.lark").read_text(encoding="utf-8")
    defined_in_base = set(re.findall(r"^([A-Z_]+)\.-?\d+:", base, re.M))
    assert defined_in_base == {"RATIO", "NUMBER", "OUTLINE", "BRACKET", "PROSE"}
    assert not defined_in_base & {entry.name for entry in lex.lexicon().terminals()}


def test_an_unknown_key_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown keys"):
        lex.Lexicon.parse('[NIC]\npriority = 9\nwords = ["nic"]\n')


def test_words_prefer_the_longest_and_keep_their_guards() -> None:
    entry = lex.Entry.parse("X", {"zh": ["台", "台式机"], "en": ["node", "nodes", "node pool", "n.a."]})
    assert entry.regex() == "台(?:式机)?|(?i:n(?:ode(?:s| pool)?|\\.a\\.))(?![A-Za-z])"
    pattern = re.compile(entry.regex())
    assert pattern.match("台式机").group() == "台式机"
    assert pattern.match("Nodes").group() == "Nodes"
    assert pattern.match("node pool").group() == "node pool"
    assert pattern.match("node pooling").group() == "node"  # the guard sends it back to the shorter word
    assert pattern.match("nodeX") is None
    assert pattern.match("nXaX") is None  # metacharacters are escaped


def test_prose_never_swallows_a_character_of_a_terminal() -> None:
    """PROSE runs of CJK characters stop before any character another terminal uses."""
    terminals = dict(_parsers()[1].terminals)
    prose = terminals.pop("PROSE")
    excluded = set(prose[prose.index("(?![") + 4:prose.index("])")])
    words = [pattern.replace("\u4e00-\u9fff", "") for pattern in terminals.values()]  # the CJK range itself
    used = {ch for pattern in words for ch in pattern if lex.is_cjk(ch)}
    assert used <= excluded, "".join(sorted(used - excluded))
    assert excluded == set(lex.lexicon().terminal_cjk())


def test_a_word_added_to_the_lexicon_is_lexed() -> None:
    raw = tables()
    raw["TOPOLOGY"]["zh"]["蜻蜓"] = "dragonfly"  # characters no other terminal uses
    raw["NODE_UNIT"]["en"].append("boxes")
    lexer = lexer_of(lex.Lexicon({name: lex.Entry.parse(name, table) for name, table in raw.items()}))
    tokens = [(t.type, t.value) for t in lexer.lex("采用蜻蜓拓扑, 4 boxes") if t.type != "PROSE"]
    assert ("TOPOLOGY", "蜻蜓") in tokens and ("NODE_UNIT", "boxes") in tokens
    shipped = [(t.type, t.value) for t in scan("采用蜻蜓拓扑, 4 boxes").tokens]
    assert ("TOPOLOGY", "蜻蜓") not in shipped


def test_meaning_tables_give_every_word_a_meaning() -> None:
    for name in ("TOPOLOGY", "IB_GEN", "ETH_NAMED", "EXPANSION", "NUMBER_WORD", "PER_NODE", "BENCH"):
        entry = lex.lexicon()[name]
        assert all(lex.meaning(name, word) is not None for word in entry.words), name
    assert lex.meaning("IB_GEN", "NDR") == 400.0
    assert lex.meaning("TOPOLOGY", "Spine-Leaf") == "leaf-spine"


@pytest.mark.parametrize("text,path,value", [
    ("five nodes", "nodes", 5),
    ("seven servers", "nodes", 7),
    ("nine nodes", "nodes", 9),
    ("eleven nodes", "nodes", 11),
    ("thirty-two H100 GPUs in total", "gpu.total", 32),
    ("Sixteen nodes", "nodes", 16),
    ("二十台 H100", "nodes", 20),
    ("NDR", "fabric.rate_gbps", 400.0),
    ("Leaf Spine", "fabric.topology", "leaf-spine"),
])
def test_words_read_with_their_meaning(text: str, path: str, value: object) -> None:
    assert said(text).get(path) == value


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that stand alone as statements: docstrings."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}


@pytest.mark.parametrize("module", sorted(p.name for p in EXTRACT.glob("*.py")))
def test_no_extract_module_keeps_chinese_words(module: str) -> None:
    """Words live in the lexicon: string literals under slacheck/extract hold no CJK (docstrings may quote)."""
    tree = ast.parse((EXTRACT / module).read_text(encoding="utf-8"))
    docstrings = _docstrings(tree)
    literals = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                and isinstance(node.value, str) and id(node) not in docstrings]
    bounds = {"\u4e00", "\u9fff"}  # the CJK range, as in is_cjk
    assert not [text for text in literals if text not in bounds and any(lex.is_cjk(ch) for ch in text)]
