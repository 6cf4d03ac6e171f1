"""The plateau rules shared by the nccl-tests and perftest parsers."""

from slacheck.perf.plateau import LARGE_MESSAGE_BYTES, large_message_rows, largest_size_rows, lower_median

MiB = 2**20


def test_lower_median_is_a_value_of_the_rows() -> None:
    assert lower_median([4.0, 1.0, 3.0, 2.0], lambda v: v) == 2.0
    assert lower_median([5.0], lambda v: v) == 5.0
    assert lower_median([], lambda v: v) is None


def test_large_message_rows_take_rounded_gather_sizes() -> None:
    sizes = [64 * MiB, 128 * MiB, 268435200, 512 * MiB]
    assert large_message_rows(sizes, lambda s: s) == [268435200, 512 * MiB]
    assert 268435200 >= LARGE_MESSAGE_BYTES


def test_short_sweeps_fall_back_to_the_three_largest_sizes() -> None:
    sizes = [1 * MiB, 2 * MiB, 4 * MiB, 8 * MiB, 8 * MiB]
    assert large_message_rows(sizes, lambda s: s) == [2 * MiB, 4 * MiB, 8 * MiB, 8 * MiB]
    assert large_message_rows([], lambda s: s) == []


def test_largest_size_rows_keep_repeats_of_the_largest_size() -> None:
    rows = [(1024, 10.0), (4096, 30.0), (4096, 20.0)]
    assert largest_size_rows(rows, lambda r: r[0]) == [(4096, 30.0), (4096, 20.0)]
    assert largest_size_rows([], lambda r: r[0]) == []
