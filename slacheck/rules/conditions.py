"""The condition language of rule packs: parse once, evaluate safely.

Conditions are parsed with grammar/condition.lark and evaluated by walking
the tree: no ``eval``, no attribute access, only dotted names looked up in a
plain dictionary and calls to a fixed table of functions. Comparisons with
null are false; arithmetic with null is null.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Mapping

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from slacheck.resources import build_lark

MAX_DEPTH = 40
MAX_LENGTH = 4000

Function = Callable[..., Any]


class ConditionError(Exception):
    """A condition that cannot be parsed or refers to something unknown."""

    def __init__(self, message: str, column: int | None = None):
        super().__init__(message)
        self.column = column


@dataclass(frozen=True)
class Condition:
    """A parsed condition and the dotted names it reads."""

    source: str
    tree: Tree
    names: tuple[str, ...]


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return build_lark("condition.lark", parser="lalr")


def parse_condition(source: str, known_names: set[str], functions: Mapping[str, Function]) -> Condition:
    """Parse a condition, checking every name and function against what exists."""
    if len(source) > MAX_LENGTH:
        raise ConditionError(f"condition longer than {MAX_LENGTH} characters")
    _check_brackets(source)
    try:
        tree = _parser().parse(source)
    except UnexpectedInput as error:
        raise ConditionError(f"syntax error at column {error.column}", error.column) from None
    if _depth(tree) > MAX_DEPTH:
        raise ConditionError(f"condition nested deeper than {MAX_DEPTH} levels")
    names = []
    for node in tree.iter_subtrees():
        if node.data == "path":
            name = ".".join(str(part) for part in node.children)
            if name not in known_names:
                raise ConditionError(f"unknown name '{name}'", node.children[0].column)
            names.append(name)
        elif node.data == "call":
            function = str(node.children[0])
            if function not in functions:
                raise ConditionError(f"unknown function '{function}'", node.children[0].column)
    return Condition(source=source, tree=tree, names=tuple(dict.fromkeys(names)))


def _check_brackets(source: str) -> None:
    """Refuse brackets nested deeper than MAX_DEPTH (redundant parentheses vanish from the tree)."""
    depth, quoted = 0, False
    for column, char in enumerate(source, start=1):
        if char == '"':
            quoted = not quoted
        elif not quoted and char in "([":
            depth += 1
            if depth > MAX_DEPTH:
                raise ConditionError(f"condition nested deeper than {MAX_DEPTH} levels", column)
        elif not quoted and char in ")]":
            depth -= 1


def _depth(tree: Tree) -> int:
    """Nesting depth, computed without recursion."""
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))
    return deepest


def evaluate(condition: Condition, values: Mapping[str, Any], functions: Mapping[str, Function]) -> Any:
    """The value of a condition given the values of its names."""
    return _Evaluator(values, functions).visit(condition.tree)


class _Evaluator:
    def __init__(self, values: Mapping[str, Any], functions: Mapping[str, Function]):
        self.values = values
        self.functions = functions

    def visit(self, node: Tree | Token) -> Any:
        if isinstance(node, Token):
            raise ConditionError(f"unexpected token {node!s}")
        return getattr(self, f"_{node.data}")(node)

    def _or_expr(self, node: Tree) -> bool:
        return any(_truthy(self.visit(child)) for child in node.children)

    def _and_expr(self, node: Tree) -> bool:
        return all(_truthy(self.visit(child)) for child in node.children)

    def _negate(self, node: Tree) -> bool:
        return not _truthy(self.visit(node.children[0]))

    def _compare(self, node: Tree) -> bool:
        left, operator, right = self.visit(node.children[0]), str(node.children[1]), self.visit(node.children[2])
        if left is None or right is None:
            return False
        if operator == "==":
            return left == right
        if operator == "!=":
            return left != right
        if not _comparable(left, right):
            return False
        return {"<": left < right, "<=": left <= right, ">": left > right, ">=": left >= right}[operator]

    def _is_null(self, node: Tree) -> bool:
        return self.visit(node.children[0]) is None

    def _is_not_null(self, node: Tree) -> bool:
        return self.visit(node.children[0]) is not None

    def _member(self, node: Tree) -> bool:
        item, collection = self.visit(node.children[0]), self.visit(node.children[1])
        return item is not None and isinstance(collection, (list, tuple)) and item in collection

    def _not_member(self, node: Tree) -> bool:
        item, collection = self.visit(node.children[0]), self.visit(node.children[1])
        return item is not None and isinstance(collection, (list, tuple)) and item not in collection

    def _arithmetic(self, node: Tree) -> float | None:
        left, operator, right = self.visit(node.children[0]), str(node.children[1]), self.visit(node.children[2])
        if not (_is_number(left) and _is_number(right)):
            return None
        if operator == "+":
            return left + right
        if operator == "-":
            return left - right
        if operator == "*":
            return left * right
        return left / right if right else None

    def _number(self, node: Tree) -> float:
        return float(node.children[0])

    def _string(self, node: Tree) -> str:
        return str(node.children[0])[1:-1]

    def _true(self, node: Tree) -> bool:
        return True

    def _false(self, node: Tree) -> bool:
        return False

    def _null(self, node: Tree) -> None:
        return None

    def _array(self, node: Tree) -> list[Any]:
        return [self.visit(child) for child in node.children if child is not None]

    def _path(self, node: Tree) -> Any:
        return self.values.get(".".join(str(part) for part in node.children))

    def _call(self, node: Tree) -> Any:
        function = self.functions[str(node.children[0])]
        arguments = [self.visit(child) for child in node.children[1:] if child is not None]
        return function(*arguments)


def _truthy(value: Any) -> bool:
    return value is not None and value is not False and value != 0


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _comparable(left: Any, right: Any) -> bool:
    return (_is_number(left) and _is_number(right)) or (isinstance(left, str) and isinstance(right, str))
