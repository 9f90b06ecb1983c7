"""Property tests over random small campaigns (R-ECO-1, R-ECO-6, R-TURN-4, R-SEA)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.rules.armies import validate_faction_action, validate_upgrade
from app.rules.building import build_cost, move_destination, validate_build
from app.rules.economy import collect
from app.rules.movement import MovePlan, validate_move
from app.rules.resolve import resolve_turn
from app.rules.ruleset import default_ruleset
from app.rules.state import (
    BuildKind,
    BuildOrder,
    CampaignState,
    LedgerEntry,
    MoveOrder,
    PendingStake,
    Siege,
    Structure,
    StructureKind,
    TurnOrders,
    UpgradeOrder,
)
from app.store.persistence.events import event_to_json
from tests.event_schemas import summary_problem
from tests.factories.engine import army, general, make_map, make_state, player

RULES = default_ruleset()
FACTIONS = sorted(f.key for f in RULES.factions)
TERRAINS = ".fwmdcoC~"


@st.composite
def campaigns(draw: st.DrawFn) -> CampaignState:
    """A small random campaign: 2-3 players, structures and armies on land, stakes, a siege."""
    width, height = draw(st.integers(3, 6)), draw(st.integers(2, 4))
    rows = ["".join(draw(st.sampled_from(TERRAINS)) for _ in range(width)) for _ in range(height)]
    m = make_map(rows)
    land = sorted(c for c, t in m.tiles.items() if t.is_land)
    if not land:
        rows[0] = "." + rows[0][1:]
        m = make_map(rows)
        land = sorted(c for c, t in m.tiles.items() if t.is_land)
    n_players = draw(st.integers(2, 3))
    factions = draw(st.permutations(FACTIONS))[:n_players]
    turn = draw(st.integers(1, 6))
    players = [
        player(
            pid,
            factions[pid - 1],
            draw(st.integers(0, 40)),
            action_available_turn=draw(st.integers(1, 8)),
            victories=draw(st.integers(0, 4)),
        )
        for pid in range(1, n_players + 1)
    ]
    next_id = 10
    structures: list[Structure] = []
    sites = draw(st.lists(st.sampled_from(land), unique=True, max_size=min(6, len(land))))
    for coord in sites:
        kind = draw(st.sampled_from(list(StructureKind)))
        structures.append(
            Structure(
                next_id,
                kind,
                coord,
                draw(st.integers(1, n_players)),
                level=draw(st.integers(1, 2)) if kind is StructureKind.CITY else 1,
                also_port=kind is StructureKind.CITY and draw(st.booleans()),
                built_by=draw(st.sampled_from([None, 1, 2])),
                since_turn=draw(st.integers(0, turn)),
            )
        )
        next_id += 1
    armies, generals = [], []
    for _ in range(draw(st.integers(0, 5))):
        owner = draw(st.integers(1, n_players))
        armies.append(
            army(
                next_id,
                owner,
                draw(st.sampled_from(land)),
                draw(st.integers(1, 6)),
                general_id=next_id + 1,
                raised_turn=draw(st.integers(0, turn)),
            )
        )
        generals.append(general(next_id + 1, owner, next_id))
        next_id += 2
    stakes = [
        PendingStake(900 + i, w, 3 - w, draw(st.sampled_from([10, 20])), "R-BAT-7")
        for i, w in enumerate(draw(st.lists(st.integers(1, 2), max_size=3)))
    ]
    cities = [s for s in structures if s.kind is StructureKind.CITY]
    sieges: list[Siege] = []
    if draw(st.booleans()) and cities:
        sieges.append(Siege(cities[0].id, 999))
    return make_state(
        m, players, structures, armies, generals, stakes=stakes, sieges=sieges, turn=turn
    )


@st.composite
def campaigns_with_orders(draw: st.DrawFn) -> tuple[CampaignState, TurnOrders]:
    """A campaign and valid orders for it, already paid for (R-BUILD-1)."""
    state = draw(campaigns())
    everything = frozenset(state.map.tiles)
    grid = state.map.grid
    orders = TurnOrders()
    for aid, a in sorted(state.armies.items()):
        if not draw(st.booleans()):
            continue
        path, here = [], a.coord
        for _ in range(draw(st.integers(1, 4))):
            here = draw(st.sampled_from(grid.neighbours(here)))
            path.append(here)
        plan = validate_move(state, orders, a.owner, aid, tuple(path), everything, RULES, False)
        if isinstance(plan, MovePlan):
            orders = replace(orders, moves={**orders.moves, aid: MoveOrder(aid, tuple(path))})
    for aid, a in sorted(state.armies.items()):
        kind = draw(st.sampled_from([None, *BuildKind]))
        if kind is None:
            continue
        coord = move_destination(state, orders, aid) or a.coord
        army_id = None if kind is BuildKind.UPGRADE_CITY else aid
        if validate_build(state, orders, a.owner, kind, coord, army_id, everything, RULES):
            continue
        cost = build_cost(kind, RULES)
        order = BuildOrder(state.next_id, a.owner, kind, coord, army_id, cost)
        state = _pay(replace(state, next_id=state.next_id + 1), a.owner, cost)
        orders = replace(orders, builds=(*orders.builds, order))
    for aid, a in sorted(state.armies.items()):
        if draw(st.booleans()) and not validate_upgrade(state, orders, a.owner, aid, RULES):
            cost = RULES.tier(a.tier + 1).upgrade_cost
            state = _pay(state, a.owner, cost)
            orders = replace(orders, upgrades=(*orders.upgrades, UpgradeOrder(aid, a.owner, cost)))
    for pid in sorted(state.players):
        if draw(st.booleans()) and not validate_faction_action(state, orders, pid, RULES):
            orders = replace(orders, faction_actions=orders.faction_actions | {pid})
    return state, orders


def _pay(state: CampaignState, pid: int, cost: int) -> CampaignState:
    p = state.players[pid]
    return replace(state, players={**state.players, pid: replace(p, gold=p.gold - cost)})


def _assert_ledger_explains_gold(
    before: CampaignState, after: CampaignState, ledger: tuple[LedgerEntry, ...] | list[LedgerEntry]
) -> None:
    for pid, p in sorted(after.players.items()):
        assert p.gold >= 0, "R-ECO-1: gold never below 0"
        paid = sum(e.amount for e in ledger if e.player == pid)
        assert p.gold - before.players[pid].gold == paid, "R-ECO-6: gold delta == ledger"


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(campaigns(), st.frozensets(st.integers(1, 3)))
def test_R_ECO_6_collect_gold_is_never_negative_and_equals_the_ledger(
    state: CampaignState, actions: frozenset[int]
) -> None:
    orders = TurnOrders(faction_actions=frozenset(a for a in actions if a in state.players))
    new, ledger, _ = collect(state, orders, RULES)
    _assert_ledger_explains_gold(state, new, ledger)
    assert new.stakes == ()
    assert collect(state, orders, RULES) == (new, ledger, _)


@SETTINGS
@given(campaigns_with_orders())
def test_R_TURN_4_resolve_is_deterministic(case: tuple[CampaignState, TurnOrders]) -> None:
    state, orders = case
    assert resolve_turn(state, orders, RULES) == resolve_turn(state, orders, RULES)


@SETTINGS
@given(campaigns_with_orders())
def test_R_ECO_6_resolve_keeps_gold_non_negative_and_explained_by_the_ledger(
    case: tuple[CampaignState, TurnOrders],
) -> None:
    state, orders = case
    result = resolve_turn(state, orders, RULES)
    _assert_ledger_explains_gold(state, result.state, result.ledger)
    assert result.state.turn == state.turn + 1


@SETTINGS
@given(campaigns_with_orders())
def test_R_SEA_no_army_on_a_sea_tile_without_a_ship(case: tuple[CampaignState, TurnOrders]) -> None:
    state, orders = case
    after = resolve_turn(state, orders, RULES).state
    for _, a in sorted(after.armies.items()):
        if not after.map.tiles[a.coord].is_land:
            assert a.ship_id is not None
            assert after.ships[a.ship_id].army_id == a.id


@SETTINGS
@given(campaigns_with_orders())
def test_every_summary_event_matches_its_schema_in_the_contract(
    case: tuple[CampaignState, TurnOrders],
) -> None:
    """What players read of a turn change (its summaries, as JSON) is what the contract's
    `SummaryEvent` says, kind by kind (app/store/events/schemas.py)."""
    state, orders = case
    result = resolve_turn(state, orders, RULES)
    lines = [event_to_json(e) for events in result.summaries.values() for e in events]
    assert [p for p in map(summary_problem, lines) if p is not None] == []
