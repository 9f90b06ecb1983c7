"""No read endpoint sends a player anything outside their sight (R-FOG-3, R-ECO: gold).

The other player's entities get distinctive ids (7xxx for player 2, 8xxx for player 1) and
player 2 a distinctive gold amount, so a leak shows as a number in the JSON. Sight comes from
the engine (`fog.sight`), not from the endpoints under test.
"""

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.rules import fog
from app.rules.hexgrid import Coord
from app.rules.ids import SCRAMBLED_BASE
from app.store.models.campaign import Campaign, CampaignPlayer
from app.store.models.orders import OrderRow
from app.store.models.turn import TurnRecord, TurnSummaryRow
from app.store.models.world import ArmyRow, GeneralRow, ShipRow, StructureRow
from app.store.persistence import load_ruleset, load_state
from tests.factories.flows import Game, MakeUser, start_game

BASE = {1: 8000, 2: 7000}
P2_GOLD = 777


async def _renumber(session: AsyncSession, game: Game) -> None:
    """Give every entity of player N an id N's base + a small number, references included."""
    for player, base in BASE.items():
        where = {"campaign_id": game.id, "owner": player}
        (s_id,) = (await session.scalars(select(StructureRow.id).filter_by(**where))).all()
        (a_id,) = (await session.scalars(select(ArmyRow.id).filter_by(**where))).all()
        (g_id,) = (await session.scalars(select(GeneralRow.id).filter_by(**where))).all()
        cid = ArmyRow.campaign_id == game.id
        await session.execute(
            update(StructureRow)
            .where(StructureRow.campaign_id == game.id, StructureRow.id == s_id)
            .values(id=base + 1)
        )
        await session.execute(
            update(ArmyRow)
            .where(cid, ArmyRow.id == a_id)
            .values(id=base + 2, seat_id=base + 1, general_id=base + 3)
        )
        await session.execute(
            update(GeneralRow)
            .where(GeneralRow.campaign_id == game.id, GeneralRow.id == g_id)
            .values(id=base + 3, army_id=base + 2)
        )
        await session.execute(
            update(CampaignPlayer)
            .where(CampaignPlayer.campaign_id == game.id, CampaignPlayer.number == player)
            .values(capital_id=base + 1)
        )


async def _hidden_world(session: AsyncSession, game: Game) -> None:
    """Player 2 also holds an outpost, a second army and a ship at anchor, far from player 1."""
    session.add(StructureRow(campaign_id=game.id, id=7004, kind="outpost", q=7, r=3, owner=2))
    session.add(ArmyRow(campaign_id=game.id, id=7005, owner=2, q=7, r=5, tier=3, general_id=7006))
    session.add(GeneralRow(campaign_id=game.id, id=7006, owner=2, army_id=7005))
    session.add(GeneralRow(campaign_id=game.id, id=7007, owner=2))  # a free general
    session.add(ShipRow(campaign_id=game.id, id=7008, owner=2, q=5, r=3))
    # Player 1 holds a free general too; player 2 must never learn its id.
    session.add(GeneralRow(campaign_id=game.id, id=8004, owner=1))
    await session.execute(
        update(CampaignPlayer)
        .where(CampaignPlayer.campaign_id == game.id, CampaignPlayer.number == 2)
        .values(gold=P2_GOLD)
    )
    await session.execute(update(Campaign).where(Campaign.id == game.id).values(next_id=9000))
    # One turn change on record, each player's summary about their own tiles only.
    session.add(TurnRecord(campaign_id=game.id, number=1))
    for player, coord in ((1, [2, 1]), (2, [7, 1])):
        event = {"kind": "gold", "rule": "R-ECO-2", "coords": [coord], "data": {}}
        session.add(TurnSummaryRow(campaign_id=game.id, number=1, player=player, events=[event]))
    await session.flush()


@pytest.fixture
async def game(client: AsyncClient, make_user: MakeUser, session: AsyncSession) -> Game:
    game = await start_game(client, make_user)
    await _renumber(session, game)
    await _hidden_world(session, game)
    # Each player gives orders, which the other must never see.
    for index, (army, path) in enumerate(((8002, [[3, 1]]), (7002, [[8, 1]]))):
        player = game.players[index]
        moved = await client.put(
            game.url(f"/armies/{army}/move"), json={"path": path}, headers=player.headers
        )
        assert moved.status_code == 200, moved.text
    return game


def _ints(value: Any) -> Iterator[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _ints(v)
    elif isinstance(value, list):
        for v in value:
            yield from _ints(v)


def _coords(value: Any) -> Iterator[Coord]:
    """Every coordinate in a response: {q, r} objects and [q, r] pairs."""
    if isinstance(value, dict):
        if isinstance(value.get("q"), int) and isinstance(value.get("r"), int):
            yield value["q"], value["r"]
        for v in value.values():
            yield from _coords(v)
    elif isinstance(value, list):
        if len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            yield value[0], value[1]
        else:
            for v in value:
                yield from _coords(v)


async def _responses(client: AsyncClient, game: Game, index: int) -> dict[str, Any]:
    headers = game.players[index].headers
    paths = ["/map", "/armies", "/generals", "/me", "/standings", "/turns", "/turns/1/summary"]
    paths += [f"/tiles/{q}/{r}" for q, r in ((2, 1), (7, 1), (7, 3), (7, 5), (5, 3), (3, 1))]
    out: dict[str, Any] = {}
    for path in paths:
        response = await client.get(game.url(path), headers=headers)
        assert response.status_code == 200, (path, response.text)
        out[path] = response.json()
    return out


@pytest.mark.parametrize("index", [0, 1])
async def test_no_read_endpoint_leaks_what_the_player_cannot_see(
    client: AsyncClient, session: AsyncSession, game: Game, index: int
) -> None:
    me = game.players[index].number
    other = 3 - me
    campaign = await session.get_one(Campaign, game.id, populate_existing=True)
    state = await load_state(session, campaign)
    sight = fog.sight(state, me, load_ruleset(campaign))

    hidden_ids: set[int] = set()
    hidden_coords: set[Coord] = set()
    for s in state.structures.values():
        if s.owner == other and s.coord not in sight:
            hidden_ids.add(s.id)
            hidden_coords.add(s.coord)
    for a in state.armies.values():
        if a.owner == other and a.coord not in sight:
            hidden_ids.add(a.id)
            hidden_coords.add(a.coord)
    for ship in state.ships.values():
        if ship.owner == other and ship.coord not in sight:
            hidden_ids.add(ship.id)
            hidden_coords.add(ship.coord)
    # Another player's generals are never shown (only prisoners one holds).
    hidden_ids |= {g.id for g in state.generals.values() if g.owner == other}
    # Nor their orders: the move order's destination and the order ids.
    hidden_coords.add((8, 1) if other == 2 else (3, 1))
    hidden_coords -= sight
    hidden_ids |= set(range(9000, state.next_id))  # order ids given by both players
    own_orders = await session.scalars(
        select(OrderRow.id).filter_by(campaign_id=game.id, player=me)
    )
    hidden_ids -= set(own_orders.all())
    assert hidden_ids
    assert hidden_coords

    responses = await _responses(client, game, index)
    for path, body in responses.items():
        leaked = hidden_ids & set(_ints(body))
        assert not leaked, (path, leaked)
        if other == 2:
            assert P2_GOLD not in set(_ints(body)), path
        if path == "/map" or path.startswith("/tiles/"):
            tiles = body["tiles"] if path == "/map" else [body]
            for tile in tiles:
                if (tile["q"], tile["r"]) in hidden_coords:
                    assert tile["fog"] != "visible", (path, tile)
                    assert "armies" not in tile, (path, tile)
                    assert "ships" not in tile, (path, tile)
                    if tile["fog"] == "unexplored":
                        assert set(tile) <= {"q", "r", "fog", "accepts"}, (path, tile)
            continue
        leaked_coords = hidden_coords & set(_coords(body))
        assert not leaked_coords, (path, leaked_coords)


async def test_the_owner_who_does_not_play_sees_everything(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    armies = (await session.scalars(select(ArmyRow.id).filter_by(campaign_id=game.id))).all()
    body = (await client.get(game.url("/armies"), headers=game.owner.headers)).json()
    assert body["mine"] == []
    assert sorted(a["id"] for a in body["others"]) == sorted(armies)


async def test_ids_made_at_the_turn_change_count_nothing_R_FOG_3(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """Outposts built at a turn change get scrambled ids (app/rules/ids.py): not the engine's
    counter, whose gaps would count what the other players built, raised or fought.

    BUG: the n-th entity of a campaign had id n, so a player's new outpost told how many
    things the others had made since their last one.
    """
    game = await start_game(client, make_user, ("empire", "orcs_goblins", "dwarfs"))
    cid = uuid.UUID(game.id)
    before = {s.id for s in await session.scalars(select(StructureRow).filter_by(campaign_id=cid))}
    ordered = 0
    for player in game.players:
        army = (await client.get(game.url("/armies"), headers=player.headers)).json()["mine"][0]
        reach = await client.get(
            game.url(f"/armies/{army['id']}/reachable"), headers=player.headers
        )
        for tile in (t for t in reach.json() if t["cost"] == min(x["cost"] for x in reach.json())):
            path = {"path": [[tile["q"], tile["r"]]]}
            moved = await client.put(
                game.url(f"/armies/{army['id']}/move"), json=path, headers=player.headers
            )
            build = {"kind": "outpost", "q": tile["q"], "r": tile["r"], "army_id": army["id"]}
            built = await client.post(game.url("/builds"), json=build, headers=player.headers)
            if moved.status_code == 200 and built.status_code == 201:
                ordered += 1
                break
    assert ordered >= 2
    for player in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=player.headers)).is_success
    assert (await client.post(game.url("/turn/resolve"), headers=game.owner.headers)).is_success
    session.expire_all()
    rows = await session.scalars(select(StructureRow).filter_by(campaign_id=cid))
    new = sorted(s.id for s in rows if s.id not in before)
    assert len(new) == ordered
    assert all(SCRAMBLED_BASE <= i < 2 * SCRAMBLED_BASE for i in new), new
    assert all(0 < i < SCRAMBLED_BASE for i in before)  # the start's ids stay small


async def test_an_order_through_an_unexplored_tile_is_not_judged_as_if_it_were_land_R_FOG_3(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """A Dark Elves army aboard its ship on (5, 3) is ordered (4, 3) → (3, 3) → (2, 3): (3, 3)
    is unexplored sea, (2, 3) sea in sight (a ship of theirs at anchor on (1, 3) sees it). The
    order is not refused R-SEA-1 as though (3, 3) were land (it was: "puts to sea without one of
    your ports or ships"); at the change the fleet finds sea there and sails on to (2, 3)."""
    game = await start_game(client, make_user, ("empire", "dark_elves"), slots=[0, 3])
    elves = game.players[1]
    cid = uuid.UUID(game.id)
    army = await session.scalar(
        select(ArmyRow).where(ArmyRow.campaign_id == cid, ArmyRow.owner == elves.number)
    )
    assert army is not None
    army.q, army.r, army.ship_id = 5, 3, 990
    session.add(ShipRow(campaign_id=cid, id=990, owner=elves.number, q=5, r=3, army_id=army.id))
    session.add(ShipRow(campaign_id=cid, id=991, owner=elves.number, q=1, r=3, army_id=None))
    await session.flush()
    world = (await client.get(game.url("/map"), headers=elves.headers)).json()
    fog_of = {(t["q"], t["r"]): t["fog"] for t in world["tiles"]}
    assert [fog_of[c] for c in ((4, 3), (3, 3), (2, 3))] == ["visible", "unexplored", "visible"]

    path = {"path": [[4, 3], [3, 3], [2, 3]]}
    ordered = await client.put(
        game.url(f"/armies/{army.id}/move"), json=path, headers=elves.headers
    )
    assert ordered.status_code == 200, ordered.text

    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).status_code == 200
    resolved = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert resolved.status_code == 200, resolved.text
    mine = (await client.get(game.url("/armies"), headers=elves.headers)).json()["mine"]
    assert [(a["id"], a["q"], a["r"], a["at_sea"]) for a in mine] == [(army.id, 2, 3, True)]
