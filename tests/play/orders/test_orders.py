"""Orders over HTTP: builds, armies, generals, moves and the faction action (R-BUILD, R-ARMY,
R-MOVE, R-FAC), each paid when ordered and refunded when cancelled, every coin in the ledger."""

from typing import Any

from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import OrderRow
from tests.factories.flows import Game, GamePlayer, MakeUser, gold_and_ledger, my_army, start_game
from tests.helpers import assert_problem

# On the skirmish map player 1 starts at (2, 1) and player 2 at (7, 1).


async def tiles(
    client: AsyncClient, game: Game, player: GamePlayer
) -> dict[tuple[int, int], dict[str, Any]]:
    world = (await client.get(game.url("/map"), headers=player.headers)).json()
    return {(t["q"], t["r"]): t for t in world["tiles"]}


async def order_count(session: AsyncSession, game: Game) -> int:
    count = await session.scalar(
        select(func.count()).select_from(OrderRow).where(OrderRow.campaign_id == game.id)
    )
    return count or 0


async def test_R_BUILD_1_outpost_paid_when_ordered_and_refunded_when_cancelled(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    alice = game.players[0]
    army = await my_army(client, game, alice)
    moved = await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[3, 1]]}, headers=alice.headers
    )
    assert moved.status_code == 200, moved.text
    assert {k: moved.json()[k] for k in ("budget", "used", "left", "at_sea", "path")} == {
        "budget": 4,  # Empire on a plain: 3 + 1
        "used": 1,
        "left": 3,
        "at_sea": False,
        "path": [[3, 1]],
    }
    built = await client.post(
        game.url("/builds"),
        json={"kind": "outpost", "q": 3, "r": 1, "army_id": army["id"]},
        headers=alice.headers,
    )
    assert built.status_code == 201, built.text
    assert built.json()["cost"] == 3
    assert await gold_and_ledger(session, game, alice.number) == (2, 2)

    listed = (await client.get(game.url("/builds"), headers=alice.headers)).json()
    assert [(b["build_kind"], b["q"], b["r"], b["cost"]) for b in listed] == [("outpost", 3, 1, 3)]
    cancelled = await client.delete(
        game.url(f"/builds/{built.json()['id']}"), headers=alice.headers
    )
    assert cancelled.status_code == 204
    assert await gold_and_ledger(session, game, alice.number) == (5, 5)
    assert (await client.get(game.url("/builds"), headers=alice.headers)).json() == []


async def test_R_TURN_4_ordered_outpost_stands_after_the_change_and_gold_matches_ledger(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    alice, bob = game.players
    army = await my_army(client, game, alice)
    before = await tiles(client, game, alice)
    await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[3, 1]]}, headers=alice.headers
    )
    await client.post(
        game.url("/builds"),
        json={"kind": "outpost", "q": 3, "r": 1, "army_id": army["id"]},
        headers=alice.headers,
    )
    for p in game.players:
        await client.put(game.url("/turn/ready"), headers=p.headers)
    changed = await client.post(game.url("/turn/resolve"), headers=alice.headers)
    assert changed.status_code == 200, changed.text
    # Empire: 5 - 3 (outpost) + 3 (capital) - 1 (tier-1 upkeep) = 4; the outpost yields next time.
    assert await gold_and_ledger(session, game, alice.number) == (4, 4)
    # Orcs & Goblins: 5 + 3, tier-1 armies pay no upkeep.
    assert await gold_and_ledger(session, game, bob.number) == (8, 8)
    army_after = await my_army(client, game, alice)
    assert (army_after["q"], army_after["r"]) == (3, 1)
    # The map view follows the change (it is cached per world version).
    after = await tiles(client, game, alice)
    assert [a["id"] for a in before[(2, 1)]["armies"]] == [army["id"]]
    assert "armies" not in after[(2, 1)]
    assert [a["id"] for a in after[(3, 1)]["armies"]] == [army["id"]]
    assert after[(3, 1)]["structure"]["kind"] == "outpost"
    assert after[(3, 1)]["owner"] == alice.number
    # An order of a turn that has changed is final.
    old = await session.scalar(select(OrderRow.id).where(OrderRow.campaign_id == game.id))
    final = await client.delete(game.url(f"/orders/{old}"), headers=alice.headers)
    assert_problem(final, 409, "R-BUILD-1")


async def test_refused_orders_name_their_rule_and_change_nothing(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    alice, bob = game.players
    army = await my_army(client, game, alice)
    bob_army = await my_army(client, game, bob)
    before = (await gold_and_ledger(session, game, alice.number), await order_count(session, game))

    # A city needs a city_site tile (the capital's neighbour is plain) and 10 gold.
    city = await client.post(
        game.url("/builds"),
        json={"kind": "found_city", "q": 2, "r": 1, "army_id": army["id"]},
        headers=alice.headers,
    )
    assert city.status_code == 422
    assert city.json()["code"] == "R-MAP-3"
    assert [v["rule"] for v in city.json()["violations"]] == ["R-MAP-3", "R-BUILD-3", "R-ECO-1"]
    # An outpost is never placed on a city (the capital).
    on_city = await client.post(
        game.url("/builds"),
        json={"kind": "outpost", "q": 2, "r": 1, "army_id": army["id"]},
        headers=alice.headers,
    )
    assert on_city.status_code == 422
    assert on_city.json()["violations"] == [
        {"rule": "R-BUILD-3", "message": "An outpost needs a neutral tile."}
    ]
    # Paths: not adjacent, too long.
    jump = await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[4, 1]]}, headers=alice.headers
    )
    assert_problem(jump, 422, "R-MOVE-1")
    far = [[3, 1], [4, 1], [5, 1], [6, 1], [6, 2]]
    too_long = await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": far}, headers=alice.headers
    )
    assert_problem(too_long, 422, "R-MOVE-1")
    # Another player's army out of sight does not exist for me.
    foreign = await client.put(
        game.url(f"/armies/{bob_army['id']}/move"), json={"path": [[6, 1]]}, headers=alice.headers
    )
    assert_problem(foreign, 404, "not_found")
    # Tier 2 costs 8, a general 40, and an army needs a level-2 city.
    upgrade = await client.post(game.url(f"/armies/{army['id']}/upgrade"), headers=alice.headers)
    refused = assert_problem(upgrade, 422, "R-ECO-1")
    assert refused["detail"] == "Not enough gold: this costs 8 and you have 5."
    assert refused["help"] == "/rules#R-ECO-1"
    general = await client.post(game.url("/generals"), headers=alice.headers)
    assert_problem(general, 422, "R-ECO-1")
    capital = army["seat_id"]
    raised = await client.post(
        game.url("/armies"), json={"city_id": capital}, headers=alice.headers
    )
    assert raised.status_code == 422
    assert raised.json()["violations"] == [
        {"rule": "R-ARMY-1", "message": "Armies are raised from a level-2 city."},
        {"rule": "R-ARMY-1", "message": "This city already seats an army."},
        {"rule": "R-ECO-1", "message": "Not enough gold: this costs 52 and you have 5."},
    ]

    after = (await gold_and_ledger(session, game, alice.number), await order_count(session, game))
    assert after == before


async def test_R_FAC_faction_action_once_per_turn_and_cancellable(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    alice, bob = game.players
    used = await client.post(game.url("/faction-action"), headers=alice.headers)
    assert used.status_code == 201, used.text
    assert used.json()["kind"] == "faction_action"
    again = await client.post(game.url("/faction-action"), headers=alice.headers)
    assert_problem(again, 422, "R-FAC")
    # WAAAGH! needs three victories first: a rule refuses it in this state (422, not 409).
    locked = await client.post(game.url("/faction-action"), headers=bob.headers)
    body = assert_problem(locked, 422, "R-FAC")
    assert body["help"] == "/rules#R-FAC"
    assert (
        await client.delete(game.url("/faction-action"), headers=alice.headers)
    ).status_code == 204
    orders = (await client.get(game.url("/orders"), headers=alice.headers)).json()
    assert orders == []


async def test_R_CAMP_orders_need_an_active_campaign_and_a_player(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    stranger = await make_user()
    hidden = await client.get(game.url("/orders"), headers=stranger.headers)
    assert_problem(hidden, 404, "not_found")
    ended = await client.post(game.url("/end"), headers=game.owner.headers)
    assert ended.status_code == 200
    late = await client.post(game.url("/faction-action"), headers=game.players[0].headers)
    assert_problem(late, 409, "R-CAMP-2")


async def test_R_MOVE_1_each_reachable_tile_comes_with_a_path_the_move_order_accepts(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """`…/reachable` gives the rules engine's path to every tile: a client orders the march by
    sending it back as it is, and the order costs what the tile said (R-MOVE-1)."""
    game = await start_game(client, make_user)
    me = game.players[0]
    army = await my_army(client, game, me)
    answer = await client.get(game.url(f"/armies/{army['id']}/reachable"), headers=me.headers)
    assert answer.status_code == 200, answer.text
    tiles = answer.json()
    assert tiles
    for tile in tiles:
        assert tile["path"][-1] == [tile["q"], tile["r"]]
        assert len(tile["path"]) >= 1
    # The farthest and a few others (each order is a write, within the write burst).
    farthest = sorted(tiles, key=lambda tile: -tile["cost"])
    for tile in farthest[:3] + farthest[-2:]:
        moved = await client.put(
            game.url(f"/armies/{army['id']}/move"), json={"path": tile["path"]}, headers=me.headers
        )
        assert moved.status_code == 200, (tile, moved.text)
        assert moved.json()["used"] == tile["cost"], tile
