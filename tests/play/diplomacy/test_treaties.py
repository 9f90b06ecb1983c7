"""Treaties over HTTP (R-DIP-2, R-DIP-3, R-OWN-2, R-MOVE-4): their effects, breaking, infamy."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models.campaign import Campaign
from app.store.models.world import StructureRow
from tests.factories.diplomacy import (
    answer,
    capitals,
    dip_ledger,
    events,
    gold,
    names,
    post_edict,
    remember_city,
)
from tests.factories.flows import Game, MakeUser, army_of, change_turn, start_game
from tests.helpers import assert_problem

# Skirmish map: player 1 (Empire) starts at (2, 1), player 2 (Orcs & Goblins) at (7, 1).
P2_CAPITAL = (7, 1)


async def agree(
    client: AsyncClient, game: Game, sender: int, recipient: int, body: dict[str, Any]
) -> int:
    """`sender` (an index) proposes, `recipient` accepts; returns the new treaty's id."""
    sent = await post_edict(client, game, sender, body)
    assert sent.status_code == 201, sent.text
    accepted = await answer(client, game, recipient, sent.json()["id"], "accept")
    assert accepted.status_code == 200, accepted.text
    treaty_id: int = accepted.json()["treaty_id"]
    return treaty_id


async def others(client: AsyncClient, game: Game, index: int) -> list[dict[str, Any]]:
    response = await client.get(game.url("/armies"), headers=game.players[index].headers)
    assert response.status_code == 200, response.text
    found: list[dict[str, Any]] = response.json()["others"]
    return found


async def test_R_FOG_2_allies_share_sight_from_the_turn_the_alliance_begins(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    await agree(client, game, 0, 1, {"kind": "alliance", "to": 2})
    # Agreed, not yet in force: still out of sight (R-DIP-3).
    assert await others(client, game, 0) == []
    await change_turn(client, game)
    p2_army = await army_of(session, game, 2)
    who = await names(client, game)
    assert await others(client, game, 0) == [
        {
            "id": p2_army.id,
            "owner": 2,
            "owner_name": who[2],
            "hostile": False,
            "q": 7,
            "r": 1,
            "tier": 1,
            "at_sea": False,
        }
    ]
    tile = await client.get(game.url("/tiles/7/1"), headers=game.players[0].headers)
    assert tile.json()["fog"] == "visible"


async def test_R_MOVE_4_a_pact_refuses_a_move_into_the_partner_s_tile(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    await agree(client, game, 1, 0, {"kind": "pact", "to": 1})
    await change_turn(client, game)
    army = await army_of(session, game, 1)
    army.q, army.r = (6, 1)
    await session.flush()
    refused = await client.put(
        game.url(f"/armies/{army.id}/move"),
        json={"path": [list(P2_CAPITAL)]},
        headers=game.players[0].headers,
    )
    body = assert_problem(refused, 422, "R-MOVE-4")
    assert body["violations"] == [
        {"rule": "R-MOVE-4", "message": "Step 1 enters a pact partner's territory."}
    ]
    orders = await client.get(game.url("/orders"), headers=game.players[0].headers)
    assert orders.json() == []


async def test_R_DIP_2_a_trade_route_pays_both_players_at_each_turn_change(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    await agree(client, game, 0, 1, {"kind": "embassy", "to": 2})
    await change_turn(client, game)  # turn 2: the embassy binds
    mine, theirs = await capitals(session, game)
    await remember_city(session, game, 1, P2_CAPITAL, 2)
    route = {"kind": "trade", "my_city_id": mine, "their_city_id": theirs}
    route_id = await agree(client, game, 0, 1, route)
    who = await names(client, game)
    listed = await client.get(game.url("/treaties"), headers=game.players[1].headers)
    assert listed.json()[1] == {
        "id": route_id,
        "kind": "trade",
        "a": 1,
        "a_name": who[1],
        "b": 2,
        "b_name": who[2],
        "since_turn": 3,
        "ends_turn": None,
        "status": "agreed",
        "city_a": mine,
        "city_b": theirs,
    }
    await change_turn(client, game)  # turn 3: the route binds; it paid nothing yet
    await change_turn(client, game)  # turn 4: first income, 5 tiles apart: 1 + 1
    lines = [line for line in await dip_ledger(session, game) if "route" in line[3]]
    assert lines == [
        (1, 3, 2, f"trade route #{route_id}"),
        (2, 3, 2, f"trade route #{route_id}"),
    ]
    await gold(session, game)  # gold matches the ledger

    # Turn 4: player 1 marches on player 2's capital; the partners fight: no income.
    army = await army_of(session, game, 1)
    army.q, army.r = (6, 1)
    await session.flush()
    moved = await client.put(
        game.url(f"/armies/{army.id}/move"),
        json={"path": [list(P2_CAPITAL)]},
        headers=game.players[0].headers,
    )
    assert moved.status_code == 200, moved.text
    await change_turn(client, game)
    assert [kind for kind, _, _ in await events(session, game, "battle_declared")] == [
        "battle_declared"
    ]
    lines = [line for line in await dip_ledger(session, game) if "route" in line[3]]
    assert [line[1] for line in lines] == [3, 3]


async def test_R_DIP_2_a_route_ends_when_its_city_falls(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    await agree(client, game, 1, 0, {"kind": "embassy", "to": 1})
    await change_turn(client, game)
    campaign = await session.get_one(Campaign, game.id)
    city_id = campaign.next_id
    campaign.next_id += 1
    session.add(StructureRow(campaign_id=game.id, id=city_id, kind="city", q=7, r=6, owner=2))
    await session.flush()
    await remember_city(session, game, 1, (7, 6), 2)
    mine, _ = await capitals(session, game)
    route = {"kind": "trade", "my_city_id": mine, "their_city_id": city_id}
    route_id = await agree(client, game, 0, 1, route)
    await change_turn(client, game)  # turn 3: the route binds
    city = await session.get_one(StructureRow, (game.id, city_id))
    city.owner = 1  # captured
    await session.flush()
    await change_turn(client, game)
    assert [line for line in await dip_ledger(session, game) if "route" in line[3]] == []
    for index in (0, 1):
        gone = await client.get(
            game.url(f"/treaties/{route_id}"), headers=game.players[index].headers
        )
        assert_problem(gone, 404, "not_found")
    summary = await client.get(game.url("/turns/3/summary"), headers=game.players[1].headers)
    assert {
        "kind": "trade_route_lost",
        "rule": "R-DIP-2",
        "coords": [],
        "data": {"treaty_id": route_id},
    } in summary.json()["events"]


async def test_R_DIP_2_vassal_tribute_shows_in_both_ledgers(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    offer = {"kind": "vassalage", "offer": "become_vassal", "to": 1}
    treaty_id = await agree(client, game, 1, 0, offer)
    treaty = await client.get(game.url(f"/treaties/{treaty_id}"), headers=game.players[0].headers)
    assert (treaty.json()["kind"], treaty.json()["a"], treaty.json()["b"]) == ("vassalage", 2, 1)
    _, theirs = await capitals(session, game)
    capital = await session.get_one(StructureRow, (game.id, theirs))
    capital.level = 2  # 6 gold of income: a quarter is 1
    await session.flush()
    await change_turn(client, game)  # turn 2: the vassalage binds
    assert await dip_ledger(session, game) == []
    await change_turn(client, game)
    assert await dip_ledger(session, game) == [
        (2, 2, -1, "tribute to player 1"),
        (1, 2, 1, "tribute from player 2"),
    ]
    await gold(session, game)


async def test_R_DIP_3_breaking_a_pact_ends_it_at_the_next_change_with_infamy(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, ("empire", "orcs_goblins", "dwarfs"))
    treaty_id = await agree(client, game, 0, 1, {"kind": "pact", "to": 2})
    await change_turn(client, game)
    # Treaties are known to their parties only.
    assert (await client.get(game.url("/treaties"), headers=game.players[2].headers)).json() == []
    hidden = await client.get(game.url(f"/treaties/{treaty_id}"), headers=game.players[2].headers)
    assert_problem(hidden, 404, "not_found")
    stranger = await client.delete(
        game.url(f"/treaties/{treaty_id}"), headers=game.players[2].headers
    )
    assert_problem(stranger, 404, "not_found")

    broken = await client.delete(
        game.url(f"/treaties/{treaty_id}"), headers=game.players[1].headers
    )
    assert broken.status_code == 200, broken.text
    who = await names(client, game)
    assert broken.json() == {
        "id": treaty_id,
        "kind": "pact",
        "a": 1,
        "a_name": who[1],
        "b": 2,
        "b_name": who[2],
        "since_turn": 2,
        "ends_turn": 3,
        "status": "ending",
        "city_a": None,
        "city_b": None,
    }
    players = (await client.get(game.url("/players"), headers=game.players[2].headers)).json()
    assert [(p["number"], p["infamy"]) for p in players] == [(1, 0), (2, 1), (3, 0)]
    assert await events(session, game, "treaty_broken") == [
        (
            "treaty_broken",
            [1, 2],
            {"treaty_id": treaty_id, "kind": "pact", "by": 2, "ends_turn": 3, "was_in_force": True},
        )
    ]
    again = await client.delete(game.url(f"/treaties/{treaty_id}"), headers=game.players[0].headers)
    assert_problem(again, 409, "R-DIP-3")
    players = (await client.get(game.url("/players"), headers=game.players[0].headers)).json()
    assert [p["infamy"] for p in players] == [0, 1, 0]

    await change_turn(client, game)
    assert (await client.get(game.url("/treaties"), headers=game.players[0].headers)).json() == []
