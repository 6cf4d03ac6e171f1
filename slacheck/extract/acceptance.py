"""Reading the communication acceptance test at delivery: which benchmark, where it runs, its pass
threshold (with the message sizes it judges), the report kept, the trial before the term."""

from __future__ import annotations

import re

from slacheck.extract.collective_claims import claims_a_figure, collective_claim
from slacheck.extract.context import (
    DENIED_AFTER,
    UNAVAILABLE,
    Context,
    Handler,
    Said,
    absent,
    as_count,
    as_gbytes,
    as_number,
    in_brackets,
    names_one_machine,
    negated,
    node_counts,
    replacement_retest,
    sentence_text,
    span_of,
)
from slacheck.extract.lexer import Keyword
from slacheck.extract.lexicon import alternation, meaning, words
from slacheck.extract.sizes import judged_sizes
from slacheck.extract.structure import OWN_RUN
from slacheck.regexes import regex

_ADVICE = regex(alternation("recommend_word"), re.I)
_SUITED_TO = regex(alternation("suited_to"), re.I)
_ONE_BY_ONE = regex(alternation("one_by_one"), re.I)
_EACH_AFTER = regex(rf"\s*\(?[^()\n]{{0,16}}?(?:{alternation('each_after')})", re.I)
_OUTSIDE_ACCEPTANCE = regex(alternation("outside_acceptance"))
_TESTED = {"ACCEPTANCE", "BUSBW", "ALGBW", "BW_BYTES"}
"""What a sentence names when a benchmark in it is a test: acceptance, or a bandwidth it must reach."""


def _bench(token: Keyword, context: Context) -> list[Said]:
    """An acceptance benchmark: its name, and whether it spans all nodes or one machine. A benchmark left
    unnamed in a trial's sentence ("先开一台试用，跑跑 benchmark"), one denied ("no acceptance tests are run"), one
    the customer runs by itself outside acceptance ("run your own benchmarks") or only advises, is no acceptance
    test."""
    name = meaning("BENCH", token.value)  # a named benchmark says more than 压测 / "acceptance testing"
    types = context.sentence_types(token.start)
    if name == "benchmark" and "TRIAL" in types and "ACCEPTANCE" not in types or negated(token, context):
        return []  # "We don't run formal acceptance tests", "跨节点 all_reduce 测试不在验收范围内"
    clause = context.clause_at(token.start)
    if "ACCEPTANCE" not in context.clause_types(token.start) and any(word in clause for word in words("customer_self")):
        return []  # "you are welcome to run your own benchmarks afterwards"
    if "CUSTOMER" in types and _ADVICE.search(sentence_text(token, context)):
        return []  # "甲方建议后续补测跨节点 all_reduce_perf"
    if _SUITED_TO.search(context.text, context.clause_starts[context.clause(token.start)], token.start) \
            and not types & _TESTED:
        return []  # "适合多机 all-reduce": what the fabric suits, not a test
    sentence = sentence_text(token, context)
    outside = _OUTSIDE_ACCEPTANCE.search(sentence)
    before_token = token.start - context.sentence_starts[context.sentence(token.start)]
    if outside and (not in_brackets(sentence[:outside.start()]) or outside.end() <= before_token):
        return []  # "补测跨机 all_reduce，不作为本次验收条件", "参考（非验收项）：8 机 all_reduce"; not
        # "370 GB/s（不作为验收标准）", a bracket after the test
    if replacement_retest(token, context):
        return []  # "更换后…复测两节点 nccl-tests 后交还": a replaced node's re-test, not the acceptance test
    if "ACCEPTANCE" not in types and (_own_run(token, context) or claims_a_figure(token.start, context)):
        return []  # "Ran our first 2-node job last night. Here's the tail of the all_reduce run", "~150GB/s busbw"
    said = [Said("acceptance.test", name, [span_of(token)], tag=None if name == "benchmark" else "primary")]
    if name != "benchmark":
        said.append(Said("acceptance.compute_only", False, [span_of(token)]))
    # a wrapped line: the sentence before often says where the test runs
    said.extend(_where_it_runs(token, context))
    return said


def _own_run(token: Keyword, context: Context) -> bool:
    """Whether the token's sentence, or the one before it, reports a run the writer did: a result, no test the
    offer sets."""
    index = context.sentence(token.start)
    end = context.sentence_starts[index] + len(context.sentence_at(token.start))
    return OWN_RUN.search(context.text, context.sentence_starts[max(0, index - 1)], end) is not None


def _compute_test(token: Keyword, context: Context) -> list[Said]:
    """A test of the GPUs alone (gpu-burn, HPL, ResNet throughput): a test, but no communication one. Run "on
    every node" or on "all 8 nodes", it runs on each by itself; only words that span the nodes make it run across
    them ("HPL across all four nodes")."""
    name = meaning("COMPUTE_TEST", token.value, token.value)
    spanning = {(t.start, t.end) for t in context.keywords
                if t.type == "ALL_NODES" and not _ONE_BY_ONE.fullmatch(t.value)}
    where = [said for said in _where_it_runs(token, context) if not said.value or said.spans[0] in spanning]
    return [Said("acceptance.test", name, [span_of(token)]), Said("acceptance.compute_only", True, [span_of(token)]),
            *where]


EACH_ALONE_REACH = 4
"""Characters between a count of nodes and the words after it that test each alone ("4 台分别测")."""


def _where_it_runs(token: Keyword, context: Context) -> list[Said]:
    """Whether a test runs across nodes or on one machine at a time.

    One machine named in the test's own clause wins ("每台单独运行 all_reduce_perf（单机 8 卡）"), or, where
    the clause names several tests, in the test's own part of it ("gpu-burn on each node and all_reduce_perf
    across all of the nodes"); else several nodes named in its sentence (or the one before: a wrapped line; in a
    table, its row) make it multi-node:
    全部/跨机/双机, or a count of two or more nodes ("4 机 32 卡", "across the eight (8) servers");
    else the lead-in above a list of tests says where they run.
    """
    whole = context.in_clause(token.start)
    clause = _own_part(token, whole, context)
    near = context.keywords if context.table_row else \
        context.in_sentence(token.start, before=1) + context.in_sentence(token.start)  # a row's cells say it together
    single = [t for t in near if _single(t, context)]
    spread = [t for t in near if t.type == "ALL_NODES" and not absent(t, context)
              and not _OUTSIDE_ACCEPTANCE.search(context.clause_at(t.start))] + [
        t for t in node_counts(near) if (as_count(t) or 0) >= 2 and not any(  # not "we don't put cross-node runs
            u.type == "SINGLE_NODE" and 0 <= u.start - t.end <= EACH_ALONE_REACH for u in near)]  # in acceptance",
    # nor "4 台分别测": each of them alone
    own_spread = [t for t in clause if t.type == "ALL_NODES" and not _single(t, context)]
    if own_spread and clause is not whole:
        return [Said("acceptance.multi_node", True, [span_of(own_spread[0])])]
    if any(_single(t, context) for t in clause) or (single and not spread):
        return [Said("acceptance.multi_node", False, [span_of(single[0])])]
    if spread:  # in a table, the test's own cell first ("| 全部 12 台 … | 全部 16 台 …": a column set aside)
        own_cell = context.cell_at(token.start) if context.table_row else None
        spread.sort(key=lambda t: own_cell is None or not own_cell[0] <= t.start < own_cell[1])
        return [Said("acceptance.multi_node", True, [span_of(spread[0])])]
    lead_in = context.lead_in  # "Provider shall run on each node individually:" above a list of tests
    if any(t.type == "SINGLE_NODE" for t in lead_in):
        return [Said("acceptance.multi_node", False, [span_of(token)])]
    if any(t.type == "ALL_NODES" for t in lead_in):
        return [Said("acceptance.multi_node", True, [span_of(token)])]
    return []


_TESTS = frozenset({"BENCH", "COMPUTE_TEST"})
_SIDE_BY_SIDE = " `'\"()（）/"
"""What may stand between two names of one test ("nccl-tests `all_reduce_perf`")."""


def _own_part(token: Keyword, clause: list[Keyword], context: Context) -> list[Keyword]:
    """The keywords of a clause that speak of one test where the clause names several: those after it up to
    the next test when they say where it runs, else those since the test before it when they do; the whole
    clause else. Tests named side by side ("nccl-tests all_reduce_perf") are one."""
    tests: list[list[Keyword]] = []
    for t in clause:
        if t.type in _TESTS:
            if tests and not context.text[tests[-1][-1].end:t.start].strip(_SIDE_BY_SIDE):
                tests[-1].append(t)
            else:
                tests.append([t])
    at = next((i for i, group in enumerate(tests) if token in group), -1)
    if len(tests) < 2 or at < 0:
        return clause
    start = tests[at - 1][-1].end if at else -1
    end = tests[at + 1][0].start if at + 1 < len(tests) else len(context.text)
    for part in ([t for t in clause if tests[at][-1].end <= t.start < end],
                 [t for t in clause if start <= t.start < tests[at][0].start]):
        if any(t.type == "ALL_NODES" or _single(t, context) for t in part):
            return part
    return clause


def _single(token: Keyword, context: Context) -> bool:
    """One machine on its own: 单机, "on a single node", or "each node" after "on" or as the subject that opens
    its clause or follows its label ("Acceptance: each server must complete a 12-hour gpu-burn run")."""
    if names_one_machine(token):
        return True
    if token.type == "ALL_NODES" and _ONE_BY_ONE.fullmatch(token.value) \
            and _EACH_AFTER.match(context.text, token.end):  # "on every node (8 GPUs each)"
        return True
    if token.type != "PER_NODE" or meaning("PER_NODE", token.value) != "each":
        return False
    before = context.text[context.clause_starts[context.clause(token.start)]:token.start]
    return before.rstrip().lower().endswith(" on") or not before.rsplit(":", 1)[-1].strip(_LIST_MARKS)


_LIST_MARKS = " \t-*•·"
"""What may stand before a clause's first word: spaces and list marks."""


def _acceptance(token: Keyword, context: Context) -> list[Said]:
    """Acceptance defined machine by machine ("单台运行…即视为该台验收通过"), with no benchmark named."""
    sentence = context.sentence_types(token.start)
    if "BENCH" in sentence:
        return []
    found = _where_it_runs(token, context)
    return [s for s in found if s.value is False]


_NOT_BINDING = regex(alternation("not_binding"), re.I)


_PAYMENT = regex(alternation("payment_word"), re.I)


def pass_threshold(token: Keyword, context: Context) -> list[Said]:
    """A GB/s, Gb/s or % figure in a sentence about an acceptance test or its bus bandwidth.

    A busbw or algbw figure said as measured is a claim instead; an algbw figure is no busbw threshold.
    """
    claimed = collective_claim(token, context)
    if claimed is not None:
        return claimed
    if _NOT_BINDING.search(sentence_text(token, context)):
        return []  # "~370 GB/s (indicative only, not a commitment)", "参考值约 370 GB/s（仅供参考）": no pass mark
    sentence = context.line_types(token.start)  # a row's cells say it together ("| Acceptance | … | ≥ 340 GB/s |")
    clause = context.clause_types(token.start)
    if not sentence & {"BENCH", "BUSBW", "ACCEPTANCE"} and not _follows_a_test(token, context) or clause & {
            "NVLINK", "NVSWITCH", "AVAILABILITY", "CREDIT"} or ("ALGBW" in clause and "BUSBW" not in clause):
        return []
    if "ACCEPTANCE" not in sentence and _own_run(token, context):
        return []  # "We ran ib_write_bw ... and saw 392 Gb/s": a result of the writer's own run
    value = as_number(token)
    if value is None:
        return []
    one_node = "ALL_NODES" not in sentence and (bool(sentence & {"SINGLE_NODE", "PER_NODE"}) or bool(
        _ONE_NODE.search(context.sentence_at(token.start))))
    if token.type == "PERCENT":
        if "PRICE_WORD" in clause or _PAYMENT.search(context.clause_at(token.start)):
            return []  # "验收合格后…甲方支付合同总价的 60%", "支付剩余 10%": a share of the price paid, no pass mark
        said = [Said("acceptance.threshold_pct", value, [span_of(token)])] if 0 < value <= 100 else []
    else:
        gbytes = as_gbytes(token) or value
        said = [Said("acceptance.threshold_gbytes", gbytes, [span_of(token)]), *judged_sizes(token, context)]
    for statement in said:  # a run on each node alone ("on each node … busbw >= 450 GB/s intra-node") comes after
        statement.background = statement.background or one_node and statement.path.startswith("acceptance.thr")
    return said


def _follows_a_test(token: Keyword, context: Context) -> bool:
    """Whether a figure's sentence requires it ("The pass mark is", 合格线为, "not less than") right after a
    sentence that names a benchmark, and names no subject of its own."""
    index = context.sentence(token.start)
    if not index or context.sentence_types(token.start) & _OWN_SUBJECTS:
        return False
    before = context.in_sentence(context.sentence_starts[index - 1])
    return any(t.type == "BENCH" for t in before) and _REQUIRED.search(context.sentence_at(token.start)) is not None


_ONE_NODE = regex(alternation("one_node_figure"), re.I)
_OWN_SUBJECTS = frozenset({"BENCH", "BUSBW", "ALGBW", "ACCEPTANCE", "NVLINK", "NVSWITCH", "NIC", "NIC_MODEL",
                           "PROTO_IB", "ROCE", "STORAGE_NET", "MGMT_NET", "FRONTEND_NET", "PUBLIC_NET"})
"""What a sentence may name that makes a figure in it its own, not the test's of the sentence before."""
_REQUIRED = regex(alternation("claim_required"), re.I)


def _rate_bits(token: Keyword, context: Context) -> list[Said]:
    """A Gb/s figure as a threshold in a sentence about a benchmark, not the rate of the NICs it names ("8 x 400
    Gb/s NICs, busbw >= 350 GB/s")."""
    phrase = context.phrase_of(token)
    if phrase is not None and phrase.kind in _LINK_PHRASES:
        return []
    return pass_threshold(token, context) if context.sentence_types(token.start) & {
        "BENCH", "BUSBW", "ALGBW"} or _follows_a_test(token, context) else []


_LINK_PHRASES = frozenset({"nics", "fabric_rate"})
"""Phrases whose rate is a link's, not a test's."""


def _report_kept(token: Keyword, context: Context) -> list[Said]:
    """A kept or signed acceptance report."""
    text = sentence_text(token, context).lower()
    if not context.sentence_types(token.start) & {"BENCH", "ACCEPTANCE"} \
            and not any(word in text for word in words("report_word")):
        return []
    return [Said("acceptance.report_kept", not negated(token, context), [span_of(token)])]


_LESS_THAN_A_MACHINE = regex(alternation("less_than_a_machine"), re.I)


def _trial(token: Keyword, context: Context) -> list[Said]:
    """A trial period; one turned down ("We don't offer trials", "试用给不了", "整机试用不太方便") offers none,
    and one on a single machine or less ("7 天试用（单台服务器）", "先开一台试用", "two hours on a single H100")
    is not a trial of the cluster. A trial said again in its passage ("试用期结束后…") is the one said first
    there."""
    first = next(t for t in context.keywords if t.type == "TRIAL")
    unsized = _sizes_nothing(token, context)
    at = first.start if unsized else token.start
    sentence = context.in_line(at)  # a table row's cells say it together ("| Pilot | one server for 48 hours |")
    text = context.text if context.table_row or unsized else context.sentence_at(at)  # "…MIG 实例…。试用名额有限"
    single = any(names_one_machine(t) for t in sentence) or any(as_count(t) == 1 for t in node_counts(sentence)) \
        or _LESS_THAN_A_MACHINE.search(text) is not None
    said_again = [t for t in sentence if t.type == "TRIAL"] if context.table_row else [token]  # "| 试用 | 不提供 |"
    return [Said("acceptance.trial", not (any(_turned_down(t, context) for t in said_again) or single),
                 [span_of(token)])]


def _sizes_nothing(token: Keyword, context: Context) -> bool:
    """Whether a trial's sentence says nothing of the machines it runs on."""
    sentence = context.in_sentence(token.start)
    return not node_counts(sentence) and not any(names_one_machine(t) for t in sentence) \
        and not _LESS_THAN_A_MACHINE.search(context.sentence_at(token.start))


def _turned_down(token: Keyword, context: Context) -> bool:
    """Whether a trial is denied or declined: before it ("no trial", "We don't offer trials"), in its clause
    ("not available for trials", 暂不提供) or in the sentence it labels ("Trial: sorry, not possible") or opens as
    its topic ("试跑这个，…没办法"), or right after it (试用没有的哈)."""
    clause = context.clause_at(token.start)
    labelled = context.labels(token)  # "Trial: sorry, not possible"
    topic = labelled or _TOPIC_END.search(clause) is not None  # a topic the rest of its sentence answers:
    # "四台整机试跑这个，资源比较紧，没办法单独拿出来"
    return negated(token, context) or absent(token, context) \
        or UNAVAILABLE.search(context.sentence_at(token.start) if topic else clause) is not None \
        or DENIED_AFTER.match(context.text, token.end, context.clause_end(token.start)) is not None


_TOPIC_END = regex(rf"(?:{alternation('topic_end')})[\s,，]*$")


def _bw_threshold(token: Keyword, context: Context) -> list[Said]:
    """A GB/s figure as an acceptance threshold (inside a phrase only when the sentence names bus bandwidth)."""
    if context.in_phrase(token) and not context.sentence_types(token.start) & {"BUSBW", "ALGBW"}:
        return []
    return pass_threshold(token, context)


KEYWORDS: dict[str, Handler] = {
    "BENCH": _bench,
    "COMPUTE_TEST": _compute_test,
    "ACCEPTANCE": _acceptance,
    "BW_BYTES": _bw_threshold,
    "RATE_BITS": _rate_bits,
    "REPORT_KEPT": _report_kept,
    "TRIAL": _trial,
}
