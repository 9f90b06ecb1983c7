"""Benchmark of resolve_turn on generated campaigns of growing size.

Prints the median time per size, then on a 128×128 map with 17 players the time per army at
several army counts (flat means time grows linearly with the armies), each target of issue 13
with PASS/FAIL, and where the time of the largest case goes (pyinstrument's top frames).

Times are the CPU time of this process (`time.process_time`, the resolver is single-threaded
pure Python): on a shared machine the wall time also counts waiting for a core, so it is
printed next to it but not judged.
"""

from __future__ import annotations

import argparse
import statistics
import time

from app.rules.resolve import resolve_turn
from bench.sample_campaign import random_walks, sample_ruleset, sample_state
from bench.shared import profiled, top_frames

CASES = ((16, 4, 10), (32, 8, 10), (48, 12, 10), (64, 17, 10))  # map size, players, armies each
LARGE_MAP, LARGE_PLAYERS = 128, 17
LARGE_ARMIES_EACH = (10, 20, 40, 59)  # 170 … 1,003 armies
TARGET_MS = 50.0  # 128×128, 17 players, 1,000 armies
FLAT_FACTOR = 1.25  # time per army at the most armies / at the fewest, same map


def median_ms(size: int, players: int, per_player: int, runs: int) -> tuple[int, float, float]:
    """Armies, median CPU ms and median wall ms of `runs` resolutions."""
    state = sample_state(size, players, per_player)
    orders = random_walks(state)
    ruleset = sample_ruleset(players)
    resolve_turn(state, orders, ruleset)  # warm-up
    cpu, wall = [], []
    for _ in range(runs):
        start, started = time.process_time(), time.perf_counter()
        resolve_turn(state, orders, ruleset)
        cpu.append(time.process_time() - start)
        wall.append(time.perf_counter() - started)
    return len(state.armies), statistics.median(cpu) * 1000, statistics.median(wall) * 1000


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs per case (15)")
    args = parser.parse_args()
    header = f"{'map':>7} {'players':>7} {'armies':>6} {'median ms':>10} {'µs/army':>8}"
    print(header + f" {'wall ms':>8}")
    per_army = []
    for size, players, per_player in CASES:
        armies, ms, wall = median_ms(size, players, per_player, args.runs)
        per_army.append(ms * 1000 / armies)
        print(
            f"{size:>3}×{size:<3} {players:>7} {armies:>6} {ms:>10.2f} {per_army[-1]:>8.1f} "
            f"{wall:>8.2f}"
        )
    growth = per_army[-1] / per_army[0]
    print(f"time per army, largest / smallest case: {growth:.2f} (≈1 means linear growth)")

    print(f"\n{LARGE_MAP}×{LARGE_MAP} map, {LARGE_PLAYERS} players:")
    large: list[tuple[int, float, float]] = []
    for each in LARGE_ARMIES_EACH:
        armies, ms, wall = median_ms(LARGE_MAP, LARGE_PLAYERS, each, args.runs)
        large.append((armies, ms, wall))
        print(
            f"{'':7} {LARGE_PLAYERS:>7} {armies:>6} {ms:>10.2f} {ms * 1000 / armies:>8.1f} "
            f"{wall:>8.2f}"
        )
    armies, ms, wall = large[-1]
    flat = (ms / armies) / (large[0][1] / large[0][0])
    print(
        f"target: resolve_turn, {LARGE_MAP}×{LARGE_MAP}, {LARGE_PLAYERS} players, {armies} armies "
        f"≤ {TARGET_MS:.0f} ms — {ms:.1f} ms CPU (wall {wall:.1f} ms): {verdict(ms <= TARGET_MS)}"
    )
    print(
        f"target: time per army flat ({armies} armies / {large[0][0]} armies ≤ {FLAT_FACTOR}) — "
        f"{flat:.2f}: {verdict(flat <= FLAT_FACTOR)}"
    )

    state = sample_state(LARGE_MAP, LARGE_PLAYERS, LARGE_ARMIES_EACH[-1])
    orders, ruleset = random_walks(state), sample_ruleset(LARGE_PLAYERS)
    with profiled() as profiler:
        for _ in range(5):
            resolve_turn(state, orders, ruleset)
    print(f"\nwhere the time goes ({armies} armies, 5 runs):")
    print("\n".join(top_frames(profiler)))


if __name__ == "__main__":
    main()
