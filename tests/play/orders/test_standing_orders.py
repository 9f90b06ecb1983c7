"""Standing orders (R-TURN-8) over HTTP: left once, given at every turn change as ordinary
orders (the same validation, prices and ledger lines), skipped with a reason in the summary
when refused."""

import uuid
from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import LedgerRow, OrderRow
from tests.factories.flows import (
    Game,
    GamePlayer,
    MakeUser,
    army_of,
    change_turn,
    gold_and_ledger,
    my_army,
    ok,
    start_game,
)
from tests.helpers import assert_problem


async def standing_lines(
    client: AsyncClient, game: Game, player: GamePlayer, number: int
) -> list[dict[str, Any]]:
    summary = await ok(
        await client.get(game.url(f"/turns/{number}/summary"), headers=player.headers)
    )
    return [e for e in summary["events"] if e["kind"] == "standing_order"]


async def ledger_lines(
    session: AsyncSession, game: Game, player: int
) -> list[tuple[int, int, str]]:
    rows = await session.execute(
        select(LedgerRow.turn, LedgerRow.amount, LedgerRow.reason)
        .where(LedgerRow.campaign_id == uuid.UUID(game.id), LedgerRow.player == player)
        .order_by(LedgerRow.id)
    )
    return [(t, a, r) for t, a, r in rows.all()]


async def test_R_TURN_8_a_standing_city_upgrade_is_paid_in_the_ledger_then_skipped_when_refused(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, ruleset={"starting_gold": 40})
    alice = game.players[0]
    army = await my_army(client, game, alice)  # it stands on the capital (R-CAMP-3)
    capital = {"kind": "upgrade_city", "q": army["q"], "r": army["r"]}
    body = await ok(
        await client.post(game.url("/standing-orders"), json=capital, headers=alice.headers), 201
    )
    await change_turn(client, game)
    # Given as an ordinary order of turn 1: the order, its ledger line, the summary says so.
    orders = await session.scalars(
        select(OrderRow).where(OrderRow.campaign_id == uuid.UUID(game.id), OrderRow.turn == 1)
    )
    assert [(o.kind, o.build_kind, o.cost) for o in orders] == [("build", "upgrade_city", 12)]
    assert (1, -12, f"ordered upgrade_city at {army['q']},{army['r']}") in await ledger_lines(
        session, game, 1
    )
    lines = await standing_lines(client, game, alice, 1)
    assert [(e["data"]["order"], e["data"]["given"], e["data"]["cost"]) for e in lines] == [
        ("upgrade_city", True, 12)
    ]
    # Turn 2: the city is at its highest level; the standing order is skipped, nothing paid.
    await change_turn(client, game)
    lines = await standing_lines(client, game, alice, 2)
    assert [(e["data"]["given"], e["rule"]) for e in lines] == [(False, "R-TURN-8")]
    assert lines[0]["data"]["reason"]
    assert not [
        line for line in await ledger_lines(session, game, 1) if line[0] == 2 and line[1] == -12
    ]
    gold, total = await gold_and_ledger(session, game, 1)
    assert gold == total
    # It stands until deleted.
    listed = await ok(await client.get(game.url("/standing-orders"), headers=alice.headers))
    assert [o["id"] for o in listed] == [body["id"]]
    # The other player sees none of it.
    assert await standing_lines(client, game, game.players[1], 1) == []


async def test_R_TURN_8_an_army_upgrade_repeated_while_affordable_and_an_order_of_the_turn_wins(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, ruleset={"starting_gold": 9})
    alice = game.players[0]
    army = await my_army(client, game, alice)
    await ok(
        await client.post(
            game.url("/standing-orders"),
            json={"kind": "upgrade_army", "army_id": army["id"]},
            headers=alice.headers,
        ),
        201,
    )
    # Ordered by hand this turn: the standing one is moot, paid once.
    await ok(
        await client.post(game.url(f"/armies/{army['id']}/upgrade"), headers=alice.headers), 201
    )
    await change_turn(client, game)
    lines = await standing_lines(client, game, alice, 1)
    assert [(e["data"]["given"], e["data"]["reason"]) for e in lines] == [
        (False, "already upgraded this turn")
    ]
    upgrades = [line for line in await ledger_lines(session, game, 1) if "upgraded army" in line[2]]
    assert len(upgrades) == 1
    # Next turn: too little gold left, so it is skipped (refused by R-ECO-1 like any order).
    await change_turn(client, game)
    lines = await standing_lines(client, game, alice, 2)
    assert [e["data"]["given"] for e in lines] == [False]
    gold, total = await gold_and_ledger(session, game, 1)
    assert gold == total >= 0


async def test_R_TURN_8_standing_orders_are_set_once_listed_and_deleted(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    alice, bob = game.players
    army = await my_army(client, game, alice)
    hold = {"kind": "hold", "army_id": army["id"]}
    first = await ok(
        await client.post(game.url("/standing-orders"), json=hold, headers=alice.headers), 201
    )
    again = await ok(
        await client.post(game.url("/standing-orders"), json=hold, headers=alice.headers), 200
    )
    assert first == again
    # Another's army is not found; a city order naming an army is malformed.
    assert_problem(
        await client.post(game.url("/standing-orders"), json=hold, headers=bob.headers),
        404,
        "not_found",
    )
    bad = {"kind": "upgrade_city", "army_id": army["id"], "q": 1, "r": 1}
    assert_problem(
        await client.post(game.url("/standing-orders"), json=bad, headers=alice.headers),
        422,
        "R-TURN-8",
    )
    assert await ok(await client.get(game.url("/standing-orders"), headers=bob.headers)) == []
    url = game.url(f"/standing-orders/{first['id']}")
    assert_problem(await client.delete(url, headers=bob.headers), 404, "not_found")
    await ok(await client.delete(url, headers=alice.headers), 204)
    assert await ok(await client.get(game.url("/standing-orders"), headers=alice.headers)) == []
    assert_problem(await client.delete(url, headers=alice.headers), 404, "not_found")


async def test_R_TURN_8_an_army_returns_to_a_named_own_tile_by_an_ordinary_move_R_MOVE_1(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    alice = game.players[0]
    army = await my_army(client, game, alice)
    home = [army["q"], army["r"]]
    await ok(
        await client.put(
            game.url(f"/armies/{army['id']}/move"), json={"path": [[3, 1]]}, headers=alice.headers
        )
    )
    back = {"kind": "return_to", "army_id": army["id"], "q": home[0], "r": home[1]}
    await ok(await client.post(game.url("/standing-orders"), json=back, headers=alice.headers), 201)
    # A tile not hers is refused.
    foreign = {**back, "q": 3, "r": 1}
    assert_problem(
        await client.post(game.url("/standing-orders"), json=foreign, headers=alice.headers),
        422,
        "R-TURN-8",
    )
    await change_turn(client, game)  # the move of the turn wins
    lines = await standing_lines(client, game, alice, 1)
    assert [(e["data"]["given"], e["data"]["reason"]) for e in lines] == [
        (False, "a move was ordered this turn")
    ]
    assert [(await my_army(client, game, alice))[k] for k in ("q", "r")] == [3, 1]
    await change_turn(client, game)  # the standing order moves it home
    assert [(await my_army(client, game, alice))[k] for k in ("q", "r")] == home
    assert [e["data"]["given"] for e in await standing_lines(client, game, alice, 2)] == [True]


async def test_R_TURN_8_a_conditional_order_is_judged_on_what_its_player_sees_R_FOG_3(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    alice = game.players[0]
    mine = await my_army(client, game, alice)
    home = (mine["q"], mine["r"])
    theirs = await army_of(session, game, 2)
    far = (theirs.q, theirs.r)  # bob's army, truly there, out of alice's sight

    def watch(center: tuple[int, int]) -> dict[str, Any]:
        return {
            "kind": "if_hostile_near",
            "army_id": mine["id"],
            "q": center[0],
            "r": center[1],
            "radius": 0,
            "to_q": home[0],
            "to_r": home[1],
        }

    for center in (far, (3, 1)):
        await ok(
            await client.post(
                game.url("/standing-orders"), json=watch(center), headers=alice.headers
            ),
            201,
        )
    await change_turn(client, game)
    lines = await standing_lines(client, game, alice, 1)
    assert [(e["data"]["given"], e["data"]["reason"]) for e in lines] == [
        (False, "no hostile army seen that near"),
        (False, "no hostile army seen that near"),
    ]
    # The same summary read in French: the reason is said in the reader's language.
    french = await ok(
        await client.get(
            game.url("/turns/1/summary"), headers={**alice.headers, "Accept-Language": "fr"}
        )
    )
    assert [e["data"]["reason"] for e in french["events"] if e["kind"] == "standing_order"] == [
        "aucune armée hostile vue aussi près",
        "aucune armée hostile vue aussi près",
    ]
    # Bob's army comes next to alice's capital, where she sees it: the second one triggers.
    theirs = await army_of(session, game, 2)
    theirs.q, theirs.r = 3, 1
    await session.flush()
    await change_turn(client, game)
    lines = await standing_lines(client, game, alice, 2)
    assert [e["data"]["given"] for e in lines] == [False, True]


async def test_R_TURN_6_a_rollback_gives_back_the_standing_orders_of_the_turn_played_again_R_TURN_8(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    alice = game.players[0]
    army = await my_army(client, game, alice)
    url = game.url("/standing-orders")
    hold = await ok(
        await client.post(url, json={"kind": "hold", "army_id": army["id"]}, headers=alice.headers),
        201,
    )
    await change_turn(client, game)
    # Turn 2: the hold is deleted, an upgrade stands instead; then the change is rolled back.
    gone = await client.delete(f"{url}/{hold['id']}", headers=alice.headers)
    assert gone.status_code == 204, gone.text
    upgrade = {"kind": "upgrade_army", "army_id": army["id"]}
    await ok(await client.post(url, json=upgrade, headers=alice.headers), 201)
    rolled = await client.post(game.url("/turn/rollback"), headers=game.owner.headers)
    assert rolled.status_code == 200, rolled.text
    assert await ok(await client.get(url, headers=alice.headers)) == [hold]
