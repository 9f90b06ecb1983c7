"""The map generator (R-MAP-4, R-CAMP-1): pinned outputs and properties that catch a changed
constant or rule of app/rules/mapgen.py (land share, coasts and ports, slot placement, city-site
density and fairness, connectivity)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules.hexgrid import Coord, Wrap, to_offset
from app.rules.mapgen import TILES_PER_PLAYER, generate_map
from app.rules.maps import map_to_dict, validate_map
from app.rules.state import MapData, Tag, Terrain

# (width, height, players, seed, wrap) → sha256 of the JSON document, terrain counts, slots.
PINNED: list[
    tuple[tuple[int, int, int, int | str, Wrap], str, dict[str, int], list[tuple[int, int]]]
] = [
    (
        (20, 16, 4, 7, Wrap.NONE),
        "3667d5a0cfad8ccea7c34fe84f2b09c6c060471aedf9f825e8487bf7003f6c14",
        {"city": 8, "coast": 30, "desert": 5, "forest": 26, "marsh": 72, "mountain": 26,
         "plain": 25, "sea": 128},
        [(0, 2), (13, 13), (0, 15), (12, 0)],
    ),
    (
        (64, 64, 17, 2024, Wrap.NONE),
        "3073085e9661857300ad477e972afd25972402d4dc952ec1df570caf127d4319",
        {"city": 86, "coast": 109, "desert": 173, "forest": 644, "marsh": 232, "mountain": 257,
         "oasis": 14, "plain": 925, "port": 17, "sea": 1639},
        [(30, 17), (45, 63), (0, 55), (0, 9), (54, 31), (25, 46), (8, 32), (39, 37), (14, 63),
         (15, 14), (30, 62), (51, 46), (22, 30), (10, 47), (41, 23), (0, 22), (40, 50)],
    ),
    (
        (24, 12, 6, "marchlords", Wrap.TORUS),
        "4759f16e7c1fc6a5e122fc858142dab285d32ebbc5614741fbfe3df32dc34922",
        {"city": 5, "coast": 29, "desert": 3, "forest": 21, "marsh": 6, "plain": 105, "port": 3,
         "sea": 116},
        [(22, 8), (9, 2), (16, 3), (5, 8), (12, 8), (17, 9)],
    ),
]  # fmt: skip


def test_R_MAP_4_generated_maps_are_pinned_for_known_seeds() -> None:
    """R-MAP-4: the same arguments give the same map, release after release (campaigns store
    only the seed's result, but a changed generator must be a decision, not an accident)."""
    for args, digest, terrains, slots in PINNED:
        m = generate_map(*args)
        document = json.dumps(map_to_dict(m), sort_keys=True).encode()
        assert Counter(t.terrain.value for t in m.tiles.values()) == terrains, args
        assert [to_offset(s.coord) for s in m.slots] == slots, args
        assert hashlib.sha256(document).hexdigest() == digest, args


def _land(m: MapData) -> set[Coord]:
    return {c for c, t in m.tiles.items() if t.terrain is not Terrain.SEA}


def _sites(m: MapData) -> list[Coord]:
    return [c for c, t in m.tiles.items() if Tag.CITY_SITE in t.tags]


@st.composite
def settings_(draw: st.DrawFn) -> tuple[int, int, int, int, Wrap]:
    wrap = draw(st.sampled_from(list(Wrap)))
    width = draw(st.integers(4, 40))
    height = 2 * draw(st.integers(2, 20))
    players = draw(st.integers(2, min(17, width * height // TILES_PER_PLAYER)))
    return width, height, players, draw(st.integers(0, 2**32)), wrap


@settings(max_examples=25, deadline=None)
@given(args=settings_())
def test_R_MAP_4_land_share_coasts_ports_and_slots(args: tuple[int, int, int, int, Wrap]) -> None:
    """R-MAP-4: 60 % land (at least 3 tiles per player, at least one sea tile), in one piece;
    coast and port terrain only on land touching the sea; the first two slots on the coast;
    slots on plain land tiles of their own, never a port, a city or a city site."""
    width, height, players, seed, wrap = args
    m = generate_map(width, height, players, seed, wrap)
    assert validate_map(m) == []
    total = width * height
    land = _land(m)
    assert len(land) == min(total - 1, max(total * 60 // 100, players * 3))
    grid = m.grid
    touching = {c for c in land if any(n not in land for n in grid.neighbours(c))}
    for c in land:
        terrain, tags = m.tiles[c].terrain, m.tiles[c].tags
        if terrain in (Terrain.COAST, Terrain.PORT) or Tag.COAST in tags:
            assert c in touching, (c, terrain)
    slots = [s.coord for s in m.slots]
    assert len(slots) == len(set(slots)) == players
    assert all(Tag.COAST in m.tiles[c].tags for c in slots[:2])
    for c in slots:
        assert m.tiles[c].terrain not in (Terrain.PORT, Terrain.CITY, Terrain.SEA, Terrain.OASIS)
        assert Tag.CITY_SITE not in m.tiles[c].tags
    assert [s.name for s in m.slots] == [f"Slot {i}" for i in range(1, players + 1)]


@settings(max_examples=25, deadline=None)
@given(args=settings_())
def test_R_CAMP_1_city_sites_are_fair_spaced_and_sparse(
    args: tuple[int, int, int, int, Wrap],
) -> None:
    """R-CAMP-1 / R-MAP-3: at most 3 sites per slot 2..4 tiles away and nearer to it than to
    any other; every other site more than 4 from every slot, at most one per 12 such tiles;
    no two sites adjacent, none on a port."""
    width, height, players, seed, wrap = args
    m = generate_map(width, height, players, seed, wrap)
    grid = m.grid
    slots = [s.coord for s in m.slots]
    sites = _sites(m)
    assert len(set(sites)) == len(sites)
    for a in sites:
        assert m.tiles[a].terrain in (Terrain.CITY, Terrain.COAST) or m.tiles[a].is_land
        assert m.tiles[a].terrain is not Terrain.PORT
        assert not any(grid.distance(a, b) == 1 for b in sites)
    own: Counter[int] = Counter()
    wild = 0
    for c in sites:
        ds = [grid.distance(c, s) for s in slots]
        nearest = min(ds)
        assert nearest >= 2
        if nearest <= 4:
            assert ds.count(nearest) == 1
            own[ds.index(nearest)] += 1
        else:
            wild += 1
    assert max(own.values(), default=0) <= 3
    far = [c for c in _land(m) if min(grid.distance(c, s) for s in slots) > 4]
    assert wild <= len(far) // 12


def test_R_CAMP_1_a_large_map_gives_every_slot_its_sites_and_wild_ones_between() -> None:
    """R-CAMP-1: on 48x48 with 8 players each slot gets 3 own sites, wild sites fill about one
    in 12 of the far tiles, coasts are about 70 % of the shore and ports about 10 % of coasts."""
    for seed in (1, 2, 3):
        m = generate_map(48, 48, 8, seed)
        grid = m.grid
        slots = [s.coord for s in m.slots]
        sites = _sites(m)
        own: Counter[int] = Counter()
        for c in sites:
            ds = [grid.distance(c, s) for s in slots]
            if min(ds) <= 4:
                own[ds.index(min(ds))] += 1
        assert [own[i] for i in range(8)] == [3] * 8, seed
        land = _land(m)
        far = [c for c in land if min(grid.distance(c, s) for s in slots) > 4]
        wild = len(sites) - 24
        assert len(far) // 12 - 8 <= wild <= len(far) // 12, seed
        shore = [c for c in land if any(n not in land for n in grid.neighbours(c))]
        coastal = [c for c in shore if Tag.COAST in m.tiles[c].tags]
        assert 0.6 <= len(coastal) / len(shore) <= 0.8, seed
        ports = sum(m.tiles[c].terrain is Terrain.PORT for c in coastal)
        assert 0.03 <= ports / len(coastal) <= 0.2, seed
