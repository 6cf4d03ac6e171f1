"""Parse trees shaped as lark shapes them, without lark at run time.

Lark parses twice in slacheck, each time once per installation: the fact grammar into the phrase tables
(``extract.tables``) and each rule-pack condition (``rules.cache``). Both results are kept in the cache
folder, so a check imports no lark (0.03 s of every start); what was parsed is held in these two small
classes, with the members of lark's ``Tree`` and ``Token`` that slacheck reads.
"""

from __future__ import annotations

from typing import Any, Generic, Iterator, TypeVar

Leaf = TypeVar("Leaf")


class Tree(Generic[Leaf]):
    """A node: the name of the rule that made it (``data``) and its children, subtrees and leaves."""

    __slots__ = ("data", "children")

    def __init__(self, data: str, children: list[Any]) -> None:
        self.data = data
        self.children = children

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tree) and self.data == other.data and self.children == other.children

    __hash__ = None  # type: ignore[assignment]  # mutable, as lark's own

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"

    def iter_subtrees(self) -> Iterator[Tree[Leaf]]:
        """Every subtree, this one last, each after the subtrees below it (lark's order)."""
        queue: list[Tree[Leaf]] = [self]
        for subtree in queue:
            queue.extend(child for child in reversed(subtree.children) if isinstance(child, Tree))
        return reversed(queue)


class Token(str):
    """A leaf of a condition: its text, its terminal's name and where it lies (lark's positions, 1-based
    lines and columns)."""

    type: str
    start_pos: int | None
    line: int | None
    column: int | None
    end_line: int | None
    end_column: int | None
    end_pos: int | None

    def __new__(cls, type: str, value: str, start_pos: int | None = None, line: int | None = None,
                column: int | None = None, end_line: int | None = None, end_column: int | None = None,
                end_pos: int | None = None) -> Token:
        token = super().__new__(cls, value)
        token.type, token.start_pos, token.line, token.column = type, start_pos, line, column
        token.end_line, token.end_column, token.end_pos = end_line, end_column, end_pos
        return token

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {str(self)!r})"
