"""Reading operations, service levels and commercial terms: tuning, SLA times, backups, prices (acceptance
is read by :mod:`slacheck.extract.acceptance`)."""

from __future__ import annotations

import re
from typing import Callable, Iterable

from slacheck.extract.acceptance import pass_threshold
from slacheck.extract.context import (
    DENIED_AFTER,
    FABRIC_WORDS,
    NETWORK_WORDS,
    NOT_STATED,
    RUN_IN_HEADING_WORDS,
    Context,
    Handler,
    PhraseHandler,
    Said,
    Span,
    absent,
    as_number,
    flag,
    in_brackets,
    leaves,
    names_the_fabric,
    negated,
    number_in,
    protocol_of,
    sentence_text,
    span_of,
)
from slacheck.extract.lexer import Keyword
from slacheck.extract.lexicon import alternation, meaning, values, words
from slacheck.extract.numerals import NUMERALS
from slacheck.extract.parser import Phrase
from slacheck.extract.structure import DUTIES, label_end, row_cells
from slacheck.regexes import regex

_HEDGED_PRICE = regex(alternation("hedge_price"), re.I)
_BUTTON_MARKS = " \t[]()<>→›»>*#|"
"""What may frame a link or a button's words on a web page ("[Contact sales →]")."""


def _hedge(token: Keyword, context: Context) -> list[Said]:
    """A hedged price, or a network add-on offered with no price ("InfiniBand is an optional add-on, on request"); a
    hedge word that is its whole passage is a link or a button ("Contact sales"). In a table, a hedge word under a
    price column hedges that price ("| 三年预留 | 联系销售 |"), and one in an add-on's row prices that add-on
    ("| 计算网络（选配） | InfiniBand NDR | 以咨询为准 |")."""
    sentence = context.sentence_types(token.start)
    price_like = _HEDGED_PRICE.search(token.value) is not None \
        or bool(context.header_types(token.start) & {"PRICE_WORD", "MONEY"})
    if sentence <= {"HEDGE", "PRICE_WORD"}:  # a hedge alone speaks of the sentence before: "… USD 21,608/month.
        # 这个是预估", "IB is available as an upgrade. Contact us for a quote.", "… Price on request."
        sentence = sentence | {t.type for t in context.in_sentence(token.start, before=1)}
    add_on = _network_add_on(sentence | context.line_types(token.start), context)  # "IB add-on, on request": a
    # network add-on with no price of its own ("NVLink bridges on request" hedges no price)
    if not (price_like or add_on or sentence & {"PRICE_WORD", "MONEY"}) \
            or context.text.strip(_BUTTON_MARKS) == token.value:
        return []
    said = [Said("commercial.price_hedged", True, [span_of(token)], hedged=True)]
    index = context.sentence(token.start)  # "IB is an optional upgrade; pricing on request": one sentence
    if index and _goes_on(context.sentence_at(context.sentence_starts[index - 1])):
        sentence = sentence | {t.type for t in context.in_sentence(token.start, before=1)}
    if _network_add_on(sentence | context.line_types(token.start), context):
        said.append(Said("commercial.addon_on_request", True, [span_of(token)], hedged=True))
    elif sentence & FABRIC_WORDS or names_the_fabric(context.lead_in):
        said.append(Said("commercial.fabric_price_hedged", True, [span_of(token)], hedged=True))  # "RDMA 网络价格
        # 以咨询为准", "2.2 Inter-node compute fabric:" over "2.2.f Price: on request"
    return said


def _network_add_on(types: set[str], context: Context) -> bool:
    """Whether words of these types (a sentence's, or a table row's) offer a network as an add-on, or do so under a
    heading of add-ons; "the fabric add-on" offers the InfiniBand or RoCE its passage names."""
    return ("OPTIONAL" in types or context.optional) and bool(
        types & FABRIC_WORDS or "INTERNAL" in types and any(protocol_of(t) for t in context.keywords))


def _priced_apart(token: Keyword, context: Context) -> list[Said]:
    """A network add-on "priced separately" (价格另计, at additional cost) with no price in its sentence: its price is
    as open as one "on request"."""
    if meaning("OPTIONAL", token.value) != "priced apart":
        return []
    sentence = context.sentence_types(token.start)
    if sentence & {"MONEY", "PRICE_UNIT"} or not sentence & FABRIC_WORDS:
        return []
    return [Said("commercial.price_hedged", True, [span_of(token)], hedged=True),
            Said("commercial.addon_on_request", True, [span_of(token)], hedged=True)]


def _goes_on(sentence: str) -> bool:
    """Whether a sentence ends in a semicolon: the next one goes on with it ("IB is an optional upgrade; pricing
    on request", "... DCQCN enabled; our network team owns these settings")."""
    return sentence.rstrip().endswith((";", "；"))


def _minutes(token: Keyword) -> float | None:
    """A DURATION token in minutes (NEXT_DAY: one day)."""
    if token.type == "NEXT_DAY":
        return 1440.0
    value = as_number(token)
    unit = token.value.lower()
    factor = next((f for name, f in values("DURATION").items() if name in unit), None)
    return value * factor if value is not None and factor else None


_BLANK_CELL = regex(rf"[\s\d.\-—–/*]*(?:(?:{alternation('not_applicable_cell')})[\s*]*)?", re.I)
"""A cell that says nothing: empty, a dash, a row's number, "n/a" or 不适用 (another plan's)."""


def _next_cell(token: Keyword, context: Context) -> tuple[int, int] | None:
    """The span of the table cell after the token's."""
    cells = context.cells()
    at = next((i for i, (start, end) in enumerate(cells) if start <= token.start < end), len(cells))
    return cells[at + 1] if at + 1 < len(cells) else None


def cell_owner(cell: Span, context: Context) -> tuple[str, Span] | None:
    """The party a table cell names as the one who does its row's duty, and where: the parties of the first clause
    that names one and a duty, else of the first that names one ("… is Customer's responsibility; Provider grants
    Customer read-write access", "由租户自行配置，供应商仅开放只读账号" and "乙方交付基线文档，PFC/ECN 由甲方自行配置"
    are the customer's), or the provider by the name the document gives it ("| Congestion | Diagnosed by the Lumora
    NOC |")."""
    start, end = cell
    tokens = context.keywords_in(start, end)
    parties = [t for t in tokens if t.type in ("PROVIDER", "CUSTOMER")
               and not _for_whom(t, context) and not _looks_on(t, context)]
    if parties:
        with_duties = {context.clause(t.start) for t in tokens if t.type in DUTIES}
        clause = next((context.clause(t.start) for t in parties if context.clause(t.start) in with_duties),
                      context.clause(parties[0].start))
        owners = [t for t in parties if context.clause(t.start) == clause]
        party = _party(owners)
        if party is not None:
            return party, span_of(owners[0])
    return ("provider", cell) if context.names_provider(context.text[start:end]) else None


def _duty_and_owner(row: str) -> bool:
    """Whether a table row holds two cells that say something, the rest blank ("6 | 无损网络配置 PFC/ECN | — | — |
    乙方负责"): a duty and who does it."""
    return sum(not _BLANK_CELL.fullmatch(cell) for cell in row_cells(row)) == 2


def _party(tokens: Iterable[Keyword]) -> str | None:
    """provider / customer / shared from the parties named among ``tokens``."""
    types = {t.type for t in tokens}
    if {"PROVIDER", "CUSTOMER"} <= types:
        return "shared"
    return "provider" if "PROVIDER" in types else "customer" if "CUSTOMER" in types else None


_TRACK_RECORD = regex(alternation("track_record"), re.I)


def _percent(token: Keyword, context: Context) -> list[Said]:
    """Availability (in a clause that names it) or an acceptance threshold as a share of line rate."""
    value = as_number(token)
    if value is None:
        return []
    clause = context.clause_types(token.start)
    sentence = context.line_types(token.start)  # a table row's cells say it together ("| Availability | 99.9% |")
    if "AVAILABILITY" in clause or ("AVAILABILITY" in sentence and "CREDIT" not in clause) \
            or _answers_availability(token, context) or context.header_types(token.start) == {"AVAILABILITY"}:
        multiplied = context.text[max(0, token.start - 3):token.start].strip().endswith(("×", "x"))
        if _TRACK_RECORD.search(sentence_text(token, context)):
            return []  # "an industry-leading 99.99% uptime record across our fleet": the past, not a promise
        if _CEILING_BEFORE.search(context.text, max(0, token.start - CEILING_REACH), token.start):
            return []  # "平台可用性最高可达 99.99%": a ceiling advertised, not a commitment
        if 50 <= value < 100 and not multiplied:
            return [Said("sla.availability_pct", value, [span_of(token)])]
        return []
    return pass_threshold(token, context)


_CEILING_BEFORE = regex(rf"(?:{alternation('ceiling_before')})\s?$", re.I)
CEILING_REACH = 8
"""Characters before a figure where the words that make it a ceiling stand."""
_ONE_WORD_LABEL = regex(r"\s*[^\s:：]{1,12}\s*[:：]\s*")
"""A one-word label that opens an answer ("Response:", "答："): the figure after it is the answer."""


def _answers_availability(token: Keyword, context: Context) -> bool:
    """Whether a figure answers what was said of availability just before it: the question in the sentence before
    ("What's the uptime SLA? 99.9% monthly") or a run-in heading ("S3 Availability. 99.5% per month"), or, in the
    passage's first sentence, the question or lead-in over
    the passage ("> 10. Availability and credits?" / "[RO] 99.5% monthly."; "Availability targets:" / "- 99.9%")."""
    index = context.sentence(token.start)
    if not index:
        return "CREDIT" not in context.clause_types(token.start) \
            and any(t.type == "AVAILABILITY" for t in context.lead_in)
    start = context.sentence_starts[index]
    clause_start = context.clause_starts[context.clause(token.start)]
    if clause_start != context.clause_starts[context.clause(start)] \
            and not _ONE_WORD_LABEL.fullmatch(context.text, start, clause_start):  # "Response: 99.5% per month"
        return False
    before = context.sentence_starts[index - 1]
    run_in = context.run_in_end() == context.sentence_starts[index]  # "8. Availability. 99.9% monthly"
    return (context.in_question(before) or run_in) and "AVAILABILITY" in context.sentence_types(before)


_PROVIDER_TEAM = regex(alternation("provider_team"))


def _doer(token: Keyword, context: Context) -> str | None:
    """The party that does the duty a token names: the one named before it in its clause, or after it there unless
    it only helps ("交换机由我方提供，PFC/ECN 调优由客户负责": the customer), or before it in its sentence ("Lessee
    configures PFC ... on the portal Lessor provides"; both: shared), else the one that leads in a list of
    duties ("Lessee shall: (b) configure PFC ..."; its first party), else any named in its clause or sentence."""
    clause = [t for t in context.in_clause(token.start) if not _for_whom(t, context) and not _looks_on(t, context)]
    sentence = [t for t in context.in_sentence(token.start) if not _for_whom(t, context) and not _looks_on(t, context)]
    return _party(t for t in clause if t.end <= token.start) \
        or _party(t for t in clause if t.start >= token.end and not _ASSISTING.search(context.clause_at(t.start))) \
        or _party(t for t in sentence if t.end <= token.start) or _subject(context.lead_in) or _party(clause) \
        or _party(_owning(sentence, context))


_VIEW_ONLY = regex(rf"\W*(?:{alternation('view_only')})", re.I)
_FOR_WHOM = regex(rf"(?<![A-Za-z])(?:{alternation('party_as_reference')})\s*(?:the )?$", re.I)
FOR_WHOM_REACH = 24
"""Characters before a party where the words that make it what a duty is done for stand."""


VIEW_ONLY_REACH = 12
"""Characters between a party and the words that give it sight only ("Customer: read-only UFM dashboard")."""


def _looks_on(token: Keyword, context: Context) -> bool:
    """Whether a party is only given sight of the fabric's tools right after it, not a duty."""
    return token.type in ("PROVIDER", "CUSTOMER") \
        and _VIEW_ONLY.match(context.text, token.end, token.end + VIEW_ONLY_REACH) is not None


def _for_whom(token: Keyword, context: Context) -> bool:
    """Whether a party is what a duty is done for ("根据甲方业务负载", "for the Customer"), not who does it."""
    return token.type in ("PROVIDER", "CUSTOMER") \
        and _FOR_WHOM.search(context.text, max(0, token.start - FOR_WHOM_REACH), token.start) is not None


_ASSISTING = regex(alternation("assisting"), re.I)


def _owning(tokens: list[Keyword], context: Context) -> list[Keyword]:
    """The tokens less the parties of clauses that only help ("由乙方负责处理，甲方予以配合": the provider's),
    unless that leaves no party."""
    kept = [t for t in tokens if t.type not in ("PROVIDER", "CUSTOMER") or not _ASSISTING.search(
        context.clause_at(t.start))]
    return kept if any(t.type in ("PROVIDER", "CUSTOMER") for t in kept) else tokens


def answered_duties(context: Context) -> list[Said]:
    """The fabric duties a question asked who does ("PFC / ECN 这些谁来调？"), taken up by an answer that refers
    back to them in a sentence that names no such duty itself ("这个一般是客户自己调。丢包我们排查。"): the party its
    first party clause names, or the provider when the answer names no party but the provider's own team
    ("A: Helios network NOC, 24x7")."""
    asked = {t.type for t in context.lead_in} & DUTIES.keys()
    first = next((t for t in context.keywords if t.type in ("PROVIDER", "CUSTOMER")), None)
    if not asked or _party(context.lead_in):
        return []
    duties = [t for t in context.keywords if t.type in DUTIES and not _COUNTED.match(context.text, t.end)]
    if first is None and not duties:  # "A: Helios network NOC, 24x7, from UFM telemetry": the provider's own team
        team = _PROVIDER_TEAM.search(context.text)
        named = team or context.names_provider(context.text)
        span = team.span() if team else (0, len(context.text))
        return [Said(DUTIES[kind], "provider", [span]) for kind in sorted(asked)] if named else []
    if first is None or any(t.type in DUTIES for t in context.in_sentence(first.start)):
        return []
    party = _party(_owning(context.in_clause(first.start), context))
    return [Said(DUTIES[kind], party, [span_of(first)]) for kind in sorted(asked)] if party else []


def _subject(tokens: Iterable[Keyword]) -> str | None:
    """The first party named ("乙方应向甲方提交以下资料：" is the provider's list)."""
    first = next((t for t in tokens if t.type in ("PROVIDER", "CUSTOMER")), None)
    return _party([first]) if first else None


def _labels_a_baseline(token: Keyword, context: Context) -> bool:
    """Whether a duty word is in its line's label and the party the value names first delivers a baseline in that
    clause ("PFC/ECN：乙方交付时提供配置基线文档"), with no duty word of its own."""
    end = label_end(context.text)
    if not end or token.end > end:
        return False
    party = next((t for t in context.keywords if t.start >= end and t.type in ("PROVIDER", "CUSTOMER")), None)
    clause = {t.type for t in context.in_clause(party.start) if t.start >= end} if party is not None else set()
    return "BASELINE" in clause and "TUNING" not in clause


def _owner(path: str) -> Callable[[Keyword, Context], list[Said]]:
    """Who configures (TUNING) or troubleshoots (TROUBLESHOOT) the fabric: the party named in the sentence (not
    when the word only lists what a delivered baseline holds: "a baseline (PFC priority, ECN thresholds)", or
    comes after the baseline in its sentence)."""
    def handler(token: Keyword, context: Context) -> list[Said]:
        if "BASELINE" in context.sentence_types(token.start) and any(
                t.type == "BASELINE" and t.end <= token.start for t in context.in_sentence(token.start)):
            return []  # what a baseline holds: "提交《配置基线》，内容包括 PFC/ECN 配置"
        if _labels_a_baseline(token, context):
            return []  # "PFC/ECN：乙方交付时提供配置基线文档": who delivers the baseline, not who tunes
        if path == "tuning.owner" and _COUNTED.match(context.text, token.end):
            return []  # "the NOC monitors PFC pause frames, ECN marks": watching counters configures nothing
        if path == "tuning.owner" and "RESTORE" in context.clause_types(token.start):
            return []  # "更换后由乙方恢复该节点的 RoCE 网络配置": a replaced node's settings put back, not who tunes
        if path == "tuning.owner" and _equipment_feature(token, context):
            return _configured_after(token, context)  # "交换机及网卡均支持 PFC、ECN": what the hardware can do, not
            # who sets it up, unless a later clause says ("…，由采购人网络管理员自行配置")
        sentence = context.sentence_types(token.start)
        if path == "tuning.troubleshooting" and not sentence & NETWORK_WORDS and ("REPLACE" in sentence or all(
                meaning("TROUBLESHOOT", t.value) == "verb" for t in context.in_sentence(token.start)
                if t.type == "TROUBLESHOOT")):
            return []  # "replace a failed node … after diagnosis", "驱动问题我们会协助排查": not the fabric
        if negated(token, context):
            return []  # "The Provider is not responsible for PFC/ECN tuning": who does it is said elsewhere, if at all
        party = _doer(token, context)
        if party is None and context.table_row and _duty_and_owner(context.text):  # a duty and who does it:
            party = _party(_owning(context.keywords, context))  # "| 拥塞/丢包诊断 | 乙方网络工程师负责 |"
        if party is None and context.table_row and (cell := _next_cell(token, context)) \
                and (owner := cell_owner(cell, context)):  # "| Fabric tuning | tuned by us | you, from the docs |":
            return [Said(path, owner[0], [owner[1]])]  # said where the party stands, so a column the table sets
            # aside (修改前, a competitor's) says nothing
        text = sentence_text(token, context)
        if party is None and any(word in text for word in words("customer_self")):  # "你们先自己排查"
            party = "customer"
        if party is None and (_PROVIDER_TEAM.search(text) or context.names_provider(text)):
            party = "provider"
        if party is None and _goes_on(text):
            party = _subject(_next_sentence(token, context))  # "…DCQCN enabled; our network team owns these settings"
        if party is None and _INCLUDED_IN_BEFORE.search(text) and context.sentence(token.start):
            # "X runs the fabric. This includes PFC …": the party of the sentence before
            before = context.sentence_starts[context.sentence(token.start) - 1]
            party = _subject(context.in_sentence(before)) or (
                "provider" if context.names_provider(context.sentence_at(before)) else None)
        return [Said(path, party, [span_of(token)])] if party else []
    return handler


_INCLUDED_IN_BEFORE = regex(alternation("included_in_before"), re.I)
_COUNTED = regex(rf"\s?(?:{alternation('counted_after')})(?![A-Za-z])", re.I)
"""What comes after a tuning word that names what is counted, not set ("PFC pause frames", "ECN marks")."""


_EQUIPMENT_SUPPORTS = regex(alternation("equipment_supports"), re.I)


def _equipment_feature(token: Keyword, context: Context) -> bool:
    """Whether a tuning word names a feature of the switches or NICs before it in its clause ("our switches and
    NICs support PFC and ECN"), or right after it ("ECN-capable switches")."""
    if _EQUIPMENT_SUPPORTS.match(context.text, token.end):
        return True
    equipment = [t for t in context.in_clause(token.start) if t.type in ("SWITCH", "NIC") and t.end <= token.start]
    return bool(equipment) and _EQUIPMENT_SUPPORTS.search(context.text, equipment[-1].end, token.start) is not None


_CONFIGURES = regex(alternation("configures"), re.I)


def _configured_after(token: Keyword, context: Context) -> list[Said]:
    """The party a later clause of the token's sentence names as the one that configures what the equipment
    supports ("网卡及交换机均支持 PFC/ECN，由采购人网络管理员自行配置"); none when no clause says."""
    clause = context.clause(token.start)
    for start in context.clause_starts[clause + 1:]:
        if context.sentence(start) != context.sentence(token.start):
            break
        party = _party(t for t in context.in_clause(start) if not _for_whom(t, context))
        if party and _CONFIGURES.search(context.clause_at(start)):
            return [Said("tuning.owner", party, [span_of(token)])]
    return []


def _next_sentence(token: Keyword, context: Context) -> list[Keyword]:
    """The keywords of the sentence after the token's (none after the last)."""
    index = context.sentence(token.start) + 1
    return context.in_sentence(context.sentence_starts[index]) if index < len(context.sentence_starts) else []


def _snapshot(token: Keyword, context: Context) -> list[Said]:
    """Backup scope: what the snapshots of this sentence cover (a data disk denied or left to the customer is not)."""
    tokens = context.in_sentence(token.start)
    system = any(t.type == "SYSTEM_DISK" for t in tokens)
    data_words = [t for t in tokens if t.type == "DATA_DISK"
                  or (t.type == "SYSTEM_DISK" and meaning("SYSTEM_DISK", t.value) == "all")]
    # a data disk the customer backs up itself ("数据盘由甲方自行备份"), or not backed up ("数据盘不备份"),
    # is not covered
    data = any("NEGATION" not in context.clause_types(t.start) and _backed_up_by(t, context) != "customer"
               and not _not_backed_up(t, tokens, context) for t in data_words)
    if data and "NEGATION" in context.sentence_types(token.start) and not system:
        return []
    scope = "all" if system and data else "data" if data else "system-only" if system else None
    return [Said("backup.scope", scope, [span_of(token)])] if scope else []


def _not_backed_up(disk: Keyword, sentence: list[Keyword], context: Context) -> bool:
    """Whether a disk's backup is denied: in its clause ("数据盘不备份"), or by the first backup word after it in its
    sentence, which may list several ("Data volumes, scratch space and checkpoints are not snapshotted")."""
    after = next((t for t in sentence if t.type == "SNAPSHOT" and t.start > disk.end), None)
    return any(t.type == "SNAPSHOT" and negated(t, context) for t in context.in_clause(disk.start)) \
        or after is not None and negated(after, context)


def _backed_up_by(disk: Keyword, context: Context) -> str | None:
    """Who backs up a disk its clause names: the last party before the backup word after the disk (else the
    clause's first: "甲方数据盘由乙方每日备份": the provider; "系统盘每日快照；数据盘由甲方自行备份": the
    customer), else any party the clause names; the customer when words after the disk leave it to its owner
    ("数据盘自理")."""
    clause = context.in_clause(disk.start)
    backup = next((t for t in clause if t.type == "SNAPSHOT" and t.start > disk.start),
                  next((t for t in clause if t.type == "SNAPSHOT"), None))
    before = [t for t in clause if t.type in ("PROVIDER", "CUSTOMER") and (backup is None or t.end <= backup.start)]
    if not before and _LEFT_TO_ITS_OWNER.search(context.text, disk.end, context.clause_end(disk.start)):
        return "customer"  # "数据盘和 checkpoint 自己负责"
    return _party(before[-1:]) if before else None


_LEFT_TO_ITS_OWNER = regex(alternation("left_to_its_owner"))


_RESOLVED_AFTER = regex(alternation("resolved_after"))
"""What makes the time before it a time to resolve an incident ("1 个工作日内解决"): no response time."""
_LASTED = regex(r"\d{1,2}:\d{2}\s*[-~]\s*\d{1,2}:\d{2}\D{0,6}$")
"""A span between two clock times just before a duration: how long it lasted."""
LASTED_REACH = 24


def _duration(token: Keyword, context: Context) -> list[Said]:
    """A response or replacement time: the nearest RESPONSE / REPLACE (or RESTORE) word of the clause decides."""
    before = context.text[max(0, token.start - 4):token.start]
    if re.search(r"\d\s?[×x*]\s*$", before):  # 7×24 小时: service hours, not a time limit (**4 hours**: bold)
        return []
    if _LASTED.search(context.text, max(0, token.start - LASTED_REACH), token.start):
        return []  # "03:10–09:40，共 390 分钟": how long an incident lasted, not a time promised
    minutes = _minutes(token)
    if minutes is None:
        return []
    clause = [t for t in context.in_clause(token.start) if _times(t, context)]
    if not clause and not context.table_row and not _RESOLVED_AFTER.match(context.text, token.end):  # (not "2 小时
        # 内响应，1 个工作日内解决") "... replaces the part, or swaps in a spare, within 4 hours"
        clause = [t for t in context.in_sentence(token.start) if _times(t, context) and t.end <= token.start]
        if not clause and _after_semicolon(token, context):  # "Severity-1 response within 15 minutes; Severity-2
            # within 2 hours": the clause before the semicolon names what the time is
            clause = [t for t in context.in_sentence(token.start, before=1) if _times(t, context)]
    header = context.header_types(token.start) & {"RESPONSE", "REPLACE"} if not clause else set()
    run_in = context.run_in_end() if not clause and not header else None
    if run_in is not None and token.start >= run_in:  # "8.3 Replacement Time (…). Eight (8) hours from …"
        header = {t.type for t in context.keywords_in(0, run_in)} & {"RESPONSE", "REPLACE"}
    if len(header) == 1:  # a cell under a "响应时间" / "Response time" column
        path = "sla.support_response_minutes" if header == {"RESPONSE"} else "sla.failover_minutes"
        return [Said(path, minutes, [span_of(token)])]
    if not clause and context.table_row:  # an answer after its row's requirement ("Support response | FC | 15 min")
        clause = [t for t in context.keywords if t.type in ("RESPONSE", "REPLACE", "RESTORE")
                  and t.end <= token.start]
    led = {t.type for t in context.lead_in} & {"RESPONSE", "REPLACE"} if not clause else set()
    if len(led) == 1:  # an item under "Provider shall acknowledge an Incident within the following times:"
        path = "sla.support_response_minutes" if led == {"RESPONSE"} else "sla.failover_minutes"
        return [Said(path, minutes, [span_of(token)])]
    if not clause:
        return []
    prior = [t for t in clause if t.end <= token.start]
    nearest = prior[-1] if prior and _JUST_BEFORE.fullmatch(context.text, prior[-1].end, token.start) \
        else min(clause, key=lambda t: abs(t.start - token.start))  # "responds within 30 minutes and repairs …"
    if _bracketed_apart(token, nearest, context):
        return []  # "Hypercare (30 days after acceptance): Severity 1 response within 2 hours": a period, not a limit
    if nearest.type == "REPLACE" and _MISMATCH.search(sentence_text(token, context)):
        return []  # "型号不符的，3 个工作日内更换": hardware not as ordered, not a failed node
    if nearest.type == "RESPONSE":
        return [Said("sla.support_response_minutes", minutes, [span_of(token), span_of(nearest)])]
    return [Said("sla.failover_minutes", minutes, [span_of(token), span_of(nearest)])]


_ANSWER_WORDS = frozenset(words("answer_word"))
_JUST_BEFORE = regex(rf" ?(?:{alternation('time_lead')}) ?", re.I)
"""What stands between a time's word and the time itself ("responds within 30 minutes")."""


def _after_semicolon(token: Keyword, context: Context) -> bool:
    """Whether the token's sentence follows a semicolon (a clause of the sentence before it, which it goes on)."""
    start = context.sentence_starts[context.sentence(token.start)]
    return context.text[max(0, start - SEMICOLON_REACH):start].rstrip()[-1:] in (";", "；")


SEMICOLON_REACH = 4
"""Characters before a sentence where the semicolon that ends the one before it stands (spaces after it)."""


def _times(word: Keyword, context: Context) -> bool:
    """Whether a word makes the duration near it a response or replacement time; not the label of an answer
    ("答复：可提供 1 台 3 天免费试用")."""
    return word.type in ("RESPONSE", "REPLACE", "RESTORE") and not (
        word.type == "RESPONSE" and word.value.lower() in _ANSWER_WORDS and context.labels(word))


def _bracketed_apart(token: Keyword, word: Keyword, context: Context) -> bool:
    """Whether a figure stands in brackets that close before the word it would be read with ("(30 days after
    acceptance): … response within 2 hours"); a figure in brackets after its word is its value ("响应（30 分钟）")."""
    between = context.text[token.end:word.start]
    return token.start < word.start and (")" in between or "）" in between) \
        and in_brackets(context.text[context.clause_starts[context.clause(token.start)]:token.start])


_REPLACED = regex(alternation("replace_word"), re.I)


def _restore(token: Keyword, context: Context) -> list[Said]:
    """A promise that a replaced node gets its network configuration and topology back."""
    near = context.in_sentence(token.start, before=1) + context.in_sentence(token.start)
    types = {t.type for t in near}
    text = sentence_text(token, context)
    on_fabric = meaning("RESTORE", token.value) == "ports"  # "the same switch ports"
    if not (on_fabric or types & (FABRIC_WORDS | {"NETWORK", "INTERNAL", "TOPOLOGY", "PORT", "TUNING"})  # settings too
            or any(word in text for word in words("collective_word"))):
        return []
    if not (types & {"REPLACE"} or _REPLACED.search(text)):
        return []
    promised = not negated(token, context) and not NOT_STATED.search(text)  # "未写明更换后是否恢复…"
    return [Said("sla.network_restore", promised, [span_of(token)])]




_FAILURE = regex(alternation("failure_word"), re.I)
_MISMATCH = regex(alternation("mismatch_word"), re.I)


def _replacement(token: Keyword, context: Context) -> list[Said]:
    """A failed node replaced, or its work migrated ("硬件故障时…迁移至其他物理机"), with or without a time."""
    if token.value in words("repair_word") or negated(token, context) \
            or not (_FAILURE.search(sentence_text(token, context))  # or its line's label: "硬件故障：…；必要时迁移至…"
                    or _FAILURE.search(context.text, 0, label_end(context.text) or 0)):
        return []
    return [Said("sla.replacement", True, [span_of(token)])]


def _billing(token: Keyword, context: Context) -> list[Said]:
    """The billing period a BILLING word names (monthly unless it names another)."""
    value = token.value.lower()
    kind = next((kind for word, kind in values("billing_kind").items() if word in value), "monthly")
    return [Said("commercial.billing", kind, [span_of(token)])] if kind else []


_SIGNED_AFTER = regex(rf"\s?(?:{alternation('signed_after')})(?![A-Za-z])", re.I)
"""What is signed for the length said right before it ("36-month lease", "12 个月合同")."""
MONTHS_PER_YEAR = 12
BILLED_AFTER_REACH = 12
"""Characters between a length that opens a passage and the billing words that make it the term."""
PRICE_AFTER_REACH = 3
"""Characters between one month and the price it is the period of ("一个月 五万")."""
_AMOUNT_BEFORE = regex(rf"(?:\d|[{NUMERALS}])\s?(?:{alternation('amount_unit')})[{NUMERALS}]?\s?$")
"""An amount of money right before a length ("两台十一万二一个月"): the price of that length."""


def _months(token: Keyword, context: Context) -> list[Said]:
    """A term in months: said in a sentence about the term, after a run-in "Term." heading, or opening a clause
    whose next words say how it is billed ("3 months, prepaid quarterly", "6 个月，月付")."""
    heading = context.in_sentence(token.start, before=1)
    term_heading = len(heading) <= RUN_IN_HEADING_WORDS and any(t.type == "TERM" for t in heading)
    billed = context.following(token.end)
    billed_after = billed is not None and billed.type == "BILLING" and context.previous(token.start) is None \
        and billed.start - token.end <= BILLED_AFTER_REACH
    signed = _SIGNED_AFTER.match(context.text, token.end) is not None  # "36-month lease", "12 个月合同"
    if "TERM" not in context.sentence_types(token.start) and not (term_heading or billed_after or signed) \
            or "TRIAL" in context.clause_types(token.start):
        return []
    value = as_number(token)
    if value and token.type == "YEARS":
        value *= MONTHS_PER_YEAR
    unit = next((months for word, months in values("MONTHS").items() if word in token.value.lower()), None)
    if unit is not None:  # "two quarters" (its count the word before it), "a quarter", "两个季度"
        value = (value or number_in(context.text[max(0, token.start - 4):token.start]) or 1) * unit
    before = context.previous(token.start)
    per_machine = before is not None and before.type in ("NODE_UNIT", "PER_NODE") and token.start - before.end <= 1
    priced = billed is not None and billed.type == "MONEY" and billed.start - token.end <= PRICE_AFTER_REACH \
        or _AMOUNT_BEFORE.search(context.text, max(0, token.start - PRICE_AFTER_REACH * 4), token.start) is not None
    if value == 1 and (per_machine or priced):  # "一台一个月 五万", "十一万二一个月": what a price is for, not a term
        return []
    return [Said("commercial.term_months", value, [span_of(token)])] if value else []


def _power(token: Keyword, context: Context) -> list[Said]:
    """Power in kW (rack or facility), from kW or megawatts ("十千瓦": the 千 is the unit's)."""
    figure = token.value
    for unit in words("power_unit"):
        figure = figure.replace(unit, " ")
    return _power_said(number_in(figure.strip()), token.value, (token.start, token.end))


def _power_said(value: float | None, unit: str, span: tuple[int, int]) -> list[Said]:
    """``commercial.power_kw`` for a figure and the text holding its unit (kW, or megawatts)."""
    factor = next((f for name, f in values("POWER").items() if name in unit), 1.0)
    return [Said("commercial.power_kw", value * factor, [span])] if value else []


_POWER_UNIT_AFTER = regex(rf"\s?(?:{alternation('power_unit')})(?![A-Za-z])", re.I)


def _power_in_words(token: Keyword, context: Context) -> list[Said]:
    """Power whose figure is written in words before its unit ("twelve (12) kW")."""
    unit = _POWER_UNIT_AFTER.match(context.text, token.end)
    return _power_said(as_number(token), unit.group(), (token.start, unit.end())) if unit else []


def _availability_target(token: Keyword, context: Context) -> list[Said]:
    if "AVAILABILITY" not in context.sentence_types(token.start):
        return []
    return [Said("sla.availability_guaranteed", False, [span_of(token)])]


def _credit(token: Keyword, context: Context) -> list[Said]:
    """Compensation for missed service levels: a credit word in a sentence about the service (or right after one:
    "99.5% monthly uptime; credits apply"), or "service credits" anywhere (a heading "3.2 Service credits." over a
    table of tiers). One denied, or left to be negotiated ("赔付可协商"), commits none."""
    sentence = context.sentence_types(token.start) | {t.type for t in context.in_sentence(token.start, before=1)}
    if not sentence & {"AVAILABILITY", "PERCENT", "MONEY"} \
            and not any(word in sentence_text(token, context) for word in words("service_word")) \
            and meaning("CREDIT", token.value) is None:
        return []
    denied = negated(token, context) or absent(token, context) or DENIED_AFTER.search(
        context.text, token.end, context.clause_end(token.end)) is not None  # "没有单独的赔付条款", "赔付这块我们没有"
    clause = context.clause(token.start)  # and the clause after it: "赔付方式以合同谈判为准", "赔付比例，待确认"
    after = context.clause_starts[clause + 2] if clause + 2 < len(context.clause_starts) else len(context.text)
    negotiable = _NEGOTIABLE.search(context.text, context.clause_starts[clause], min(after, context.sentence_end(
        token.start))) is not None
    labelled_none = _NONE_AFTER_LABEL.match(context.text, token.end) is not None  # "Service credits: N/A on …"
    return [Said("sla.credits", not (denied or negotiable or labelled_none), [span_of(token)])]


_NEGOTIABLE = regex(alternation("left_to_negotiation"), re.I)
_NONE_AFTER_LABEL = regex(rf"\s*[:：]\s*(?:{alternation('not_applicable_cell')})(?![\w/])", re.I)


def _money(token: Keyword) -> tuple[float | None, str | None]:
    """Amount and currency of a MONEY token ("¥9.6万" is 96,000 CNY)."""
    amount = as_number(token)
    scale = next((factor for word, factor in values("money_scale").items() if word in token.value), None)
    if amount is not None and scale:
        amount *= scale
    currency = next((name for word, name in values("currency").items() if word in token.value), "CNY")
    return amount, currency


def _price_unit(token: Keyword | None) -> tuple[str | None, str | None]:
    """(per, period) of a PRICE_UNIT token: "/台/月" is per node per month, "/GPU-hour" per GPU per hour."""
    if token is None:
        return None, None
    text = token.value.lower()
    per = next((name for word, name in values("price_per").items() if word in text), None)
    period = next((name for word, name in values("price_period").items() if word in text), None)
    return per, period


def _priced_per_unit(money: Keyword, context: Context) -> bool:
    """Whether a price per unit ("/台/月", not "/月") follows an amount right after it."""
    unit = context.following(money.end)
    return unit is not None and unit.type == "PRICE_UNIT" and not context.text[money.end:unit.start].strip() \
        and _price_unit(unit)[0] is not None


def _price(phrase: Phrase, context: Context) -> list[Said]:
    """A unit price (with the line amount that follows it), a monthly total, or a contract total.

    Trial fees are not the price of the offering. In a table row the whole row is
    the line: "¥98,000/台/月 | ¥784,000" is a unit price and its line amount.
    """
    tokens = leaves(phrase.tree)
    amount, currency = _money(tokens[0])
    if amount is None or "TRIAL" in context.sentence_types(phrase.start):
        return []
    per, period = _price_unit(next((t for t in tokens if t.type == "PRICE_UNIT"), None))
    span = [(phrase.start, phrase.end)]
    line = context.in_line(phrase.start)
    if per is not None:
        price = {"amount": amount, "currency": currency, "per": per, "period": period}
        said = [Said("commercial.unit_price", price, span)]
        later = next((t for t in line if t.type == "MONEY" and t.start >= phrase.end), None)
        if later is not None and _priced_per_unit(later, context):
            later = None  # another unit price ("¥52,000/台/月 | ¥118,000/台/月": one per option), no line amount
        line_amount = _money(later)[0] if later is not None else None
        if later is not None and line_amount:
            said.append(Said("commercial.line_total", line_amount, [span_of(later)]))
        return said
    if not any(t.type == "TOTAL" for t in line) or period not in (None, "month"):
        return []
    types = {t.type for t in line}
    path = "commercial.contract_total" if period is None and "MONTHS" in types else "commercial.monthly_total"
    return [Said(path, amount, span)]


PHRASES: dict[str, PhraseHandler] = {
    "price": _price,
}

KEYWORDS: dict[str, Handler] = {
    "HEDGE": _hedge,
    "OPTIONAL": _priced_apart,
    "PERCENT": _percent,
    "TUNING": _owner("tuning.owner"),
    "TROUBLESHOOT": _owner("tuning.troubleshooting"),
    "BASELINE": flag("tuning.baseline"),
    "CONFIG_HANDED_OVER": flag("tuning.baseline", needs={"TUNING"}),
    "SNAPSHOT": _snapshot,
    "DURATION": _duration,
    "NEXT_DAY": _duration,
    "RESTORE": _restore,
    "REPLACE": _replacement,
    "BILLING": _billing,
    "MONTHS": _months,
    "YEARS": _months,
    "POWER": _power,
    "NUMBER_WORD": _power_in_words,
    "TARGET_ONLY": _availability_target,
    "CREDIT": _credit,
}
