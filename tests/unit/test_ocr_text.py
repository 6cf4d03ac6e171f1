"""OCR text mended: words the engine ran together split apart, look-alike characters put right."""

from __future__ import annotations

import pytest

from slacheck.documents.ocr_text import mend, split_words


@pytest.mark.parametrize("read, meant", [
    ("Theclusterissharedwithothertenants.", "The cluster is shared with other tenants."),
    ("Eachnodehas8xNVIDIAH100PCle80GB", "Each node has 8x NVIDIA H100 PCIe 80GB"),
    ("uptimefallsbelow99.5%", "uptime falls below 99.5%"),
    ("onemulti-tenantInfiniBandfabric", "one multi-tenant InfiniBand fabric"),
    ("2x 40oGbE per node", "2x 400GbE per node"),
    ("runnccl-testsoneachnodeindividually", "run nccl-tests on each node individually"),
])
def test_glued_words_and_look_alikes(read: str, meant: str) -> None:
    assert mend(read) == meant


@pytest.mark.parametrize("kept", ["8x H100 SXM5 80GB, 2 x 400GbE", "RoCEv2 100G", "ConnectX-7", "QSFP112",
                                  "24x7 support, 3 months", "InfiniBand NDR"])
def test_what_was_read_right_is_kept(kept: str) -> None:
    assert mend(kept) == kept


def test_a_run_is_split_only_into_words_that_explain_it_better() -> None:
    assert split_words("Privatenetwork") == ["Private", "network"]
    assert split_words("xConnectX") == ["xConnectX"]  # no split into unknown pieces
    assert split_words("individually") == ["individually"]
    assert split_words("a" * 500) == ["a" * 500]  # long runs are left as read
