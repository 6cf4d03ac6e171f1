"""Give grammar tokens and phrases their meaning: statements about fact paths.

Each family of facts has its own module of small handlers — hardware (GPUs,
NVLink), network (fabric, NICs, switches), terms (SLA, prices), acceptance
and sites (servers placed in named cities) — registered by phrase name or
token type. This module runs them over one normalised passage and adds the
qualifiers that span a sentence.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import replace

from slacheck.extract import acceptance, hardware, network, sites, terms
from slacheck.extract.amendments import without_replaced
from slacheck.extract.context import (
    ENUMERATION_COMMA,
    FABRIC_WORDS,
    GPU_WORDS,
    NOT_STATED,
    Context,
    Handler,
    PhraseHandler,
    Said,
    denied_just_before,
    in_brackets,
    names_the_fabric,
    span_of,
)
from slacheck.extract.lexer import Keyword, first_characters, with_first_test
from slacheck.extract.lexicon import alternation
from slacheck.extract.parser import Scan
from slacheck.extract.quantities import row_counts
from slacheck.extract.responsibilities import row_owners
from slacheck.extract.structure import (
    ASKED,
    CELL,
    DUTIES,
    NO_OFFER,
    NOT_FABRIC,
    OTHER_NETWORKS,
    OTHER_SYSTEM,
    REJECTED,
    SUBJECT_TYPES,
    VENDOR,
    Frame,
    asks_how_many_servers,
    cell_spans,
    first_worded_cell,
    label_cells,
    label_end,
    option_key,
    options_named,
    subject_of,
)
from slacheck.regexes import Regex, regex

_PHRASES: dict[str, PhraseHandler] = {**hardware.PHRASES, **network.PHRASES, **terms.PHRASES}
_KEYWORDS: dict[str, list[Handler]] = {}
for _module in (hardware, network, terms, acceptance, sites):
    for _kind, _handler in _module.KEYWORDS.items():
        _KEYWORDS.setdefault(_kind, []).append(_handler)


def read(text: str, scan: Scan, *, table_row: bool = False, frame: Frame | None = None,
         providers: tuple[str, ...] = ()) -> list[Said]:
    """All statements of one normalised passage that belong to its frame's subject and option.

    In a table row, 可选/optional qualifies the whole row.
    """
    frame = frame or Frame()
    if frame.kind != "offer" and frame.kind != "command":
        return []
    if not table_row and not any(p.kind in _PHRASES for p in scan.phrases) \
            and not any(t.type in _KEYWORDS for t in scan.tokens) \
            and not any(t.type in DUTIES or t.type == "OPTICS" for t in frame.lead_in) \
            and not asks_how_many_servers(frame.lead_in):
        return []  # no handler would say anything: the qualifiers only qualify what was said
    context = Context(text, scan.keywords(), phrases=scan.phrases, table_row=table_row, provider_names=providers,
                      column_types=frame.column_types, lead_in=frame.lead_in,
                      label_end=_label_end(text, table_row, frame), optional=frame.optional)
    said: list[Said] = []
    for phrase in scan.phrases:
        read_phrase = _PHRASES.get(phrase.kind)
        if read_phrase:
            said.extend(read_phrase(phrase, context))
    for token in context.keywords:
        for handler in _KEYWORDS.get(token.type, ()):
            said.extend(handler(token, context))
    if table_row:
        said.extend(row_counts(context))
        said.extend(row_owners(context, frame.columns, providers))
    elif context.lead_in:
        said.extend(terms.answered_duties(context))
        said.extend(hardware.answered_count(context))
        said.extend(network.answered_cabling(context))
    said = without_replaced(said, context)
    if _NOT_SAID_HERE_START.search(text):
        said = _outside_marks(said, text)
    said.extend(_qualifiers(said, context))
    if context.first_of("HEDGE") is not None:
        for statement in said:
            if "HEDGE" in context.sentence_types(statement.spans[0][0]):
                statement.hedged = True
    if table_row and frame.column_options:
        said = _duties_by_column(said, context, frame)
    kept = _in_scope(said, context, frame)
    return _with_same_as(kept, context, frame) if frame.column_options and kept else kept


def _duties_by_column(said: list[Said], context: Context, frame: Frame) -> list[Said]:
    """In a row of options side by side whose label names a duty ("| 拥塞/丢包排查 | 供应商 NOC 负责 | 我方负责 |"),
    each option's own cell says who does it: an owner read from the row as one sentence, for every option at
    once, gives way to the party each cell names, unless the cell names the duty itself and was read so ("乙方交付
    基线，PFC/ECN 由甲方自行配置"). A cell that names no one ("不适用（IB）") says nothing."""
    label = first_worded_cell(context.text)
    paths = {DUTIES[t.type] for t in context.keywords_in(*label) if t.type in DUTIES} if label else set()
    if label is None or not paths or terms.cell_owner(label, context):  # "| Congestion triage by our NOC | ✗ | ✓ |":
        return said  # the label names who does it, and the cells which option has it
    cells = [(start, end) for column, (start, end) in enumerate(context.cells())
             if _at(frame.column_options, column) is not None and (start, end) != label]
    kept, read_in = [], set()
    for statement in said:
        if statement.path in paths:
            cell = next((cell for cell in cells if cell[0] <= statement.spans[0][0] < cell[1]), None)
            if cell is None:
                continue  # read from the row as one sentence
            read_in.add((statement.path, cell))
        kept.append(statement)
    for cell in cells:
        if owner := terms.cell_owner(cell, context):
            kept.extend(Said(path, owner[0], [owner[1]]) for path in sorted(paths) if (path, cell) not in read_in)
    return kept


_BUTTON = r"\[(?![ xX✓✔]?\])[^\[\]\d\n]{1,30}\](?!\()"
"""A web page's button, a short label in brackets with no figure ("[ Contact sales ]", "[联系销售]"); not a box to
tick ("[x]") nor a link ("[docs](…)")."""
_NOT_SAID_HERE = regex(f"{_BUTTON}|{alternation('quoted_message')}")
"""What states no term of its passage: a button, or a chat message's quote of an earlier one."""
_NOT_SAID_HERE_START = regex(first_characters(_NOT_SAID_HERE.pattern))


def _outside_marks(said: list[Said], text: str) -> list[Said]:
    """``said`` less what was read in a button's label or in a quote of an earlier chat message."""
    marks = [match.span() for match in _NOT_SAID_HERE.finditer(text)]
    return [s for s in said if not all(any(a <= start and end <= b for a, b in marks) for start, end in s.spans)]


TECHNOLOGY_WORDS = FABRIC_WORDS | GPU_WORDS
"""Words of a term whose definition describes a technology."""
_OTHER_NETWORK_KEEPS = ("commercial.price_hedged", "commercial.billing", "commercial.term_months",
                        "commercial.power_kw", "fabric.public_bandwidth", "fabric.multi_site", "backup.", "sla.",
                        "verification.")
"""What a clause about the storage, management, front-end or public network may still state."""


_NOT_THE_FABRIC = regex(with_first_test(alternation("not_the_fabric")))
_COMPLIES = regex(rf"(?i:{alternation('complies_mark')})")
_FAILS = regex(rf"(?i:{alternation('fails_mark')})")


def _later_labels(context: Context) -> list[tuple[int, str]]:
    """The subjects of labels that open a later sentence of a line ("存储网络：两张 25G，独享。计算网络：…"), each
    with where its sentence starts."""
    found = []
    for start in context.sentence_starts[1:]:
        text = context.text[start:].lstrip()
        end = label_end(text)
        offset = len(context.text) - len(text)
        if end and (subject := subject_of(context.keywords_in(offset, offset + end))):
            found.append((offset, subject))
    return found


def _label_at(position: int, label: str | None, later_labels: list[tuple[int, str]]) -> str | None:
    """The subject of the label that governs a position: the last label of a later sentence before it, else the
    line's own."""
    for start, subject in later_labels:
        if start <= position:
            label = subject
    return label


def _complies(row: str, mark: Regex = _COMPLIES) -> bool:
    """Whether a row of a compliance matrix has a cell that commits to its requirement as written ("C", 满足,
    "满足。"), or one that ``mark`` matches whole."""
    return any(mark.fullmatch(row[start:end].strip(" *。.")) for start, end in cell_spans(row))


def _in_scope(said: list[Said], context: Context, frame: Frame) -> list[Said]:
    """The statements that belong to the compute offering, each given its option.

    A statement's subject is its line's label ("存储网络：…") or its row's first
    named cell, else its clause's own subject words (or an earlier clause's of its
    sentence: "公网 200M，与其他客户共享"), else its column's or its heading's; after
    "not part of the fabric" it is another network. Nothing in a command is an offer
    but the acceptance test it runs.
    """
    if not said:
        return said
    spans = context.cells() if frame.columns or frame.column_options else []
    if _not_offered(context, spans, plans=bool(frame.column_options)) \
            or not spans and _label_says_nothing(context.text):
        return []
    cells = [start for start, _ in spans]
    complied = ASKED in frame.column_subjects and _complies(context.text)
    labels = label_cells(context.text) if cells else []
    row_label = next((subject for cell in labels if (subject := subject_of(context.keywords_in(*cell)))), None)
    unmet = labels if ASKED in frame.column_subjects and _complies(context.text, _FAILS) else []
    end = label_end(context.text) if not cells else None
    label = subject_of(context.keywords_in(0, end)) if end else None
    denied_label = end is not None and _DENIED_VALUE.match(context.text, end) is not None  # "On RoCE: we don't …"
    later_labels = _later_labels(context) if not cells and len(context.sentence_starts) > 1 else []
    outside = _NOT_THE_FABRIC.search(context.text)  # "The following are not part of the backend fabric: ..."
    elsewhere = OTHER_SYSTEM.search(context.text) is not None
    voided = _VOIDED.search(context.text) is not None
    asides = _asides(context.text) if ("(" in context.text or "（" in context.text) and (
        voided or _OLD_CONTRACT.search(context.text)) else []
    only_plan = _only_plan(context, frame, spans) if frame.column_options else None
    enumerates = ENUMERATION_COMMA in context.text
    unchanged = REJECTED in frame.column_subjects and any(
        _UNCHANGED.fullmatch(context.text, *cell) for cell in spans[1:])
    openers = _inline_options(context) if frame.option is None and context.first_of("OPTION_NAME") else []
    led_subject = subject_of(context.lead_in) if context.lead_in else None
    kept = []
    clause_subjects: dict[int, str | None] = {}
    asks: dict[int, tuple[bool, int]] = {}
    for statement in said:
        position = statement.spans[0][0]
        if denied_label and end is not None and position < end:
            continue  # the label names what its value says is not offered
        column = bisect_right(cells, position) - 1 if cells else -1
        column_subject = _at(frame.column_subjects, column)
        if column_subject == REJECTED:  # the vendor a comparison turns down ("Quarry Peak Cloud (rejected)"), the
            if not unchanged:  # old side of an amendment, unless the new side keeps it ("不变")
                continue
            column_subject = None
        if any(start <= position < end for start, end in unmet):  # "| 配置基线 | … | 未响应 | 不满足 |": the item
            continue  # a row names is not offered where the row fails its requirement
        if column_subject == ASKED:  # what the buyer asks for: an offer only where the row complies,
            if not complied:
                continue
            column_subject = None
            statement.background = True  # and below what the bidder's own answer in the row says
        subject = _label_at(position, label, later_labels) or row_label
        if not subject and enumerates and (item := context.enumeration_item(position)):  # its enumeration item
            subject = subject_of(context.keywords_in(*item))
        clause = context.clause(position)
        if not subject:
            if clause not in clause_subjects:  # else the subject an earlier clause of its sentence names
                start = context.clause_starts[clause]
                own = _without_co_users(context.in_clause(position), context)
                clause_subjects[clause] = subject_of(own) or (subject_of(
                    [t for t in reversed(context.in_sentence(position)) if t.end <= start])
                    if context.sentence_types(position) & SUBJECT_TYPES else None) or _used_for(clause, context)
            subject = clause_subjects[clause]
        subject = subject or column_subject or led_subject or frame.subject  # "Q4.9 Storage network." / "Response: …"
        if outside is not None and position >= outside.end() and subject in (None, "fabric"):
            subject = NOT_FABRIC
        if frame.kind == "command" and (not statement.path.startswith("acceptance.")
                                        or statement.path == "acceptance.on_mig"):  # "nvidia-smi -mig 0"
            continue
        asked = asks.get(clause)
        if asked is None:  # whether the clause asks (a question may open one: "价格呢，能不能先试用一下"), and where it
            # first says something is not written (-1: nowhere)
            found = NOT_STATED.search(context.text, context.clause_starts[clause], context.clause_end(position))
            asked = asks[clause] = (context.in_question(position) or _defines_technology(position, context),
                                    found.start() if found else -1)
        if asked[0] and not frame.confirmed:
            continue
        if statement.value is not False and 0 <= asked[1] < position:
            continue  # "配置里没写是 SXM 还是 PCIe": what a remark says is missing is not stated (its absence is)
        if voided and _voided_at(position, context) and "CORRECTION" not in context.sentence_types(position):
            continue  # "Our v1 from last week (4 nodes, RoCE 100G) is withdrawn."
        if elsewhere and OTHER_SYSTEM.search(context.sentence_at(position)) or asides and any(
                a < position < b for a, b in asides):
            continue  # "That's 8x 400G IB per node, a different class of fabric": another system's figures
        if subject in NO_OFFER or frame.subject == VENDOR or subject in OTHER_NETWORKS \
                and not statement.path.startswith(_OTHER_NETWORK_KEEPS):
            continue  # under "## 客户案例" even the compute network a clause names is the vendor's story
        column_option = _at(frame.column_options, column)
        inline = _options_before(openers, position) if openers else ()
        statement.option = column_option or only_plan or frame.option or (inline[0] if inline else None) or (
            _named_alone(frame.named_options, context.sentence_at(position)) if frame.named_options else None)
        statement.in_column = column_option is not None
        kept.append(statement)
        if inline and statement.option == inline[0] and not _CONTRAST_CLAUSE.match(context.clause_at(position)):
            kept.extend(replace(statement, option=name) for name in inline[1:])  # "方案A、方案B 不提供试用": said of
            # each; not "…相同，但 InfiniBand 成本更高", the first's
    return kept + _same_as_left(kept, context, frame, spans) if frame.column_options and kept else kept


_VOIDED = regex(with_first_test(alternation("voided_here")), re.I)
_VOIDED_THEN_NEW = regex(rf"(?:{alternation('voided_here')})[^。；;.]{{0,6}}?(?:{alternation('replaced_by')})", re.I)
"""A clause voided and what replaces it ("第 2.7 条验收方式作废，改为：…"): what follows is the new term."""


_VOIDED_BACK = regex(with_first_test(alternation("voided_back")), re.I)


def _voided_at(position: int, context: Context) -> bool:
    """Whether the sentence at a position voids what it says there (all of it, or up to the words that give what
    replaces it), or the sentence after it voids it ("…; Customer declined it and it is withdrawn")."""
    index = context.sentence(position)
    start = context.sentence_starts[index]
    sentence = context.sentence_at(position)
    if not _VOIDED.search(sentence):
        following = context.sentence_starts[index + 1] if index + 1 < len(context.sentence_starts) else None
        return following is not None and _VOIDED_BACK.search(context.sentence_at(following)) is not None
    then = _VOIDED_THEN_NEW.search(sentence)
    return then is None or position < start + then.end()
_UNCHANGED = regex(rf"[\s*]*(?:{alternation('unchanged_cell')})[\s*。.]*", re.I)
_CO_USER = regex(rf"(?:{alternation('co_user')})\s*(?:the\s+)?$", re.I)
CO_USER_REACH = 16
"""Characters before a network's name where the words that make it a co-user stand."""


def _without_co_users(tokens: list[Keyword], context: Context) -> list[Keyword]:
    """The tokens less the networks named as sharing the fabric ("shared with storage traffic", "与存储网络共用"):
    they are who shares it, not what the clause is about; and less the networks a negation sets apart ("shared
    with other tenants (it never touches the IB fabric)")."""
    if not any(t.type == "SHARED" for t in tokens):
        return tokens
    negations = [t.end for t in tokens if t.type == "NEGATION"]
    return [t for t in tokens if t.type not in SUBJECT_TYPES or not _negated(t, negations) and (
        t.type == "INTERNAL" or not _CO_USER.search(context.text, max(0, t.start - CO_USER_REACH), t.start))]


def _negated(token: Keyword, negation_ends: list[int]) -> bool:
    """Whether a negation ends shortly before a token."""
    return any(0 <= token.start - end <= CO_USER_REACH for end in negation_ends)


def _inline_options(context: Context) -> list[tuple[int, tuple[str, ...]]]:
    """Options named where their sentences open ("方案A：2 台 …；方案B：4 台 …", "Option 1: … Option 2: …"), one or
    several together ("方案A、方案B 不提供试用"): the position and names of each opening, when two or more options
    are named so; else none."""
    openings: list[tuple[int, tuple[str, ...]]] = []
    last: Keyword | None = None
    for token in (t for t in context.keywords if t.type == "OPTION_NAME"):
        lead = context.text[context.sentence_starts[context.sentence(token.start)]:token.start]
        name = options_named([token])[0]
        if not lead.strip(OPENING_MARKS):
            openings.append((token.start, (name,)))
        elif last is not None and openings and context.sentence(last.start) == context.sentence(token.start) \
                and _JOINED_OPTIONS.fullmatch(context.text, last.end, token.start):
            openings[-1] = (openings[-1][0], (*openings[-1][1], name))
        else:
            continue
        last = token
    if len({option_key(name) for _, names in openings for name in names}) < 2:
        return []
    return openings


def _named_alone(names: tuple[str, ...], sentence: str) -> str | None:
    """The one of ``names`` (options named by headings) a sentence names, as a word; None for none or several."""
    named = [name for name in names if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", sentence)]
    return named[0] if len(named) == 1 else None


OPENING_MARKS = " -*•・"
"""What may stand before an option's name that opens its sentence (a list's mark)."""
_JOINED_OPTIONS = regex(rf"\s*(?:[、,，/&]|{alternation('list_joiner')})\s*", re.I)


_CONTRAST_CLAUSE = regex(rf"\s*(?:{alternation('contrast_clause')})(?![A-Za-z])", re.I)


def _options_before(openers: list[tuple[int, tuple[str, ...]]], position: int) -> tuple[str, ...]:
    """The options whose sentence-opening names come last before a position."""
    return next((names for start, names in reversed(openers) if start <= position), ())


_SAME = regex(rf"\s*(?:{alternation('same_as_left')})\s*", re.I)
_NOT_APPLICABLE = regex(rf"[\s*]*(?:{alternation('not_applicable_cell')})?[\s*]*", re.I)


_CLOSING = regex(r"[)）]")
_OLD_CONTRACT = regex(with_first_test(alternation("old_contract_aside")), re.I)


def _asides(text: str) -> list[tuple[int, int]]:
    """The brackets of a passage that put what they hold aside: figures of the contract a renewal replaces, or of
    a version set aside ("15 minutes (现合同为 30 分钟)", "(Rev A had 4 HCAs per node and a
    2:1 leaf; do not use rev A figures.)"). Words of the contract replaced count only so, in brackets: "原合同约定的
    可用率由 99.9% 调整为 99.5%" states the new figure."""
    spans = []
    for pattern in (_OLD_CONTRACT, _VOIDED):
        for found in pattern.finditer(text):
            if in_brackets(text[:found.start()]):
                opened = max(text.rfind("(", 0, found.start()), text.rfind("（", 0, found.start()))
                closed = _CLOSING.search(text, found.end())
                spans.append((opened, closed.start() if closed else len(text)))
    return spans


_USED_FOR = regex(rf"\W*(?:{alternation('used_for')})", re.I)


def _used_for(clause: int, context: Context) -> str | None:
    """The subject the clause after ``clause`` names as what its part is used for, when it says only that
    ("两张 25G 网卡，走存储和管理", "two 25GbE ports, used for storage")."""
    if clause + 1 >= len(context.clause_starts) or context.sentence(context.clause_starts[clause + 1]) \
            != context.sentence(context.clause_starts[clause]):
        return None
    start = context.clause_starts[clause + 1]
    if not _USED_FOR.match(context.text, start):
        return None
    return subject_of(context.in_clause(start))


def _not_offered(context: Context, cells: list[tuple[int, int]], plans: bool) -> bool:
    """Whether every cell after a table row's label says its item is not offered ("| InfiniBand | 不适用 |"), or,
    in a table of one offer (no plans side by side), its value cell says so or leaves it to later ("| 9 | 数据盘备份
    | N/A | 由甲方自行负责 |", "| 硬件更换时间 | 另行约定 | — |")."""
    if len(cells) < 2:
        return False
    if any(ch.isalpha() for ch in context.text[slice(*cells[0])]):  # the label first, as most rows have it
        values = cells[1:]
    else:  # a row's number first ("| 9 | 数据盘备份 | N/A |")
        label = first_worded_cell(context.text)
        values = [cell for cell in cells if label is None or cell[0] > label[0]]
    if not values:
        return False
    first = context.text[slice(*values[0])]  # (a dash there is a blank cell: the value may stand further right)
    if not plans and (_PENDING.fullmatch(first) or any(ch.isalpha() for ch in first)
                      and _NOT_APPLICABLE.fullmatch(first)):
        return True
    return all(_NOT_APPLICABLE.fullmatch(context.text, *cell) for cell in values) \
        and any(context.text[slice(*cell)].strip(" *") for cell in values)


_DENIED_VALUE = regex(rf"[\s*]*(?:we |our \w+ )?(?:{alternation('absent_before')}|{alternation('unavailable')})",
                      re.I)
"""A value that opens by denying its label's item ("On RoCE: we don't offer it here", "IB：暂不提供")."""
_PENDING = regex(rf"[\s*.]*(?:{alternation('pending_value')})[\s*.]*", re.I)


def _label_says_nothing(text: str) -> bool:
    """Whether a "label: value" line's whole value says its item is none or left to elsewhere ("RDMA: N/A",
    "Service credits: N/A", "Acceptance testing: See SOW", "Hardware replacement: TBD")."""
    end = label_end(text)
    if end is None or not text[end:].strip(" *"):
        return False
    return bool(_NOT_APPLICABLE.fullmatch(text, end) or _PENDING.fullmatch(text, end))


def _only_plan(context: Context, frame: Frame, cells: list[tuple[int, int]]) -> str | None:
    """The one plan a row of plans side by side applies to, when every other plan's cell says it has no such
    item ("| IB 加价 | ― | 以咨询为准 |"): what the row's label states is that plan's."""
    filled = [option for column, option in enumerate(frame.column_options) if option is not None
              and column < len(cells) and not _NOT_APPLICABLE.fullmatch(context.text, *cells[column])]
    return filled[0] if len(filled) == 1 and sum(o is not None for o in frame.column_options) > 1 else None


def _same_as_left(kept: list[Said], context: Context, frame: Frame, cells: list[tuple[int, int]]) -> list[Said]:
    """What a cell (of ``cells``, the row's) that says "same" (相同, 同左) states: what the cell on its left states,
    for its own option."""
    copies: list[Said] = []
    by_option: dict[str | None, list[Said]] = {}
    for statement in kept:
        by_option.setdefault(statement.option, []).append(statement)
    for column in range(1, min(len(cells), len(frame.column_options))):
        option, left = frame.column_options[column], frame.column_options[column - 1]
        if option is None or left is None or not _SAME.fullmatch(context.text, *cells[column]):
            continue
        same = [replace(statement, option=option) for statement in by_option.get(left, [])]
        by_option[option] = same
        copies += same
    return copies


def _defines_technology(position: int, context: Context) -> bool:
    """Whether the sentence at a position defines a fabric or GPU term ("InfiniBand"：指一种…互连技术), or says
    when one is worth having ("IB/RoCE 只有多台一起训才有意义"): it describes the technology, not what is offered."""
    if _ONLY_WORTH_WHEN.search(context.sentence_at(position)):
        return True
    term = context.defines_term(position)
    return term is not None and any(t.type in TECHNOLOGY_WORDS for t in context.keywords_in(*term))


_ONLY_WORTH_WHEN = regex(alternation("only_worth_when"), re.I)


_SAME_AS = regex(rf"(?:{alternation('same_as')})\W{{0,3}}$", re.I)


def _with_same_as(kept: list[Said], context: Context, frame: Frame) -> list[Said]:
    """In a row of options side by side, a cell that says "same as Option A" (同方案A) states what that
    option's cell states."""
    cells = context.cells()
    copies = []
    for column, (start, end) in enumerate(cells):
        option = _at(frame.column_options, column)
        named = [t for t in context.keywords_in(start, end) if t.type == "OPTION_NAME"]
        if option is None or len(named) != 1 or not _SAME_AS.search(context.text, start, named[0].start):
            continue
        source = options_named(named)[0]
        if source == option or source not in frame.column_options:
            continue
        a, b = cells[frame.column_options.index(source)]
        copies += [replace(s, option=option) for s in kept if s.option == source and a <= s.spans[0][0] < b]
    return kept + copies


def _label_end(text: str, table_row: bool, frame: Frame) -> int:
    """Where a table row's first worded cell ends (0: none, or a cell of what the buyer asks for, which speaks
    for nothing after it); a line's "label:" shares its sentence already."""
    cell = first_worded_cell(text) if table_row else None
    if cell is None or cell[1] >= len(text) or _at(frame.column_subjects, text.count(CELL, 0, cell[0])) == ASKED:
        return 0
    return cell[1]


def _at(values: tuple[str | None, ...], index: int) -> str | None:
    return values[index] if 0 <= index < len(values) else None


_OPTIONAL_WORDS = ("OPTIONAL", "EXPANSION")
_THE_FABRIC_ITSELF = {"fabric.protocol", "fabric.rate_gbps", "fabric.nics_per_node", "fabric.nics_total",
                      "fabric.nic_model", "fabric.switch_model", "fabric.switch_ports"}
"""What makes the fabric an add-on when said as optional (not its topology or oversubscription: "a 1:1 spine can be
quoted as an option")."""
_ROW = -1
"""The scope of a word in a table row outside a prose cell: the whole row."""
_INCLUDED = {"fabric.protocol": "fabric.included_protocol", "fabric.rate_gbps": "fabric.included_rate_gbps",
             "fabric.nics_per_node": "fabric.included_nics_per_node"}
"""The fabric facts that, stated outside an optional add-on, also say what the offer includes."""


def _qualifiers(said: list[Said], context: Context) -> list[Said]:
    """fabric.optional from 可选/optional in a sentence that states the fabric (or a heading above it); the
    included fabric's facts. In a table row the scope is the row, but a cell of several sentences ("Leaves are
    1:1. A 1:1 spine can be quoted as an option.") is prose: there it is the sentence."""
    marked = context.first_of("OPTIONAL") is not None
    worded = marked or context.first_of("EXPANSION") is not None
    prose_cells = [(start, end) for start, end in context.cells()
                   if context.sentence(start) != context.sentence(max(start, end - 1))] \
        if worded and context.table_row else []

    def scope(position: int) -> int:
        if context.table_row and not any(start <= position < end for start, end in prose_cells):
            return _ROW
        return context.sentence(position)

    words = [t for t in context.keywords if t.type in _OPTIONAL_WORDS and not denied_just_before(t, context)]
    optional = {scope(t.start) for t in words} if worded else set()  # not "（非选配）"
    extra = [Said(_INCLUDED[s.path], s.value, s.spans, tag=s.tag, amends=s.amends) for s in said
             if s.path in _INCLUDED and not (optional and {scope(s.spans[0][0]), _ROW} & optional)
             and not context.optional]
    if marked:
        about_fabric = {scope(s.spans[0][0]) for s in said if s.path in _THE_FABRIC_ITSELF}
        about_fabric |= {index + 1 for index in about_fabric if context.takes_up(index + 1)}  # "IB is available.
        # It's an optional add-on."
        if context.table_row and about_fabric:
            about_fabric.add(_ROW)  # an add-on's own cell ("| InfiniBand NDR | 可选 |") speaks for its row
        extra.extend(Said("fabric.optional", True, [span_of(t)]) for t in words
                     if t.type == "OPTIONAL" and scope(t.start) in about_fabric)
        if not about_fabric and not context.table_row and names_the_fabric(context.lead_in) \
                and not names_the_fabric(context.keywords):  # "2.2 Inter-node compute fabric:" over "2.2.b Status:
            extra.extend(Said("fabric.optional", True, [span_of(t)]) for t in words  # optional add-on"
                         if t.type == "OPTIONAL")
    if context.optional:  # under an "Optional add-ons" heading: the fabric it states is one
        extra.extend(Said("fabric.optional", True, s.spans[:1]) for s in said if s.path == "fabric.protocol")
    return extra
