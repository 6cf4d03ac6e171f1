"""HTML files (a saved SLA or product page; selectolax's lexbor HTML5 parser): visible text only.

Scripts, styles, navigation, forms and hidden elements are dropped; each block element (a
paragraph, list item, heading, ...) is a paragraph, ``<br>`` breaks its lines, white space is
collapsed as a browser does; ``<h1>``-``<h6>`` are headings of their level; every ``<tr>`` is a
table row of its ``<th>``/``<td>`` cells.  Places: ``paragraph 7``, ``heading 2``, ``table 1, row 3, cell 2``.
The parser's time grows with the square of the nesting depth, so a page nested deeper than
:data:`MAX_DEPTH` elements is refused before it is parsed; the tree is walked with a stack.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from slacheck.documents.blocks import Block, cell, layout, paragraph
from slacheck.documents.model import Budget, Document, DocumentError
from slacheck.documents.passages import assemble
from slacheck.regexes import regex

if TYPE_CHECKING:
    from selectolax.lexbor import LexborNode

_HIDDEN = ("script, style, noscript, template, nav, head, svg, canvas, iframe, object, form, select, button, "
           "[hidden], [aria-hidden=true]")
_INVISIBLE = regex(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
_BLOCKS = frozenset("address article aside blockquote body caption dd details div dl dt fieldset figcaption figure "
                    "footer h1 h2 h3 h4 h5 h6 header hr li main ol p pre section summary ul".split())
_SPACE = regex(r"[ \t\r\n\f]+")
_TAG = regex(r"<(/?)([A-Za-z][A-Za-z0-9-]*)[^>]*?(/?)>")
_UNNESTED = frozenset("area base br col embed hr img input link meta source track wbr p li dt dd tr td th option "
                      "optgroup thead tbody tfoot colgroup caption rb rt rp html head body".split())
"""Empty elements and elements whose end tag may be left out: not counted as nesting."""
MAX_DEPTH = 512
"""Deepest nesting of elements read."""


def html_document(markup: str, path: str, sha: str, encoding: str, budget: Budget | None) -> Document:
    """Read an HTML file decoded by the text reader (``encoding`` says how)."""
    blocks = html_blocks(markup, budget)
    if not blocks:
        raise DocumentError("no visible text in the HTML file")
    lines, passages = assemble([layout(1, blocks)], pdf=False)
    return Document(path, "html", 1, sha, encoding, lines, passages, ())


def html_blocks(markup: str, budget: Budget | None = None) -> list[Block]:
    """The visible paragraphs and table rows of an HTML page, in order (``quoted`` inside ``<blockquote>``)."""
    from selectolax.lexbor import LexborHTMLParser

    _check_depth(markup)
    tree = LexborHTMLParser(markup)
    for node in tree.css(_HIDDEN):
        node.decompose()
    for node in tree.css("[style]"):
        if _INVISIBLE.search(node.attributes.get("style") or ""):
            node.decompose()
    return _Walk(budget).blocks(tree.body) if tree.body is not None else []


class _Walk:
    """One pass over the tree, gathering inline text into the block it belongs to."""

    def __init__(self, budget: Budget | None) -> None:
        self.budget = budget
        self.found: list[Block] = []
        self.text: list[str] = []
        self.quotes = self.paragraphs = self.headings = self.tables = 0

    def blocks(self, root: LexborNode) -> list[Block]:
        """Walk from ``root``; each element is visited on the way in and again on the way out."""
        stack: list[tuple[LexborNode, bool]] = [(root, False)]
        visited = 0
        while stack:
            node, leaving = stack.pop()
            tag = node.tag or ""
            if leaving:
                self.leave(tag)
                continue
            self.enter(node, tag, stack)
            visited += 1
            if self.budget is not None and visited % 1024 == 0:
                self.budget.check("reading the HTML")
        self.flush(0)
        return self.found

    def enter(self, node: LexborNode, tag: str, stack: list[tuple[LexborNode, bool]]) -> None:
        """Take a node's text, or open its block and push its children (and its own exit) onto ``stack``."""
        if node.is_text_node:
            self.text.append(_SPACE.sub(" ", node.text_content or ""))
        elif tag == "br":
            self.text.append("\n")
        elif tag == "table":
            self.flush(0)
            self.table(node)
        elif node.is_element_node:
            if tag in _BLOCKS:
                self.flush(0)
                if tag == "blockquote":
                    self.quotes += 1
                stack.append((node, True))
            stack.extend((child, False) for child in reversed(_children(node)))

    def leave(self, tag: str) -> None:
        """Close the block of an element left behind (a heading keeps its level)."""
        self.flush(int(tag[1]) if re.fullmatch(r"h[1-6]", tag) else 0)
        if tag == "blockquote":
            self.quotes -= 1

    def flush(self, heading: int) -> None:
        """End the current paragraph (a heading of level ``heading`` when not 0)."""
        text = "".join(self.text)
        self.text = []
        if not text.strip():
            return
        if heading:
            self.headings += 1
            place = f"heading {self.headings}"
        else:
            self.paragraphs += 1
            place = f"paragraph {self.paragraphs}"
        found = paragraph(text, place, heading=heading, quoted=self.quotes > 0)
        if found is not None:
            self.found.append(found)

    def table(self, table: LexborNode) -> None:
        """Each row of ``table`` (not of tables inside its cells) as a block of its cells."""
        self.tables += 1
        number = 0
        for row in table.css("tr"):
            owner = row.parent
            while owner is not None and owner.tag != "table":
                owner = owner.parent
            if owner is None or owner.mem_id != table.mem_id:
                continue
            number += 1
            cells = [node for node in _children(row) if node.tag in ("td", "th")]
            texts = [_SPACE.sub(" ", node.text(deep=True, separator=" ")).strip() for node in cells]
            self.found.append(Block(cells=tuple(cell(text, f"table {self.tables}, row {number}, cell {k}")
                                                for k, text in enumerate(texts, start=1)),
                                    quoted=self.quotes > 0))


def _check_depth(markup: str) -> None:
    """DocumentError when elements nest deeper than MAX_DEPTH (counted from the tags, in one scan)."""
    depth = 0
    for tag in _TAG.finditer(markup):
        if tag.group(2).lower() in _UNNESTED or tag.group(3):
            continue
        depth = max(0, depth - 1) if tag.group(1) else depth + 1
        if depth > MAX_DEPTH:
            raise DocumentError(f"refused HTML file: elements nested deeper than {MAX_DEPTH}")


def _children(node: LexborNode) -> list[LexborNode]:
    """The direct children of ``node``."""
    found = []
    child = node.first_child
    while child is not None:
        found.append(child)
        child = child.next
    return found
