"""Benchmark of resolve_turn on generated campaigns of growing size.

Prints the median time per size and how time grows per army from the smallest case to the
largest; a ratio near 1 means time grows linearly with the number of armies.
"""

from __future__ import annotations

import statistics
import time

from sample_campaign import random_walks, sample_ruleset, sample_state

from app.rules.resolve import resolve_turn

CASES = ((16, 4, 10), (32, 8, 10), (48, 12, 10), (64, 17, 10))  # map size, players, armies each
RUNS = 15


def median_ms(size: int, players: int, per_player: int) -> tuple[int, float]:
    state = sample_state(size, players, per_player)
    orders = random_walks(state)
    ruleset = sample_ruleset(players)
    resolve_turn(state, orders, ruleset)  # warm-up
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        resolve_turn(state, orders, ruleset)
        times.append(time.perf_counter() - start)
    return len(state.armies), statistics.median(times) * 1000


def main() -> None:
    print(f"{'map':>7} {'players':>7} {'armies':>6} {'median ms':>10} {'µs/army':>8}")
    per_army = []
    for size, players, per_player in CASES:
        armies, ms = median_ms(size, players, per_player)
        per_army.append(ms * 1000 / armies)
        print(f"{size:>3}×{size:<3} {players:>7} {armies:>6} {ms:>10.2f} {per_army[-1]:>8.1f}")
    growth = per_army[-1] / per_army[0]
    print(f"time per army, largest / smallest case: {growth:.2f} (≈1 means linear growth)")


if __name__ == "__main__":
    main()
