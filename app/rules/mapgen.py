"""The seeded map generator (R-MAP-4): a playable map from (size, players, wrap, seed)."""

from __future__ import annotations

import random
from collections import deque

from app.rules.hexgrid import Coord, Grid, Wrap
from app.rules.maps import MAX_SIZE, MIN_SIZE, MIN_SLOTS, Fault, MapError
from app.rules.state import MapData, StartSlot, Tag, Terrain, Tile
from app.rules.texts import _

_LAND_SHARE_PCT = 60
_REGION_SIZE = 10  # tiles per terrain region, on average
_REGION_TERRAINS: tuple[tuple[Terrain, int], ...] = (
    (Terrain.PLAIN, 40),
    (Terrain.FOREST, 25),
    (Terrain.MOUNTAIN, 12),
    (Terrain.MARSH, 12),
    (Terrain.DESERT, 11),
)
_COAST_PCT = 70  # share of sea-touching land drawn as coast terrain
_PORT_PCT = 10  # share of coast terrain drawn as port sites
_OASIS_PCT = 8
_CITY_TERRAIN_PCT = 50  # city sites drawn as `city` terrain rather than a tag
_SITES_PER_SLOT = 3
_SITE_RADIUS = 4  # a slot's own city sites lie 2..4 tiles away
_WILD_SITE_EVERY = 12  # one more city site per this many tiles far from every slot
_COAST_SLOTS = 2
_ATTEMPTS = 50
TILES_PER_PLAYER = 4
"""The generator places at most one player per this many tiles."""


class _Gen:
    """One generation run: the grid, its neighbour table and the seeded random source."""

    def __init__(self, grid: Grid, rng: random.Random) -> None:
        self.grid = grid
        self.rng = rng
        self.coords = list(grid.coords())
        self.order = {c: i for i, c in enumerate(self.coords)}
        self.nbrs = {c: grid.neighbours(c) for c in self.coords}
        self.nbr_index = [[self.order[n] for n in self.nbrs[c]] for c in self.coords]

    def distances(self, start: Coord) -> dict[Coord, int]:
        """Hex distance from `start` to every tile (breadth-first over the wrapped grid)."""
        # Integer indices keep this hot loop fast (17 runs on a 64x64 map).
        dist = [-1] * len(self.coords)
        first = self.order[start]
        dist[first] = 0
        queue = deque([first])
        while queue:
            i = queue.popleft()
            for n in self.nbr_index[i]:
                if dist[n] < 0:
                    dist[n] = dist[i] + 1
                    queue.append(n)
        return dict(zip(self.coords, dist, strict=True))

    def grow_land(self, target: int) -> set[Coord]:
        """A connected land mass of `target` tiles, grown at random from one tile."""
        start = self.rng.choice(self.coords)
        land = {start}
        frontier = list(self.nbrs[start])
        while len(land) < target and frontier:
            i = self.rng.randrange(len(frontier))
            frontier[i], frontier[-1] = frontier[-1], frontier[i]
            c = frontier.pop()
            if c in land:
                continue
            land.add(c)
            frontier.extend(n for n in self.nbrs[c] if n not in land)
        return land

    def regions(self, land: list[Coord]) -> dict[Coord, Terrain]:
        """Land terrain in blobs: a breadth-first race from random region seeds."""
        names = [t for t, _ in _REGION_TERRAINS]
        weights = [w for _, w in _REGION_TERRAINS]
        seeds = self.rng.sample(land, max(1, len(land) // _REGION_SIZE))
        terrain = {s: self.rng.choices(names, weights)[0] for s in seeds}
        queue = deque(seeds)
        land_set = set(land)
        while queue:
            c = queue.popleft()
            for n in self.nbrs[c]:
                if n in land_set and n not in terrain:
                    terrain[n] = terrain[c]
                    queue.append(n)
        return terrain

    def farthest(self, candidates: list[Coord], nearest: dict[Coord, int]) -> Coord:
        best = max(nearest[c] for c in candidates)
        return self.rng.choice([c for c in candidates if nearest[c] == best])

    def pick_slots(
        self, land: list[Coord], coasts: list[Coord], players: int
    ) -> tuple[list[Coord], list[dict[Coord, int]]]:
        """Slots spread by farthest-point sampling; the first two on coast tiles."""
        slots = [self.rng.choice(coasts)]
        dists = [self.distances(slots[0])]
        nearest = dict(dists[0])
        while len(slots) < players:
            pool = coasts if len(slots) < _COAST_SLOTS else land
            slot = self.farthest([c for c in pool if c not in slots], nearest)
            slots.append(slot)
            dists.append(self.distances(slot))
            for c, d in dists[-1].items():
                nearest[c] = min(nearest[c], d)
        return slots, dists

    def city_sites(
        self,
        land: list[Coord],
        slots: list[Coord],
        dists: list[dict[Coord, int]],
        blocked: set[Coord],
    ) -> list[Coord]:
        """Each slot's own sites (2..4 away, strictly nearest to it), then wild ones far off."""
        sites: list[Coord] = []
        site_set: set[Coord] = set()
        taken: set[Coord] = set(slots) | blocked

        def take(c: Coord) -> bool:
            if c in taken or any(n in site_set for n in self.nbrs[c]):
                return False
            sites.append(c)
            site_set.add(c)
            return True

        own: list[list[Coord]] = [[] for _ in slots]
        nearest: dict[Coord, int] = {}
        for c in land:
            ds = [d[c] for d in dists]
            nearest[c] = min(ds)
            if ds.count(nearest[c]) == 1 and 2 <= nearest[c] <= _SITE_RADIUS:
                own[ds.index(nearest[c])].append(c)
        for candidates in own:
            self.rng.shuffle(candidates)
            mine = 0
            for c in candidates:
                if mine < _SITES_PER_SLOT and take(c):
                    mine += 1
        wild = [c for c in land if nearest[c] > _SITE_RADIUS]
        self.rng.shuffle(wild)
        budget = len(wild) // _WILD_SITE_EVERY
        for c in wild:
            if budget > 0 and take(c):
                budget -= 1
        return sorted(sites, key=self.order.__getitem__)

    def percent(self, pct: int) -> bool:
        return self.rng.randrange(100) < pct


def generation_faults(width: int, height: int, players: int, wrap: Wrap) -> list[Fault]:
    """Why these generator settings are refused (R-MAP-4), by parameter; empty if they are not."""
    faults: list[Fault] = []
    for key, size in (("width", width), ("height", height)):
        if not MIN_SIZE <= size <= MAX_SIZE:
            faults.append(
                (key, _("must be {min_size} to {max_size}", min_size=MIN_SIZE, max_size=MAX_SIZE))
            )
    if wrap is Wrap.TORUS and height % 2:
        faults.append(("height", _("a torus needs an even height")))
    most = width * height // TILES_PER_PLAYER
    if not MIN_SLOTS <= players <= most:
        room = (
            _("{least} to {most}", least=MIN_SLOTS, most=most)
            if most >= MIN_SLOTS
            else _("at least {least}, no room", least=MIN_SLOTS)
        )
        faults.append(
            (
                "players",
                _(
                    "must be {room} on a {width}x{height} map",
                    room=room,
                    width=width,
                    height=height,
                ),
            )
        )
    return faults


def generate_map(
    width: int, height: int, players: int, seed: int | str, wrap: Wrap = Wrap.NONE
) -> MapData:
    """A random map, the same for the same arguments (R-MAP-4); raise MapError if impossible."""
    faults = generation_faults(width, height, players, wrap)
    if faults:
        raise MapError(faults)
    gen = _Gen(Grid(width, height, wrap), random.Random(seed))  # noqa: S311 - layout, not secrets
    total = width * height
    target = min(total - 1, max(total * _LAND_SHARE_PCT // 100, players * 3))
    for _attempt in range(_ATTEMPTS):
        built = _generate_once(gen, target, players, f"Generated {width}x{height} #{seed}")
        if built is not None:
            return built
    raise MapError([("seed", _("no playable map found with these settings; try another seed"))])


def _generate_once(gen: _Gen, target: int, players: int, name: str) -> MapData | None:
    land_set = gen.grow_land(target)
    land = [c for c in gen.coords if c in land_set]
    coasts = [c for c in land if any(n not in land_set for n in gen.nbrs[c])]
    if len(coasts) < _COAST_SLOTS or len(land) < players:
        return None
    terrain = gen.regions(land)
    slots, dists = gen.pick_slots(land, coasts, players)
    coast_slots = set(slots[:_COAST_SLOTS])
    tags: dict[Coord, set[Tag]] = {c: set() for c in gen.coords}
    for c in coasts:
        if c in coast_slots or (c not in slots and gen.percent(_COAST_PCT)):
            terrain[c] = (
                Terrain.PORT if c not in slots and gen.percent(_PORT_PCT) else Terrain.COAST
            )
            tags[c].add(Tag.COAST)
    for c in land:
        if terrain[c] is Terrain.DESERT and c not in slots and gen.percent(_OASIS_PCT):
            terrain[c] = Terrain.OASIS
    ports = {c for c in land if terrain[c] is Terrain.PORT}
    for c in gen.city_sites(land, slots, dists, ports):
        tags[c].add(Tag.CITY_SITE)
        if terrain[c] is not Terrain.COAST and gen.percent(_CITY_TERRAIN_PCT):
            terrain[c] = Terrain.CITY
    tiles = {c: Tile(c, terrain.get(c, Terrain.SEA), frozenset(tags[c])) for c in gen.coords}
    return MapData(
        width=gen.grid.width,
        height=gen.grid.height,
        wrap=gen.grid.wrap,
        tiles=tiles,
        slots=tuple(StartSlot(c, f"Slot {i + 1}") for i, c in enumerate(slots)),
        name=name,
    )
