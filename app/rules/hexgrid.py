"""Axial hex coordinates on a rectangular (odd-r offset) map, with optional wrap-around (R-MAP)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

Coord = tuple[int, int]
"""Axial coordinates `(q, r)`."""

# Order matters: R-BAT-7 retreats try E, NE, NW, W, SW, SE in this order.
DIRECTIONS: tuple[Coord, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")


class Wrap(StrEnum):
    NONE = "none"
    HORIZONTAL = "horizontal"
    TORUS = "torus"


def axial_distance(a: Coord, b: Coord) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def to_offset(c: Coord) -> tuple[int, int]:
    """Axial → (column, row) of the odd-r offset layout the map is drawn in."""
    q, r = c
    return q + (r - (r & 1)) // 2, r


def from_offset(col: int, row: int) -> Coord:
    return col - (row - (row & 1)) // 2, row


@dataclass(frozen=True, slots=True)
class Grid:
    """A `width` × `height` rectangle of hexes (odd-r rows) and how its edges wrap.

    A torus needs an even height so that the row parity survives the vertical wrap.
    """

    width: int
    height: int
    wrap: Wrap = Wrap.NONE

    def normalize(self, c: Coord) -> Coord | None:
        """The on-map coordinate for `c` after wrapping, or None if it is off the map."""
        q, r = c
        if self.wrap is Wrap.TORUS:
            # Moving by `height` rows (even) keeps the column when q moves by height/2 back.
            turns = r // self.height
            q, r = q + turns * (self.height // 2), r - turns * self.height
        col, row = to_offset((q, r))
        if self.wrap in (Wrap.HORIZONTAL, Wrap.TORUS):
            col %= self.width
        if not (0 <= col < self.width and 0 <= row < self.height):
            return None
        return from_offset(col, row)

    def contains(self, c: Coord) -> bool:
        return self.normalize(c) == c

    def coords(self) -> Iterator[Coord]:
        for row in range(self.height):
            for col in range(self.width):
                yield from_offset(col, row)

    def neighbours(self, c: Coord) -> list[Coord]:
        """On-map neighbours of `c`, in the order E, NE, NW, W, SW, SE."""
        return list(_neighbours(self, c))

    def _translations(self) -> list[Coord]:
        horizontal = [(0, 0)]
        if self.wrap in (Wrap.HORIZONTAL, Wrap.TORUS):
            horizontal = [(0, 0), (self.width, 0), (-self.width, 0)]
        if self.wrap is not Wrap.TORUS:
            return horizontal
        # Shifting by `height` rows (even) keeps the column when q moves by -height/2.
        vertical = [(0, 0), (-self.height // 2, self.height), (self.height // 2, -self.height)]
        return [(h[0] + v[0], h[1] + v[1]) for h in horizontal for v in vertical]

    def distance(self, a: Coord, b: Coord) -> int:
        return min(axial_distance(a, (b[0] + dq, b[1] + dr)) for dq, dr in self._translations())

    def adjacent(self, a: Coord, b: Coord) -> bool:
        return b in self.neighbours(a)

    def within(self, c: Coord, radius: int) -> list[Coord]:
        """Every on-map tile at distance ≤ radius from `c` (c included), each once, sorted."""
        return list(_within(self, c, radius))

    def ring(self, c: Coord, radius: int) -> list[Coord]:
        """On-map tiles at exactly `radius` from `c`, sorted."""
        return [t for t in self.within(c, radius) if self.distance(c, t) == radius]

    def is_path(self, start: Coord, path: tuple[Coord, ...]) -> bool:
        """True if each step of `path` is on the map and adjacent to the one before."""
        prev = start
        for step in path:
            if not self.contains(step) or not self.adjacent(prev, step):
                return False
            prev = step
        return True


# Sight and movement ask for the same small neighbourhoods over and over; grids are immutable
# values, so their answers can be shared between calls, states and campaigns.
@lru_cache(maxsize=1 << 16)
def _neighbours(grid: Grid, c: Coord) -> tuple[Coord, ...]:
    out: list[Coord] = []
    for dq, dr in DIRECTIONS:
        n = grid.normalize((c[0] + dq, c[1] + dr))
        if n is not None and n != c and n not in out:
            out.append(n)
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _within(grid: Grid, c: Coord, radius: int) -> tuple[Coord, ...]:
    found: set[Coord] = set()
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            n = grid.normalize((c[0] + dq, c[1] + dr))
            if n is not None:
                found.add(n)
    return tuple(sorted(found))
