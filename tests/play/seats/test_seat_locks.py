"""Players give their orders in parallel; everything else still waits its turn.

A player's order write holds the campaign row shared and their own seat's row exclusively,
behind the campaign's advisory-lock turnstile (app.play.campaigns.access.Lock). Here a transaction
holds exactly those locks, as an order write of Alice's in flight would, on a real committing
connection, and requests over HTTP show who waits for it: Bob's orders and Bob's messages go
through; Alice's next order, a ready that changes the turn and the owner's resolve wait until
it ends, and then succeed with the books intact; orders arriving after a waiting write wait
behind it. Which request is waiting is read from PostgreSQL (`pg_stat_activity`), not guessed
from timing.
"""

import asyncio
import uuid
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager

import pytest
from httpx import Response
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from app.play.campaigns.access import turnstile_key
from tests.factories.flows import THREE, Game, my_army
from tests.factories.races import (
    AUTO_RESOLVE,
    ROUNDS,
    Race,
    at_once,
    check_books,
    lock_waiters,
    turn_number,
)
from tests.factories.races import race as race

__all__ = ["race"]  # the fixture, shared with the race tests

# Long enough for any request on a loaded machine; reaching it means a request waited on a
# lock it should not have (the assertion says which).
PATIENCE_SECONDS = 60.0


@asynccontextmanager
async def alices_order_in_flight(
    engine: AsyncEngine, game: Game, spend: int = 0
) -> AsyncIterator[None]:
    """The locks of an order write of player 1 that pays `spend` gold, held until the block
    ends (and committed then)."""
    async with engine.connect() as conn, conn.begin():
        cid = uuid.UUID(game.id)
        await conn.execute(
            text("SELECT pg_advisory_xact_lock_shared(:k)"), {"k": turnstile_key(cid)}
        )
        await conn.execute(text("SELECT 1 FROM campaigns WHERE id = :c FOR SHARE"), {"c": cid})
        await conn.execute(
            text(
                "SELECT 1 FROM campaign_players WHERE campaign_id = :c AND number = 1 "
                "FOR NO KEY UPDATE"
            ),
            {"c": cid},
        )
        if spend:
            await conn.execute(
                text(
                    "UPDATE campaign_players SET gold = gold - CAST(:n AS integer) "
                    "WHERE campaign_id = :c AND number = 1"
                ),
                {"c": cid, "n": spend},
            )
            await conn.execute(
                text(
                    "INSERT INTO ledger (campaign_id, player, turn, amount, reason, rule, "
                    "created_at) VALUES (:c, 1, 1, -CAST(:n AS bigint), 'an order in flight', "
                    "'R-BUILD-1', now())"
                ),
                {"c": cid, "n": spend},
            )
        yield


async def until_waiting(
    engine: AsyncEngine, task: asyncio.Task[Response], waiters: int = 1
) -> None:
    """Return once `waiters` requests wait for a lock; fail if `task` finishes first."""
    async with engine.connect() as conn:
        while await lock_waiters(conn) < waiters:
            assert not task.done(), f"went through instead of waiting: {task.result().text}"
            await asyncio.sleep(0.02)
    assert not task.done()


async def through(request: Awaitable[Response]) -> Response:
    return await asyncio.wait_for(request, PATIENCE_SECONDS)


async def test_another_players_orders_and_messages_do_not_wait_for_an_order_write(
    race: Race,
) -> None:
    client = race.client
    game = await race.start(ruleset={"starting_gold": 20})
    alice, bob = game.players
    army = await my_army(client, game, bob)
    async with alices_order_in_flight(race.engine, game):
        reachable = await through(
            client.get(game.url(f"/armies/{army['id']}/reachable"), headers=bob.headers)
        )
        step = min(reachable.json(), key=lambda tile: tile["cost"])  # a neighbour
        moved = await through(
            client.put(
                game.url(f"/armies/{army['id']}/move"),
                json={"path": [[step["q"], step["r"]]]},
                headers=bob.headers,
            )
        )
        assert moved.status_code == 200, moved.text
        upgraded = await through(
            client.post(game.url(f"/armies/{army['id']}/upgrade"), headers=bob.headers)
        )
        assert upgraded.status_code == 201, upgraded.text
        sent = await through(
            client.post(
                game.url("/messages"),
                json={"to": [alice.number], "body": "Hold the ford."},
                headers=bob.headers,
            )
        )
        assert sent.status_code == 201, sent.text
    await check_books(race.engine, game.id)


async def test_the_same_players_next_order_waits_and_reads_what_the_first_one_paid(
    race: Race,
) -> None:
    client = race.client
    # 20 gold: the order in flight pays 15, the tier upgrade (8) no longer fits.
    game = await race.start(ruleset={"starting_gold": 20})
    alice = game.players[0]
    army = await my_army(client, game, alice)
    async with alices_order_in_flight(race.engine, game, spend=15):
        upgrade = asyncio.ensure_future(
            client.post(game.url(f"/armies/{army['id']}/upgrade"), headers=alice.headers)
        )
        await until_waiting(race.engine, upgrade)
    upgraded = await through(upgrade)
    assert upgraded.status_code == 422, upgraded.text  # the gold read after the wait: 5
    assert upgraded.json()["code"] == "R-ECO-1"
    await check_books(race.engine, game.id)


async def test_a_turn_change_waits_for_an_order_write_in_flight(race: Race) -> None:
    client = race.client
    game = await race.start(settings=AUTO_RESOLVE)
    alice, bob = game.players
    assert (await client.put(game.url("/turn/ready"), headers=alice.headers)).status_code == 200
    async with alices_order_in_flight(race.engine, game):
        ready = asyncio.ensure_future(client.put(game.url("/turn/ready"), headers=bob.headers))
        await until_waiting(race.engine, ready)
        assert await turn_number(client, game) == 1  # reads never wait
    readied = await through(ready)
    assert readied.status_code == 200, readied.text
    assert await turn_number(client, game) == 2
    await check_books(race.engine, game.id)


async def test_orders_arriving_after_a_waiting_write_queue_behind_it(race: Race) -> None:
    """PostgreSQL lets a new `FOR SHARE` pass a waiting writer; the turnstile does not, or a
    busy campaign's orders would hold its readiness and turn change off indefinitely."""
    client = race.client
    game = await race.start()
    bob = game.players[1]
    army = await my_army(client, game, bob)
    reachable = await client.get(game.url(f"/armies/{army['id']}/reachable"), headers=bob.headers)
    step = min(reachable.json(), key=lambda tile: tile["cost"])
    async with alices_order_in_flight(race.engine, game):
        ready = asyncio.ensure_future(client.put(game.url("/turn/ready"), headers=bob.headers))
        await until_waiting(race.engine, ready)
        move = asyncio.ensure_future(
            client.put(
                game.url(f"/armies/{army['id']}/move"),
                json={"path": [[step["q"], step["r"]]]},
                headers=bob.headers,
            )
        )
        await until_waiting(race.engine, move, waiters=2)
    assert (await through(ready)).status_code == 200
    moved = await through(move)
    assert moved.status_code == 200, moved.text
    await check_books(race.engine, game.id)


@pytest.mark.parametrize("round_", range(ROUNDS))
async def test_orders_of_several_players_racing_the_turn_change_keep_the_books(
    round_: int, race: Race
) -> None:
    """Two players' paid orders (in parallel with each other) and the last ready (the turn
    change, exclusive) at once: each order is paid once, before or after the change, and the
    turn changes once."""
    client = race.client
    game = await race.start(THREE, settings=AUTO_RESOLVE, ruleset={"starting_gold": 20})
    alice, bob, carol = game.players
    armies = [await my_army(client, game, p) for p in (alice, bob)]
    for p in (alice, bob):
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).status_code == 200
    first, second, ready = await at_once(
        client.post(game.url(f"/armies/{armies[0]['id']}/upgrade"), headers=alice.headers),
        client.post(game.url(f"/armies/{armies[1]['id']}/upgrade"), headers=bob.headers),
        client.put(game.url("/turn/ready"), headers=carol.headers),
    )
    assert ready.status_code == 200, ready.text
    assert first.status_code == 201, first.text
    assert second.status_code == 201, second.text
    assert await turn_number(client, game) == 2
    await check_books(race.engine, game.id)
