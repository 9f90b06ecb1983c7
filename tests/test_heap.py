"""The collector pause of a campaign import (app/heap.py): blocks may overlap, and the
collector runs again once the last ends, unless it was off before the first."""

import gc
from collections.abc import Iterator

import pytest

from app.heap import collector_paused


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    try:
        yield
    finally:
        (gc.enable if was else gc.disable)()


@pytest.mark.usefixtures("collector_on")
def test_overlapping_pauses_turn_the_collector_on_again_after_the_last() -> None:
    first, second = collector_paused(), collector_paused()
    first.__enter__()
    assert not gc.isenabled()
    second.__enter__()
    first.__exit__(None, None, None)
    assert not gc.isenabled()  # the second still runs
    second.__exit__(None, None, None)
    assert gc.isenabled()


@pytest.mark.usefixtures("collector_on")
def test_a_pause_ends_when_its_block_fails_and_leaves_off_a_collector_that_was_off() -> None:
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError
    assert gc.isenabled()
    gc.disable()
    with collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()
