"""Where the CPU time of a turn change goes, by phase: the functions the change calls are
wrapped, for the measured calls only, by timers of this process's CPU time.

A phase's time is its own: a wrapped call inside another (the notifications inside the events)
is taken out of the outer one. What no phase holds is the request around the change (the
middlewares, the caller's membership and lock, the turn gate's statement, the HTTP exchange).
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.play.diplomacy import service as diplomacy
from app.play.ledger import service as ledger
from app.play.orders import standing
from app.play.turns import battle_records
from app.play.turns import service as turns
from app.store.events import publish
from app.store.persistence import snapshots

# (phase, the object whose attribute is called, the attribute), in the order of the change.
WRAPPED: tuple[tuple[str, Any, str], ...] = (
    ("turn gate", turns, "turn_gate"),
    ("records, standing orders", turns, "_record_seat_turns"),
    ("records, standing orders", standing, "apply_standing_orders"),
    ("snapshot", snapshots, "save_snapshot"),
    ("loading state", turns, "load_read"),
    ("loading state", turns, "load_state"),  # an older tree's
    ("loading state", diplomacy, "turn_edicts"),
    ("loading state", turns, "load_orders"),  # an older tree's
    ("rules (resolve_turn)", turns, "resolve_turn"),
    ("diff and persist", diplomacy, "close_turn"),
    ("diff and persist", turns, "save_state"),
    ("diff and persist", battle_records, "store_declared_forces"),
    ("diff and persist", battle_records, "snapshot_rosters"),
    ("ledger", ledger, "record"),
    ("summaries", turns, "_write_summaries"),
    ("events", turns, "publish_all"),
    ("notifications", publish, "tell_subscribers"),
    ("answer (the turn read)", turns, "read_turn"),
    ("commit", AsyncSession, "commit"),
)
REST = "the request around it"


class Phases:
    """The CPU milliseconds of each phase, one entry per measured call."""

    def __init__(self) -> None:
        self.calls: list[dict[str, float]] = []
        self._current: defaultdict[str, float] = defaultdict(float)
        self._inner: list[float] = []  # per open wrapped call, the time of the calls inside

    def _timed(self, phase: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def close(started: float) -> None:
            spent = time.process_time() - started
            self._current[phase] += spent - self._inner.pop()
            if self._inner:
                self._inner[-1] += spent

        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def timed_async(*args: Any, **kwargs: Any) -> Any:
                self._inner.append(0.0)
                started = time.process_time()
                try:
                    return await fn(*args, **kwargs)
                finally:
                    close(started)

            return timed_async

        @functools.wraps(fn)
        def timed(*args: Any, **kwargs: Any) -> Any:
            self._inner.append(0.0)
            started = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                close(started)

        return timed

    @contextlib.contextmanager
    def measuring(self) -> Iterator[None]:
        """Time the phases of the calls made in the block (one turn change), then unwrap."""
        # A function a tree does not have (an older one, measured for a before/after) is left
        # out: its time stays with its caller's phase.
        wrapped = [(p, owner, name) for p, owner, name in WRAPPED if hasattr(owner, name)]
        originals = [(owner, name, getattr(owner, name)) for _, owner, name in wrapped]
        started = time.process_time()
        self._current = defaultdict(float)
        for (phase, owner, name), (_, _, fn) in zip(wrapped, originals, strict=True):
            setattr(owner, name, self._timed(phase, fn))
        try:
            yield
        finally:
            for owner, name, fn in originals:
                setattr(owner, name, fn)
            total = time.process_time() - started
            self._current[REST] = total - sum(self._current.values())
            self.calls.append(dict(self._current))

    def lines(self, yardstick_ms: float) -> list[str]:
        """The median CPU ms of each phase, heaviest first, and its share of `yardstick_ms`
        (the rules alone on the same state)."""
        names = {phase for call in self.calls for phase in call}
        medians = {p: statistics.median(c.get(p, 0.0) for c in self.calls) * 1000 for p in names}
        return [
            f"  {phase:28} {ms:6.2f} ms  {ms / yardstick_ms:5.2f}× resolve_turn alone"
            for phase, ms in sorted(medians.items(), key=lambda kv: -kv[1])
        ]
