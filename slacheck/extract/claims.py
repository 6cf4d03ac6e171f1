"""Claims a document makes about performance, read with regexes over normalised passages (CLM rules).

The words that introduce each kind of claim are the ``claim_*`` entries of the lexicon.

Three kinds, each a Statement with evidence quoting the original text:

- ``claims.bandwidth_gbps``: an inter-node throughput figure (实测/可达/吞吐/机间带宽,
  "throughput", "inter-node bandwidth", "cluster bandwidth"), in Gb/s (GB/s x 8, T x 1000).
  NVLink, PCIe, memory, storage and public-Internet figures are not claims of this kind;
  totals (总/aggregate/in total) are skipped, being cluster-wide sums. Each comes with ``claims.bandwidth_per``:
  whether the figure is a node's, one port's ("单口", "per port") or one GPU's ("per GPU").
- ``claims.efficiency_pct``: a scaling/training efficiency or a share of InfiniBand
  performance ("95% scaling efficiency", "扩展效率 95%", "达到 IB 90% 性能", "within 5% of InfiniBand");
  the InfiniBand named there is a reference, so its fabric facts are dropped (``without_references``).
- ``claims.comm_share_pct``: a communication share of step time ("通信占比 5%").
"""

from __future__ import annotations

import re

from slacheck.extract.context import PER_GPU_AFTER, Said
from slacheck.extract.lexer import with_first_test
from slacheck.extract.lexicon import alternation, values, words
from slacheck.extract.numerals import NUMERALS, numeral_value
from slacheck.regexes import regex

_NUMBER = r"(\d{1,6}(?:\.\d{1,3})?)"
_GAP = r"[^，。；;,\n%]{0,14}?"
_UNIT = rf"\s*({alternation('claim_rate_unit')})"
_OF = rf"(?:(?:{alternation('particle_of')})\s*)?"
_BANDWIDTH = regex(with_first_test(rf"(?:{alternation('claim_bandwidth')})" + _GAP + _NUMBER + _UNIT), re.I)
_BANDWIDTH_AFTER = regex(_NUMBER + _UNIT + rf"\s*(?:{alternation('particle_of')}\s*)?(?:the )?"
                         rf"(?:{alternation('claim_bandwidth_after')})", re.I)
"""A figure and then the words that make it an inter-node throughput ("1.6 TB/s of inter-node bandwidth")."""
_AFTER_WORDS = regex(with_first_test(alternation("claim_bandwidth_after")), re.I)
"""Those words alone: a passage without them has no such figure (a cheaper search than one from every number)."""
_UNIT_AFTER_NUMBER = regex(rf"\d\s*[{''.join(sorted({w[0] for w in words('claim_rate_unit')}))}]", re.I)
"""What every bandwidth claim holds: a digit, then its unit's first letter (a cheap test before _BANDWIDTH)."""
_NOT_NETWORK = regex(alternation("claim_not_network"), re.I)
_EFFICIENCY = (
    regex(with_first_test(rf"(?:{alternation('claim_efficiency')})" + _GAP + _NUMBER + r"\s*%"), re.I),
    regex(_NUMBER + r"\s*%\s*" + _OF + rf"(?:{alternation('claim_efficiency_after')})", re.I),
    regex(rf"(?:{alternation('claim_ib_share')})" + _NUMBER + r"\s*%", re.I),
)
_REFERENCE = rf"(?:{alternation('claim_reference')})"
_REFERENCE_SHARE = (
    (regex(rf"(?:{alternation('claim_within')})\s+" + _NUMBER + r"\s*%\s*of\s+" + _REFERENCE, re.I), True),
    (regex(_NUMBER + r"\s*%\s*of\s+" + _REFERENCE, re.I), False),  # 95% of InfiniBand 400G performance
    (regex(with_first_test(_REFERENCE + r"[^，。；;,\n%]{0,12}?" + rf"(?:{alternation('particle_of')})\s*" + _NUMBER
                           + r"\s*%"), re.I), False),  # IB 400G 的 95%
)
"""A share of a reference fabric's performance: the fabric named is what the claim compares with, not an offer."""
_REFERENCE_BANDWIDTH = regex(_NUMBER + _UNIT + rf"\s?{_REFERENCE}\s?{_OF}(?:{alternation('claim_reference_measure')})",
                             re.I)
"""A rate of a reference fabric a claim says another reaches ("100G RoCE 能跑出 400G IB 的带宽")."""
_NAME = rf"(?:{alternation('claim_reference_name')})"
_RATED_REFERENCE = (rf"(?:{_NUMBER}{_UNIT}\s?{_OF}{_NAME}|{_NAME}[ -]?{_NUMBER}{_UNIT}"
                    rf"|([{NUMERALS}]+)\s?G\s?{_OF}{_NAME})(?![A-Za-z])")
_REFERENCE_EQUAL = (
    regex(rf"(?:{alternation('claim_equal_with')})\s?{_RATED_REFERENCE}[^，。；;,\n]{{0,8}}?"
          rf"(?:{alternation('claim_equal_after')})"),
    regex(rf"(?:{alternation('claim_equal_before')})\s+(?:an? |the )?{_RATED_REFERENCE}", re.I),
)
"""A reference fabric, with its rate, that a claim says another equals ("跟 400G 的 IB 一个水平", "on par with 400G
InfiniBand"): the claim is the reference's rate. The rate comes before the fabric or after it (groups 1-2 or 3-4),
or before it in Chinese numerals, as speech is transcribed (group 5: "四百G 的 IB")."""
_PER_PORT = regex(rf"\s*(?:{alternation('claim_per_port')})", re.I)
"""Words that make a claimed figure one port's: searched in the clause before the claim, matched after its figure."""
_COMPARED_FABRIC = regex(with_first_test(alternation("claim_compared_fabric")), re.I)
"""A fabric other than the reference: a passage that names one compares it with the reference."""
_COMM_SHARE = (
    regex(rf"(?:{alternation('claim_comm_share')})" + _GAP + _NUMBER + r"\s*%", re.I),
    regex(_NUMBER + r"\s*%\s*" + _OF + rf"(?:{alternation('claim_comm_share_after')})", re.I),
)
_SPEEDUP_FIGURE = regex(rf"\d\s*(?:{alternation('speedup_unit')})", re.I)
"""What every speedup claim holds: a figure and its "x" or 倍 (a cheap test before _SPEEDUP)."""
_SPEEDUP_WORDS = regex(with_first_test(f"{alternation('speedup_over_one')}|{alternation('speedup_of_one')}"), re.I)
"""What makes a figure a speedup over one machine ("faster than one", "单机的"): searched first, by its first
characters, as text of figures ("8x H100 8x H100 …") has none."""
_SPEEDUP = (
    regex(_NUMBER + rf"\s*(?:{alternation('speedup_unit')})\s*(?:{alternation('speedup_over_one')})", re.I),
    regex(rf"(?:{alternation('speedup_of_one')})" + _NUMBER + rf"\s*(?:{alternation('speedup_unit')})", re.I),
)
"""A speedup over one machine: "5.8x faster than one", "是单机的 7.6 倍"."""
_COUNT_WORDS = "|".join(sorted(values("NUMBER_WORD"), key=len, reverse=True))
_MACHINES = regex(rf"(?<![\w.])(\d{{1,4}}|{_COUNT_WORDS}) ?(?:{alternation('speedup_machines')})", re.I)
"""A count of machines, digits or a number word, before a speedup: the scale the speedup is over."""
_SENTENCE_END = regex(r"[。；;!?！？]|\.(?=\s)")
SPEEDUP_REACH = 80
"""Characters before a speedup where the count of machines it is over stands."""
_SCALE = {"t": 1000.0, "g": 1.0}
REFERENCE = "reference"
"""The tag of a claim that compares with a reference fabric."""


def _gbps(number: str, unit: str) -> float:
    """A rate in Gb/s from a number and its unit (a capital B means bytes)."""
    value = float(number) * _SCALE[unit[0].lower()]
    return value * 8 if "B" in unit[1:] else value


def read_claims(text: str) -> list[Said]:
    """Every performance claim of one normalised passage, in order."""
    found: list[Said] = []
    starts: set[int] = set()
    if "%" not in text:  # every share and efficiency claim is a percentage, or a speedup over one machine
        return _bandwidth_claims(text, []) + _speedup_claims(text)
    for pattern, within in _REFERENCE_SHARE:
        for match in pattern.finditer(text):
            share = 100 - float(match[1]) if within else float(match[1])
            if match.start(1) not in starts and 0 < share <= 100:
                starts.add(match.start(1))
                found.append(Said("claims.efficiency_pct", share, [(match.start(), match.end())], tag=REFERENCE))
    found += _bandwidth_claims(text, [claim.spans[0] for claim in found])
    for path, patterns in (("claims.efficiency_pct", _EFFICIENCY), ("claims.comm_share_pct", _COMM_SHARE)):
        for pattern in patterns:
            for match in pattern.finditer(text):
                if match.start(1) not in starts and 0 < float(match[1]) <= 100:
                    starts.add(match.start(1))
                    found.append(Said(path, float(match[1]), [(match.start(), match.end())]))
    found += [claim for claim in _speedup_claims(text) if claim.spans[0][0] not in starts]
    return sorted(found, key=lambda said: said.spans[0])


def _speedup_claims(text: str) -> list[Said]:
    """Speedups over one machine, as an efficiency: "six servers train 5.8x faster than one" is 97%."""
    found: list[Said] = []
    if not _SPEEDUP_WORDS.search(text) or not _SPEEDUP_FIGURE.search(text):
        return found
    for pattern in _SPEEDUP:
        for match in pattern.finditer(text):
            reach = max(0, match.start() - SPEEDUP_REACH)
            ends = _SENTENCE_END.finditer(text, reach, match.start())
            sentence_start = max((end.end() for end in ends), default=reach)
            counts = list(_MACHINES.finditer(text, sentence_start, match.start()))
            if not counts:
                continue
            word = counts[-1][1].lower()
            machines = int(word) if word.isdigit() else int(values("NUMBER_WORD")[word])
            efficiency = round(100 * float(match[1]) / machines, 1) if machines > 1 else 0.0
            if 0 < efficiency <= 100:
                found.append(Said("claims.efficiency_pct", efficiency, [(counts[-1].start(), match.end())]))
    return found


def _bandwidth_claims(text: str, references: list[tuple[int, int]]) -> list[Said]:
    """The inter-node bandwidth claims of a passage, less those inside a reference share's span, each with what it
    is for (``claims.bandwidth_per``): a node's, a port's, or a GPU's when the passage gives no other figure ("800
    Gb/s per GPU, i.e. 6.4 Tb/s per node": the node's figure is the claim)."""
    found = [(said, "node") for said in _reference_rates(text)]
    references = [*references, *(said.spans[0] for said, _ in found)]
    per_gpu: list[tuple[Said, str]] = []
    if _UNIT_AFTER_NUMBER.search(text):
        after = _BANDWIDTH_AFTER.finditer(text) if _AFTER_WORDS.search(text) else ()
        for match in sorted([*_BANDWIDTH.finditer(text), *after], key=lambda m: m.start(1)):
            if found and found[-1][0].spans[0][1] > match.start(1):
                continue  # the same figure, found by both
            before = text[max(0, match.start() - 20):match.start()]
            context = re.split(r"[，。；;,\n]", before)[-1] + match[0]
            if _NOT_NETWORK.search(context) or any(start <= match.start(1) < end for start, end in references):
                continue
            claim = Said("claims.bandwidth_gbps", _gbps(match[1], match[2]), [(match.start(), match.end())])
            if PER_GPU_AFTER.match(text, match.end()) is not None:
                per_gpu.append((claim, "gpu"))
            else:
                port = _PER_PORT.search(context) or _PER_PORT.match(text, match.end())
                found.append((claim, "port" if port else "node"))
    return [said for claim, per in (found or per_gpu)
            for said in (claim, Said("claims.bandwidth_per", per, claim.spans))]


def _reference_rates(text: str) -> list[Said]:
    """The rates of a reference fabric that a passage naming another fabric says it reaches or equals, in order."""
    found: list[Said] = []
    if not ("IB" in text or "InfiniBand" in text) or not (compared := _COMPARED_FABRIC.search(text)):
        return found
    for match in _REFERENCE_BANDWIDTH.finditer(text, compared.end()):
        found.append(Said("claims.bandwidth_gbps", _gbps(match[1], match[2]), [match.span()], tag=REFERENCE))
    for pattern in _REFERENCE_EQUAL:
        for match in pattern.finditer(text, compared.end()):
            said = numeral_value(match[5]) if match[5] else None  # "四百G 的 IB"
            number, unit = (match[1], match[2]) if match[1] else (match[3], match[4]) if match[3] \
                else (str(said), "G") if said else (None, None)
            if number and unit:
                found.append(Said("claims.bandwidth_gbps", _gbps(number, unit), [match.span()], tag=REFERENCE))
    return sorted(found, key=lambda said: said.spans[0])


def without_references(said: list[Said], claims: list[Said], text: str) -> list[Said]:
    """``said`` less the fabric facts read from a reference a claim compares with ("95% of IB 400G"), and less the
    rates read from a claim that only promises to reach them ("delivers up to 200 Gb/s per server", "实测可达 400G")."""
    references = [claim.spans[0] for claim in claims if claim.tag == REFERENCE]
    promised = [claim.spans[0] for claim in claims if claim.path == "claims.bandwidth_gbps"
                and _REACHES.search(text, max(0, claim.spans[0][0] - REACHES_BEFORE), claim.spans[0][1])]
    if not references and not promised:
        return said
    return [s for s in said if not (s.path.startswith("fabric.") and all(
        any(start <= a and b <= end for start, end in references) for a, b in s.spans)) and not (
        s.path in _RATES and all(any(start <= a and b <= end for start, end in promised)
                                             for a, b in s.spans))]


_REACHES = regex(alternation("claim_reaches"), re.I)
REACHES_BEFORE = 12
"""Characters before a claim's figure where the words that make it a ceiling stand ("up to 3.2 Tb/s of …")."""
_RATES = ("fabric.rate_gbps", "fabric.included_rate_gbps")
