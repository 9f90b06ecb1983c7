"""Cover and entrenchment over HTTP (R-OPT-4): the order, and the reductions in the record."""

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession

from tests.factories.flows import MakeUser, army_of, change_turn, start_game
from tests.helpers import assert_problem

FOREST = (1, 2)  # a forest of the skirmish map, two plain tiles west of (3, 2)


async def test_R_OPT_4_entrench_order_and_the_battle_record_shows_each_reduction(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """The Orcs entrench in a forest (a move order replaces the entrenchment and the other way
    round); the Empire attacks them there: the battle's attacker forces lose 20 % for cover and
    10 % for entrenchment, 600 points becoming 420."""
    game = await start_game(client, make_user, settings={"cover": True})
    empire, orcs = game.players
    attacker = await army_of(session, game, empire.number)
    defender = await army_of(session, game, orcs.number)
    attacker.q, attacker.r = 3, 2
    defender.q, defender.r = FOREST
    await session.flush()
    dig = game.url(f"/armies/{defender.id}/entrench")
    move = game.url(f"/armies/{defender.id}/move")

    def kinds(orders: list[dict[str, object]]) -> list[object]:
        return [(o["kind"], o["army_id"]) for o in orders]

    async def my_orders() -> list[object]:
        return kinds((await client.get(game.url("/orders"), headers=orcs.headers)).json())

    entrenched = await client.put(dig, headers=orcs.headers)
    assert entrenched.status_code == 200, entrenched.text
    assert (entrenched.json()["kind"], entrenched.json()["army_id"]) == ("entrench", defender.id)
    moved = await client.put(move, json={"path": [[2, 2]]}, headers=orcs.headers)
    assert moved.status_code == 200, moved.text
    assert await my_orders() == [("move", defender.id)]
    assert (await client.put(dig, headers=orcs.headers)).status_code == 200
    assert await my_orders() == [("entrench", defender.id)]
    armies = (await client.get(game.url("/armies"), headers=orcs.headers)).json()["mine"]
    assert [(a["id"], a["entrenched"], a["move"]) for a in armies] == [(defender.id, True, None)]
    assert (await client.delete(dig, headers=orcs.headers)).status_code == 204
    assert await my_orders() == []
    assert_problem(await client.delete(dig, headers=orcs.headers), 404, "not_found")
    assert (await client.put(dig, headers=orcs.headers)).status_code == 200

    path = {"path": [[2, 2], list(FOREST)]}
    attack = await client.put(
        game.url(f"/armies/{attacker.id}/move"), json=path, headers=empire.headers
    )
    assert attack.status_code == 200, attack.text
    await change_turn(client, game)

    battles = (await client.get(game.url("/battles"), headers=empire.headers)).json()["items"]
    assert len(battles) == 1
    (battle,) = battles
    assert (battle["q"], battle["r"]) == FOREST
    forces = battle["attacker"]["forces"]
    assert (forces["total_points"], forces["cover_pct"], forces["entrenchment_pct"]) == (
        420,
        20,
        10,
    )
    assert battle["defender"]["forces"]["total_points"] == 600
    assert battle["defender"]["forces"]["cover_pct"] == 0


async def test_R_OPT_4_entrench_refused_when_the_option_is_off(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    campaign = (await client.get(game.url(), headers=game.owner.headers)).json()
    assert campaign["settings"]["cover"] is False
    empire = game.players[0]
    army = await army_of(session, game, empire.number)
    refused = await client.put(game.url(f"/armies/{army.id}/entrench"), headers=empire.headers)
    body = assert_problem(refused, 422, "R-OPT-4")
    assert body["detail"] == "Entrenchment is not an option of this campaign."
