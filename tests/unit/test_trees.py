"""slacheck's parse trees: what lark parsed, in the same shape and order, and no lark at run time."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import lark
import pytest

from slacheck.rules import conditions
from slacheck.rules.conditions import ConditionError, parse_condition
from slacheck.rules.engine import FUNCTIONS, known_names
from slacheck.trees import Token, Tree

from conftest import SAMPLES

CONDITIONS = [
    'fabric.protocol == "roce" and not (fabric.rate_gbps >= 200 or gpu.total > 8)',
    "gpu.per_node * 2 in [8, 16] and fabric.nics_per_node != null",
    '(((gpu.model == "H100")))',
]


def _shape(node: object) -> object:
    """A tree as nested tuples, its tokens with every position lark gives."""
    if isinstance(node, (Tree, lark.Tree)):
        return (str(node.data), [_shape(child) for child in node.children])
    if isinstance(node, (Token, lark.Token)):
        return (node.type, str(node), node.start_pos, node.line, node.column, node.end_line, node.end_column,
                node.end_pos)
    return node


@pytest.mark.parametrize("source", CONDITIONS)
def test_a_condition_tree_is_lark_s_tree(source: str) -> None:
    parsed = conditions._parser().parse(source)
    own = conditions._own(parsed)
    assert _shape(own) == _shape(parsed)
    assert [_shape(t) for t in own.iter_subtrees()] == [_shape(t) for t in parsed.iter_subtrees()]


def test_trees_compare_by_name_and_children() -> None:
    leaf = Token("NAME", "gpu", 0, 1, 1, 1, 4, 3)
    assert Tree("path", [leaf]) == Tree("path", [Token("NAME", "gpu")])  # a token is its text
    assert Tree("path", [leaf]) != Tree("call", [leaf])
    assert leaf.column == 1 and leaf.type == "NAME" and leaf == "gpu"


def test_a_deep_condition_is_refused_not_a_crash() -> None:
    with pytest.raises(ConditionError, match="nested deeper"):
        parse_condition("not " * 900 + "true", known_names(), FUNCTIONS)


def test_a_check_imports_no_lark_once_its_grammars_are_kept(tmp_path: Path) -> None:
    probe = ("import sys; from slacheck.cli import main; main([sys.argv[1], '--format', 'json']); "
             "print('lark' in sys.modules, file=sys.stderr)")
    command = [sys.executable, "-c", probe, str(SAMPLES / "zh_quote_a100_10gbe.md")]
    env = {"PATH": "/usr/bin:/bin", "SLACHECK_CACHE": str(tmp_path)}
    first = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path)
    again = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path)
    assert first.stderr == "True\n"  # the tables and the packs' conditions built with lark, and kept
    assert again.stderr == "False\n" and again.stdout == first.stdout
