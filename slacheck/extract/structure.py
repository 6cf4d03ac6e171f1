"""Where each passage stands in its document, before any fact is read from it.

A document is more than a list of sentences: headings carry a *subject* (the
storage network, the management network, ...) to the lines under them, tables
have a header row whose cells name the columns, several *options* may be
offered side by side (方案一/方案二, Option A/B, a table of instance types), an
e-mail quotes the buyer's questions, and a command names words that offer
nothing. :func:`frames` gives every passage its :class:`Frame`; the reader
then attaches facts only within the frame's subject and option.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from typing import Iterator, Sequence

from slacheck.documents import Document, Passage, joined_pieces, line_texts
from slacheck.documents.passages import CHAT_TIME, COMMENTED_KEY, LEADER, chat_header_end
from slacheck.extract.lexer import Keyword, with_first_test
from slacheck.extract.lexicon import alternation, english_vocabulary, meaning, values, words
from slacheck.extract.parser import scan
from slacheck.regexes import Regex, regex

VENDOR = "vendor"
"""The subject of what a vendor says of itself: its history, premises, plans (ABOUT_VENDOR)."""
SUBJECTS = {"STORAGE_NET": "storage", "MGMT_NET": "management", "FRONTEND_NET": "front-end",
            "PUBLIC_NET": "public", "SITE_LINK": "site-link", "ABOUT_VENDOR": VENDOR, "INTERNAL": "fabric"}
"""Token types that name what a heading, label, row or clause is about."""
SUBJECT_TYPES = frozenset(SUBJECTS)
"""The token types of SUBJECTS: a sentence without any names no subject."""
ASKED = "asked"
"""The subject of a table column that repeats what the buyer asks for (a tender's requirement)."""
REJECTED = "rejected"
"""The subject of a comparison's column that the writer turns down ("Quarry Peak Cloud (rejected)")."""
NOT_FABRIC = "not-fabric"
"""The subject of what follows "not part of the compute fabric" in a passage."""
COUNTS = ("NUMBER", "NUMBER_ZH", "NUMBER_WORD")
"""Token types that carry a count."""
SERVER_WORDS = frozenset({"NODE_UNIT", "NODE_LABEL"})
"""Token types that name servers ("节点数", "nodes", "台")."""
OTHER_NETWORKS = frozenset({"storage", "management", "front-end", "public", "site-link", NOT_FABRIC})
"""Subjects whose rates, ports and sharing are not facts about the compute fabric."""
NO_OFFER = frozenset({VENDOR, ASKED, REJECTED})
"""Subjects that state nothing at all: the vendor's description of itself, a column of what the buyer asks or of
a vendor it turns down."""
CELL = " | "
"""How the loader joins the cells of a table row."""

_MARKDOWN_HEADING = regex(r"(#{1,6}|={1,6}(?= \S))\s")
"""A Markdown heading's hashes, or an AsciiDoc one's equals signs ("== At a glance"): its level."""
_NUMBERED: tuple[tuple[Regex, int], ...] = tuple(
    (regex(pattern), int(level)) for pattern, level in values("heading_number").items())
_SENTENCE_PUNCTUATION = regex(r"[。;；!?！？]|[.,，](?=\s|$)")
_SYMBOL_LED = regex(r"\s*[^\w\s\-*+#>|(（\[【\"“'‘]")
"""A line led by a symbol (✅, ⭐, 💰, $): an item of an emoji list."""
_RULE_LINE = regex(r"[\W_]+")
_SYMBOL_TITLE = regex(r"\s*[^\w\s]+\s*[^\W\d_][^\d:：,，。;；.!！?？]{0,15}")
"""A short line of words after its symbol, with no figure and no punctuation: a section's title ("🛡 服务保障") when
it holds no word of the vocabulary."""
_BUTTON_ROW = regex(r"\s*(?:(?:【[^】]{1,16}】|\[[^\]]{1,24}\](?:\([^)]*\))?)[\s|·]*){2,}")
"""Two or more short bracketed labels and nothing else: a web page's buttons or links ("[Pricing] [Free trial]")."""
SENTENCE_END = regex(r"[。;!?|\n.](?:(?<=[。;!?|\n])|(?<!\.\.)(?!\.)(?=\s|$))")
"""Where a sentence of normalised text ends (not at an ellipsis or a decimal point); a table's cells end one too."""
_LABEL = regex(r"^\s*[-*+•·]?\s*(?:\*\*)?([^:：|]{1,24}?)(?:\*\*)?\s*[:：]")
_LIST_ITEM = regex(rf"^\s*(?:{alternation('list_item')})\s*")
_RUN_IN_HEADING = regex(r"^\s*(?:\d{1,2}(?:\.\d{1,2})*\.?\s+)?\*\*[^*]{1,40}\*\*")
_EMAIL_HEADER = regex(rf"^\s*[*_]*({alternation('email_header')})\s*[:：]", re.I)
"""A header line of an e-mail, also set in bold ("**From:** ...")."""
_EARLIER_MESSAGE = regex(rf"^[>\s]*(?:{alternation('earlier_message')})")
_WISH_LIST = regex(f"{alternation('wish_list')}|{alternation('assessment_heading')}", re.I)
"""A lead-in to the writer's own requests, or to its own view of an offer (the words of an assessment heading)."""
_VOID_LEAD_IN = regex(alternation("void_lead_in"), re.I)
_CHAT_MESSAGE = regex(rf"\s*{CHAT_TIME}\s")
_FORWARD = regex(alternation("forward_mark"))
_HEADER_LABEL = regex(r"\s*[^:：]{1,20}[:：]\s*")
"""An e-mail header's label ("Subject: ", "主题："), before its value."""
_REFERS_BACK = regex(alternation("refers_back"), re.I)
_QUESTION = regex(alternation("asks"), re.I)
_SPEAKER_WIDTH = 32
"""How far after a chat message's time its text starts at most (the speaker's name and a colon)."""
DUTIES = {"TUNING": "tuning.owner", "TROUBLESHOOT": "tuning.troubleshooting"}
"""The fabric duties a responsibility row or a chat question names, and the fact that says who does each."""
_REQUIREMENT_COLUMN = regex(alternation("requirement_column"), re.I)
_TENDER = regex(alternation("tender_document"), re.I)
TENDER_TITLE_PASSAGES = 3
"""Passages at a document's top where a tender names itself."""
TITLE_REACH = 200
"""Characters of each of them where a document's kind is named."""
_TENDER_SPECIFICATIONS = regex(alternation("tender_specifications"), re.I)
_ASKED_COLUMN = regex(f"{alternation('requirement_column')}|{alternation('question_column')}", re.I)
"""A column header of what the buyer asks: a requirement, or a questionnaire's question."""
_ANSWER_COLUMN = regex(alternation("answer_column"), re.I)
_REJECTED_COLUMN = regex(rf"(?<![A-Za-z])(?:{alternation('rejected_column')})(?![A-Za-z])", re.I)
_OLD_SIDE_CELL = regex(rf"[\s*]*(?:{alternation('old_side_cell')})[\s*]*", re.I)
"""A header cell that is the old side of a change alone ("| 原 | 现 |", "| Before | After |")."""
_RECITALS_WORDS = (rf"[\W\d{''.join(values('NUMBER_ZH'))}]*(?:{alternation('recitals_heading')})"
                   rf"(?:\W*(?:{alternation('recitals_heading')}))?\W*")
"""A recitals heading, numbered or not, in one language or two ("1. Background 背景", "一、申请事由")."""
_RECITALS = regex(_RECITALS_WORDS, re.I)
_RECITALS_LINE = regex(rf"(?m)^{_RECITALS_WORDS}$", re.I)
_BRACKETED = regex(alternation("heading_brackets"))
_LEADER_LINE = regex(rf"\s*{LEADER}")
_ASSESSMENT_HEADING = regex(with_first_test(f"{alternation('assessment_heading')}|{alternation('set_aside_heading')}"),
                            re.I)
"""A heading over the writer's own view of an offer, or over offers that are not this one: nothing under it is
offered."""
_RETIRED_HEADING = regex(alternation("retired_heading"), re.I)
_EXCLUSIONS = regex(rf"[\W\d_]*(?:{alternation('exclusions_heading')})[\s:：*_.]*", re.I)
"""A heading or a lead-in that is only the name of what the offer leaves out ("7. Exclusions", "## 不包含的服务",
"The following are not included:"): what is under it is not offered."""
EXCLUDED_ITEMS = "excluded"
"""The kind of a passage under such a heading or lead-in."""
_SAYS_MORE = regex(r"[:：]|[。!?！？]\s*\S|\.\s+\S")
"""A label and its value, or a second sentence: a passage under such a heading that says what is covered after all
("- Backups: we snapshot the system disk only"), which is read; a bare item ("- InfiniBand fabric") is not."""
_DATA_FENCE = regex(r"\s*```\s*(?i:jsonc?|json5|ya?ml|toml|ini)(?![\w-])")
"""A code fence that opens a block of data (a spec in JSON or YAML), not of commands."""
_DRAWN_BOX = regex(r"\s*```[\w-]*\s*[+|┌╔╭]")
_COMMAND_START = regex(r"^\s*(?:```|\$ |export |mpirun |srun |torchrun |sudo |python3? |\./|#!)")
EMAIL_HEADERS = 3
"""Header lines (From, To, Subject, ...) near the top that make a document an e-mail."""
HEADING_MAX = 48
"""Longest numbered line, in characters, that can still be a heading."""


@dataclass(frozen=True, slots=True, init=False)
class Frame:
    """What a passage is about before its own words are read.

    ``subject`` comes from the headings above it (or its table's header),
    ``option`` names the option it belongs to, ``columns`` are the header
    cells of its table (a row only), ``column_options`` and ``column_subjects``
    the option and subject each column names, and ``kind`` says whether it
    is an offer at all. The constructor is written out, as context.Said's is.
    """

    subject: str | None
    option: str | None
    columns: tuple[str, ...]
    column_options: tuple[str | None, ...]
    column_subjects: tuple[str | None, ...]
    kind: str
    """"offer", "heading", "header" (an e-mail's From/To/Subject), "quoted", "command", "not-chosen", "asked" (an
    item of a list the writer asks a vendor for), "superseded" (a version a later correction sets aside) or
    "buttons" (a web page's row of buttons or links: 【立即咨询】 【免费试用】)."""
    column_types: tuple[frozenset[str], ...]
    """The token types each column's header holds ("响应时间": RESPONSE): what the cells under it are."""
    lead_in: tuple[Keyword, ...]
    """A list item's or a table row's lead-in: the keywords of the sentence ending in a colon above the list or
    table (their positions are in that sentence's passage); in a chat message, the correction words its first
    line says ("更正一下", for the lines after it), or the duties the question before it asked about when it
    refers back to them ("这个一般是客户自己调")."""
    optional: bool
    """Under a heading or table header that names optional add-ons ("2. Optional add-ons", "可选增项")."""
    confirmed: bool
    """A question the next passage answers yes to ("> Can you do 400G IB?" / "Yes, ..."): what it asks is offered."""
    named_options: tuple[str, ...]
    """The options the document's headings name ("### Starter", "### Pro" under "## Plans"), for a passage under
    none of them: a sentence that names one of them alone speaks of it ("On Cluster, yes: RDMA over InfiniBand")."""

    def __init__(self, subject: str | None = None, option: str | None = None, columns: tuple[str, ...] = (),
                 column_options: tuple[str | None, ...] = (), column_subjects: tuple[str | None, ...] = (),
                 kind: str = "offer", column_types: tuple[frozenset[str], ...] = (),
                 lead_in: tuple[Keyword, ...] = (), optional: bool = False, confirmed: bool = False,
                 named_options: tuple[str, ...] = ()) -> None:
        object.__setattr__(self, "subject", subject)
        object.__setattr__(self, "option", option)
        object.__setattr__(self, "columns", columns)
        object.__setattr__(self, "column_options", column_options)
        object.__setattr__(self, "column_subjects", column_subjects)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "column_types", column_types)
        object.__setattr__(self, "lead_in", lead_in)
        object.__setattr__(self, "optional", optional)
        object.__setattr__(self, "confirmed", confirmed)
        object.__setattr__(self, "named_options", named_options)


@dataclass
class _Open:
    """A heading whose scope is still open."""

    level: int
    subject: str | None
    option: str | None
    optional: bool
    lists_options: bool = False
    """It heads options, each under a heading of its own ("## Plans" over "### Starter", "### Pro")."""
    hashed: bool = False
    """A Markdown heading ("## …"): a bold line under it is a heading within it."""


def subject_of(tokens: Sequence[Keyword]) -> str | None:
    """The subject named first among some tokens."""
    return next((SUBJECTS[t.type] for t in tokens if t.type in SUBJECTS), None)


_SPACES = regex(r"\s+")
_SPACE_AFTER_CJK = regex(r"(?<=[^\x00-\x7f])\s+")
"""Spaces after a Chinese character in an option's name: "方案 B" is "方案B"."""


NAME_JOINER_MAX = 3
"""Characters between two names of one option ("套餐一｜入门版", "Option A / 方案A")."""


def options_named(tokens: Sequence[Keyword]) -> list[str]:
    """The distinct options named among some tokens, in order ("方案一", "Option B"; "方案 B" is "方案B"), each by
    its first name: "Option A / 方案A" and "套餐一｜入门版" name one option."""
    names: list[str] = []
    keys: set[str] = set()
    previous: Keyword | None = None
    for token in tokens:
        if token.type != "OPTION_NAME":
            continue
        name = _SPACE_AFTER_CJK.sub("", _SPACES.sub(" ", token.value).strip())
        key = option_key(name)
        second_name = previous is not None and token.start - previous.end <= NAME_JOINER_MAX \
            and not (_keyed(name) and _keyed(previous.value))  # "方案A、方案B" are two
        if key not in keys and not second_name:
            keys.add(key)
            names.append(name)
        previous = token
    return names


def heading_level(text: str) -> int | None:
    """The outline level of a heading line, or None when the line is not a heading."""
    stripped = text.strip()
    markdown = _MARKDOWN_HEADING.match(stripped)
    if markdown:
        return len(markdown.group(1))
    if "#" in stripped:  # "storage_network:   # separate, not used for training traffic": a key and its comment
        stripped = _KEY_COMMENT.sub("", stripped)
    if len(stripped) > HEADING_MAX and (not stripped.endswith((")", "）"))
                                        or len(_TRAILING_REMARK.sub("", stripped)) > HEADING_MAX):
        return None
    if _BRACKETED.fullmatch(stripped) or _BOLD_LINE.fullmatch(stripped):
        return 2
    for pattern, level in _NUMBERED:
        match = pattern.match(stripped)
        if match and stripped[match.end():].strip() and not _SENTENCE_PUNCTUATION.search(stripped[match.end():]) \
                and not _LABEL_WITH_VALUE.search(stripped[match.end():]):
            return level
    if _LABEL_LINE.fullmatch(stripped):
        return 6
    if _CAPITALS_LINE.fullmatch(stripped) and not _TWO_DIGITS.search(stripped):
        return 2
    return None


_TRAILING_REMARK = regex(r"\s*[(（][^()（）]{1,60}[)）]$")
"""A remark in brackets that ends a heading, which its length does not count."""
_BOLD_LINE = regex(r"\*\*[^*]{1,40}\*\*")
_LABEL_WITH_VALUE = regex(r"[:：]\s*\S")
_LABEL_LINE = regex(r"[^:：]{1,30}[:：]")
_KEY_COMMENT = regex(r"\s+#\s.*$")
_CAPITALS_LINE = regex(r"[A-Z][A-Z0-9 &/,()-]{3,60}(?:\([^()]{1,60}\))?")
"""A title in capitals, perhaps with a remark in brackets ("OPTIONAL ITEMS (not included in the totals above)")."""
_TWO_DIGITS = regex(r"\d{2}")
_COMPANY_SUFFIX = alternation("company_suffix")
_QUOTED_NAME = r"[\"“”'‘]([^\"“”'’)）]{2,30})[\"“”'’]"
_DEFINED_NAME = regex(with_first_test(rf"(?i:{_COMPANY_SUFFIX})\W{{0,6}}[(（]\s*(?:(?:{alternation('defined_as')})\s*)?"
                                      rf"{_QUOTED_NAME}(?:\s*(?:{alternation('name_joiner')})\s*{_QUOTED_NAME})?\s*[)）]"))
"""A company's definition of its short name: 云峰科技有限公司（以下简称“云峰”）, Tessellate Ltd ("Tessellate"), and a
second name for it: （以下简称"瀚海"或"出租方"）."""
_PARTY = regex(rf"(?i:{alternation('CUSTOMER')}|{alternation('PROVIDER')})")
_CUSTOMER = regex(rf"(?i:{alternation('CUSTOMER')})")
_NAME_WORDS = r"((?:(?:[A-Za-z][\w&'-]*|\([A-Z]{2,4}\))\s+){1,6})"
"""Up to six words of a name."""
_COMPANY = rf"{_NAME_WORDS}(?i:{_COMPANY_SUFFIX})(?![A-Za-z])"
"""A company's name: up to six words, then its suffix ("Meridyn Cloud Inc")."""
_LETTERHEAD_COMPANY = regex(_COMPANY)
_CAPITALS_ISSUER = regex(r"\W*((?:[A-Z][A-Z0-9&'-]+\s+){1,6})[—–|:-]\s")
"""A first line that opens with words in capitals and a dash ("BRIGHTLINE CLOUD INFRASTRUCTURE — Handover")."""
_TITLED_ISSUER = regex(rf"\W*((?:[A-Z][\w&'-]+\s+){{1,4}})[—–|:-]\s.*(?i:{alternation('titled_document')})(?![A-Za-z])")
"""A top line that opens with a name in capitalised words and a dash before the document's kind ("NorthGrid Compute
— B200 Training Cluster Proposal")."""
_NAMED_TITLE = regex(r"#+\s*((?:[A-Z][\w&'-]+ ){0,3}[A-Z][\w&'-]+)\s?[:：—–|]\s")
"""A Markdown title that opens with a name before a colon or a dash ("# Helix Train: managed training pods"): the
product's or its maker's, when the lines below name it again ("Helix Train gives you …")."""
_LETTERHEAD_LINE = regex(
    rf"(?:^|[:：,，])\W*{_NAME_WORDS}(?i:{_COMPANY_SUFFIX}|{alternation('issuer_product')})(?![A-Za-z])")
"""A top line that starts with a company (or gives one after its label or a comma: "Submitted by: Acme Compute, Inc.",
"From: Project Delivery, Tessellate Infrastructure GmbH"), or
with the console or portal a provider names after itself ("Cirrus Compute Console > Instance types")."""


def provider_names(document: Document) -> tuple[str, ...]:
    """The short names a contract defines for companies other than the customer ("Tessellate", "云峰"):
    a clause naming one of them names the provider."""
    names = []
    texts = line_texts(document.lines)
    for k, text in enumerate(texts):
        if "(" not in text and "（" not in text:
            continue  # a definition puts the name in brackets: a cheap test spares the search
        if k:
            text = f"{texts[k - 1]}\n{text}"  # the company may end the line before ("... Inc.\n("Harrow")")
        for match in _DEFINED_NAME.finditer(text):
            name, other = match.group(1).strip(), match.group(2) or ""
            line_start = text.rfind("\n", 0, match.start()) + 1
            customer = _CUSTOMER.search(other) or _CUSTOMER.match(text, line_start)  # 承租方：… "星桥"或"承租方"
            if not customer and not _PARTY.search(name) and name not in names:
                names.append(name)
    return tuple(names) + tuple(n for n in _letterhead_names(document) if n not in names)


LETTERHEAD_LINES = 3
"""Non-empty lines at the top of a document where the issuing company names itself."""
LETTERHEAD_CHARACTERS = 200
"""Of each, the characters looked at: a letterhead is short (a file that is one huge line has none)."""


def _letterhead_names(document: Document) -> list[str]:
    """The issuer's name from a letterhead ("POLARIS NINE CLOUD OY - ORDER FORM", or a first line whose words in
    capitals before a dash are no vocabulary: "BRIGHTLINE CLOUD - REPORT") or a copyright line ("© 2024 Meridyn
    Cloud, Inc."): the words before the company suffix, their first two and their first one, as the body may
    shorten it ("Polaris Nine configures ...", "Meridyn handles ...")."""
    names: list[str] = []
    texts = line_texts(document.lines)
    heads: list[tuple[Regex, str]] = []
    for text in texts:  # the first lines with words, less a recipient's ("To: Brightwater AI Ltd.")
        if len(heads) == LETTERHEAD_LINES:
            break
        if text.strip() and not _RECIPIENT.match(text):
            heads.append((_LETTERHEAD_LINE, _SUFFIX_COMMA.sub(" ", text[:LETTERHEAD_CHARACTERS])))  # "Acme, Inc."
    top = heads[0][1] if heads else ""
    for issuer in (_CAPITALS_ISSUER, _TITLED_ISSUER, _NAMED_TITLE):
        found = issuer.match(top) if not _LETTERHEAD_LINE.search(top) else None
        first = found.group(1).split()[0] if found else ""
        if found and first.lower() not in english_vocabulary() and (
                issuer is not _NAMED_TITLE or any(first in text for text in texts[1:SUPPLIER_LINES])):
            heads.insert(0, (issuer, top))  # "BRIGHTLINE CLOUD INFRASTRUCTURE — Handover Report"
            break
    top = "\n".join(texts[:SUPPLIER_LINES])  # "Acceptance of the cluster leased from Hengrui Zhisuan (恒睿智算)"
    heads += [(_SUPPLIER, line) for line in top.splitlines() if _SUPPLIER.search(line)] \
        if _SUPPLIER.search(top) else []
    for piece in joined_pieces(texts):  # a search for copyright lines ("© 2024 Meridyn Cloud, Inc.") through many lines
        for mark in _COPYRIGHT.finditer(piece):
            start, end = piece.rfind("\n", 0, mark.start()) + 1, piece.find("\n", mark.end())
            line = piece[start:end if end >= 0 else len(piece)][:LETTERHEAD_CHARACTERS].replace(",", "")
            heads.append((_LETTERHEAD_COMPANY, line))
    for company, text in heads:
        match = company.search(text)
        if match is None or _PARTY.search(match.group(1) if company is _SUPPLIER else text):  # (not "Customer: …")
            continue
        words = match.group(1).split()
        shorter = [" ".join(words[:2]) if len(words) > 2 else "", words[0] if len(words) > 1 else ""]
        for name in (" ".join(words), *shorter):
            if len(name) >= SHORT_NAME and name not in names:
                names.append(name)
    return names


_SUFFIX_COMMA = regex(rf",\s*(?=(?i:{_COMPANY_SUFFIX})(?![A-Za-z]))")
"""The comma before a company's suffix ("Acme, Inc."): the name goes on past it."""
_RECIPIENT = regex(rf"[\s*]*(?:{alternation('recipient_header')})", re.I)
"""An e-mail header that names whom it is sent to: no issuer's letterhead."""
SUPPLIER_LINES = 30
"""Lines at a document's top where it says whom the servers come from."""
_SUPPLIER = regex(with_first_test(rf"(?i:{alternation('supplied_from')})\s*((?:[A-Z][\w&'-]+ ?){{1,4}})"))
"""The company the servers come from, in capitalised words ("leased from Hengrui Zhisuan", "Vendor: Kestrel")."""
SHORT_NAME = 5
"""Fewest characters of a name taken from a letterhead (a shorter first word is too likely a common word)."""
_COPYRIGHT = regex(alternation("copyright_mark"), re.I)


_CELL_BORDER = regex(r" ?(?<![^ ])\|(?![^ ]) ?")
"""Where a table row's text passes from one cell to the next: its CELL, or what is left of two of them around an
empty cell once spaces are collapsed ("No. | RFQ Requirement | | Vendor Response")."""


def row_cells(text: str) -> list[str]:
    """The texts of the cells of a table row's text, empty cells too."""
    return [text[start:end] for start, end in cell_spans(text)]


def cell_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each cell of a table row's text."""
    spans, start = [], 0
    if "| |" in text or text[:2] == "| " or text[-2:] == " |":  # an empty cell: the borders left of two
        for border in _CELL_BORDER.finditer(text):
            spans.append((start, border.start()))
            start = border.end()
        return [*spans, (start, len(text))]
    while (end := text.find(CELL, start)) >= 0:  # each border whole
        spans.append((start, end))
        start = end + len(CELL)
    return [*spans, (start, len(text))]


def first_worded_cell(text: str, among: int | None = None) -> tuple[int, int] | None:
    """The first cell of a row (of its first ``among`` cells) that holds a letter and is no row number ("四",
    "iv", "T-14"): the row's item or label."""
    return next(_worded_cells(text, among), None)


def _worded_cells(text: str, among: int | None) -> Iterator[tuple[int, int]]:
    """The cells of a row (of its first ``among``) that hold a letter and are no row number, in order; a part
    number's cell ("MCX75310AAS-NEAT | NVIDIA ConnectX-7 adapter") only when no description follows it."""
    codes: list[tuple[int, int]] = []
    for start, end in cell_spans(text)[:among]:
        if not any(ch.isalpha() for ch in text[start:end]) or _ROW_NUMBER.fullmatch(text, start, end):
            continue
        if _PART_NUMBER.fullmatch(text[start:end].strip()):
            codes.append((start, end))
        elif codes and not _DESCRIPTION.search(text, start, end):
            yield from codes  # "| H100-SXM5 | 台 |": the code names the item
            codes = []
            yield start, end
        else:
            codes = []
            yield start, end
    yield from codes


_ROW_NUMBER = regex(rf"\s*(?:{alternation('row_number')})\s*")
_PART_NUMBER = regex(alternation("part_number"))
_DESCRIPTION = regex(r"\S\s+\S|[\u4e00-\u9fff]{4}")
"""A cell that describes an item in words: two words, or four Chinese characters."""
LABEL_CELLS = 3
"""How many of a row's first cells may name its item: 序号 | 类别 | 项目 ("2 | 网络 | 存储网络 | 2×25GbE")."""


def label_cells(text: str) -> list[tuple[int, int]]:
    """The worded cells among a row's first LABEL_CELLS that may name its item: the first (as first_worded_cell),
    then the next up to one that holds a figure, where the row's values start ("2 | 网络 | 存储网络 | 2×25GbE")."""
    cells: list[tuple[int, int]] = []
    for start, end in _worded_cells(text, LABEL_CELLS):
        if cells and any(ch.isdigit() for ch in text[start:end]):
            break
        cells.append((start, end))
    return cells


def label_end(text: str) -> int | None:
    """Where a "label: value" line's label ends (the colon), or a run-in bold heading's
    ("4.1 **Storage Network.** Each node ..."), or None."""
    match = _LABEL.match(text) if ":" in text or "：" in text else None  # a label ends at its colon
    match = match or _RUN_IN_HEADING.match(text)
    return match.end() if match else None


def recitals(texts: Sequence[str]) -> set[int]:
    """The indices of the passages (given as texts) under a recitals heading ("RECITALS", "鉴于："), up to the
    next heading of its level or above: an agreement's background, which its terms override."""
    under: set[int] = set()
    if not any(map(_RECITALS_LINE.search, joined_pieces(texts))):  # most documents have none: a search, no walk
        return under
    level_open: int | None = None
    for index, text in enumerate(texts):
        level = heading_level(text)
        if level is not None and level_open is not None and level <= level_open:
            level_open = None
        if level is not None and _RECITALS.fullmatch(text.strip()):
            level_open = level
        elif level_open is not None:
            under.add(index)
    return under


_BUYER_DOCUMENT = regex(alternation("buyer_document"), re.I)
_FIRST_PERSON_ZH = tuple(word for word in words("first_person") if not word.isascii())
_FIRST_PERSON_EN = frozenset(word.lower() for word in words("first_person") if word.isascii())


def buyers_document(texts: Sequence[str]) -> bool:
    """Whether a document's top names it as the buyer's own ("采购审批单", "Vendor evaluation")."""
    return any(_BUYER_DOCUMENT.search(text, 0, TITLE_REACH) for text in texts[:TENDER_TITLE_PASSAGES])


def in_buyers_voice(tokens: Sequence[Keyword]) -> tuple[Keyword, ...]:
    """``tokens`` with the provider's words that are the writer's own ("我方", "our network team") read as the
    customer's: in a buyer's own document, the first person is the buyer."""
    return tuple(Keyword("CUSTOMER", t.value, t.start, t.end) if t.type == "PROVIDER" and _first_person(t.value)
                 else t for t in tokens)


def _first_person(words_said: str) -> bool:
    """Whether a party's words are the writer's own ("由我们", "our NOC", "we'll configure")."""
    return any(word in words_said for word in _FIRST_PERSON_ZH) \
        or not _FIRST_PERSON_EN.isdisjoint(words_said.lower().split())


def requirement_lines(texts: Sequence[str]) -> set[int]:
    """The indices of the passages (given as texts) under a heading of the buyer's requirements ("三、采购需求",
    "Requirements"; not "技术要求响应"), labelled as a requirement ("招标要求：…", "Requirement: …") in a point-by-point
    answer, or quoted whole under a line that introduces requirements
    ("我们的需求先贴一下：" over "“每卡独立 400G IB …”"), or under a tender's specifications ("第四章 技术规格" in a
    招标文件, and the headings within it): what the bidder says elsewhere overrides them."""
    found = set()
    under = False  # under a heading of the buyer's requirements ("三、采购需求"), up to the next heading
    tender = any(_TENDER.search(text) for text in texts[:TENDER_TITLE_PASSAGES])
    under_level = 0  # in a tender, the level of the specifications' heading ("第四章 技术规格"): deeper ones stay in it
    for index, text in enumerate(texts):
        asks = _REQUIREMENT_COLUMN.search(text) or tender and _TENDER_SPECIFICATIONS.search(text)
        if (under or asks) and (level := heading_level(text)) is not None \
                and not text.rstrip().endswith((":", "：")):  # not a lead-in ("我们的需求先贴一下：", below)
            if under and under_level and level > under_level:
                continue  # "### 4.1 总体要求" under "## 第四章 技术规格"
            under = bool(asks) and not _ANSWER_COLUMN.search(text)
            under_level = level if under and tender and not _REQUIREMENT_COLUMN.search(text) else 0
            continue
        if under:
            found.add(index)
            continue
        label = _LABEL.match(text) if ":" in text or "：" in text else None
        if label and _REQUIREMENT_COLUMN.fullmatch(label.group(1).strip()):
            found.add(index)
        elif index and _QUOTED_WHOLE.fullmatch(text) and texts[index - 1].rstrip().endswith((":", "：")) \
                and _REQUIREMENT_COLUMN.search(texts[index - 1]):
            found.add(index)
    return found


_ANNEX_PREVAILS = regex(with_first_test(alternation("annex_prevails")))
_ANNEX_HEADING = regex(rf"\W*(?:{alternation('annex_heading')})")
_THIS_ANNEX = regex(alternation("this_annex"))
ANNEX_HEADING_WIDTH = 40
"""Longest passage that can be an annex's heading."""


def before_prevailing_annex(texts: Sequence[str]) -> set[int]:
    """The indices of the passages (given as texts) before the first annex heading ("附件一　设备配置清单",
    "Schedule 2 - Service Levels"), when a clause puts the annexes above that body: the body's own clause
    ("附件内容与合同正文不一致的，以附件为准") or an annex's ("本附件与合同正文不一致的，以本附件为准").
    The body's terms give way to what an annex states. A clause before the first heading that names its own
    text ("this Exhibit A prevails") is an annex's, with no body before it."""
    if not any(_ANNEX_PREVAILS.search(text) for text in texts):
        return set()
    first = next((index for index, text in enumerate(texts)
                  if len(text) <= ANNEX_HEADING_WIDTH and _ANNEX_HEADING.match(text)), None)
    if not first:
        return set()
    body_says = any(_ANNEX_PREVAILS.search(text) and not _THIS_ANNEX.search(text) for text in texts[:first])
    annex_says = any(_ANNEX_PREVAILS.search(text) for text in texts[first:])
    return set(range(first)) if body_says or annex_says else set()


_QUOTED_WHOLE = regex(r"\s*[\"“「『][^\"”」』]+[\"”」』]\s*")
"""A passage that is one quotation and nothing else."""


_FORWARDED_BELOW = regex(with_first_test(alternation("forwarded_below")), re.I)


def _forwarded_below(document: Document, passages: list[tuple[str, Sequence[Keyword]]]) -> bool:
    """Whether an e-mail's own text, before its first earlier message, says that message is forwarded as the content
    ("星衡报价原文转发如下")."""
    for passage, (text, _) in zip(document.passages, passages):
        if passage.segments and _EARLIER_MESSAGE.match(document.lines[passage.segments[0].line].text.strip()):
            return False
        if _FORWARDED_BELOW.search(text):
            return True
    return False


def _quoting(document: Document, start: int) -> str | None:
    """How the earlier message from line ``start`` quotes its body: "whole" in one block of ">" lines (some mail
    programs forward so), "inline" line by line with answers between ("> 1. ...?" then "[MA] ..."), or None."""
    seen_quote = answered = False
    for line in document.lines[start + 1:]:
        text = line.text.strip()
        if _EARLIER_MESSAGE.match(text):
            break
        if text.startswith(">"):
            if answered:
                return "inline"
            seen_quote = True
        elif text and seen_quote:
            answered = True
    return "whole" if seen_quote else None


_ANSWER_TAG = regex(rf"\s*(\[[A-Za-z]{{1,4}}\](?=\s)|{alternation('answer_mark')})", re.I)
"""The mark that opens an answer put between an earlier message's lines: bracketed initials ("[DO] …") or a word
("【回复】满足", "[Reply] …")."""
ANSWER_TAGS = 2
"""How many lines of an earlier message must open with one bracketed mark ("[DO]") for them to be answers."""


def _answer_tag(document: Document, start: int) -> str:
    """The mark (bracketed initials, or an answer's word) that opens the answers someone put between the unquoted
    lines of the earlier message from line ``start`` ("3. Is InfiniBand an option?" then "[DO] Not for this pod.",
    "【回复】满足"); "" if none."""
    tags: Counter[str] = Counter()
    for line in document.lines[start + 1:]:
        if _EARLIER_MESSAGE.match(line.text.strip()):
            break
        if mark := _ANSWER_TAG.match(line.text):
            tags[mark.group(1)] += 1
    tag, count = tags.most_common(1)[0] if tags else ("", 0)
    return tag if count >= ANSWER_TAGS else ""


_ADDRESS_DOMAIN = regex(r"@([\w-]+(?:\.[\w-]+)+)")


def _header_gives(text: str) -> str | None:
    """What an e-mail's header line gives ("From: …": "sender"), or None for a line that is no header."""
    found = _EMAIL_HEADER.match(text)
    return str(meaning("email_header", found.group(1))) if found else None


def _top_headers(document: Document) -> list[str]:
    """The header lines that open an e-mail, up to the first line that is none."""
    found = []
    for line in document.lines:
        if _EMAIL_HEADER.match(line.text):
            found.append(line.text)
        elif line.text.strip() or found:
            break
    return found


_KEEPS_EARLIER = regex(alternation("earlier_terms_kept"))


def kept_earlier_messages(document: Document, texts: Sequence[str]) -> set[int]:
    """The passages of the earlier messages an e-mail reply keeps in force ("其余条款与 12 月 30 日方案一致"): those its
    sender sent (an address of the reply's sender's domain), read as offers that the reply's own terms override."""
    top = _top_headers(document)
    if len(top) < EMAIL_HEADERS:
        return set()
    starts = [index for index, passage in enumerate(document.passages)
              if passage.segments and _EARLIER_MESSAGE.match(document.lines[passage.segments[0].line].text.strip())]
    if not starts or not any(_KEEPS_EARLIER.search(text) for text in texts[:starts[0]]):
        return set()
    own = _sender_domains(top)
    kept: set[int] = set()
    for start, end in zip(starts, [*starts[1:], len(texts)]):
        first = document.passages[start].segments[0].line
        headers = [line.text for line in document.lines[first + 1:first + 1 + EMAIL_HEADER_LINES]
                   if _EMAIL_HEADER.match(line.text)]
        if own and _sender_domains(headers) == own:
            kept.update(range(start, end))
    return kept


EMAIL_HEADER_LINES = 8
"""Lines after an earlier message's mark where its header lines (From:, Sent:, To:, Cc:, Subject:) stand."""


def _sender_domains(headers: list[str]) -> set[str]:
    """The domains of the sender's addresses in an e-mail's header lines."""
    sender = next((text for text in headers if _header_gives(text) == "sender"), "")
    return {domain.lower() for domain in _ADDRESS_DOMAIN.findall(sender)}


def _internal(headers: list[str]) -> bool:
    """Whether an e-mail goes between colleagues: every address it is sent to shares the sender's domain."""
    own = _sender_domains(headers)
    others = {domain.lower() for text in headers if _header_gives(text) == "recipient"
              for domain in _ADDRESS_DOMAIN.findall(text)}
    return len(own) == 1 and bool(others) and others <= own


def _quoted(line: str, in_forwarded: bool) -> bool:
    """Whether an e-mail line quotes an earlier message: a ">" line, but in a forwarded message quoted whole
    only a line quoted twice ("> >", ">>") quotes something older."""
    mark = line.lstrip()
    if not mark.startswith(">"):
        return False
    return not in_forwarded or mark[1:].lstrip().startswith(">")


def frames(document: Document, passages: list[tuple[str, Sequence[Keyword]]], kept_earlier: set[int]) -> list[Frame]:
    """The frame of every passage, given each passage's normalised text and tokens and the passages of earlier
    messages a reply keeps in force (kept_earlier_messages)."""
    headers = [line.text for line in document.lines[:40] if _EMAIL_HEADER.match(line.text)]
    email = len(headers) >= EMAIL_HEADERS
    forwarded = email and (any(_FORWARD.match(_HEADER_LABEL.sub("", text, count=1)) for text in headers)  # its first
                           or _forwarded_below(document, passages))  # earlier message is the content; not a reply to
    # a forward ("主题: 回复: 转发: …"), whose own text is
    cover_note = forwarded and _internal(_top_headers(document))  # a colleague's note over a forwarded offer
    chosen, instance_rows = _instance_options(passages, document.passages)
    result: list[Frame] = []
    shared: dict[Frame, Frame] = {}
    stack: list[_Open] = []
    inherited = _inherited(stack)
    header = Frame()
    earlier_message = in_forwarded = in_fence = marked = False
    answer_tag = ""  # the mark of the answers put between the lines of the earlier message ("[DO]")
    in_header = email  # the header lines at the top of an e-mail: its subject names what was asked about
    previous_row = False
    lead_in: tuple[Keyword, ...] = ()
    lead_in_at: Passage | None = None  # the lead-in's passage: a line indented deeper is a wrapped part of its list
    after_item = False  # the passage before is a list's item (or its wrapped tail)
    item_end = -2  # the last line of that item
    aside_items, aside_style = "", ""  # what a lead-in makes its list (ASKED: the writer's wishes of a vendor;
    # EXCLUDED_ITEMS: what is left out of the offer), and its items' marker
    correcting: tuple[Keyword, ...] = ()  # the correction words of the chat message the passage is in
    announced: tuple[Keyword, ...] = ()  # the correction words of a message that only announces the next one
    announced_by: str | None = None  # the speaker of a message that corrects, whose next message corrects too
    asked: tuple[Keyword, ...] = ()  # the duties the last chat message asked who does ("PFC / ECN 这些谁来调？")
    after_bare_header = False  # the passage before is a chat message's time and speaker alone
    in_chat = False
    listed_option: str | None = None  # the option a line opens with, over the items under it ("🔴 旗舰款｜…", "▸ …")
    listed_end = -1  # the last line of that option's line or of the label lines right under it
    heading_options: list[str] = []  # the options named by headings under a heading that lists them ("## Plans")
    established: set[str] = set()  # the options (by key) a heading, a table's header or a line's start names
    voided_below = -1  # the last line of a lead-in that voids the block right under it ("superseded, do not sign:")
    foreign_fence = False  # the code fence open was pasted from a run the writer did or another system's
    drawn_box = False  # the code fence open holds a box drawn with +-| (a price box), not code
    pasted_fence = False  # the code fence open holds an offer pasted in ("Pasting the text version from their PDF:")
    pasted: set[int] = set()  # the passages in such fences
    aside_under: tuple[int, str, bool] | None = None  # the level of a heading over what is not offered, the frame
    # kind of what is under it (the writer's own assessment, "## My take"; a retired version, "## v2.1 (retired)"),
    # and whether the heading is a Markdown one (a bold line under it is deeper: "**1. 网络组意见**")
    turns: dict[int, int | None] = {}  # a chat message's opening passage (where its time ends), or a heading (None)
    in_diff = False  # inside the hunks of a unified diff ("@@ -1,4 +1,4 @@")
    header_below = -1  # the second row of a table's header in two rows
    for index, (passage, (text, tokens)) in enumerate(zip(document.passages, passages)):
        if stack and stack[-1].level >= NESTED_LEVEL:  # a nested key's block ends where a line stands no deeper
            column = passage.first_place()[1]  # than its key ("}," in JSON, the next key in YAML)
            while stack and stack[-1].level >= NESTED_LEVEL + column:
                stack.pop()
            inherited = _inherited(stack)
        if passage.segments and "#" in passage.text[:2] \
                and COMMENTED_KEY.match(document.lines[passage.segments[0].line].text.lstrip()):
            result.append(Frame(kind="superseded"))  # a key commented out of a spec ("#- protocol: RoCE v2")
            continue
        if in_diff or "@@ -" in text:  # a unified diff's hunks: its removed lines ("-  Nodes: 2 x …") are the old
            raw = document.lines[passage.segments[0].line].text if passage.segments else ""  # version
            in_diff = "@@ -" in text or bool(_DIFF_LINE.match(raw))
            if in_diff and raw.startswith("-") and not raw.startswith("---"):
                result.append(Frame(kind="superseded"))
                continue
        if index and any(o.subject == VENDOR for o in stack) and _ruled_off(document, index):
            stack = stack[:next(k for k, o in enumerate(stack) if o.subject == VENDOR)]  # "## Roadmap" … "---"
            inherited = _inherited(stack)
        if voided_below >= 0 and passage.segments and passage.segments[0].line == voided_below + 1 \
                and (heading_level(text) is None or _LIST_ITEM.match(text)):  # its numbered items too ("1. …")
            voided_below = passage.segments[-1].line
            result.append(Frame(kind="superseded"))
            continue
        voided_below = -1
        if text.rstrip().endswith((":", "：")) and _VOID_LEAD_IN.search(text) and passage.segments \
                and not any(t.type == "CORRECTION" for t in tokens):  # not "更新一下（前一版作废）：" over the new one
            voided_below = passage.segments[-1].line  # "For reference only, superseded:" over an old offer
        first_line = document.lines[passage.segments[0].line].text if email and passage.segments else ""
        if index in kept_earlier and _EARLIER_MESSAGE.match(first_line):  # the sender's own offer, kept in force
            earlier_message = marked = False
            in_header = True
            result.append(Frame(kind="header"))
            continue
        if email and _EARLIER_MESSAGE.match(first_line):
            cover_note = False
            earlier_message = not forwarded
            quoting = _quoting(document, passage.segments[0].line)
            answer_tag = _answer_tag(document, passage.segments[0].line)  # answers put in unquoted: "[DO] Yes."
            # a quoted message with unquoted lines between its quoted ones: those are answers put inline
            marked = first_line.lstrip().startswith(">") or not forwarded and quoting == "inline"
            in_forwarded = forwarded and quoting == "whole"
            forwarded = False
            if marked:  # the message answered: its mark and header lines (From:, Sent:) are no answers
                in_header = True
                result.append(Frame(kind="header"))
                continue
        fence = in_fence or text.lstrip().startswith("```")  # a fence's "# comment" lines split its passages:
        if fence and not in_fence:  # a run pasted under "he ran it on a different provider:" sets no test
            foreign_fence = index > 0 and _pastes_other_run(passages[index - 1][0])
            pasted_fence = index > 0 and _PASTED_INTRO.search(passages[index - 1][0]) is not None \
                or _DATA_FENCE.match(text) is not None  # "Pasting the text version from their PDF:" over a fence, or
            # a spec written as data in one ("```json"): the offer itself, no command
            drawn_box = bool(_DRAWN_BOX.match(text)) or index + 1 < len(document.passages) \
                and document.passages[index + 1].kind == "table-row"  # a box drawn in a fence ("+----+" / "| Plan |",
            # its rules read as a table's) is no command
        if text.count("```") % 2 == 1:  # the one that closes it may start with a command
            in_fence = not in_fence
        if earlier_message and not (marked and not first_line.lstrip().startswith(">")) \
                and not (answer_tag and first_line.lstrip().startswith(answer_tag)) \
                or (email and _quoted(first_line, in_forwarded)):
            result.append(Frame(kind="quoted"))
            continue
        in_header = in_header and bool(_EMAIL_HEADER.match(first_line))
        if in_header:
            result.append(Frame(kind="header"))
            continue
        if cover_note:  # "Forwarding Kestrel's offer (below) … My notes: …"
            result.append(Frame(kind=ASKED))
            continue
        if aside_under is not None:  # up to the next heading of its level (a table's row is none: "# | 风险 | …")
            here = None if passage.kind == "table-row" else heading_level(text)
            if here is None or here > aside_under[0] or aside_under[2] and not _MARKDOWN_HEADING.match(text.strip()):
                if aside_under[1] != EXCLUDED_ITEMS or not _SAYS_MORE.search(text):
                    result.append(Frame(kind=aside_under[1]))
                    continue
            else:
                aside_under = None
        if _BUTTON_ROW.fullmatch(text):
            result.append(Frame(kind="buttons"))
            continue
        drawn_box = drawn_box and fence
        pasted_fence = pasted_fence and fence
        if pasted_fence:
            pasted.add(index)
        if not drawn_box and not pasted_fence and (fence or in_fence or _COMMAND_START.match(text)):
            result.append(Frame(kind="quoted" if fence and foreign_fence else "command"))
            continue
        subject, option, optional = inherited
        named = options_named(tokens)
        if passage.kind == "table-row":
            cells = row_cells(text)
            if index == header_below:  # the second row of a header in two rows
                result.append(Frame(subject, option, kind="heading"))
                continue
            if not previous_row:
                previous_row = True
                merged = _merged_header(cells, passages[index + 1][0]) if index + 1 < len(passages) \
                    and document.passages[index + 1].kind == "table-row" else None
                if merged is not None:  # "No. | RFQ Requirement | | Vendor Response" over "| Item | Requirement |
                    cells, tokens, header_below = merged, scan(CELL.join(merged)).tokens, index + 1  # Offered"
                header = replace(_table_header(cells, tokens, named, subject, option, optional),
                                 lead_in=lead_in)  # "We run these across all nodes:" above a table
                established |= {option_key(name) for name in header.column_options if name}
                if header.columns:
                    result.append(Frame(subject, option, kind="heading" if header.column_options else "offer"))
                    continue
            if index in instance_rows:
                row_option = instance_rows[index]
                kind = "not-chosen" if chosen and row_option != chosen else "offer"
                result.append(Frame(subject, None if chosen else row_option, header.columns, (),
                                    header.column_subjects, kind, header.column_types, lead_in,
                                    optional=header.optional))
                continue
            first_cell = [t for t in tokens if t.type == "OPTION_NAME" and t.start < len(cells[0])]
            if len(first_cell) == 1 and not header.column_options and header.option is None:
                result.append(replace(header, option=first_cell[0].value))  # "| Tier 2 (Standard) | 99.5% |"
                continue
            result.append(header)
            continue
        previous_row = False
        marker = _LIST_ITEM.match(text)
        item = marker is not None or bool(_LEADER_LINE.match(passage.text))  # a short numbered item is a heading too,
        # and still under its lead-in; so is a dotted leader line ("Severity 1 ....... 15 minutes")
        if marker is not None and aside_items:
            style = _marker_style(marker.group())
            aside_style = aside_style or style
            if style == aside_style and (aside_items != EXCLUDED_ITEMS or not _SAYS_MORE.search(text, marker.end())):
                # "我们希望 vendor 补充的：(a) …": the writer asks, nobody offers
                result.append(Frame(kind=aside_items))
                continue
            aside_items = ""  # another list ("3. 机房") follows the wishes
        level = None if _chat_message(text) is not None else heading_level(text)  # a chat message's time and speaker
        if level is None and text.rstrip()[-1:] in KEY_ENDS and NESTED_KEY.fullmatch(text) \
                and (key_column := _nests(document, index)) is not None:
            level = NESTED_LEVEL + key_column  # '"storage_network": {', "compute:" over the lines indented under it
        hashed = level is not None and _MARKDOWN_HEADING.match(text.strip()) is not None
        if level is not None and not hashed and (under := [o.level for o in stack if o.hashed]):
            level = max(level, under[-1] + 1)  # "## 平台介绍" over "**Q：什么是卡间互联？**"
        if level is not None:
            if not (in_chat and _LABEL_LINE.fullmatch(text.strip())):  # (a message's lead-in, "命令如下：",
                turns[index] = None  # keeps the message open)
            listed_option = None
            while stack and stack[-1].level >= level:
                stack.pop()
            own_option = named[0] if len(named) == 1 and not _speaks_of_all(tokens) else None
            if stack and stack[-1].lists_options and not named and not _speaks_of_all(tokens) \
                    and subject_of(tokens) is None and not text.rstrip(" *").endswith(("?", "？")):
                # "### Pro — one 8-GPU HGX node" under "## Plans"; not a question ("### Can I get a trial?")
                own_option = _heading_name(text)
                own_option = None if own_option and _SECTION_HEADING.search(own_option) else own_option
                heading_options += [own_option] if own_option and own_option not in heading_options else []
            own_optional = _names_add_ons(text, tokens)
            lists = own_option is None and not _speaks_of_all(tokens) and bool(_LISTS_OPTIONS.search(text))
            stack.append(_Open(level, subject_of(tokens), own_option, own_optional, lists, hashed))
            established |= {option_key(own_option)} if own_option else set()
            inherited = _inherited(stack)
            result.append(Frame(subject=subject_of(tokens) or subject, option=own_option or option,
                                lead_in=lead_in if item else (), optional=own_optional or optional))
            if not item:
                lead_in = _lead_in(text, tokens)  # "Lessee shall, at its own cost:" heads a list as well
                lead_in_at = passage
                aside_items, aside_style = _aside_items(text), ""  # "## What we still need from X"
                aside_under = (level, ASKED, hashed) if _ASSESSMENT_HEADING.search(text) else (
                    level, "superseded", hashed) if _RETIRED_HEADING.search(text) else None  # "## My take": all of it
            if _EXCLUSIONS.fullmatch(text) and not text.rstrip().endswith((":", "：")):  # "7. Exclusions"
                aside_under = (level, EXCLUDED_ITEMS, hashed)  # over "7.1 …"; a lead-in's ("…not included:") are
                # its list's items (aside_items)
            if in_chat and not correcting:  # "更新一下（以这版为准，上一版作废）：" over the new version's lines
                correcting = tuple(t for t in tokens if t.type == "CORRECTION")
            continue
        if _speaks_of_all(tokens) or len(named) > 1:
            option = listed_option = None
        elif named and _label_names_option(text, tokens):
            option = named[0]
            established.add(option_key(option))
            listed_option = listed_option if item else option if _opens_option_block(text, tokens) else None
            listed_end = passage.segments[-1].line if passage.segments else -1
        elif named and option_key(named[0]) in established:  # "A：可以，旗舰款加购 IB 即可": one named before
            option = named[0]
        elif listed_option and (item or _SYMBOL_LED.match(text) and (tokens or not _SYMBOL_TITLE.fullmatch(text))
                                or _LABEL.match(text) and passage.segments
                                and passage.segments[0].line == listed_end + 1):
            option = listed_option  # "▸ 月租 …", "✅ 单台整机：…", "💰 以咨询为准"; not a title ("🛡 服务保障"); a
            # label line right under the option's line ("Offer #71804 · 2x RTX 4090" / "GPU: RTX 4090 · 24 GB")
            listed_end = passage.segments[-1].line if passage.segments else listed_end
        elif not item and not _RULE_LINE.fullmatch(text):  # a rule ("━━━━") under the option's line keeps it open
            listed_option = None
        message = _chat_message(text)
        if message is not None:
            turns[index] = message
        if message is not None:  # a chat message that corrects an earlier one does so with all its lines, and so
            # does the one after a message that only says it will ("[14:03] Amy: sorry, correction:" / "[14:03] Amy:
            # it's 8x 400G per node"), or after a correction of the same speaker's ("correction, this pod is NOT IB" /
            # "it's roce")
            carried = announced if announced_by is None or _speaker(text, message)[0] == announced_by else ()
            in_chat, correcting, announced, announced_by = True, carried, (), None
        bare = message is not None and _bare_header(text, message)
        opens = message if message is not None and not bare else 0 if after_bare_header else None
        after_bare_header = bare
        if opens is not None:  # where a chat message's own words start, and its first sentence ends
            ends = SENTENCE_END.search(text, opens)
            own = [t.type for t in tokens if opens <= t.start < (ends.end() if ends else len(text))]
            if _REFERS_BACK.search(text, opens, opens + _SPEAKER_WIDTH) or asked and not DUTIES.keys() & set(own) \
                    and ("PROVIDER" in own or "CUSTOMER" in own):  # "这个一般是客户自己调", "our network team"
                correcting = asked  # the duties the question before asked about
            asked = tuple(t for t in tokens if t.type in DUTIES) if _QUESTION.search(text, opens) else ()
            own_tokens = [t for t in tokens if t.start >= opens]  # less the count of corrections it announces
            own_words = {t.type for t, after in zip(own_tokens, [*own_tokens[1:], None]) if not (  # ("2 corrections")
                t.type == "NUMBER" and after is not None and after.type == "CORRECTION")} - _SPEAKER_TYPES
            if "CORRECTION" in own_words:  # "sorry, correction:", "Revision 2, and this is the one I can commit 👇"
                announced = tuple(t for t in tokens if t.type == "CORRECTION")
                announced_by = None if own_words <= _ANNOUNCING or message is None else _speaker(text, message)[0]
        if in_chat and not correcting:  # (its correction words may stand on the line after its time and name)
            correcting = tuple(t for t in tokens if t.type == "CORRECTION")
        corrections = tuple(t for t in correcting if t.type == "CORRECTION") if in_chat else ()
        if index and text[:1] in _OPENING_QUOTES and _QUOTES_OLD_TEXT.search(passages[index - 1][0]):
            result.append(Frame(kind="superseded"))  # "原合同第 5.2 条原文为：" over the old wording in quotes
            continue
        rewrites = _rewritten_clause(passages[index - 1]) if index and text[:1] in _OPENING_QUOTES else ()
        hangs = not item and bool(lead_in) and bool(passage.segments) and lead_in_at is not None \
            and bool(lead_in_at.segments) and passage.first_place()[1] > lead_in_at.first_place()[1] \
            and (after_item and passage.segments[0].line == item_end + 1
                 or passage.segments[0].line == lead_in_at.segments[-1].line + 1)  # an item's wrapped tail,
        # indented under it on the very next line; or a line indented under the lead-in right below it ("Support
        # response:" over "    Severity 1: 30 minutes    Severity 2: 2 hours")
        frame = Frame(subject=subject, option=option,
                      lead_in=(*lead_in, *corrections) if item or hangs else rewrites or correcting,
                      optional=optional)  # the items of a message that corrects correct too
        result.append(shared.setdefault(frame, frame))  # one object per distinct frame, as soon as it is made
        after_item = item or hangs
        item_end = passage.segments[-1].line if after_item and passage.segments else -2
        if not item and not hangs:
            lead_in = _lead_in(text, tokens)
            lead_in_at = passage
            aside_items, aside_style = _aside_items(text) if lead_in else "", ""
    if in_chat:
        _buyer_messages(document, passages, turns, result)
    _buyer_turns(passages, result)
    if not email:
        _pasted_offer(document, passages, result, pasted)
    _unticked_items(passages, result)
    _not_selected(passages, result)
    _answer_questions(passages, result)
    _labelled_questions(passages, result)
    _footnotes(passages, result)
    if in_chat:
        _vendors_turned_down(document, passages, result)
        _replaced_versions(passages, result)
    _forum_replies(passages, result)
    _margin_comments(passages, result)
    _before_offer_section(passages, result)
    _rejected_rows(document, passages, result)
    _voided_listings(passages, result)
    _count_items(document, passages, result)
    if len(heading_options) >= 2:
        result = [replace(frame, named_options=tuple(heading_options)) if frame.kind == "offer" and not frame.option
                  and not frame.column_options else frame for frame in result]
    made = {id(frame) for frame in shared.values()}  # one object per distinct frame for those changed since too
    return [frame if id(frame) in made else shared.setdefault(frame, frame) for frame in result]


_OPENING_QUOTES = frozenset("\"“「『")
"""How a quoted passage opens."""
_QUOTES_OLD_TEXT = regex(rf"(?:{alternation('old_text_label')})\s*$", re.I)
"""A passage that ends in the label of a clause's old wording: the quoted passage after it is that wording."""


def _rewritten_clause(before: tuple[str, Sequence[Keyword]]) -> tuple[Keyword, ...]:
    """The correction a passage ending in a colon makes ("主合同第三条第一款修改为：", "Clause 3.1 is amended to
    read:"), which the quoted passage after it gives the new wording of; else none."""
    text, tokens = before
    return tuple(t for t in tokens if t.type == "CORRECTION") if text.rstrip().endswith((":", "：")) else ()


_SPEAKER_TYPES = frozenset({"COLON", "PROVIDER", "CUSTOMER", "BRACKET"})
"""What a chat message's speaker may be read as ("Vendor-Amy:", "[客户]")."""
_ANNOUNCING = frozenset({"CORRECTION", "TERM", "HEDGE"})
"""What a message that only announces the next one may say besides its correction words: no figure."""


def _chat_message(text: str) -> int | None:
    """Where a chat message's time ends, when the passage opens one ("10:16 小周: …"), or its speaker and time
    when they stand alone, the speaker first ("maria  9:02 AM"); else None."""
    first = _CHAT_MESSAGE.match(text)
    return first.end() if first else chat_header_end(text)


_AFFIRMATIVE = regex(rf"[\s>*\-]*(?:{alternation('affirmative')})", re.I)
_BOLD_QUESTION = regex(r"\s*\*\*[^*]*[?？][^*]*\*\*\s*")
"""A passage that is a question in bold, perhaps with more words of the asker's after its mark."""
_QUESTION_ENDS = regex(alternation("question_end"))


def _asked_aloud(text: str) -> bool:
    """Whether a passage is a question said without its mark, as speech transcribed writes it ("PFC ECN 这些是谁来配",
    "是独享的吗"): a word that asks, or the particle that ends a question."""
    return bool(text) and (_QUESTION_ENDS.match(text, len(text) - 1) is not None or _QUESTION.search(text) is not None)


_AFTER_A_QUESTION = " \t\n*_)）]」”\"'"
"""What may follow a question's mark at the end of its passage ("**Is the fabric shared?**")."""


_NOT_ORDERED_NOTE = regex(alternation("unticked_not_ordered"), re.I)
_LIST_MARKER = r"\s*(?:[-*+•]\s*)?"
_OPENS_UNTICKED = regex(rf"{_LIST_MARKER}(?:{alternation('unticked_box')})")
_OPENS_TICKED = regex(rf"{_LIST_MARKER}(?:{alternation('ticked_box')})")
"""A checklist's item whose box is ticked ("- [x] RoCE v2, 2 × 200GbE per node"): the writer records it as offered."""


def _unticked_items(passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> None:
    """On an order form that says its unticked items are not ordered ("Items left unticked [ ] are NOT ordered"),
    an item whose box is empty offers nothing; on other forms it is an option still open. ``placed`` is updated
    so."""
    unticked = [index for index, (text, _) in enumerate(passages)
                if placed[index].kind == "offer" and _OPENS_UNTICKED.match(text)]
    if unticked and any(_NOT_ORDERED_NOTE.search(text) for text, _ in passages):
        for index in unticked:
            placed[index] = Frame(kind="not-chosen")


_NOT_SELECTED = regex(with_first_test(rf"(?:{alternation('not_selected_mark')})\W*$"), re.I)
NOT_SELECTED_REACH = 16
"""Characters at a passage's end where a not-selected mark stands."""


def _not_selected(passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> None:
    """A line a page marks as not selected ("升级为包年（12 个月）… ← 未选择") offers nothing. ``placed`` is updated
    so."""
    for index, (text, _) in enumerate(passages):
        if _NOT_SELECTED.search(text, max(0, len(text) - NOT_SELECTED_REACH)):
            placed[index] = Frame(kind="not-chosen")


_PASTED_INTRO = regex(alternation("pasted_intro"), re.I)


def _pasted_offer(document: Document, passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame],
                  fenced: set[int]) -> None:
    """In a discussion that pastes an offer in "> " quotes or in a code fence (``fenced``: its passages) under a line
    that says so ("Pasting the relevant bits from their PDF:"), only the pasted lines offer; the talk around them
    (doubts, comparisons, wishes) offers nothing. ``placed`` is updated so."""
    quoted = [index in fenced or bool(p.segments) and document.lines[p.segments[0].line].text.lstrip().startswith(">")
              for index, p in enumerate(document.passages)]
    if not any(_PASTED_INTRO.search(passages[index - 1][0]) for index in range(1, len(quoted))
               if quoted[index] and not quoted[index - 1]):  # the line that leads in to a pasted block
        return
    for index, frame in enumerate(placed):
        if frame.kind == "offer" and not quoted[index] and not _OPENS_TICKED.match(passages[index][0]):
            placed[index] = Frame(kind=ASKED)


def _answer_questions(passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> None:
    """The passage right after a question (quoted, or a chat message) answers it: the question's words lead in to
    the answer ("> 10. Availability and credits?" / "[RO] 99.5% monthly."), and a question answered yes ("> Can
    you do 400G IB with 8 NICs per node?" / "Yes, that's our standard build.") states what the answer offers: its
    frame becomes an offer's, confirmed. ``placed`` is updated so."""
    for index in range(1, len(placed)):
        asked = placed[index - 1]
        if placed[index].kind != "offer" or asked.kind not in ("quoted", "offer", ASKED) or asked.confirmed:
            continue
        question = passages[index - 1][0].rstrip(_AFTER_A_QUESTION)
        restated = question[:3].lstrip().startswith("**") \
            and _BOLD_QUESTION.fullmatch(passages[index - 1][0]) is not None  # "**8. How is acceptance done? We'd
        # like a multi-node run.**": the asker's question restated in bold over its answer, wishes and all
        if not (question.endswith(("?", "？")) or restated or not question.isascii() and _asked_aloud(question)):
            continue
        if not placed[index].lead_in:
            placed[index] = replace(placed[index], lead_in=tuple(passages[index - 1][1]))
        text = passages[index][0]
        if _AFFIRMATIVE.match(text, answer_start(text)):
            placed[index - 1] = replace(asked if asked.kind == "offer" else Frame(), confirmed=True)
        elif restated and asked.kind == "offer":
            placed[index - 1] = Frame(kind="quoted")


_QUESTION_LABEL = regex(alternation("question_label"), re.I)
QUESTION_PASSAGES = 3
"""Passages a labelled question may take before its answer's label."""
_ANSWER_LABEL = regex(alternation("answer_label"), re.I)


_NUMBERED_ITEM = regex(r"\s*(?:\*\*)?\d{1,3}[.、)）]\s*(?!\d)")
QUESTIONNAIRE_ANSWERS = 3
"""Fewest answers ("答：", "A:") right below numbered items that make those items a questionnaire's questions."""


def _answers_numbered_items(passages: list[tuple[str, Sequence[Keyword]]]) -> bool:
    """Whether a document answers its numbered items one by one ("5. 计算网络：要求 InfiniBand NDR 400G …" /
    "答：计算网络采用 RoCE v2 …"): a buyer's list of needs with the vendor's answers; the items are what is asked."""
    answered = 0
    for index in range(1, len(passages)):
        if _ANSWER_LABEL.match(passages[index][0]) and _NUMBERED_ITEM.match(passages[index - 1][0]):
            answered += 1
            if answered >= QUESTIONNAIRE_ANSWERS:
                return True
    return False


def _labelled_questions(passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> None:
    """In a questionnaire ("Q5. Describe the fabric … For reference, our target is InfiniBand NDR" / "A: Each server
    has two 200GbE NICs", or numbered items answered one by one), a question labelled so and answered right below
    offers nothing, whatever it ends with;
    its words lead in to the answer, and a question answered yes ("Q6: Will you provide GPU serials …?" / "A:
    Yes.") states what the answer offers: its frame becomes an offer's, confirmed. ``placed`` is updated so."""
    numbered = _answers_numbered_items(passages)
    for index in range(len(passages) - 1):
        if placed[index].kind != "offer" or not (_QUESTION_LABEL.match(passages[index][0])
                                                 or numbered and _NUMBERED_ITEM.match(passages[index][0])):
            continue
        below = range(index + 1, min(index + 1 + QUESTION_PASSAGES, len(passages)))  # a question may run on
        at, answer = next(((k, found) for k in below if (found := _ANSWER_LABEL.match(passages[k][0]))),
                          (index, None))  # ("Please confirm …" before the answer)
        if answer is None or any(_QUESTION_LABEL.match(passages[k][0]) for k in range(index + 1, at)):
            continue
        yes = _AFFIRMATIVE.match(passages[at][0], answer.end())
        for k in range(index, at):
            placed[k] = replace(placed[k], confirmed=True) if yes else Frame(kind=ASKED)
        if placed[at].kind == "offer" and not placed[at].lead_in:
            placed[at] = replace(placed[at], lead_in=tuple(t for k in range(index, at) for t in passages[k][1]))


_FOOTNOTE = regex(r"\s*((?:\\?[*†‡])+)\s*(?=\S)")
"""A footnote's marker at its start ("* Bandwidth shared with other tenants", "\\*\\* Subject to availability")."""
_FOOTNOTE_SIGN = regex(r"[*†‡]")
_MARKED = regex(r"(?<=[\w%)])([*†‡]+)(?![*†‡\w])")
"""A footnote's marker right after a figure or a word ("2 x 100 GbE*", "$2.89**")."""


def _footnotes(passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> None:
    """A footnote speaks of what its marker marks: when every line marked so above it is about another network
    than the fabric ("Front-end network | 2 x 100 GbE*", "Public internet | 25 Gbps*"), so is the footnote
    ("* Bandwidth shared with other tenants"). ``placed`` is updated so."""
    if not any(map(_FOOTNOTE_SIGN.search, joined_pieces([text for text, _ in passages]))):  # most documents have none
        return
    marked: dict[str, list[int]] = {}  # each marker, and the passages it marks so far
    subjects: dict[str, set[str | None]] = {}  # what those passages are about, worked out for a footnote's marker
    for index, (text, _) in enumerate(passages):
        if _FOOTNOTE_SIGN.search(text) is None:
            continue
        found = _FOOTNOTE.match(text)
        marker = found.group(1).replace("\\", "") if found else ""
        if marker in marked and placed[index].kind == "offer" and not placed[index].subject:
            about = subjects.setdefault(marker, set())
            about.update(_marked_subject(*passages[line]) for line in marked.pop(marker))
            others = sorted(s for s in about if s in OTHER_NETWORKS)
            if others and len(others) == len(about):
                placed[index] = replace(placed[index], subject=others[0])
                continue
        for sign in {m.group(1) for m in _MARKED.finditer(text.replace("\\", ""))}:
            marked.setdefault(sign, []).append(index)


def _marked_subject(text: str, tokens: Sequence[Keyword]) -> str | None:
    """What a line a footnote marks is about: its row's label cells, else its own words."""
    cells = label_cells(text) if CELL in text else [(0, len(text))]
    return next((subject for start, end in cells
                 if (subject := subject_of([t for t in tokens if start <= t.start < end]))), None)


_NAME_PARTS = regex(r"[-－—·・()（）\[\]【】\s@_/|,，]+")
CHAT_SPEAKERS_MIN = 3
"""A group chat in which one vendor can be chosen over another has at least the buyer and two vendors."""


def _speakers(document: Document, passages: list[tuple[str, Sequence[Keyword]]]) -> list[str | None]:
    """Who says each passage of a chat: the speaker after its message's time ("10:05 王磊-算力云", "[09:14] Sam:"),
    kept for the lines of the message below its time."""
    speakers: list[str | None] = []
    speaker = None
    for passage, (text, _) in zip(document.passages, passages):
        if not passage.segments or _CHAT_MESSAGE.match(text) is None:  # most passages open no chat message
            speakers.append(speaker)
            continue
        first = document.lines[passage.segments[0].line].text
        time = _CHAT_MESSAGE.match(first)
        if time is not None:
            rest = first[time.end():]
            colon = _SPEAKER_END.search(rest, 0, _SPEAKER_WIDTH)
            speaker = rest.strip() if _bare_header(first, time.end()) else rest[:colon.start()].strip() if colon \
                else None
        speakers.append(speaker or None)
    return speakers


def _name_parts(speaker: str) -> set[str]:
    """The parts of a speaker's name: the person's and the company's ("王磊-算力云", "周敏（星河·采购）")."""
    return {part.lower() for part in _NAME_PARTS.split(speaker) if len(part) >= 2}


def _vendors_turned_down(document: Document, passages: list[tuple[str, Sequence[Keyword]]],
                         placed: list[Frame]) -> None:
    """In a group chat of the buyer and several vendors, once a speaker chooses one of them by name ("最终选极算科技的
    方案", "we'll go with Lisa's offer"), what the other vendors said is not the offer: every speaker whose name
    shares no part with the chooser's or the chosen one's, and names a company beside the person (two parts), is
    turned down. ``placed`` is updated so."""
    speakers = _speakers(document, passages)
    names = {speaker: _name_parts(speaker) for speaker in speakers if speaker}
    if len(names) < CHAT_SPEAKERS_MIN:
        return
    chosen: str | None = None
    chooser: set[str] = set()
    for (text, _), speaker in zip(passages, speakers):
        lowered = text.lower()
        for other, parts in names.items():
            if speaker and other != speaker and not parts & names[speaker] and any(
                    _selected(part, lowered) for part in parts):
                chosen, chooser = other, names[speaker]
    if chosen is None:
        return
    kept = chooser | names[chosen]
    for index, speaker in enumerate(speakers):
        if speaker and len(names[speaker]) >= 2 and not names[speaker] & kept and placed[index].kind == "offer":
            placed[index] = replace(placed[index], kind="not-chosen")


def _replaced_versions(passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> None:
    """In a chat or ticket thread, a message that replaces whole earlier versions ("Rev C attached. This supersedes
    rev A and rev B in full.") sets aside every offer before it. ``placed`` is updated so."""
    opening = tuple(words("replaces_versions"))
    last = max((index for index, (_, tokens) in enumerate(passages) if any(
        t.type == "CORRECTION" and t.value.lower().startswith(opening) for t in tokens)), default=0)
    for index in range(last):
        if placed[index].kind == "offer":
            placed[index] = replace(placed[index], kind="superseded")


_REPLY_HEADER = regex(with_first_test(alternation("forum_post_header")), re.I)
FORUM_HEADER_WIDTH = 80
"""Longest line that can be a forum post's header (its author, votes and age)."""


def _forum_replies(passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> None:
    """In a forum thread (a post's header, "Posted by u/…", "1楼", and a reply's below it), the replies from the
    second header on offer nothing: others' advice, numbers and other providers; but a later post by the first
    post's author ("u/halvard_ops (OP)", 楼主) is the offer's again. Where the provider's staff answer ("u/name
    [Kestrel Cloud staff]"), only their posts offer, each provider's an option of its own. ``placed`` is updated
    so."""
    headers = [(index, author) for index, (text, _) in enumerate(passages)
               if (author := _forum_header(text)) is not None]
    if len(headers) < 2:
        return
    ends = [index for index, _ in headers[1:]] + [len(placed)]  # each post runs up to the next header
    staff = {author for index, author in headers if _STAFF.search(passages[index][0], 0, FORUM_HEADER_WIDTH)}
    if staff:  # the provider's staff answer a buyer's thread: their posts are the offer, no one else's; the staff
        for (start, author), end in zip(headers, ends):  # of several providers offer an option each
            for index in range(start, end):
                if author not in staff:
                    placed[index] = Frame(kind="quoted")
                elif len(staff) > 1 and placed[index].kind == "offer":
                    placed[index] = replace(placed[index], option=author)
        return
    poster = headers[0][1]
    for (start, author), end in zip(headers[1:], ends[1:]):
        if poster and author == poster or _ORIGINAL_POSTER.search(passages[start][0], 0, FORUM_HEADER_WIDTH):
            continue
        for index in range(start, end):
            placed[index] = Frame(kind="quoted")


_OFFER_SECTION = regex(with_first_test(alternation("offer_section_heading")), re.I)


def _before_offer_section(passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> None:
    """Where a heading says its section is the offer ("## 四、本期报价（本节为要约）") after an article's commentary on
    others' offers, nothing before that heading is offered. ``placed`` is updated so."""
    section = next((index for index, (text, _) in enumerate(passages) if len(text) <= HEADING_MAX
                    and _OFFER_SECTION.search(text) and heading_level(text) is not None), 0)
    for index in range(section):
        if placed[index].kind == "offer":
            placed[index] = Frame(kind=ASKED)


_REJECTED_ROW = regex(rf"[\s*]*(?:{alternation('rejected_row')})(?![A-Za-z])", re.I)
_REJECTED_WORD = regex(with_first_test(alternation("rejected_row")), re.I)


def _rejected_rows(document: Document, passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> None:
    """A comparison table's row whose verdict cell turns it down ("| 云栈 | 1 × 100G 共享端口 | 否决：不可用 |") offers
    nothing. ``placed`` is updated so."""
    for index, (passage, (text, _)) in enumerate(zip(document.passages, passages)):
        if passage.kind == "table-row" and _REJECTED_WORD.search(text) \
                and any(_REJECTED_ROW.match(cell) for cell in row_cells(text)[1:]):
            placed[index] = Frame(kind="not-chosen")


_LISTING_NUMBER = regex(r"#\d{2,}")
"""A listing's or a quote's number ("Listing #4471")."""
_VOIDS_LISTING = regex(rf"(#\d{{2,}})[^.;。；\n]{{0,12}}?(?:{alternation('voided_here')})", re.I)
"""A listing voided by its number ("#4471 is VOID, ignore it")."""


def _voided_listings(passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> None:
    """A listing that a later message voids by its number ("#4471 is VOID, ignore it completely") offers nothing:
    the passage that names it and those after it, up to the next chat message. ``placed`` is updated so."""
    voided = {match.group(1) for text, _ in passages if "#" in text
              for match in _VOIDS_LISTING.finditer(text)}
    if not voided:
        return
    inside = False
    for index, (text, _) in enumerate(passages):
        opens_message = _chat_message(text) is not None
        named = "#" in text and not _VOIDS_LISTING.search(text) \
            and any(match.group() in voided for match in _LISTING_NUMBER.finditer(text))
        inside = named or inside and not opens_message
        if inside:
            placed[index] = Frame(kind="superseded")


_MARGIN_COMMENT = regex(rf"[\s>*\-]*(?:{alternation('margin_comment')})")


def _margin_comments(passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> None:
    """A reviewer's comment shown in a document's text ("Comment [JS2]: please revert to Provider tuning") offers
    nothing. ``placed`` is updated so."""
    for index, (text, _) in enumerate(passages):
        if _MARGIN_COMMENT.match(text):
            placed[index] = Frame(kind="quoted")


FORUM_HEADER_LEAD = 4
"""Characters before a header's mark when the header is joined to its post's first line ("**u/name** · 9 points ·
2 days ago SXM or PCIe? …")."""
_ORIGINAL_POSTER = regex(alternation("forum_original_poster"))
_STAFF = regex(alternation("forum_staff"))


def _forum_header(text: str) -> str | None:
    """The handle a forum post's header names ("u/halvard_ops", "@mara-okafor"), "" for a header with none ("3楼",
    "▲ 41"), or None when the passage is no header: a short one with a header mark, or one that opens with the
    mark."""
    found = _REPLY_HEADER.search(text, 0, FORUM_HEADER_WIDTH)
    if found is None or len(text) > FORUM_HEADER_WIDTH and found.start() > FORUM_HEADER_LEAD:
        return None
    handles = [m.group() for m in _REPLY_HEADER.finditer(text, 0, FORUM_HEADER_WIDTH)
               if "/" in m.group() or m.group()[:1] == "@"]  # "u/halvard_ops", "@mara-okafor"
    return handles[0] if handles else ""


BUYER_QUESTIONS = 3
"""Fewest questions a chat's speaker asks to be told apart as the buyer."""
_HEADER_TIME = regex(rf"{CHAT_TIME}\s*$")


_BUYER_ROLE = regex(rf"(?:{alternation('buyer_role')})", re.I)
_VENDOR_ROLE = regex(rf"(?:{alternation('vendor_role')})", re.I)
ROLE_LABEL_REACH = 28
"""Characters at the start of a turn where its speaker label's colon stands."""
TRANSCRIPT_TURNS = 3
"""Fewest turns each side's speaker label must open for a document to be a transcript of the two."""


def _buyer_turns(passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> None:
    """In a transcript whose turns open with the speaker's side ("客户：…" / "厂商技术：…", "Customer: …" / "Vendor
    SE: …") and where the buyer asks, the buyer's turns offer nothing: its needs and wishes ("我们理想的配置是每张卡
    一张 400G IB 网卡"). (A list of each party's duties, "甲方：负责…", asks nothing.) ``placed`` is updated so."""
    sides: list[str | None] = []
    asked = timed = 0
    for text, _ in passages:
        time = _CHAT_MESSAGE.match(text)  # "[00:01:24] 客户：…": a recording's time before the label
        start = time.end() if time else 0
        label = (_LABEL.match(text[start:] if start else text) if ":" in text[start:start + ROLE_LABEL_REACH]
                 else None)
        role = label.group(1) if label else ""
        sides.append("vendor" if _VENDOR_ROLE.search(role) else "buyer" if _BUYER_ROLE.search(role) else None)
        asked += sides[-1] == "buyer" and _QUESTION_MARK.search(text) is not None
        timed += sides[-1] is not None and time is not None
    if sides.count("buyer") < TRANSCRIPT_TURNS or sides.count("vendor") < TRANSCRIPT_TURNS \
            or not asked and timed < 2 * TRANSCRIPT_TURNS:  # (speech transcribed may hold no question marks)
        return
    for index, side in enumerate(sides):
        if side == "buyer" and placed[index].kind == "offer" and not placed[index].confirmed:
            placed[index] = Frame(kind=ASKED)


def _buyer_messages(document: Document, passages: list[tuple[str, Sequence[Keyword]]], turns: dict[int, int | None],
                    placed: list[Frame]) -> None:
    """In a chat between a buyer and a vendor, the buyer's messages offer nothing: its questions, its needs and
    its own stories ("we got burned last year with PCIe cards"). The buyer is the one speaker who asks at least
    BUYER_QUESTIONS questions and twice as many as anyone else, while another speaker names a price (it may repeat
    it); or a team of two or more who each ask that many and name no price, while the others ask less than half
    as much. A question of the buyer's that the vendor answers yes to is still offered (_answer_questions).
    ``turns`` holds where each message's time ends, by its opening passage (None: a heading, which ends the last
    message). ``placed`` is updated so."""
    speakers: list[str | None] = []
    questions: dict[str, int] = {}
    prices: dict[str, int] = {}
    speaker: str | None = None
    on_header_lines: list[str | None] = []  # "[14:05] Priya Nair" over the message's first line (found when needed)
    for index, (text, tokens) in enumerate(passages):
        own = 0  # where the message's own words start in the passage
        if index in turns:
            message = turns[index]
            header = _speaker(text, message) if message is not None else None
            speaker, own = header if header else (None, 0)
            if message is not None and not speaker:
                on_header_lines = on_header_lines or _speakers(document, passages)
                if named := on_header_lines[index]:
                    speaker, own = named.casefold(), message + len(named)
        if speaker is not None:  # a message's lines below its time and speaker ask too ("王工 10:11" / "是SXM的吗？")
            questions[speaker] = questions.get(speaker, 0) + bool(_QUESTION_MARK.search(text, own))
            prices[speaker] = prices.get(speaker, 0) + sum(t.type == "MONEY" for t in tokens)
        speakers.append(speaker)
    for index, name in enumerate(speakers):
        if name and _BOT_SPEAKER.search(name):  # "云栈算力（自动回复）": a program's canned text
            placed[index] = Frame(kind="quoted")
    if len(questions) < 2:
        return
    by_role = {name for name in questions if _BUYER_ROLE.match(name)}  # "客户（张工）", "Customer (Ana)"
    if by_role and len(by_role) < len(questions):
        _quote_messages(speakers, by_role, placed)
        return
    buyer, asked = max(questions.items(), key=lambda item: item[1])
    others = [count for name, count in questions.items() if name != buyer]
    most_prices = max(prices.values())
    if not most_prices:
        return
    if asked >= BUYER_QUESTIONS and asked >= 2 * max(others) and (prices[buyer] < most_prices or any(
            count for name, count in prices.items() if name != buyer)):  # (a buyer may repeat the vendor's price)
        buyers = {buyer}
    else:  # a buyer's team: each asks, none names a price, and the vendor's people ask less than half as much
        buyers = {name for name, count in questions.items() if count >= BUYER_QUESTIONS and not prices[name]}
        vendors = [count for name, count in questions.items() if name not in buyers]
        if len(buyers) < 2 or not vendors or 2 * max(vendors) > min(questions[name] for name in buyers):
            return
    _quote_messages(speakers, buyers, placed)


def _quote_messages(speakers: list[str | None], buyers: set[str], placed: list[Frame]) -> None:
    """The buyers' messages offer nothing: ``placed`` is updated so."""
    for index, name in enumerate(speakers):
        if name in buyers and placed[index].kind == "offer":
            placed[index] = Frame(kind="quoted")


_QUESTION_MARK = regex("[?？]")


_BOT_SPEAKER = regex(alternation("bot_speaker"), re.I)


def _speaker(text: str, message: int) -> tuple[str, int]:
    """The speaker of a chat message a passage opens ("[14:02] Daniel Ko: …", "maria  9:02 AM"), folded, and where
    the message's own words start, given where its time ends."""
    if _CHAT_MESSAGE.match(text) is None:  # the speaker first, the time after it, the words below
        time = _HEADER_TIME.search(text)
        return text[:time.start() if time else message].strip(" -–—|·").casefold(), message
    colon = _SPEAKER_END.search(text, message, message + _SPEAKER_WIDTH + 4)  # as answer_start finds it
    own = colon.end() if colon else message
    return text[message:own].strip(" :：").casefold(), own


def answer_start(text: str) -> int:
    """Where an answer's own words start: past a chat message's time and speaker ("[10:20] 王经理(算力云): 是的")."""
    message = _chat_message(text)
    if message is None:
        return 0
    colon = _SPEAKER_END.search(text, message, message + _SPEAKER_WIDTH + 4)
    return colon.end() if colon else message


_SPEAKER_END = regex(r"[:：]")


def asks_how_many_servers(tokens: Sequence[Keyword]) -> bool:
    """Whether a question's (or a lead-in's) keywords ask how many servers: a server word, and no other item a count
    could be of ("How many nodes?", "一共几台？", "Number of servers?"; not "How many GPUs per node?")."""
    types = {t.type for t in tokens}
    return bool(types & SERVER_WORDS) and not types & _OTHER_ITEMS_COUNTED


_OTHER_ITEMS_COUNTED = frozenset({"CARD_UNIT", "PER_NODE", "NIC", "NIC_MODEL", "PORT", "SWITCH"})


ITEM_REACH = 6
"""Lines above a quantity alone on its line ("数量：4") where the item it counts may be named, in one block."""
_GPU_COUNTED = frozenset({"TIMES", "CARD_UNIT"})


def _count_items(document: Document, passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> None:
    """A quantity alone on its line ("数量：4", "Qty: 16") counts the item the lines right above it describe, in the
    same block of lines ("GPU 服务器：8 × H100 SXM" / "数量：4"): when that is a GPU server (a GPU model with a
    server word, or with its count of GPUs), its keywords lead in to the quantity, which then counts servers.
    Another item's quantity, a blank line or another network's words end the search. ``placed`` is updated."""
    for index, (_, tokens) in enumerate(passages):
        if placed[index].kind != "offer" or placed[index].lead_in or not bare_quantity(tokens):
            continue
        for above in range(index - 1, max(-1, index - 1 - ITEM_REACH), -1):
            if placed[above].kind != "offer" or not _adjacent(document.passages[above], document.passages[above + 1]):
                break
            item = passages[above][1]
            types = {t.type for t in item}
            if "QUANTITY" in types or subject_of(item) in OTHER_NETWORKS:
                break
            if describes_gpu_server(item):
                placed[index] = replace(placed[index], lead_in=tuple(item))
                break


def describes_gpu_server(tokens: Sequence[Keyword]) -> bool:
    """Whether keywords describe a GPU server: a GPU model with a server word ("GPU 服务器 … H100") or with a
    count of GPUs ("8 × H100", "8卡 H800"; not "GPU 型号：H100", whose quantity counts the GPUs)."""
    types = [t.type for t in tokens]
    return "MODEL" in types and (not SERVER_WORDS.isdisjoint(types) or any(
        kind in COUNTS and after in _GPU_COUNTED for kind, after in zip(types, types[1:])))


def bare_quantity(tokens: Sequence[Keyword]) -> bool:
    """Whether a passage's keywords are a quantity word and a count, and nothing else ("Qty: 16")."""
    types = [t.type for t in tokens if t.type != "COLON"]
    return len(types) == 2 and types[0] == "QUANTITY" and types[1] in COUNTS


def _adjacent(first: Passage, second: Passage) -> bool:
    """Whether a passage's last line is right above the next one's first (no blank line between)."""
    return bool(first.segments and second.segments) and second.segments[0].line == first.segments[-1].line + 1


OWN_RUN = regex(alternation("own_run"), re.I)
"""A run the writer reports having done ("we ran", "Here's the tail of the run", 我们这边跑了)."""
OTHER_SYSTEM = regex(with_first_test(alternation("other_system")), re.I)
"""Words that put a sentence's figures on another system ("a different class of fabric", 之前有一家)."""


def _pastes_other_run(lead_in: str) -> bool:
    """Whether a lead-in ending in a colon pastes a run the writer did ("Here's the tail of our run:") or one of
    another system ("he ran it on a different provider last week:"): the output under it sets no test."""
    return lead_in.rstrip().endswith((":", "：")) and bool(OWN_RUN.search(lead_in) or OTHER_SYSTEM.search(lead_in))


def _bare_header(text: str, end: int) -> bool:
    """Whether a chat message's time (ending at ``end``) stands with only its speaker: its words are below."""
    rest = text[end:].strip()  # (a role in brackets after the name may hold a comma: "客户（张工，算法平台组）")
    return len(rest) <= _SPEAKER_WIDTH and not _SENTENCE_MARK.search(_IN_BRACKETS.sub("", rest))


_SENTENCE_MARK = regex(r"[，。？！,.?!；;]")
_IN_BRACKETS = regex(r"[(（][^()（）]*[)）]")


_THEMATIC_BREAK = regex(r"\s*(?:(?:-\s*){3,}|(?:\*\s*){3,}|(?:_\s*){3,})")


def _ruled_off(document: Document, index: int) -> bool:
    """Whether a thematic break ("---") stands between a passage and the one before it: it ends the section of a
    heading about the vendor ("## Roadmap"), so the block after it is not the vendor's description."""
    before, after = document.passages[index - 1].segments, document.passages[index].segments
    if not before or not after:
        return False
    return any(_THEMATIC_BREAK.fullmatch(document.lines[k].text) for k in range(before[-1].line + 1, after[0].line))


_DIFF_LINE = regex(r"@@ -\d|[-+ \\]")
"""A line of a unified diff's hunk: its header, a removed, added or unchanged line, or a backslash note."""
NESTED_KEY = regex(r'\s*[-*]?\s*"?([^\s":：{}\[\]|][^":：{}\[\]|]{0,40}?)"?\s*[:：]\s*[{\[]?\s*')
"""A key alone, or opening an object or a list: what the lines indented under it are about (the key itself)."""
KEY_ENDS = ":{["
"""What a key that opens a nested block ends with."""
NESTED_LEVEL = 10
"""The heading level of a nested key at column 0 (below every outline level): a key at column c is at
NESTED_LEVEL + c, so a deeper key nests in it."""


def _nests(document: Document, index: int) -> int | None:
    """The column of passage ``index`` when the passage after it starts further right (the lines under a key are
    indented), else None."""
    if index + 1 >= len(document.passages):
        return None
    line, column = document.passages[index].first_place()
    next_line, next_column = document.passages[index + 1].first_place()
    return column if next_line > line and next_column > column else None


def _inherited(stack: list[_Open]) -> tuple[str | None, str | None, bool]:
    """What the open headings give the passages under them: the innermost subject (the vendor's own story under
    any heading about it: "## 平台介绍" over "**Q：什么是卡间互联？**") and option, and whether any names optional
    add-ons (worked out when a heading opens, not for every passage)."""
    return (VENDOR if any(o.subject == VENDOR for o in stack) else next((o.subject for o in reversed(stack)
                                                                         if o.subject), None),
            next((o.option for o in reversed(stack) if o.option), None), any(o.optional for o in stack))


def _names_add_ons(text: str, tokens: Sequence[Keyword]) -> bool:
    """A heading about optional add-ons ("2. Optional add-ons", "可选增项"); one that mentions an option in
    brackets ("H100 × 4（可选 InfiniBand 组网）") is about the whole offer."""
    return any(t.type == "OPTIONAL" and text[:t.start].count("(") <= text[:t.start].count(")") for t in tokens)


def _marker_style(marker: str) -> str:
    """A list marker with its letters and numbers made alike: "(a)" and "(b)" are one list, "3." another."""
    return re.sub(r"\d+", "0", re.sub(r"[A-Za-z]+", "a", marker.strip()))


def _aside_items(lead_in: str) -> str:
    """What a lead-in makes the list under it: the writer's wishes of a vendor (ASKED: "我们希望 vendor 补充的："),
    what is left out of the offer (EXCLUDED_ITEMS: "The following are not included:"), or its offer ("")."""
    return ASKED if _WISH_LIST.search(lead_in) else EXCLUDED_ITEMS if _EXCLUSIONS.fullmatch(lead_in) else ""


def _lead_in(text: str, tokens: Sequence[Keyword]) -> tuple[Keyword, ...]:
    """A sentence that ends in a colon speaks for the list items under it: its keywords, else none."""
    return tuple(tokens) if text.rstrip().endswith((":", "：")) else ()


_LISTS_OPTIONS = regex(rf"(?<![A-Za-z])(?:{alternation('lists_options')})(?![A-Za-z])", re.I)
_SECTION_HEADING = regex(rf"(?<![A-Za-z])(?:{alternation('section_heading')})(?![A-Za-z])", re.I)
"""A heading that names a part of a page ("## Pricing", "## FAQ"), not an option, under "Instance types"."""
_HEADING_MARKS = regex(r"^[\W\d_]*")
_NAME_ENDS = regex(r"\s+[—–-]\s+|[:：｜|(（]")
HEADING_NAME_MAX = 24


def _heading_name(text: str) -> str | None:
    """The name a heading gives what is under it: its words before a dash, colon or bracket, without marks
    ("### Pro — one 8-GPU HGX node": "Pro"); None when that is empty or long."""
    stripped = text.strip().strip("*_").strip()
    stripped = _HEADING_MARKS.sub("", stripped, count=1)
    end = _NAME_ENDS.search(stripped)
    name = stripped[:end.start() if end else len(stripped)].strip(" *_")
    return name if 0 < len(name) <= HEADING_NAME_MAX else None


def _speaks_of_all(tokens: Sequence[Keyword]) -> bool:
    return any(t.type == "ALL_OPTIONS" for t in tokens)


_OPTION_BLOCK_MARK = regex(r"\s*(?:[:：｜|—–·(（\[【-]|$)")
OPTION_TITLE_WIDTH = 12
"""Most characters after an option's name on a line that titles the items under it ("🔴 旗舰款 8 卡整机")."""


def _opens_option_block(text: str, tokens: Sequence[Keyword]) -> bool:
    """Whether a line that starts with an option's name titles the lines under it ("方案一：", "🔴 旗舰款｜…"), not
    a sentence about that option ("方案B 另交付配置基线文档一份，验收时核对。")."""
    first = next(t for t in tokens if t.type == "OPTION_NAME")
    return bool(_OPTION_BLOCK_MARK.match(text, first.end)) or len(text[first.end:].strip()) <= OPTION_TITLE_WIDTH


def _label_names_option(text: str, tokens: Sequence[Keyword]) -> bool:
    """Whether a line starts with an option's name, after any list mark ("- 方案一：busbw ≥ 360 GB/s",
    "4. 方案B 的 spine 层另预留 32 个端口")."""
    first = next((t for t in tokens if t.type == "OPTION_NAME"), None)
    if first is None:
        return False
    lead = _LIST_ITEM.sub("", text[:first.start], count=1)
    return not re.search(r"[\w\u4e00-\u9fff]", re.sub(r"[-*+•·#>\s]", "", lead))


MERGED_HEADER_CELL = 32
"""Longest cell of a header's second row."""


def _merged_header(cells: list[str], below: str) -> list[str] | None:
    """A header in two rows, as a spreadsheet with merged cells is exported ("No. | RFQ Requirement | | Vendor
    Response | |" over " | Item | Requirement | Offered | Compliance |"): each column named by its lower cell, else by
    its upper one; None when the row below is no second row of the header (a cell with a figure, or no cell under
    a blank upper one)."""
    lower = row_cells(below)
    if len(lower) != len(cells) or any(len(cell) > MERGED_HEADER_CELL or any(ch.isdigit() for ch in cell)
                                       for cell in lower):
        return None
    if not any(not upper.strip() and cell.strip() for upper, cell in zip(cells[1:], lower[1:])):
        return None
    return [cell.strip() or upper.strip() for upper, cell in zip(cells, lower)]


def _table_header(cells: list[str], tokens: Sequence[Keyword], named: list[str], subject: str | None,
                  option: str | None, optional: bool) -> Frame:
    """The frame a table's first row gives its rows: plans named across an empty corner, else the columns a
    header names, else (a first row of data) only what the headings above give."""
    plans = () if named else _named_columns(cells)
    if plans:  # a plan the header turns down ("曜石云（不推荐）") is no option: its column is set aside
        turned_down = tuple(REJECTED if name and _REJECTED_COLUMN.search(name) else None for name in plans)
        return Frame(subject, option, tuple(c.strip() for c in cells),
                     tuple(None if down else name for name, down in zip(plans, turned_down)), turned_down,
                     optional=optional)
    compared = _compared_columns(cells)
    if compared:  # "|  | **Forgeline Cluster-64** | Typical hyperscaler 8-GPU instance |"
        return Frame(subject, option, tuple(c.strip() for c in cells), (), compared, optional=optional)
    if _is_header(tokens, CELL.join(cells)):
        return _header(cells, tokens, subject, option, optional)
    return Frame(subject, option, optional=optional)


PLAN_NAME_LENGTH = 24
"""Longest plan name a comparison table's header cell holds ("Pod-16", "企业版")."""
_NOT_PLANS = regex(alternation("not_plan_column"), re.I)
_COMPARISON_CORNER = regex(alternation("comparison_corner"), re.I)


def _plan_cards(names: list[str]) -> bool:
    """Whether a row's cells each name a plan under one brand, as a pricing page's cards side by side do ("KESTREL
    L8 | KESTREL H8 | KESTREL H8 CLUSTER"): three or more, all different, each the same first word (no word of the
    vocabulary) and more."""
    words = [name.split() for name in names]
    brand = words[0][0].lower() if words and words[0] else ""
    return len(names) >= 3 and len(set(names)) == len(names) and brand.isalpha() \
        and brand not in english_vocabulary() and all(
            1 < len(parts) and parts[0].lower() == brand and len(name) <= PLAN_NAME_LENGTH
            for name, parts in zip(names, words))


def _named_columns(cells: list[str]) -> tuple[str | None, ...]:
    """A header row whose top-left cell is empty, or says it compares ("| 比较项 | 云栈 | 极算 |"), names a plan in each
    other cell ("|  | Solo | Pod-4 | Pod-16 |"): each column is an option, named so; () for any other row (severity
    levels and scopes, "Per server", are no plans)."""
    names = [cell.strip().strip("*_ ").strip() for cell in cells]
    if _plan_cards(names):  # "| KESTREL L8 | KESTREL H8 POPULAR | KESTREL H8 CLUSTER |": a pricing page's cards
        return tuple(names)
    plans = names[1:]
    if len(names) < 3 or names[0] and not _COMPARISON_CORNER.fullmatch(names[0]) or len(set(plans)) < len(plans) or any(
            not name or len(name) > PLAN_NAME_LENGTH or not any(ch.isalpha() for ch in name)
            or _NOT_PLANS.fullmatch(name) for name in plans):
        return ()
    return (None, *plans)


def _compared_columns(cells: list[str]) -> tuple[str | None, ...]:
    """A header row across an empty corner that sets the offer against columns turned down or of competitors
    ("Typical hyperscaler instance", "友商"): REJECTED for those columns, None for the others; () for any other
    row."""
    if len(cells) < 3 or cells[0].strip():
        return ()
    subjects = tuple(REJECTED if _REJECTED_COLUMN.search(cell) else None for cell in cells)
    return subjects if REJECTED in subjects else ()


def _is_header(tokens: Sequence[Keyword], text: str) -> bool:
    """A table's first row names columns when it carries no number and no GPU model, but in brackets ("Renewal
    term (from 1 Sep 2024)")."""
    data = [t for t in tokens if t.type in _DATA]
    if not data:
        return True
    asides = [m.span() for m in _ASIDE_BRACKETS.finditer(text)]
    return all(any(start <= t.start and t.end <= end for start, end in asides) for t in data)


_ASIDE_BRACKETS = regex(r"\([^()]*\)|（[^（）]*）")


_DATA = frozenset({"NUMBER", "MODEL", "MONEY", "RATE_BITS", "BW_BYTES", "G_QTY", "MEM_GB", "PERCENT", "DURATION"})
GPU_MEMORY_COLUMN = "GPU_MEMORY"
"""A header type of a column whose header names the GPUs' own memory ("单卡显存", "GPU memory"): a size in
it is that memory, as one said beside such words is (no token type: the words only guard sizes)."""
_GPU_MEMORY_WORDS = regex(alternation("gpu_memory"), re.I)


def _header(cells: list[str], tokens: Sequence[Keyword], subject: str | None, option: str | None,
            optional: bool) -> Frame:
    """The frame of a table's rows from its header: column names, and the option and subject each names;
    its rows are optional under an optional heading or when a column is named for add-ons ("Add-on")."""
    options: list[str | None] = []
    subjects: list[str | None] = []
    types: list[frozenset[str]] = []
    text = CELL.join(cells)
    for start, end in cell_spans(text):
        inside = [t for t in tokens if start <= t.start < end]
        names = options_named(inside) or _tier_cell(text[start:end])
        options.append(names[0] if len({option_key(name) for name in names}) == 1 else None)
        subjects.append(ASKED if _ASKED_COLUMN.search(text, start, end)
                        else REJECTED if _REJECTED_COLUMN.search(text, start, end)
                        or _OLD_SIDE_CELL.fullmatch(text, start, end) else subject_of(inside))
        memory = {GPU_MEMORY_COLUMN} if _GPU_MEMORY_WORDS.search(text, start, end) else set()
        answers = _ANSWER_COLUMN.search(text, start, end)  # "Bidder's response": not a response time
        types.append(frozenset({t.type for t in inside if not (answers and t.type == "RESPONSE")} | memory))
    named = [o for o in options if o]
    return Frame(subject, option, tuple(c.strip() for c in cells), tuple(options) if len(set(named)) >= 2 else (),
                 tuple(subjects), column_types=tuple(types),
                 optional=optional or any("OPTIONAL" in column for column in types))


_TIER_CELL = regex(rf"[\W_]*((?:{alternation('tier_name')})(?:\s?(?:{alternation('tier_suffix')}))?)[\W_]*", re.I)


def _tier_cell(cell: str) -> list[str]:
    """A header cell that is a tier's name alone ("PRO", "Standard", "旗舰版"): the option its column holds."""
    found = _TIER_CELL.fullmatch(cell)
    return [found.group(1)] if found else []


_ZH_DIGITS = values("NUMBER_ZH")
_OPTION_KEY = regex(rf"(?<![A-Za-z])(?:[A-Za-z]|(?<!\d)\d+|[{''.join(_ZH_DIGITS)}])\s*$")
_LEADING_KEY = regex(r"\s*[A-Za-z](?=\s?[\u4e00-\u9fff])")
_BRACKETED_REMARK = regex(r"\s*[(（][^()（）]{1,24}[)）]\s*$")
"""A remark in brackets after an option's name ("Tier 2 (Standard)")."""
"""A letter that opens a name in Chinese ("A厂商", "B 供应商"): the key, as one that ends a name is."""


def _keyed(name: str) -> bool:
    """Whether an option's name holds a letter or number that tells it from the others ("方案A", "Option 2")."""
    return (_OPTION_KEY.search(name) or _LEADING_KEY.match(name)) is not None


_TIER_SUFFIX = regex(rf"\s*(?:{alternation('tier_suffix')})$", re.I)


def option_key(name: str) -> str:
    """What tells an option from the others: its letter or number, whatever the language ("Plan A" and "方案A",
    "Option 2" and "方案二" are one option); a tier's whole name ("Pro plan", 旗舰款)."""
    name = _BRACKETED_REMARK.sub("", name) or name  # "Tier 1 (Premium)" is Tier 1
    key = _OPTION_KEY.search(name) or _LEADING_KEY.match(name)
    if key is None:  # a tier's name, less a word every tier ends with ("Standard Cluster" is "Standard")
        return _TIER_SUFFIX.sub("", name) or name
    mark = key.group().strip()
    return str(int(mark)) if mark.isdigit() else str(_ZH_DIGITS[mark]) if mark in _ZH_DIGITS else mark.upper()


def _instance_options(passages: list[tuple[str, Sequence[Keyword]]],
                      loaded: tuple[Passage, ...]) -> tuple[str | None, dict[int, str]]:
    """A table of instance types (each row one GPU model): each row is an option named by its first cell (a row
    that names several models, "GPUs per server | 8 × L40S | 8 × A100 |", compares plans in columns).

    The chosen one is the row whose box is ticked ("[X] cx-h100-8p"), the row named again outside the table
    (an order that says which it takes), or the one row set in bold; None when the document does not say.
    """
    rows: dict[int, str] = {}
    ticked: list[str] = []
    for index, ((text, tokens), passage) in enumerate(zip(passages, loaded)):
        if passage.kind == "table-row" and len({t.value.upper() for t in tokens if t.type == "MODEL"}) == 1:
            first = row_cells(text)[0].strip()
            box = _BOX_START.match(first)
            name = first[box.end():].strip() if box else first
            if name and not re.fullmatch(r"[\d.#]+", name):
                rows[index] = name
                if box and _TICKED.search(box.group().strip()):
                    ticked.append(name)
    runs = _runs(sorted(rows))
    kept = {i: rows[i] for run in runs if len(run) >= 2 and len({rows[i] for i in run}) == len(run)
            and _distinct_models(run, passages) for i in run}
    if not kept:
        return None, {}
    outside = [text for i, (text, _) in enumerate(passages) if i not in kept]
    names = {re.sub(r"[*`]", "", name).strip(): name for name in kept.values()}
    seen: set[str] = set()  # the names cited outside the rows, and those a selection word takes there
    taken: set[str] = set()
    for piece in joined_pieces(outside, " ", overlapping=True):
        found = {bare for bare in names if len(bare) >= 3 and bare in piece}
        seen |= found
        taken |= {bare for bare in found if _selected(bare, piece)}
    cited = [name for bare, name in names.items() if bare in seen]
    if len(cited) > 1:  # a page may name several types again; the order says which it takes
        cited = [name for bare, name in names.items() if bare in taken] or cited
    bold = [name for name in kept.values() if name.startswith("**")]
    ticked = [name for name in ticked if name in kept.values()]
    chosen = ticked[0] if len(ticked) == 1 else cited[0] if len(cited) == 1 else bold[0] if len(bold) == 1 else None
    return chosen, kept


_SELECTION = regex(rf"(?:{alternation('selection_word')})\W{{0,4}}$", re.I)
SELECTION_REACH = 20
"""Characters before an instance type's or option's name where a selection word takes it ("Selected: ",
"已选机型：")."""
_RECOMMENDED = regex(rf"(?:{alternation('recommend_word')})\W{{0,2}}(?:{alternation('selection_word')})", re.I)
_ASKED = regex(alternation("asked_after"))


def chosen_option(passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> str | None:
    """The option (方案B, Option 2) the buyer says it takes ("我们定 方案B", "we'll go with Option B"), the
    latest said; None when no one chooses. Advice ("建议选择方案B") and questions choose nothing.

    What the choice and the rest of its section say without naming an option ("确认选择方案B（4 台 H800）",
    "数量 | 4 台" under it) is the chosen option's: ``placed`` is updated so. When headings, lines or columns name
    options, a name that is none of theirs chooses nothing ("满意再下单旗舰版" where the packages are 套餐一…三)."""
    chosen, at = None, -1
    known = {option_key(name) for frame in placed for name in (frame.option, *frame.column_options) if name}
    columns = sorted({name for frame in placed for name in frame.column_options  # a tier's name alone
                      if name and not _OPTION_KEY.search(name)})
    aliases = _heading_aliases(passages, placed)
    for index, ((text, tokens), frame) in enumerate(zip(passages, placed)):
        if frame.kind != "offer":
            continue
        named = [t for t in tokens if t.type == "OPTION_NAME"]
        boxes = [_box_before(text, t.start) for t in named]
        ticked = [t for t, box in zip(named, boxes) if box]
        taken = options_named(ticked or [t for t, box in zip(named, boxes)
                                         if box is None and _takes(text, t.start, t.end)])
        taken = taken or [name for name in columns if _selected_name(name, text)]  # "Selected: PRO x 4 nodes"
        taken = taken or [option for name, option in aliases.items() if _alias_taken(name, text)]  # "选 北辰智算"
        if len(taken) == 1 and (not known or option_key(taken[0]) in known):
            chosen, at = taken[0], index
    if chosen is None:
        return None
    for index in range(at, len(placed)):  # the choice ("选择方案B（4 台 H800）") and after it
        if index > at and heading_level(passages[index][0]) is not None:
            break
        if placed[index].option is None and not placed[index].column_options:
            placed[index] = replace(placed[index], option=chosen)
    return chosen


def _heading_aliases(passages: list[tuple[str, Sequence[Keyword]]], placed: list[Frame]) -> dict[str, str]:
    """The other names an option's heading gives it, each to the option ("二、北辰智算（供应商 B）": 北辰智算 is
    供应商B): a run of ideographs or of capitalised words that holds no vocabulary. A name two options' headings
    give is neither's."""
    aliases: dict[str, str | None] = {}
    for (text, tokens), frame in zip(passages, placed):
        if frame.option is None or sum(t.type == "OPTION_NAME" for t in tokens) != 1 or heading_level(text) is None:
            continue
        for match in _NAME_RUN.finditer(text):
            if not any(t.start < match.end() and match.start() < t.end for t in tokens):
                name = match.group()
                aliases[name] = frame.option if aliases.get(name, frame.option) == frame.option else None
    return {name: option for name, option in sorted(aliases.items()) if option is not None}


_NAME_RUN = regex(r"[\u4e00-\u9fff]{2,12}|(?<![A-Za-z])[A-Z][A-Za-z0-9&-]+(?: [A-Z][A-Za-z0-9&-]+)*")
"""A name in a heading: ideographs, or capitalised words ("Northwind Cloud")."""


_TICKED = regex(rf"(?:{alternation('ticked_box')})\s*$")
_BOX_START = regex(rf"(?:{alternation('ticked_box')}|{alternation('unticked_box')})\s*")
_UNTICKED = regex(rf"(?:{alternation('unticked_box')})\s*$")
BOX_REACH = 6
"""Characters before an option's name where its tick box stands."""


def _box_before(text: str, start: int) -> bool | None:
    """Whether a ticked (True) or an empty (False) box stands right before an option's name; None: no box."""
    before = text[max(0, start - BOX_REACH):start]
    return True if _TICKED.search(before) else False if _UNTICKED.search(before) else None


def _takes(text: str, start: int, end: int) -> bool:
    """Whether a selection word takes the option named at ``text[start:end]`` (not as advice, not in a question,
    not one of alternatives still open: "确认方案一或方案二")."""
    before = text[max(0, start - SELECTION_REACH):start]
    return _selection_before(text, start) and not _RECOMMENDED.search(before) \
        and not _ASKED.search(text, end, end + SELECTION_REACH) and not _ALTERNATIVE.match(text, end)


_ALTERNATIVE = regex(rf"\s*(?:{alternation('place_choice')})(?![A-Za-z])", re.I)


def _cited_at(name: str, text: str) -> Iterator[int]:
    """Where ``name`` stands in ``text``, each place."""
    start = text.find(name)
    while start >= 0:
        yield start
        start = text.find(name, start + 1)


def _selected(name: str, text: str) -> bool:
    """Whether ``name`` is cited in ``text`` right after a selection word."""
    return any(_selection_before(text, start) for start in _cited_at(name, text))


def _alias_taken(name: str, text: str) -> bool:
    """Whether another name of an option, from its heading, is taken in ``text`` ("结论：选 **北辰智算**"; not
    "建议选择北辰智算", "选北辰智算还是云启？")."""
    return any(_takes(text, start, start + len(name)) for start in _cited_at(name, text))


def _selected_name(name: str, text: str) -> bool:
    """Whether a column's option name (a tier's: "PRO") is cited in ``text`` as a word, right after a selection
    word."""
    found = re.search(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", text, re.I)  # a name from the document
    return found is not None and _selection_before(text, found.start())


def _selection_before(text: str, start: int) -> bool:
    """Whether a selection word ends right before ``text[start:]`` ("Selected: ", "我们定 ")."""
    return _SELECTION.search(text, max(0, start - SELECTION_REACH), start) is not None


def _runs(indices: list[int]) -> list[list[int]]:
    """Consecutive passage indices grouped (one table's rows)."""
    runs: list[list[int]] = []
    for index in indices:
        if runs and runs[-1][-1] == index - 1:
            runs[-1].append(index)
        else:
            runs.append([index])
    return runs


def _distinct_models(run: list[int], passages: list[tuple[str, Sequence[Keyword]]]) -> bool:
    """Whether the rows name more than one GPU model or form factor (a catalogue, not one server's parts)."""
    specs = {(tuple(sorted({t.value.upper() for t in passages[i][1] if t.type == "MODEL"})),
              any(t.type == "PCIE" for t in passages[i][1])) for i in run}
    return len(specs) >= 2
