"""Acceptance verdicts a buyer can act on: the contract's own thresholds, the sizes judged,
the fabric a log ran on, one finding per rule and log, and figures in the tool's units.

Real public logs are read from ``tests/data`` (sources in its README); contracts are
bundled samples or short offers written here.
"""

import json
from pathlib import Path

import pytest

from slacheck.cli import main
from slacheck.documents import document_from_text
from slacheck.extract import extract
from slacheck.offering import Evidence, Offering, Statement, assemble
from slacheck.perf.acceptance import latency_transport, size_label, size_range_label
from slacheck.perf.logs import parse_log
from slacheck.perf.nccl.text import parse_nccl_text
from slacheck.pipeline import Options, analyse, check_measured
from slacheck.rules.engine import Finding, load_rules
from slacheck.rules.thresholds import SIZES_PATH, Threshold, thresholds

from conftest import DATA, SAMPLES

RULES = load_rules()
IB_10X8 = "10 nodes x 8 H100 SXM5, 8 x 400G InfiniBand NICs per node."
IB_2X8 = "2 nodes x 8 H100 SXM5, 8 x 400G InfiniBand NICs per node."
ROCE_2X8 = "2 nodes x 8 H100 SXM5, 8 x 400G RoCE v2 NICs per node."
PERFTEST = DATA / "01_ib_write_bw_roce_cx7_gpudirect_1qp_sweep_client.log"


def read(text: str) -> tuple[Offering, list[Statement]]:
    statements = extract(document_from_text(text + "\n")).statements
    return assemble(statements), statements


def findings(contract: str, log: Path, statements: list[Statement] | None = None,
             language: str = "en") -> dict[str, list[Finding]]:
    offering, said = read(contract)
    out: dict[str, list[Finding]] = {}
    for f in check_measured(offering, RULES, parse_log(log), language=language,
                            statements=said if statements is None else statements):
        out.setdefault(f.rule, []).append(f)
    return out


def real(number: int) -> Path:
    return next(DATA.glob(f"{number:02d}_h100_*.log"))


def perftest_log(folder: Path, *, average: float, link: str = "IB") -> Path:
    """The real ib_write_bw sweep with its largest rows' BW average set to ``average`` Gb/s."""
    lines = PERFTEST.read_text(encoding="utf-8").split("\n")
    out = []
    for line in lines:
        if line.strip().startswith("Link type"):
            line = line.replace("Ethernet", link)
        fields = line.split()
        if len(fields) == 5 and fields[0] in ("4194304", "8388608"):
            line = line.replace(fields[3], f"{average:.2f}")
        out.append(line)
    path = folder / "ib_write_bw.log"
    path.write_text("\n".join(out), encoding="utf-8")
    return path


# --- thresholds: the contract's, per collective and per HCA --------------------------------------

def test_a_threshold_belongs_to_the_test_named_before_it():
    offering, said = read("10 nodes x 8 H100 SXM5. Acceptance: nccl-tests all_gather busbw >= 300 GB/s. "
                          "all_reduce busbw >= 350 GB/s.")
    assert thresholds(offering, said) == {"all_gather": Threshold("all_gather", 300.0),
                                          "all_reduce": Threshold("all_reduce", 350.0)}


@pytest.mark.parametrize("said, sizes", [
    ("all_reduce busbw of at least 330 GB/s at message sizes of 512 MiB and above.", (2**29, None)),
    ("all_reduce bus bandwidth >= 330 GB/s for every message size of 1 GB or larger.", (2**30, None)),
    ("AllReduce must reach 330 GB/s busbw at message sizes from 256 MB to 8 GB.", (2**28, 8 * 2**30)),
    ("all_reduce 在消息大小不小于 512MB 时，总线带宽不低于 330 GB/s。", (2**29, None)),
    ("all_reduce 在 1GB 至 16GB 区间，busbw 不低于 330 GB/s。", (2**30, 16 * 2**30)),
    ("allreduce：2GB 及以上的消息，busbw ≥ 330 GB/s。", (2 * 2**30, None)),
    ("all_reduce_perf -b 1G -e 4G -f 2，各消息大小 busbw ≥ 330 GB/s。", (2**30, 4 * 2**30)),
    ("all_reduce_perf -b 8 -e 8G -f 2, busbw >= 330 GB/s.", (None, None)),  # the run's range, not the judged one
    ("all_reduce busbw >= 330 GB/s. Message sizes from 8 B to 16 GiB are run.", (None, None)),  # another sentence
])
def test_the_sizes_a_threshold_judges_are_read_from_its_sentence(said, sizes):
    offering, statements = read("10 nodes x 8 H100 SXM5, 8 x 400G InfiniBand NICs per node. Acceptance: " + said)
    threshold = thresholds(offering, statements)["all_reduce"]
    assert (threshold.gbytes, threshold.min_bytes, threshold.max_bytes) == (330.0, *sizes)


def test_a_contract_size_range_read_from_the_text_reaches_acc001_and_plan(tmp_path, capsys):
    contract = IB_10X8 + " Acceptance: nccl-tests all_reduce_perf across all 10 nodes, busbw of at least 330 GB/s " \
                         "at message sizes of 512 MiB and above."
    hit = findings(contract, real(2))["ACC001"][0]
    assert "all_reduce 315.96 GB/s busbw at 512 MiB-16 GiB" in hit.message
    path = tmp_path / "contract.md"
    path.write_text(contract + "\n", encoding="utf-8")
    assert main(["plan", str(path), "--format", "json"]) == 0
    steps = {s["test"]: s for s in json.loads(capsys.readouterr().out)["steps"]}
    assert steps["all_reduce_perf"]["sizes"] == ">= 512 MiB" and steps["all_gather_perf"]["sizes"] == ">= 1 GiB"


def test_clean_samples_carry_their_own_busbw_and_per_hca_thresholds():
    for name in ("en_clean_h100_order_form.md", "zh_clean_h100_ib_cluster.md"):
        analysis = analyse(SAMPLES / name, Options())
        found = thresholds(analysis.offering, analysis.extraction.statements)
        assert found["all_reduce"] == Threshold("all_reduce", 340.0, min_bytes=2**30)  # "1 GiB and above"
        assert found["ib_write_bw"].figure == "380 Gb/s" and found["ib_write_bw"].bits


@pytest.mark.parametrize("name", ["en_clean_h100_order_form.md", "zh_clean_h100_ib_cluster.md"])
def test_plan_uses_the_contract_thresholds_and_says_where_the_model_fills_in(name, capsys):
    assert main(["plan", str(SAMPLES / name), "--format", "json"]) == 0
    steps = json.loads(capsys.readouterr().out)["steps"]
    by_test = {s["test"]: s for s in steps}
    assert (by_test["all_reduce_perf"]["threshold"], by_test["all_reduce_perf"]["source"]) == (340.0, "contract")
    assert (by_test["ib_write_bw"]["threshold"], by_test["ib_write_bw"]["unit"]) == (380.0, "Gb/s")
    assert by_test["ib_write_bw"]["source"] == "contract" and by_test["all_gather_perf"]["source"] == "model"
    assert by_test["all_reduce_perf"]["sizes"] == ">= 1 GiB"
    assert main(["plan", str(SAMPLES / name), "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "380 Gb/s" in out and "320 Gb/s" not in out
    assert ("model's figure" in out) or ("模型数值" in out)
    assert "mpirun -np" in out and "NCCL_ALGO=Ring" in out  # commands print whole, for copying


def test_per_hca_contract_threshold_fails_a_log_the_model_would_pass(tmp_path, capsys):
    log = perftest_log(tmp_path, average=350.7)
    contract = SAMPLES / "en_clean_h100_order_form.md"
    assert main(["check", str(contract), "--measured", str(log), "--select", "ACC", "--format", "json"]) == 1
    found = json.loads(capsys.readouterr().out)["findings"]
    assert [f["rule"] for f in found] == ["ACC001"]
    assert "350.7 Gb/s at 8 MiB, required 380 Gb/s per HCA (contract)" in found[0]["message"]
    passing = perftest_log(tmp_path, average=385.0)
    assert main(["check", str(contract), "--measured", str(passing), "--select", "ACC", "--format", "json"]) == 0


def test_a_stated_size_range_is_judged_row_by_row():
    ev = [Evidence(path="c", page=1, line=3, column=1, text="all_reduce >= 330 GB/s from 512 MiB")]
    said = [Statement(path="acceptance.threshold_gbytes", value=330.0, evidence=ev, tag="all_reduce"),
            Statement(path=SIZES_PATH, value=[512 * 2**20, None], evidence=ev, tag="all_reduce")]
    offering, _ = read(IB_10X8)
    assert thresholds(offering, said)["all_reduce"].min_bytes == 512 * 2**20
    hit = findings(IB_10X8, real(2), said)["ACC001"][0]
    assert "all_reduce 315.96 GB/s busbw at 512 MiB-16 GiB" in hit.message  # the worst row of the range
    default = findings(IB_10X8, real(2), said[:1])["ACC001"][0]
    assert "at 1 GiB-16 GiB" in default.message and all("536870912 " not in e.text for e in default.evidence)


def test_a_share_of_line_rate_is_the_contracts_requirement(tmp_path):
    log = perftest_log(tmp_path, average=350.0)
    text = IB_2X8 + " Acceptance: ib_write_bw on every HCA must reach 90% of line rate."
    hit = findings(text, log)["ACC001"][0]
    assert "required 360 Gb/s per HCA (the contract's 90% of the 400 Gb/s line rate)" in hit.message
    assert "ACC001" not in findings(IB_2X8, log)  # 80% of 400 Gb/s without the clause


def test_plot_draws_the_contracts_requirement(tmp_path, capsys):
    plot = tmp_path / "p.svg"
    main(["accept", str(real(2)), "--expect", IB_10X8 + " all_reduce_perf busbw >= 340 GB/s.", "--plot", str(plot),
          "--format", "json"])
    run = json.loads(capsys.readouterr().out)["measurements"][0]["collectives"][0]
    assert (run["required_gbytes"], run["required_source"], run["judged_sizes"]) == (340.0, "contract",
                                                                                     "1 GiB-16 GiB")
    assert "all_reduce (req. 340.0)" in plot.read_text(encoding="utf-8")


# --- ACC010: the fabric the log ran on ------------------------------------------------------------

def test_acc010_efa_and_tcpxo_logs_contradict_an_infiniband_promise():
    efa = findings(IB_2X8, real(3))["ACC010"][0]
    assert "AWS EFA" in efa.message and "InfiniBand" in efa.message
    assert "NET/OFI Selected Provider is efa" in efa.evidence[0].text
    tcpxo = findings(IB_2X8, real(4))["ACC010"][0]
    assert "TCP-class" in tcpxo.message and "122.3 µs" in tcpxo.message
    assert "ACC010" not in findings(IB_10X8, real(2))
    assert "ACC010" not in findings("1 node x 8 H100 SXM5, NVSwitch. 8 x 400G InfiniBand NICs.", real(1))


def test_acc010_roce_log_matches_roce_and_not_infiniband():
    assert "RoCE" in findings(IB_2X8, real(5))["ACC010"][0].message
    assert "ACC010" not in findings(ROCE_2X8, real(5))


def test_acc010_perftest_link_type(tmp_path):
    assert "Link type: Ethernet" in findings(IB_2X8, PERFTEST)["ACC010"][0].message
    assert "ACC010" not in findings(ROCE_2X8, PERFTEST)
    assert "ACC010" not in findings(IB_2X8, perftest_log(tmp_path, average=390.0, link="IB"))


def test_accept_fails_efa_and_tcpxo_logs_against_ndr(capsys):
    for number in (3, 4):
        assert main(["accept", str(real(number)), "--expect", "2 nodes x 8 H100 SXM, 8x NDR400 per node",
                     "--format", "json"]) == 1
        assert "ACC010" in {f["rule"] for f in json.loads(capsys.readouterr().out)["findings"]}


def test_transport_lines_nccl_prints():
    def transport(line: str) -> str | None:
        return parse_nccl_text(f"# nThread 1 nGpus 1\nhost:1:1 [0] NCCL INFO {line}\n", "t.log").transport

    assert transport("NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB ; OOB ib0:10.0.0.1<0>") == "infiniband"
    assert transport("NET/IB : Using [0]mlx5_5:1/RoCE [RO]; OOB eno7np0:169.254.103.56<0>") == "roce"
    assert transport("NET/Socket : Using [0]eth0:10.0.0.1<0>") == "socket"
    assert transport("NET/GPUDirectTCPX ver. 3.1.6.") == "tcpx"
    assert transport("NET/OFI Selected Provider is efa (found 32 nics)") == "efa"
    assert transport("Bootstrap : Using eth0:10.0.0.1<0>") is None


def test_latency_signature_needs_several_hosts_and_slow_small_messages():
    tcpxo = parse_log(real(4)).collectives[0]
    assert latency_transport(tcpxo) == (122.3, 25)
    assert latency_transport(parse_log(real(1)).collectives[0]) is None  # one host
    assert latency_transport(parse_log(real(2)).collectives[0]) is None  # no small rows


# --- one finding per rule and log, human units --------------------------------------------------

def test_one_finding_per_rule_lists_the_collectives():
    found = findings("1 node x 8 A100 SXM4 80GB, NVSwitch.", real(1))
    assert len(found["ACC003"]) == 1
    assert found["ACC003"][0].message.startswith("The log's devices are H100 SXM 80 GB; the offering promises "
                                                 "A100 SXM 80 GB")
    single = findings(IB_2X8, real(10))["ACC002"]
    assert len(single) == 1 and "all_reduce" in single[0].message


def test_messages_use_units_and_never_unknowns():
    pairs = [(IB_10X8, real(n)) for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)] + [(IB_2X8, PERFTEST)]
    for contract, log in pairs:
        for language in ("en", "zh"):
            for items in findings(contract, log, language=language).values():
                for f in items:
                    assert "?" not in f.message and "(as a fraction)" not in f.message, (log.name, f.rule)
                    assert "?" not in f.fix, (log.name, f.rule)


def test_perftest_messages_fit_perftest():
    hit = findings(ROCE_2X8, PERFTEST, language="zh")["ACC001"][0]
    assert "要求单网卡 320 Gb/s" in hit.message and "GB/s" not in hit.message
    assert "NCCL_ALGO" not in hit.fix and "ib_write_bw -d mlx5_2" in hit.fix


def test_size_labels():
    assert [size_label(s) for s in (12, 4096, 536870912, 2**30, 26843545600)] == [
        "12 B", "4 KiB", "512 MiB", "1 GiB", "25 GiB"]
    assert size_range_label(2**30, 2**34) == "1 GiB-16 GiB" and size_range_label(2**23, 2**23) == "8 MiB"


def test_accept_table_shows_units_sizes_sources_and_fabric(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "250")
    code = main(["accept", str(real(2)), str(PERFTEST), "--expect", IB_10X8, "--no-color"])
    out = capsys.readouterr().out
    assert code == 1
    rows = [line for line in out.splitlines() if line.count("│") > 8]
    assert "322.7 GB/s" in rows[0] and "288 GB/s (80% of model)" in rows[0] and "1 GiB-16 GiB" in rows[0]
    perftest = rows[-1]
    assert "197.87 Gb/s" in perftest and "320 Gb/s" in perftest and "roce" in perftest and "GB/s" not in perftest


def test_acc010_speaks_the_reports_language():
    zh = findings(IB_2X8, real(4), language="zh")["ACC010"][0]
    assert "TCP 类网络" in zh.message and "122.3 µs" in zh.message and "network" not in zh.message
    roce = findings(IB_2X8, PERFTEST, language="zh")["ACC010"][0]
    assert "RoCE (Link type: Ethernet)" in roce.message and "NCCL" not in roce.message
