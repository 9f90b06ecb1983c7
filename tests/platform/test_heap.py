"""The collector pause of a campaign import (app/platform/heap.py): blocks may overlap, and the
collector runs again once the last ends, unless it was off before the first."""

import gc
import time
from collections.abc import Iterator

import pytest

from app.platform import heap
from app.platform.heap import collector_paused


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


@pytest.mark.usefixtures("collector_on")
def test_pauses_overlapping_without_end_still_collect(monkeypatch: pytest.MonkeyPatch) -> None:
    """Imports taking turns so that one always runs must not keep the collector off for ever:
    a pause starting after `LONGEST_PAUSE` of it collects first."""
    collections: list[int] = []

    def collect(generation: int = 2) -> int:
        collections.append(generation)
        return 0

    monkeypatch.setattr(gc, "collect", collect)
    clock = [1_000.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    running = [collector_paused()]
    running[0].__enter__()
    for _ in range(5):  # each new import starts before the one before it ends
        clock[0] += heap.LONGEST_PAUSE / 2
        running.append(collector_paused())
        running[-1].__enter__()
        running.pop(0).__exit__(None, None, None)
        assert not gc.isenabled()
    assert collections == [2, 2]  # at 10 s and at 20 s of the collector off
    running.pop().__exit__(None, None, None)
    assert gc.isenabled()
