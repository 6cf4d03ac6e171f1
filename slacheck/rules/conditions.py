"""The condition language of rule packs: parse once, evaluate safely.

Conditions are parsed with grammar/condition.lark and evaluated by closures
made from the tree, one per node: no ``eval``, no attribute access, only
dotted names looked up in a plain dictionary and calls to a fixed table of
functions. Comparisons with
null are false; arithmetic with null is null. Named sets and constants are
replaced by their values when a condition is parsed, and a string compared
with a name of closed vocabulary must be one of its words.
"""

from __future__ import annotations

import inspect
import operator
import typing
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, Callable, Collection, Mapping

from slacheck.resources import build_lark
from slacheck.trees import Token, Tree

if TYPE_CHECKING:
    import lark

MAX_DEPTH = 40
MAX_LENGTH = 4000

Function = Callable[..., Any]
Node = Tree[Token]
"""A node of a parsed condition (its leaves are tokens; a named set or constant holds its value)."""


class ConditionError(Exception):
    """A condition that cannot be parsed or refers to something unknown."""

    def __init__(self, message: str, column: int | None = None):
        super().__init__(message)
        self.column = column


@dataclass(frozen=True)
class Condition:
    """A parsed condition and the dotted names it reads."""

    source: str
    tree: Node
    names: tuple[str, ...]
    constants: tuple[str, ...] = ()
    """The named sets and constants it uses."""

    @cached_property
    def run(self) -> Compiled:
        """The tree made into closures on first use (walking the tree at every evaluation cost 4% of a check)."""
        return compiled(self.tree)


@lru_cache(maxsize=1)
def _parser() -> lark.Lark:
    return build_lark("condition.lark", parser="lalr")


def _own(parsed: lark.Tree[lark.Token]) -> Node:
    """Lark's parse tree as slacheck's trees (built without recursion: a condition can nest deep)."""
    import lark

    def made(node: Any) -> Any:
        if isinstance(node, lark.Token):
            return Token(node.type, str(node), node.start_pos, node.line, node.column, node.end_line,
                         node.end_column, node.end_pos)
        return Tree(str(node.data), list(node.children)) if isinstance(node, lark.Tree) else node

    root: Node = made(parsed)
    stack = [root]
    while stack:
        node = stack.pop()
        node.children = [made(child) for child in node.children]
        stack.extend(child for child in node.children if isinstance(child, Tree))
    return root


def parse_condition(source: str, known_names: Collection[str], functions: Mapping[str, Function],
                    constants: Mapping[str, Any] | None = None,
                    vocabulary: Mapping[str, Collection[str]] | None = None) -> Condition:
    """Parse a condition, checking every name, function and word against what exists.

    ``constants``: named sets and constants, replaced by their values; ``vocabulary``: the words each
    name of a closed set of values may be compared with.
    """
    if len(source) > MAX_LENGTH:
        raise ConditionError(f"condition longer than {MAX_LENGTH} characters")
    _check_brackets(source)
    from lark.exceptions import UnexpectedInput

    try:
        tree = _own(_parser().parse(source))
    except UnexpectedInput as error:
        raise ConditionError(f"syntax error at column {error.column}", error.column) from None
    if _depth(tree) > MAX_DEPTH:
        raise ConditionError(f"condition nested deeper than {MAX_DEPTH} levels")
    used = _substitute(tree, constants or {})
    names = []
    for node in tree.iter_subtrees():
        if node.data == "path":
            name = _name(node)
            if name not in known_names:
                raise ConditionError(f"unknown name '{name}'", _column(node))
            names.append(name)
        elif node.data == "call":
            function = str(node.children[0])
            if function not in functions:
                raise ConditionError(f"unknown function '{function}'", _column(node))
            _check_call(node, functions[function])
    _check_words(tree, vocabulary or {})
    return Condition(source=source, tree=tree, names=tuple(dict.fromkeys(names)), constants=used)


_LITERALS: dict[str, type] = {"number": float, "string": str, "true": bool, "false": bool, "null": type(None),
                              "array": list}
"""The type of a literal argument, by node kind (other arguments are known only when the condition runs)."""
_TYPE_NAMES = {float: "a number", int: "a number", str: "a string", bool: "true or false", type(None): "null",
               list: "a list"}


@lru_cache(maxsize=64)
def _signature(function: Function) -> tuple[inspect.Signature, dict[str, Any]]:
    """A function's signature and its parameters' annotated types."""
    return inspect.signature(function), typing.get_type_hints(function)


def _parameter(signature: inspect.Signature, position: int) -> inspect.Parameter | None:
    """The parameter that receives the positional argument at ``position`` (None: there is none)."""
    parameters = list(signature.parameters.values())
    fixed = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if position < len(fixed):
        return fixed[position]
    return next((p for p in parameters if p.kind == p.VAR_POSITIONAL), None)


def _accepts(annotation: Any, value: Any) -> bool:
    """Whether a value fits an annotated type (a number fits float; true and false do not)."""
    allowed = typing.get_args(annotation) or (annotation,)
    kind = type(value)
    if kind is int and float in allowed:
        return True
    return kind in allowed or (kind is tuple and list in allowed)


def _check_call(node: Node, function: Function) -> None:
    """Refuse a call with the wrong number of arguments, or a literal argument of the wrong type."""
    name = str(node.children[0])
    arguments = [child for child in node.children[1:] if child is not None]
    signature, hints = _signature(function)
    try:
        signature.bind(*arguments)
    except TypeError:
        raise ConditionError(f"{name}() takes {_arity(signature)}, got {len(arguments)}", _column(node)) from None
    for position, argument in enumerate(arguments, start=1):
        parameter = _parameter(signature, position - 1)
        literal = _LITERALS.get(argument.data) if isinstance(argument, Tree) else None
        expected = hints.get(parameter.name) if parameter else None
        if literal is None or expected is None or _accepts(expected, literal() if literal is not type(None) else None):
            continue
        wanted = " or ".join(dict.fromkeys(_TYPE_NAMES.get(t, t.__name__) for t in typing.get_args(expected)
                                           or (expected,)))
        raise ConditionError(f"{name}() argument {position}: expected {wanted}, got {_TYPE_NAMES[literal]}",
                             _column(node))


def _arity(signature: inspect.Signature) -> str:
    """How many arguments a function takes, in words."""
    parameters = list(signature.parameters.values())
    if any(p.kind == p.VAR_POSITIONAL for p in parameters):
        return "any number of arguments"
    least = sum(1 for p in parameters if p.default is p.empty)
    most = len(parameters)
    count = str(least) if least == most else f"{least} to {most}"
    return f"{count} argument{'s' if most != 1 else ''}"


def _name(node: Node) -> str:
    """The dotted name a ``path`` node spells."""
    return ".".join(str(part) for part in node.children)


def _column(node: Node) -> int | None:
    """The column of a node's first token."""
    first = node.children[0]
    return first.column if isinstance(first, Token) else None


def _substitute(tree: Node, constants: Mapping[str, Any]) -> tuple[str, ...]:
    """Replace the names of named sets and constants by ``constant`` nodes holding their values."""
    used = []
    for node in tree.iter_subtrees():
        if node.data == "path" and (name := _name(node)) in constants:
            used.append(name)
            node.data, node.children = "constant", [constants[name]]
    return tuple(dict.fromkeys(used))


def _check_words(tree: Node, vocabulary: Mapping[str, Collection[str]]) -> None:
    """Refuse a string compared with (or looked up in) a name whose values are a closed set, unless it is one."""
    for node in tree.iter_subtrees():
        if node.data == "compare" and str(node.children[1]) in ("==", "!="):
            pairs = [(node.children[0], node.children[2]), (node.children[2], node.children[0])]
        elif node.data in ("member", "not_member"):
            pairs = [(node.children[0], node.children[1])]
        else:
            continue
        for name_node, words_node in pairs:
            if not (isinstance(name_node, Tree) and name_node.data == "path" and _name(name_node) in vocabulary):
                continue
            name = _name(name_node)
            for word, column in _strings(words_node):
                if word not in vocabulary[name]:
                    known = ", ".join(f'"{w}"' for w in vocabulary[name])
                    raise ConditionError(f'"{word}" is not a value of {name} (one of {known})',
                                         column or _column(name_node))


def _strings(node: Node | Token) -> list[tuple[str, int | None]]:
    """The strings a literal, a list of literals or a named set holds, with their columns (None: a named set)."""
    if not isinstance(node, Tree):
        return []
    if node.data == "string":
        return [(str(node.children[0])[1:-1], _column(node))]
    if node.data == "array":
        return [found for child in node.children if child is not None for found in _strings(child)]
    if node.data == "constant" and isinstance(node.children[0], tuple):
        return [(word, None) for word in node.children[0] if isinstance(word, str)]
    return []


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


def _depth(tree: Node) -> int:
    """Nesting depth, computed without recursion."""
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))
    return deepest


def evaluate(condition: Condition, values: Mapping[str, Any], functions: Mapping[str, Function]) -> Any:
    """The value of a condition given the values of its names."""
    return condition.run(values, functions)


Compiled = Callable[[Mapping[str, Any], Mapping[str, Function]], Any]
"""A node of a condition made into a closure: its value, given the values of the names and the functions."""


def compiled(node: Node | Token) -> Compiled:
    """The closure of a node and, through it, of its children (a condition nests at most MAX_DEPTH levels)."""
    if isinstance(node, Token):
        message = f"unexpected token {node!s}"

        def unexpected(values: Mapping[str, Any], functions: Mapping[str, Function]) -> Any:
            raise ConditionError(message)
        return unexpected
    return _COMPILERS[node.data](node)


def _parts(children: list[Any]) -> list[Compiled]:
    """The closures of a node's children (an optional part the grammar left out is None)."""
    return [compiled(child) for child in children if child is not None]


def _or_expr(node: Node) -> Compiled:
    parts = _parts(node.children)
    return lambda values, functions: any(_truthy(part(values, functions)) for part in parts)


def _and_expr(node: Node) -> Compiled:
    parts = _parts(node.children)
    return lambda values, functions: all(_truthy(part(values, functions)) for part in parts)


def _negate(node: Node) -> Compiled:
    inner = compiled(node.children[0])
    return lambda values, functions: not _truthy(inner(values, functions))


_ORDERS: dict[str, Callable[[Any, Any], Any]] = {"<": operator.lt, "<=": operator.le, ">": operator.gt,
                                                  ">=": operator.ge}


def _compare(node: Node) -> Compiled:
    left, right, sign = compiled(node.children[0]), compiled(node.children[2]), str(node.children[1])

    def compare(values: Mapping[str, Any], functions: Mapping[str, Function]) -> bool:
        one, other = left(values, functions), right(values, functions)
        if one is None or other is None:
            return False
        if sign == "==":
            return bool(one == other)
        if sign == "!=":
            return bool(one != other)
        return _comparable(one, other) and bool(_ORDERS[sign](one, other))
    return compare


def _is_null(node: Node) -> Compiled:
    inner = compiled(node.children[0])
    return lambda values, functions: inner(values, functions) is None


def _is_not_null(node: Node) -> Compiled:
    inner = compiled(node.children[0])
    return lambda values, functions: inner(values, functions) is not None


def _member(node: Node) -> Compiled:
    item, collection = compiled(node.children[0]), compiled(node.children[1])

    def member(values: Mapping[str, Any], functions: Mapping[str, Function]) -> bool:
        one, many = item(values, functions), collection(values, functions)
        return one is not None and isinstance(many, (list, tuple)) and one in many
    return member


def _not_member(node: Node) -> Compiled:
    item, collection = compiled(node.children[0]), compiled(node.children[1])

    def not_member(values: Mapping[str, Any], functions: Mapping[str, Function]) -> bool:
        one, many = item(values, functions), collection(values, functions)
        return one is not None and isinstance(many, (list, tuple)) and one not in many
    return not_member


def _arithmetic(node: Node) -> Compiled:
    left, right, sign = compiled(node.children[0]), compiled(node.children[2]), str(node.children[1])

    def arithmetic(values: Mapping[str, Any], functions: Mapping[str, Function]) -> Any:
        one, other = left(values, functions), right(values, functions)
        if not (_is_number(one) and _is_number(other)):
            return None
        if sign == "+":
            return one + other
        if sign == "-":
            return one - other
        if sign == "*":
            return one * other
        return one / other if other else None
    return arithmetic


def _value(value: Any) -> Compiled:
    """A literal's closure."""
    return lambda values, functions: value


def _array(node: Node) -> Compiled:
    parts = _parts(node.children)
    return lambda values, functions: [part(values, functions) for part in parts]


def _path(node: Node) -> Compiled:
    name = _name(node)
    return lambda values, functions: values.get(name)


def _call(node: Node) -> Compiled:
    name, arguments = str(node.children[0]), _parts(node.children[1:])

    def call(values: Mapping[str, Any], functions: Mapping[str, Function]) -> Any:
        """The function's value; null when an argument is of a type the function does not take."""
        function = functions[name]
        given = [argument(values, functions) for argument in arguments]
        signature, hints = _signature(function)
        for position, value in enumerate(given):
            parameter = _parameter(signature, position)
            expected = hints.get(parameter.name) if parameter else None
            if expected is not None and not _accepts(expected, value):
                return None
        return function(*given)
    return call


_COMPILERS: dict[str, Callable[[Node], Compiled]] = {
    "or_expr": _or_expr, "and_expr": _and_expr, "negate": _negate, "compare": _compare, "is_null": _is_null,
    "is_not_null": _is_not_null, "member": _member, "not_member": _not_member, "arithmetic": _arithmetic,
    "number": lambda node: _value(float(str(node.children[0]))),
    "string": lambda node: _value(str(node.children[0])[1:-1]),
    "true": lambda node: _value(True), "false": lambda node: _value(False), "null": lambda node: _value(None),
    "constant": lambda node: _value(node.children[0]), "array": _array, "path": _path, "call": _call,
}
NODE_KINDS = frozenset(_COMPILERS)
"""The kinds of node a parsed condition holds: those the evaluator knows."""


def _truthy(value: Any) -> bool:
    return value is not None and value is not False and value != 0


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _comparable(left: Any, right: Any) -> bool:
    return (_is_number(left) and _is_number(right)) or (isinstance(left, str) and isinstance(right, str))
