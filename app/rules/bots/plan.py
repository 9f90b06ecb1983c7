"""A bot's orders for one turn (R-BOT-1..5): decided on its seat's view alone, seeded.

`decide` reads only the view `player_view` built (R-BOT-2) and a seed drawn from the
campaign's salt, the seat and the turn (`seed_of`, R-BOT-3): the same view and seed give the
same orders, so a turn rolled back and played again gets them again. Every order it keeps has
passed, on that view and the orders it kept before, the validator a player's order passes
(R-BOT-4); the service then gives them through the player's own service functions.

What each personality does (R-BOT-5), in this order, while its gold lasts:

- **builder**: upgrades its level-1 cities, founds a city with an army standing on a free city
  site, sends its armies towards the nearest free city site it sees (else the nearest tile it
  never explored), leaves an outpost where a move ends on a free tile that is no city site;
  raises few armies, and upgrades them only once rich (60 gold).
- **raider**: raises and upgrades armies, sends them at the nearest hostile structure or army it
  sees (else exploring); upgrades cities only to raise more armies.
- **turtle**: upgrades its cities, raises armies, keeps them on or next to its own structures,
  entrenched when a hostile army is in sight and the campaign has cover (R-OPT-4).

Difficulty (R-BOT-1): `easy` keeps no gold back and one time in three moves an army to a random
reachable tile; `normal` keeps back next turn's upkeep (`economy.forecast`) and always moves
with purpose.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum

from app.rules import armies, building, economy, movement
from app.rules.hexgrid import Coord
from app.rules.relations import is_hostile
from app.rules.ruleset import Ruleset
from app.rules.state import (
    BuildKind,
    BuildOrder,
    CampaignState,
    MoveOrder,
    RaiseArmyOrder,
    RecruitGeneralOrder,
    StructureKind,
    Tag,
    TurnOrders,
    UpgradeOrder,
)


class Difficulty(StrEnum):
    EASY = "easy"
    NORMAL = "normal"


class Personality(StrEnum):
    BUILDER = "builder"
    RAIDER = "raider"
    TURTLE = "turtle"


# How many armies each personality wants in the field, at most.
_ARMY_CAP = {Personality.BUILDER: 3, Personality.RAIDER: 6, Personality.TURTLE: 4}
# A builder upgrades its armies only with this much gold in hand.
_BUILDER_RICH = 60


@dataclass(frozen=True)
class BuildIntent:
    kind: BuildKind
    coord: Coord
    army_id: int | None


@dataclass(frozen=True)
class RaiseIntent:
    city_id: int  # with a general recruited in the same order (R-ARMY-2)


@dataclass(frozen=True)
class MoveIntent:
    army_id: int
    path: tuple[Coord, ...]


@dataclass(frozen=True)
class UpgradeIntent:
    army_id: int


@dataclass(frozen=True)
class EntrenchIntent:
    army_id: int


Intent = BuildIntent | RaiseIntent | UpgradeIntent | MoveIntent | EntrenchIntent


@dataclass(frozen=True)
class BotOrders:
    """What a bot orders this turn, in the order it decided them: given in that order, each
    finds the gold and the orders before it as the bot counted them (a move before the
    outpost that needs its destination, R-BUILD-2)."""

    intents: tuple[Intent, ...] = ()


def seed_of(salt: int, seat: int, turn: int) -> int:
    """R-BOT-3: the bot's seed for a turn, from the campaign's secret salt, the seat and the
    turn: the same on a replay, not guessable by the other players (the salt is secret)."""
    digest = hashlib.sha256(f"marchlords-bot:{salt}:{seat}:{turn}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass
class _Work:
    """The view as the bot's orders so far change it: its gold paid, its orders given."""

    view: CampaignState
    seat: int
    ruleset: Ruleset
    visible: frozenset[Coord]
    rng: random.Random
    difficulty: Difficulty
    personality: Personality
    orders: TurnOrders = field(default_factory=TurnOrders)
    out: BotOrders = field(default_factory=BotOrders)
    reserve: int = 0

    @property
    def gold(self) -> int:
        return self.view.players[self.seat].gold

    def affords(self, cost: int) -> bool:
        return self.gold - cost >= self.reserve

    def add(self, intent: Intent) -> None:
        self.out = replace(self.out, intents=(*self.out.intents, intent))

    def pay(self, cost: int) -> None:
        p = self.view.players[self.seat]
        players = {**self.view.players, self.seat: replace(p, gold=p.gold - cost)}
        self.view = replace(self.view, players=players)


def _own_armies(w: _Work) -> list[int]:
    locked = movement.pending_battle_armies(w.view)
    return [
        aid
        for aid, a in sorted(w.view.armies.items())
        if a.owner == w.seat and a.general_id is not None and aid not in locked
    ]


def _upgrade_cities(w: _Work) -> None:
    if w.personality is Personality.RAIDER and w.rng.random() < 0.5:
        return
    cost = building.build_cost(BuildKind.UPGRADE_CITY, w.ruleset)
    for _sid, s in sorted(w.view.structures.items()):
        if s.owner != w.seat or s.kind is not StructureKind.CITY or s.level != 1:
            continue
        if not w.affords(cost) or building.validate_build(
            w.view, w.orders, w.seat, BuildKind.UPGRADE_CITY, s.coord, None, w.visible, w.ruleset
        ):
            continue
        order = BuildOrder(0, w.seat, BuildKind.UPGRADE_CITY, s.coord, None, cost)
        w.orders = replace(w.orders, builds=(*w.orders.builds, order))
        w.pay(cost)
        intent = BuildIntent(BuildKind.UPGRADE_CITY, s.coord, None)
        w.add(intent)


def _raise_armies(w: _Work) -> None:
    fielded = sum(1 for a in w.view.armies.values() if a.owner == w.seat)
    cap = _ARMY_CAP[w.personality]
    for sid, s in sorted(w.view.structures.items()):
        if fielded >= cap:
            return
        if s.owner != w.seat or s.kind is not StructureKind.CITY:
            continue
        army_cost = armies.army_cost(w.view, w.orders, w.seat, w.ruleset)
        general_cost = armies.general_cost(w.view, w.orders, w.seat, w.ruleset)
        price = army_cost + general_cost
        if not w.affords(price) or armies.validate_raise(
            w.view, w.orders, w.seat, sid, None, w.ruleset
        ):
            continue
        recruit = RecruitGeneralOrder(-1 - len(w.orders.recruits), w.seat, general_cost)
        raised = RaiseArmyOrder(0, w.seat, sid, recruit.id, army_cost)
        w.orders = replace(
            w.orders,
            recruits=(*w.orders.recruits, recruit),
            raises=(*w.orders.raises, raised),
        )
        w.pay(price)
        w.add(RaiseIntent(sid))
        fielded += 1


def _upgrade_armies(w: _Work) -> None:
    if w.personality is Personality.BUILDER and w.gold < _BUILDER_RICH:
        return
    for aid in _own_armies(w):
        army = w.view.armies[aid]
        if army.tier >= w.ruleset.max_tier:
            continue
        cost = armies.upgrade_cost(army, w.ruleset)
        if not w.affords(cost) or armies.validate_upgrade(w.view, w.orders, w.seat, aid, w.ruleset):
            continue
        w.orders = replace(w.orders, upgrades=(*w.orders.upgrades, UpgradeOrder(aid, w.seat, cost)))
        w.pay(cost)
        w.add(UpgradeIntent(aid))


def _free_site(w: _Work, coord: Coord) -> bool:
    """A city site the bot sees with no structure on it but maybe its own outpost (R-MAP-3,
    R-BUILD-3)."""
    tile = w.view.map.tiles[coord]
    if coord not in w.visible or Tag.CITY_SITE not in tile.tags:
        return False
    here = building.structure_at(w.view, coord)
    return here is None or (here.owner == w.seat and here.kind is StructureKind.OUTPOST)


def _hostile_targets(w: _Work) -> list[Coord]:
    """Hostile structures and armies the bot sees (R-OWN-2)."""
    out = [
        s.coord
        for _sid, s in sorted(w.view.structures.items())
        if s.owner != w.seat and is_hostile(w.view, w.seat, s.owner)
    ]
    out += [
        a.coord
        for _aid, a in sorted(w.view.armies.items())
        if a.owner != w.seat and is_hostile(w.view, w.seat, a.owner)
    ]
    return out


def _unexplored(w: _Work) -> list[Coord]:
    me = w.view.players[w.seat]
    return [c for c in sorted(w.view.map.tiles) if c not in w.visible and c not in me.explored]


def _home(w: _Work) -> list[Coord]:
    return [s.coord for _sid, s in sorted(w.view.structures.items()) if s.owner == w.seat]


def _targets(w: _Work) -> tuple[list[Coord], bool]:
    """Where the bot's armies head (R-BOT-5), and whether standing still is fine there."""
    if w.personality is Personality.TURTLE:
        return _home(w), True
    if w.personality is Personality.RAIDER:
        hostile = _hostile_targets(w)
        if hostile:
            return hostile, False
        return _unexplored(w), False
    sites = [c for c in sorted(w.view.map.tiles) if _free_site(w, c)]
    return (sites or _unexplored(w)), False


def _choose_route(
    w: _Work,
    routes: dict[Coord, tuple[int, tuple[Coord, ...]]],
    goals: list[Coord],
    here: Coord,
) -> tuple[Coord, ...] | None:
    """A route towards the nearest goal some reachable tile gets closer to (the five nearest
    are tried); an easy bot wanders instead one time in three."""
    grid = w.view.map.grid
    if w.difficulty is Difficulty.EASY and w.rng.random() < 1 / 3:
        tile = w.rng.choice(sorted(routes))
        return routes[tile][1]
    for goal in sorted(goals, key=lambda c: (grid.distance(here, c), c))[:5]:
        best = min(routes, key=lambda c: (grid.distance(c, goal), routes[c][0], c))
        if grid.distance(best, goal) < grid.distance(here, goal):
            return routes[best][1]
    return None


def _found_here(w: _Work, aid: int) -> bool:
    """A builder's (or any bot's without a second city) army on a free city site founds one."""
    army = w.view.armies[aid]
    cities = sum(
        1 for s in w.view.structures.values() if s.owner == w.seat and s.kind is StructureKind.CITY
    )
    if w.personality is not Personality.BUILDER and cities > 1:
        return False
    if not _free_site(w, army.coord):
        return False
    return _try_build(w, BuildKind.FOUND_CITY, army.coord, aid)


def _try_build(w: _Work, kind: BuildKind, coord: Coord, aid: int | None) -> bool:
    cost = building.build_cost(kind, w.ruleset)
    if not w.affords(cost) or building.validate_build(
        w.view, w.orders, w.seat, kind, coord, aid, w.visible, w.ruleset
    ):
        return False
    order = BuildOrder(0, w.seat, kind, coord, aid, cost)
    w.orders = replace(w.orders, builds=(*w.orders.builds, order))
    w.pay(cost)
    w.add(BuildIntent(kind, coord, aid))
    return True


def _hostile_near(w: _Work, coord: Coord, radius: int) -> bool:
    grid = w.view.map.grid
    return any(
        a.owner != w.seat
        and is_hostile(w.view, w.seat, a.owner)
        and grid.distance(a.coord, coord) <= radius
        for a in w.view.armies.values()
    )


def _move_armies(w: _Work) -> None:
    targets, stay = _targets(w)
    waaagh = movement.uses_waaagh(w.view, w.orders, w.seat, w.ruleset)
    for aid in _own_armies(w):
        army = w.view.armies[aid]
        if _found_here(w, aid):
            continue
        if w.personality is Personality.TURTLE and _hostile_near(w, army.coord, 3):
            if w.view.options.cover and not movement.validate_entrench(
                w.view, w.orders, w.seat, aid
            ):
                w.orders = replace(w.orders, entrench=w.orders.entrench | {aid})
                w.add(EntrenchIntent(aid))
            continue
        goals = [c for c in targets if c != army.coord]
        if stay and any(w.view.map.grid.distance(army.coord, c) <= 1 for c in targets):
            continue
        routes = movement.reachable_routes(w.view, w.seat, aid, w.visible, w.ruleset, waaagh)
        if not routes:
            continue
        path = _choose_route(w, routes, goals, army.coord)
        if path is None and not stay:
            path = _choose_route(w, routes, _unexplored(w), army.coord)
        if path is None:
            continue
        plan = movement.validate_move(
            w.view, w.orders, w.seat, aid, path, w.visible, w.ruleset, waaagh
        )
        if isinstance(plan, list):
            continue
        w.orders = replace(w.orders, moves={**w.orders.moves, aid: MoveOrder(aid, path)})
        w.add(MoveIntent(aid, path))
        end = path[-1]
        site = Tag.CITY_SITE in w.view.map.tiles[end].tags
        if w.personality is Personality.BUILDER and end in w.visible and not site:
            _try_build(w, BuildKind.OUTPOST, end, aid)


_STEPS: tuple[Callable[[_Work], None], ...] = (
    _upgrade_cities,
    _raise_armies,
    _upgrade_armies,
    _move_armies,
)


def decide(
    view: CampaignState,
    seat: int,
    visible: frozenset[Coord],
    ruleset: Ruleset,
    seed: int,
    difficulty: Difficulty,
    personality: Personality,
) -> BotOrders:
    """The bot's orders for this turn (R-BOT-1..5), read from `view` (`player_view`) and the
    seat's `visible` tiles only; every one valid on that view."""
    w = _Work(view, seat, ruleset, visible, random.Random(seed), difficulty, personality)  # noqa: S311 - play, not secrets
    if difficulty is Difficulty.NORMAL:
        forecast = economy.forecast(view, TurnOrders(), seat, ruleset)
        w.reserve = max(0, -forecast.net)
    steps = list(_STEPS)
    if personality is Personality.BUILDER:
        # A builder moves (and founds) before it spends on armies.
        steps = [_upgrade_cities, _move_armies, _raise_armies, _upgrade_armies]
    for step in steps:
        step(w)
    return w.out
