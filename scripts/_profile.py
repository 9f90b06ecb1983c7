"""Where the time goes: a pyinstrument profile reduced to its top frames, for the benchmarks.

`profiled()` samples a block; `top_frames()` lists the functions that took the most time,
both by their own time (the hot leaves) and by their inclusive time among the project's own
frames (which step of the request or the turn change is the expensive one).
"""

from __future__ import annotations

import contextlib
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from pyinstrument import Profiler

_ROOT_MARKERS = ("/app/",)
# The ASGI middlewares wrap every request whole: they would top every inclusive list.
_WRAPPERS = (
    "/app/asgi.py", "/app/middleware.py", "/app/metrics/middleware.py", "/app/web/",
    "/app/limits/headers.py", "/app/limits/body.py",
)  # fmt: skip


def _name(frame: Any) -> str:
    path = frame.file_path_short or frame.file_path or "?"
    return f"{frame.function} ({path}:{frame.line_no})"


def _own(frame: Any) -> bool:
    path = frame.file_path or ""
    return (
        any(marker in path for marker in _ROOT_MARKERS)
        and "site-packages" not in path
        and not any(wrapper in path for wrapper in _WRAPPERS)
    )


@contextlib.contextmanager
def profiled(interval: float = 0.0005) -> Iterator[Profiler]:
    """Sample the block (async-aware: time awaited in the database counts as the await)."""
    profiler = Profiler(interval=interval, async_mode="enabled")
    profiler.start()
    try:
        yield profiler
    finally:
        profiler.stop()


def top_frames(profiler: Profiler, count: int = 8) -> list[str]:
    """Lines "self %  inclusive % function (file:line)" of the heaviest frames."""
    session = profiler.last_session
    if session is None:
        return []
    root = session.root_frame()
    if root is None or root.time <= 0:
        return []
    total = root.time
    self_time: defaultdict[str, float] = defaultdict(float)
    inclusive: defaultdict[str, float] = defaultdict(float)

    def walk(frame: Any, on_path: frozenset[str], parent: str = "") -> None:
        name = _name(frame)
        if not frame.children:  # a leaf: its time is its own ("[self]": its parent's)
            self_time[parent if frame.is_synthetic and parent else name] += frame.time
        if _own(frame) and name not in on_path:  # recursion counted once
            inclusive[name] += frame.time
            on_path = on_path | {name}
        for child in frame.children:
            walk(child, on_path, name)

    walk(root, frozenset())
    lines = [f"  total sampled: {total * 1000:.1f} ms"]
    lines.append("  heaviest own time (leaves):")
    for name, t in sorted(self_time.items(), key=lambda kv: -kv[1])[:count]:
        lines.append(f"    {100 * t / total:5.1f}%  {name}")
    lines.append("  heaviest project frames (inclusive):")
    ranked = sorted(inclusive.items(), key=lambda kv: -kv[1])
    shown = ranked[:count]
    for name, t in shown:
        lines.append(f"    {100 * t / total:5.1f}%  {name}")
    return lines
