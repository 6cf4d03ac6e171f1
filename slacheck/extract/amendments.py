"""Amendments: a value a change replaces ("由 99.9% 调整为 99.5%", "reduced from 8 to 4 nodes",
"陆台"变更为"捌台") and a quoted clause struck out (删除原合同“乙方负责 …”, 'the words "…" are deleted') are
no longer offered, nor is a clause's old wording an amendment quotes ("Old text: …"); what a change gives as the
new value or new wording ("New text: …"), a message that corrects an earlier one ("更正一下：每台 2×200G，不是 4
张"), or a clause that sets another aside ("Notwithstanding clause 4.2, …"), replaces what the document said
before."""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import replace
from itertools import accumulate
from typing import Sequence

from slacheck.extract.context import Context, Said, as_number, number_in
from slacheck.extract.lexer import Keyword, first_characters, with_first_test
from slacheck.extract.lexicon import alternation, values
from slacheck.extract.structure import COUNTS, Frame
from slacheck.normalize import Normalized
from slacheck.regexes import regex

_NEW_VALUE_WORD = with_first_test(alternation("change_to"))
_REPLACED = regex(with_first_test(
    rf"(?:{alternation('change_from')})\s*([^。；;，,\n]{{1,40}}?)\s*{_NEW_VALUE_WORD}"), re.I)
"""An old value between a change's words; the new value's words are looked for after each character of the old
one, so they are tested by their first character first."""


_QUOTED = regex(r"[\"“「『]([^\"”」』]{1,400})[\"”」』]")
_QUOTED_REPLACED = regex(with_first_test(
    rf"[\"“「『]([^\"”」』]{{1,60}})[\"”」』]\s*(?:{alternation('replaced_by')})"), re.I)
"""A quoted old value and the words that give its new one."""
_STRIKE = regex(with_first_test(alternation("strike_word")), re.I)
_SET_ASIDE = rf"\s*((?:\d|[{''.join(values('NUMBER_ZH'))}])[\w.× ]{{0,12}}|[A-Za-z][A-Za-z0-9.×-]{{0,12}})"
_NOT_THIS = regex(with_first_test(rf"(?:{alternation('not_this')}|{alternation('instead_of')}){_SET_ASIDE}"), re.I)
"""A figure or a name a correction sets aside ("不是４张", "instead of 4 ports", "不是 PCIe"): a number after the
words and the word it counts, or a Latin word (a model, a form factor)."""
_INSTEAD_OF = regex(with_first_test(rf"(?:{alternation('instead_of')}){_SET_ASIDE}"), re.I)
"""The same, set aside anywhere ("RoCE v2 instead of InfiniBand")."""
_DELETED = regex(alternation("deleted_text"))
_DELETED_START = regex(first_characters(alternation("deleted_text")))
"""A character deleted text starts with: a passage without one has none."""
_BOXES = f"{alternation('ticked_box')}|{alternation('unticked_box')}"
_UNTICKED = regex(rf"(?:{alternation('unticked_box')})(?:(?!{_BOXES}).)*")
"""A box left empty and what follows it up to the next box ("Term: [ ] 1 month [x] 12 months")."""
_TICKED = regex(alternation("ticked_box"))
_BOX_START = regex(first_characters(_BOXES))
"""A character a box starts with: a passage without one has none."""
_VOIDED_HERE = regex(with_first_test(alternation("voided_here")), re.I)
_OVERRIDES = regex(with_first_test(alternation("overrides_clause")))
_OLD_TEXT = regex(with_first_test(f"{alternation('old_text_label')}|{alternation('old_side_label')}"))
_NEW_TEXT = regex(with_first_test(alternation("new_text_label")))
_RETRACTED = regex(with_first_test(alternation("retraction")), re.I)
_MYTH = regex(rf"[\s*#>\-]*(?:\d+[.、]\s*)?(?:{alternation('myth_label')})\s*\d*\s*[:：]", re.I)
"""A misconception a page sets right, at a passage's start: its sentence states what is not so."""
_SPOKEN_TAIL = regex(rf"(?:[\s,，]|{alternation('filler')}|{alternation('retraction')})+$", re.I)
"""What may stand between a figure and the retraction that takes it back: pauses, fillers, the retraction said
twice ("两百G的 哦不对不对 我说错了 是一百G的")."""
_CONTRAST = rf"[,，;；]\s*(?:{alternation('contrast_not')})"
"""A contrast after a comma (the punctuation first, for a fast search)."""
_CONTRAST_WORD = regex(_CONTRAST, re.I)
_CONTRAST_BEFORE = regex(_CONTRAST + r"\s*$", re.I)
CONTRAST_REACH = 16
"""Characters before a technology's name where a contrast that sets it aside stands."""
_CONTRASTED = frozenset({"PROTO_IB", "IB_GEN", "ROCE", "RDMA", "ETHERNET", "VARIANT", "MODEL", "PCIE", "NVLINK"})
"""What a contrast sets against the offer: a fabric, a GPU, its form factor or its link."""
_FIGURE = regex(rf"[\d{''.join(values('NUMBER_ZH'))}][\d{''.join(values('NUMBER_ZH'))}.]*")
FIGURE_GAP = 3
"""Characters between two figures said together ("八张四百G", "8 x 400G")."""
SPOKEN_TAIL_REACH = 24
"""Characters before a retraction where such words are looked for."""
_VOIDED_NODES = regex(rf"(\d+|[{''.join(values('NUMBER_ZH'))}]+)[ -]?(?:{alternation('NODE_UNIT')})", re.I)
"""The node count that names a version set aside in a correction ("四台那版作废", "disregard the 4-node quote")."""
NODE_COUNT_REACH = 4
"""Tokens after a count where the node word it counts stands ("4 x H100 SXM servers")."""
NEW_VALUE_REACH = 40
"""Characters after a change's words where its quoted new value starts ('is replaced with "..."')."""


def _before_spoken_tail(text: str, end: int) -> int:
    """Where the words before a retraction end, less the pauses, fillers and repeated retractions after them."""
    start = max(0, end - SPOKEN_TAIL_REACH)
    tail = _SPOKEN_TAIL.search(text, start, end)
    return tail.start() if tail is not None else end


def _last_figures(text: str, start: int, end: int) -> int:
    """Where the last figures of text[start:end] start, taken together when close ("RoCE 两百G的": at 两百;
    "每台八张四百G": at 八); ``start`` when it holds none."""
    found = start
    last_end = -FIGURE_GAP - 1
    for figure in _FIGURE.finditer(text, start, end):
        if figure.start() - last_end > FIGURE_GAP:
            found = figure.start()
        last_end = figure.end()
    return found


def without_replaced(said: list[Said], context: Context) -> list[Said]:
    """``said`` less what was read inside the old value of an amendment of the passage or a quoted clause
    it strikes out (where a statement's first quote, its value, stands); what was read in an amendment's new
    value is marked as amending, so it replaces what the document said before."""
    if not said:
        return said
    old, new = [], []
    for match in _REPLACED.finditer(context.text):
        old.append(match.span(1))
        new.append((match.end(), context.clause_end(match.end())))  # to the clause's end (调整为 99.5%，...)
    for match in _QUOTED_REPLACED.finditer(context.text):
        old.append(match.span(1))
        quoted = _QUOTED.search(context.text, match.end(), match.end() + NEW_VALUE_REACH)
        if quoted is not None:
            new.append(quoted.span(1))
    if _STRIKE.search(context.text):
        old += [match.span(1) for match in _QUOTED.finditer(context.text)  # the strike may follow a long quote
                if _STRIKE.search(context.sentence_at(match.start()))
                or _STRIKE.search(context.sentence_at(match.end()))]
    for match in _RETRACTED.finditer(context.text):  # "单张四百G……不对，单张两百G": the clause before is taken back,
        # from its first figure
        before = _before_spoken_tail(context.text, match.start())  # "three nodes, sorry, four"
        start = context.clause_starts[context.clause(max(0, before - 1))]
        old.append((_last_figures(context.text, start, before), match.start()))
    if _OVERRIDES.search(context.text):  # "Notwithstanding clause 4.2, Acceptance shall consist solely of …"
        new.append((0, len(context.text)))
    for match in _OLD_TEXT.finditer(context.text):  # 'Old text: "Twelve (12) servers" New text: "Sixteen (16) …"'
        replacement = _NEW_TEXT.search(context.text, match.end())
        old.append((match.end(), replacement.start() if replacement else len(context.text)))
        if replacement is not None:
            following = _OLD_TEXT.search(context.text, replacement.end())
            new.append((replacement.end(), following.start() if following else len(context.text)))
    if context.first_of("CORRECTION") is not None or any(t.type == "CORRECTION" for t in context.lead_in):
        # a message that corrects an earlier one speaks with its whole text, and so does each item it lists
        new.append((0, len(context.text)))
        old += [match.span(1) for match in _NOT_THIS.finditer(context.text)]
        old += [(context.clause_starts[context.clause(match.start())], match.start())  # "之前 2×100G 那一版作废，以
                for match in _VOIDED_HERE.finditer(context.text)]  # 下面这版为准": the clause that voids names the old
    old += [match.span(1) for match in _INSTEAD_OF.finditer(context.text)]  # "RoCE v2 instead of InfiniBand"
    if myth := _MYTH.match(context.text):  # "误区 2：“支持 RDMA 就是 InfiniBand”。" / "Myth: RoCE needs no tuning."
        old.append((myth.end(), context.sentence_end(myth.end())))
    if _BOX_START.search(context.text) and _TICKED.search(context.text):
        # "Term: [ ] 1 month [x] 12 months": the boxes left empty beside a ticked one
        old += [match.span() for match in _UNTICKED.finditer(context.text) if context.text[:match.start()].strip()]
    if _CONTRAST_WORD.search(context.text):  # "RoCE v2, not InfiniBand NDR with 8 HCAs"
        old += [(token.start, context.clause_end(token.start)) for token in context.keywords
                if token.type in _CONTRASTED
                and _CONTRAST_BEFORE.search(context.text, max(0, token.start - CONTRAST_REACH), token.start)]
    if not old and not new:
        return said
    for statement in said:
        start, end = statement.spans[0]
        statement.amends = any(a <= start and end <= b for a, b in new)
    old.sort()
    starts = [start for start, _ in old]
    reach = list(accumulate((end for _, end in old), max))  # the furthest end of the old values up to each one

    def inside_old(span: tuple[int, int]) -> bool:
        before = bisect_right(starts, span[0])
        return before > 0 and reach[before - 1] >= span[1]

    return [s for s in said if not inside_old(s.spans[0])]


def without_deleted(normalized: Normalized) -> Normalized:
    """``normalized`` less the text it shows as deleted ("[删除：12][插入：16] 台", "~~4 nodes~~ 8 nodes", a tracked
    change's "[Deleted: The Provider shall tune …]"): it is not said, and the parties it names are no part of the
    sentence that stays. A space after it goes too."""
    text = normalized.text
    if _DELETED_START.search(text) is None:
        return normalized
    edits = []
    for match in _DELETED.finditer(text):
        end = match.end()
        if text[end:end + 1] == " " and (match.start() == 0 or text[match.start() - 1] == " "):
            end += 1
        edits.append((match.start(), end, ""))
    return normalized.edited(edits) if edits else normalized


def set_aside_versions(passages: Sequence[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> None:
    """Mark as superseded the passages of a version a later correction sets aside by its node count ("四台那版作废"
    after "四台一共32卡 ..."): each earlier offer passage that counts as many nodes. ``placed`` is updated.

    One pass from the end: the counts set aside by the passages after each one are known when it is reached."""
    voided: set[float] = set()
    for index in range(len(passages) - 1, -1, -1):
        tokens = passages[index][1]
        if voided and placed[index].kind == "offer" and voided & _node_counts(tokens):
            placed[index] = replace(placed[index], kind="superseded")
        for token in tokens:
            if token.type == "CORRECTION" and (figure := _VOIDED_NODES.search(token.value)) \
                    and (count := number_in(figure.group(1))) is not None:
                voided.add(count)


def _node_counts(tokens: Sequence[Keyword]) -> set[float | None]:
    """The node counts a passage states: each count with a node word among the next few tokens ("4 x H100 SXM
    servers"; context.node_counts takes only a node word right after the count)."""
    counts = set()
    for at, token in enumerate(tokens):
        if token.type in COUNTS:
            for after in tokens[at + 1:at + 1 + NODE_COUNT_REACH]:
                if after.type in COUNTS:
                    break
                if after.type == "NODE_UNIT":
                    counts.add(as_number(token))
                    break
    return counts
