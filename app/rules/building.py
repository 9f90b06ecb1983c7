"""Builds: cities, ports, outposts and city upgrades (R-BUILD, R-ECO-1, R-ECO-3).

Rule ids on refusals: R-MAP-1 (off the map, sea), R-MAP-3 (tile tags), R-OWN-1 (another player's
tile), R-BUILD-2 (the army: yours, on the tile, one outpost per army), R-BUILD-3 (what may share
a tile, one pending build of yours per tile), R-BUILD-4 (tile taken this turn, city too new),
R-BUILD-5 (move order vs city/port), R-BAT-5 (army locked in a pending battle), R-ECO-1 (gold),
R-FOG-3 (a tile you cannot see).

Timing (R-BUILD-4): a structure ordered in turn N is placed at step 5 of the change N → N+1
and counts as taken (founded) in turn N: `since_turn = N`. From turn N+1 its tile accepts builds
(a port on that outpost) and a city placed there may be upgraded. "Taken this turn" is otherwise
a tile that changed hands by a battle result confirmed during the current turn (`since_turn` is
that turn, battles.py): it accepts no build before the next turn. Income is unchanged: a placed
structure first yields at the change N+1 → N+2 (R-ECO-3, see economy.py).
"""

from __future__ import annotations

from dataclasses import replace

from app.rules.hexgrid import Coord
from app.rules.ids import entity_id
from app.rules.kind_texts import kind_text
from app.rules.ruleset import Ruleset
from app.rules.state import (
    BuildKind,
    BuildOrder,
    CampaignState,
    Event,
    EventKind,
    LedgerEntry,
    Structure,
    StructureKind,
    Tag,
    TurnOrders,
    Violation,
)
from app.rules.texts import _

REFUND_RULE = "R-BUILD-2"


def not_enough_gold(cost: int, gold: int) -> Violation:
    """R-ECO-1: the refusal names the price and the player's own gold."""
    return Violation(
        "R-ECO-1",
        _("Not enough gold: this costs {cost} and you have {gold}.", cost=cost, gold=gold),
    )


_NEEDS_STILL_ARMY = (BuildKind.FOUND_CITY, BuildKind.PORT)


def build_cost(kind: BuildKind, ruleset: Ruleset) -> int:
    """The price of a build (R-BUILD table)."""
    costs = ruleset.costs
    return {
        BuildKind.FOUND_CITY: costs.found_city,
        BuildKind.PORT: costs.port,
        BuildKind.OUTPOST: costs.outpost,
        BuildKind.UPGRADE_CITY: costs.upgrade_city,
    }[kind]


def structure_at(state: CampaignState, coord: Coord) -> Structure | None:
    """The structure on a tile (one per tile, R-BUILD-3), or None if it is neutral."""
    for _key, s in sorted(state.structures.items()):
        if s.coord == coord:
            return s
    return None


def army_in_battle(state: CampaignState, army_id: int) -> bool:
    """True if the army is locked in a pending battle (R-BAT-5)."""
    return any(
        army_id in b.attacker.army_ids or army_id in b.defender.army_ids
        for b in state.battles.values()
    )


def move_destination(state: CampaignState, orders: TurnOrders, army_id: int) -> Coord | None:
    """Where the army's move ends as ordered: its path's last tile, or where it stands."""
    move = orders.moves.get(army_id)
    if move is not None and move.path:
        return move.path[-1]
    army = state.armies.get(army_id)
    return None if army is None else army.coord


def _tile_violations(
    state: CampaignState, player_id: int, kind: BuildKind, coord: Coord
) -> list[Violation]:
    """What the tile itself forbids (map, tags, ownership, what may share a tile)."""
    tile = state.map.tiles.get(coord)
    if tile is None:
        return [Violation("R-MAP-1", _("This tile is not on the map."))]
    if not tile.is_land:
        return [Violation("R-MAP-1", _("Nothing can be built on the sea."))]
    out: list[Violation] = []
    if kind is BuildKind.FOUND_CITY and Tag.CITY_SITE not in tile.tags:
        out.append(Violation("R-MAP-3", _("A city can only be founded on a city site.")))
    if kind is BuildKind.PORT and Tag.COAST not in tile.tags:
        out.append(Violation("R-MAP-3", _("A port can only be built on a coast tile.")))
    here = structure_at(state, coord)
    if here is not None and here.owner != player_id:
        out.append(Violation("R-OWN-1", _("This tile belongs to another player.")))
        return out
    out += _sharing_violations(kind, here)
    if here is not None and here.since_turn == state.turn:
        # Only a battle result confirmed this turn sets it: builds placed at the last change
        # count as taken in the turn before (R-BUILD-4).
        out.append(Violation("R-BUILD-4", _("A tile taken this turn accepts no build.")))
    return out


def _sharing_violations(kind: BuildKind, here: Structure | None) -> list[Violation]:
    """R-BUILD-3 and the R-BUILD table's 'where' column, for a tile yours or neutral."""
    if kind is BuildKind.FOUND_CITY and here is not None and here.kind is not StructureKind.OUTPOST:
        return [Violation("R-BUILD-3", _("A city is founded on a neutral tile or your outpost."))]
    if kind is BuildKind.PORT and (here is None or here.kind is not StructureKind.OUTPOST):
        return [Violation("R-BUILD-3", _("A port replaces one of your outposts."))]
    if kind is BuildKind.OUTPOST and here is not None:
        return [Violation("R-BUILD-3", _("An outpost needs a neutral tile."))]
    if kind is BuildKind.UPGRADE_CITY and (
        here is None or here.kind is not StructureKind.CITY or here.level != 1
    ):
        return [Violation("R-BUILD-3", _("Only your level-1 city can be upgraded."))]
    return []


def _army_violations(
    state: CampaignState,
    orders: TurnOrders,
    player_id: int,
    kind: BuildKind,
    coord: Coord,
    army_id: int | None,
) -> list[Violation]:
    """The army a city, port or outpost needs (R-BUILD table, R-BUILD-5, R-BAT-5)."""
    army = None if army_id is None else state.armies.get(army_id)
    if army is None or army.owner != player_id:
        return [Violation("R-BUILD-2", _("This build needs one of your armies."))]
    out: list[Violation] = []
    if army_in_battle(state, army.id):
        out.append(Violation("R-BAT-5", _("This army is locked in a pending battle.")))
    if kind in _NEEDS_STILL_ARMY:
        if army.coord != coord:
            out.append(Violation("R-BUILD-2", _("The army must stand on the tile.")))
        if army.id in orders.moves:
            out.append(Violation("R-BUILD-5", _("An army with a move order cannot build this.")))
        return out
    if move_destination(state, orders, army.id) != coord:
        out.append(Violation("R-BUILD-2", _("The army's move must end on the tile.")))
    if any(b.army_id == army.id and b.kind is BuildKind.OUTPOST for b in orders.builds):
        out.append(Violation("R-BUILD-2", _("One outpost per army per turn.")))
    return out


def validate_build(
    state: CampaignState,
    orders: TurnOrders,
    player_id: int,
    kind: BuildKind,
    coord: Coord,
    army_id: int | None,
    visible: frozenset[Coord],
    ruleset: Ruleset,
) -> list[Violation]:
    """Every reason to refuse this build now, judged on what the player can see (R-FOG-3)."""
    out: list[Violation] = []
    if coord in visible:
        out += _tile_violations(state, player_id, kind, coord)
    elif kind is BuildKind.OUTPOST:
        # An unseen destination is checked at resolution; only what the player knows counts.
        tile = state.map.tiles.get(coord)
        known = coord in state.players[player_id].explored
        if tile is None:
            out.append(Violation("R-MAP-1", _("This tile is not on the map.")))
        elif known and not tile.is_land:
            out.append(Violation("R-MAP-1", _("Nothing can be built on the sea.")))
    else:
        out.append(Violation("R-FOG-3", _("You cannot see this tile.")))
    if kind is not BuildKind.UPGRADE_CITY:
        out += _army_violations(state, orders, player_id, kind, coord, army_id)
    if any(b.player == player_id and b.coord == coord for b in orders.builds):
        out.append(Violation("R-BUILD-3", _("You already ordered a build on this tile.")))
    gold, cost = state.players[player_id].gold, build_cost(kind, ruleset)
    if gold < cost:
        out.append(not_enough_gold(cost, gold))
    return out


# --------------------------------------------------------------------- turn change checks


def _claims_neutral(state: CampaignState, order: BuildOrder) -> bool:
    return order.kind in (BuildKind.FOUND_CITY, BuildKind.OUTPOST) and (
        structure_at(state, order.coord) is None
    )


def _cancel_reason(state: CampaignState, order: BuildOrder, contested: frozenset[Coord]) -> str:
    """Why a build fails at the turn change (R-BUILD-2), or '' if it stands."""
    if order.coord in contested:
        return _("the tile is contested by a battle")
    if order.army_id is not None:
        army = state.armies.get(order.army_id)
        if army is None or army.owner != order.player or army.coord != order.coord:
            return _("the army did not end its move on the tile")
    here = structure_at(state, order.coord)
    if here is not None and here.owner != order.player:
        return _("the tile belongs to another player")
    tile = state.map.tiles.get(order.coord)
    if tile is None or not tile.is_land:
        return _("nothing can be built on the sea")
    if _sharing_violations(order.kind, here):
        return _("the tile no longer accepts this build")
    return ""


def _refund(order: BuildOrder, reason: str) -> tuple[LedgerEntry, Event]:
    why = _("refund: {kind} cancelled, {why}", kind=kind_text(order.kind.value), why=reason)
    entry = LedgerEntry(order.player, order.cost, why, REFUND_RULE)
    # No coords: a cancelled build changes nothing on the map, so only its owner hears of it.
    event = Event(
        EventKind.BUILD_CANCELLED,
        REFUND_RULE,
        frozenset({order.player}),
        data={
            "build_id": order.id,
            "kind": order.kind.value,
            "coord": order.coord,
            "reason": reason,
            "refund": order.cost,
        },
    )
    return entry, event


def check_builds(
    state: CampaignState, orders: TurnOrders, ruleset: Ruleset, contested: frozenset[Coord]
) -> tuple[list[BuildOrder], list[LedgerEntry], list[Event]]:
    """R-BUILD-2 after movement: the builds that stand, refunds and events for the others."""
    reasons = {b.id: _cancel_reason(state, b, contested) for b in orders.builds}
    claimants: dict[Coord, set[int]] = {}
    for b in orders.builds:
        if not reasons[b.id] and _claims_neutral(state, b):
            claimants.setdefault(b.coord, set()).add(b.player)
    for b in orders.builds:
        if not reasons[b.id] and len(claimants.get(b.coord, ())) > 1:
            reasons[b.id] = "another player's build claims the same tile"
    kept: list[BuildOrder] = []
    refunds: list[LedgerEntry] = []
    events: list[Event] = []
    for b in sorted(orders.builds, key=lambda o: o.id):
        if not reasons[b.id]:
            kept.append(b)
            continue
        entry, event = _refund(b, reasons[b.id])
        refunds.append(entry)
        events.append(event)
    return kept, refunds, events


# --------------------------------------------------------------------------------- step 5


def _place(state: CampaignState, order: BuildOrder) -> CampaignState:
    structures = dict(state.structures)
    here = structure_at(state, order.coord)
    if order.kind is BuildKind.UPGRADE_CITY:
        if here is not None:
            structures[here.id] = replace(here, level=2)
        return replace(state, structures=structures)
    if here is not None:
        del structures[here.id]  # a city or port replaces the player's outpost
    kind = {
        BuildKind.FOUND_CITY: StructureKind.CITY,
        BuildKind.PORT: StructureKind.PORT,
        BuildKind.OUTPOST: StructureKind.OUTPOST,
    }[order.kind]
    new_id = entity_id(state.id_salt, state.next_id)
    structures[new_id] = Structure(
        new_id, kind, order.coord, order.player, built_by=order.player, since_turn=state.turn
    )  # taken (founded) in the turn it was ordered (R-BUILD-4)
    return replace(state, structures=structures, next_id=state.next_id + 1)


_DONE = {
    BuildKind.FOUND_CITY: EventKind.CITY_FOUNDED,
    BuildKind.PORT: EventKind.PORT_BUILT,
    BuildKind.OUTPOST: EventKind.OUTPOST_BUILT,
    BuildKind.UPGRADE_CITY: EventKind.CITY_UPGRADED,
}


def build_event(order: BuildOrder) -> Event:
    """The summary event of a build taking effect at step 5 (R-ECO-3)."""
    return Event(
        _DONE[order.kind],
        "R-ECO-3",
        frozenset({order.player}),
        (order.coord,),
        {"build_id": order.id, "kind": order.kind.value, "player": order.player},
    )


def apply_builds(state: CampaignState, kept: list[BuildOrder], ruleset: Ruleset) -> CampaignState:
    """Step 5: place the builds that stood (R-ECO-3), in order id order; ids from next_id."""
    for order in sorted(kept, key=lambda o: o.id):
        state = _place(state, order)
    return state
