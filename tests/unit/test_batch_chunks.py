"""How a pool's documents are cut into chunks: every index once, in order, chunks shrinking to one."""

from hypothesis import given
from hypothesis import strategies as st

from slacheck.batch import CHUNKS_PER_SHARE, _chunks


@given(count=st.integers(min_value=0, max_value=2_000), jobs=st.integers(min_value=1, max_value=16))
def test_chunks_hold_every_index_once_in_order_and_shrink(count: int, jobs: int) -> None:
    indices = [i * 3 for i in range(count)]  # any ascending indices
    chunks = _chunks(indices, jobs)
    assert [i for chunk in chunks for i in chunk] == indices
    sizes = [len(chunk) for chunk in chunks]
    assert all(size >= 1 for size in sizes)
    assert sizes == sorted(sizes, reverse=True)
    if count:
        assert sizes[0] == -(-count // (jobs * CHUNKS_PER_SHARE))
        assert sizes[-1] == 1  # the workers finish within one document of each other


def test_a_hundred_documents_take_a_few_round_trips() -> None:
    sizes = [len(chunk) for chunk in _chunks(list(range(99)), 2)]
    assert sizes == [25, 19, 14, 11, 8, 6, 4, 3, 3, 2, 1, 1, 1, 1]
