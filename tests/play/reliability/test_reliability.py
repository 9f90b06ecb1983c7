"""The reliability profile over HTTP (R-CAMP-14): judged at each turn change and battle
confirmation, read by the user, shown to the owner of a campaign they ask to join (counts only),
written once per seat per turn even when two changes race."""

import asyncio
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import FastAPI
from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.platform.db.session import create_sessionmaker
from app.platform.dependencies import get_now
from app.play.deadlines.service import sweep
from app.store.models import SeatTurnRecord
from tests.factories.battles import act, declared, field_battle, move, result
from tests.factories.disorder import SETTINGS, sweep_at_deadline, turn
from tests.factories.flows import AuthUser, MakeUser, create_lobby, ok, start_game

MINE = "/v1/users/me/reliability"
NO_TURNS = {"on_time": 0, "missed": 0, "civil_disorder": 0, "excused": 0}
NO_BATTLES = {"on_time": 0, "late": 0}


async def reliability(client: AsyncClient, user: AuthUser) -> dict[str, Any]:
    body: dict[str, Any] = await ok(await client.get(MINE, headers=user.headers))
    return body


def profile(campaigns: int, battles: dict[str, int] | None = None, **turns: int) -> Any:
    return {
        "campaigns": campaigns,
        "turns": {**NO_TURNS, **turns},
        "battles": battles or NO_BATTLES,
    }


async def test_R_CAMP_14_turns_on_time_missed_in_disorder_and_excused_are_counted(
    client: AsyncClient, make_user: MakeUser, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    game = await start_game(
        client, make_user, settings={**SETTINGS, "civil_disorder_after_missed": 1}
    )
    alice, bob = game.players
    assert await reliability(client, bob.user) == profile(0)
    # Turn 1: bob misses the deadline (and falls into civil disorder by it); turn 2 he is in it.
    for _ in range(2):
        await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
        await sweep_at_deadline(client, game, sessionmaker)
    assert await reliability(client, alice.user) == profile(1, on_time=2)
    assert await reliability(client, bob.user) == profile(1, missed=1, civil_disorder=1)

    # Elsewhere, bob's seat goes to a steward: that turn is excused, not missed (R-CAMP-7).
    other = await start_game(client, make_user, settings=SETTINGS)
    carol, dave = other.players
    stewarded = await client.patch(
        other.url("/players/2"), json={"inactive": True}, headers=carol.headers
    )
    assert stewarded.status_code == 200, stewarded.text
    await ok(await client.put(other.url("/turn/ready"), headers=carol.headers))
    await sweep_at_deadline(client, other, sessionmaker)
    assert await reliability(client, dave.user) == profile(1, excused=1)


async def test_R_CAMP_14_the_owner_asked_sees_the_askers_counts_and_nobody_else_does(
    client: AsyncClient, make_user: MakeUser, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    settings = {**SETTINGS, "anonymity": True}
    game = await start_game(client, make_user, settings=settings)
    alice, bob = game.players
    await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
    await sweep_at_deadline(client, game, sessionmaker)
    owner = await make_user()
    lobby = await create_lobby(client, owner, settings={"public": True, "max_players": 3})
    body = {"campaign_id": lobby["id"]}
    asked = await ok(
        await client.post("/v1/users/me/join-requests", json=body, headers=bob.headers), 201
    )
    assert "reliability" not in asked
    seen = await ok(
        await client.get(f"/v1/campaigns/{lobby['id']}/join-requests", headers=owner.headers)
    )
    # Only counts: nothing names the campaign bob plays anonymously in.
    assert [r["reliability"] for r in seen] == [profile(1, missed=1)]
    assert game.id not in str(seen)
    mine = await ok(await client.get("/v1/users/me/join-requests", headers=bob.headers))
    assert [("reliability" in r) for r in mine] == [False]


async def test_R_CAMP_14_a_rolled_back_change_takes_its_judgement_with_it_R_TURN_6(
    client: AsyncClient, make_user: MakeUser, sessionmaker: async_sessionmaker[AsyncSession]
) -> None:
    game = await start_game(client, make_user, settings=SETTINGS)
    alice, bob = game.players
    await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
    await sweep_at_deadline(client, game, sessionmaker)
    assert await reliability(client, bob.user) == profile(1, missed=1)
    await ok(await client.post(game.url("/turn/rollback"), headers=alice.headers))
    assert await reliability(client, bob.user) == profile(0)
    # Played again: bob is ready this time.
    await ok(await client.put(game.url("/turn/ready"), headers=bob.headers))
    await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
    await ok(await client.post(game.url("/turn/resolve"), headers=alice.headers))
    assert await reliability(client, bob.user) == profile(1, on_time=1)


T0 = datetime(2030, 6, 1, 12, 0, tzinfo=UTC)


async def test_R_CAMP_14_a_battle_confirmed_after_its_play_by_date_is_late_R_BAT_8(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, app: FastAPI
) -> None:
    app.dependency_overrides[get_now] = lambda: T0
    game = await start_game(client, make_user)
    p1, p2 = game.players
    battle, _, _ = await field_battle(client, session, game)
    bid = battle["id"]
    date = {"date": (T0 + timedelta(days=3)).isoformat()}
    await ok(await client.post(game.url(f"/battles/{bid}/play-by"), json=date, headers=p1.headers))
    accepted = await client.post(
        game.url(f"/battles/{bid}/play-by/accept"), json=date, headers=p2.headers
    )
    assert accepted.status_code == 200, accepted.text
    reported = await act(client, game, p1.headers, bid, "report", result("draw", 0, 0))
    assert reported.status_code == 200, reported.text
    app.dependency_overrides[get_now] = lambda: T0 + timedelta(days=4)
    assert (await act(client, game, p2.headers, bid, "confirm")).status_code == 200
    for player in (p1, p2):
        assert (await reliability(client, player.user))["battles"] == {"on_time": 0, "late": 1}


async def test_R_CAMP_14_a_battle_confirmed_by_its_play_by_date_is_on_time(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, app: FastAPI
) -> None:
    app.dependency_overrides[get_now] = lambda: T0
    game = await start_game(client, make_user)
    p1, p2 = game.players
    battle, _, _ = await field_battle(client, session, game)
    bid = battle["id"]
    date = {"date": (T0 + timedelta(days=3)).isoformat()}
    await ok(await client.post(game.url(f"/battles/{bid}/play-by"), json=date, headers=p1.headers))
    await ok(
        await client.post(game.url(f"/battles/{bid}/play-by/accept"), json=date, headers=p2.headers)
    )
    await ok(await act(client, game, p1.headers, bid, "report", result("draw", 0, 0)))
    await ok(await act(client, game, p2.headers, bid, "confirm"))
    assert (await reliability(client, p1.user))["battles"] == {"on_time": 1, "late": 0}
    # A battle without an agreed date promised nothing: not counted.
    other = await start_game(client, make_user)
    battle, _, _ = await field_battle(client, session, other)
    await ok(
        await act(
            client, other, other.players[0].headers, battle["id"], "report", result("draw", 0, 0)
        )
    )
    await ok(await act(client, other, other.players[1].headers, battle["id"], "confirm"))
    assert (await reliability(client, other.players[0].user))["battles"] == NO_BATTLES


async def test_R_CAMP_14_two_changes_racing_write_one_record_per_seat_per_turn(
    committing_client: AsyncClient,
    committing_engine: AsyncEngine,
    committing_make_user: MakeUser,
) -> None:
    client = committing_client
    sessionmaker = create_sessionmaker(committing_engine)
    game = await start_game(client, committing_make_user, settings=SETTINGS)
    await ok(await client.put(game.url("/turn/ready"), headers=game.players[0].headers))
    deadline = datetime.fromisoformat((await turn(client, game))["deadline_at"])
    reports = await asyncio.gather(sweep(sessionmaker, deadline), sweep(sessionmaker, deadline))
    changed = [r.changed for r in reports]
    assert sorted(changed, key=len) == [[], [uuid.UUID(game.id)]]
    async with sessionmaker() as session:
        rows = await session.execute(
            select(SeatTurnRecord.number, func.count())
            .where(SeatTurnRecord.campaign_id == uuid.UUID(game.id))
            .group_by(SeatTurnRecord.number)
            .order_by(SeatTurnRecord.number)
        )
        assert rows.all() == [(1, 1), (2, 1)]
    assert (await reliability(client, game.players[1].user))["turns"] == {**NO_TURNS, "missed": 1}


async def test_R_CAMP_14_a_battle_confirmed_again_after_a_rollback_is_judged_anew_R_TURN_6(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, app: FastAPI
) -> None:
    """The rollback takes back the judgement of the battle it unconfirms; the turn played again
    declares it with the same id, and its confirmation judges it once more (not a 500)."""
    app.dependency_overrides[get_now] = lambda: T0
    game = await start_game(client, make_user)
    p1, p2 = game.players
    battle, a1, _ = await field_battle(client, session, game)
    date = {"date": (T0 + timedelta(days=3)).isoformat()}
    for played in range(2):
        bid = battle["id"]
        url = game.url(f"/battles/{bid}")
        await ok(await client.post(url + "/play-by", json=date, headers=p1.headers))
        await ok(await client.post(url + "/play-by/accept", json=date, headers=p2.headers))
        await ok(await act(client, game, p1.headers, bid, "report", result("draw", 0, 0)))
        await ok(await act(client, game, p2.headers, bid, "confirm"))
        assert (await reliability(client, p1.user))["battles"] == {"on_time": 1, "late": 0}
        if played == 0:
            await ok(await client.post(game.url("/turn/rollback"), headers=game.owner.headers))
            assert (await reliability(client, p1.user))["battles"] == NO_BATTLES
            await move(client, game, p1, a1, (5, 1))
            battle = await declared(client, game, p1)
            assert battle["id"] == bid
