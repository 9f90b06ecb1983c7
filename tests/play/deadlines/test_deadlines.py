"""Turn and battle deadlines, pauses and absent players (R-TURN-3, R-CAMP-4, R-OPT-2).

The clock is injected: endpoints take `now` from the `get_now` dependency (overridden here),
and the sweeper takes `now` as an argument, so no test sleeps.
"""

import asyncio
import functools
import uuid
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from app.main import create_app
from app.platform.config import Settings
from app.platform.db.session import create_sessionmaker
from app.platform.dependencies import get_now
from app.play.deadlines import service as deadlines
from app.play.deadlines.service import sweep
from app.store.models import Campaign, CampaignEvent, TurnRecord
from app.store.models.summary_event import PendingSummaryEvent
from tests.conftest import truncate_all
from tests.factories.battles import battle_status, declare_field_battle
from tests.factories.flows import Game, MakeUser, army_of, register_and_login, start_game
from tests.helpers import assert_problem

DAY = {"turn_deadline_hours": 24}


def parse(value: str) -> datetime:
    return datetime.fromisoformat(value)


async def turn(client: AsyncClient, game: Game, index: int = 0) -> dict[str, Any]:
    response = await client.get(game.url("/turn"), headers=game.players[index].headers)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


async def started_at(client: AsyncClient, game: Game) -> datetime:
    body = (await client.get(game.url(), headers=game.owner.headers)).json()
    return parse(body["started_at"])


def set_clock(app: FastAPI, now: datetime) -> None:
    app.dependency_overrides[get_now] = lambda: now


async def players(client: AsyncClient, game: Game) -> list[tuple[int, bool, int]]:
    body = (await client.get(game.url("/players"), headers=game.owner.headers)).json()
    return [(p["number"], p["inactive"], p["missed_turns"]) for p in body]


async def events(session: AsyncSession, game: Game, kind: str) -> list[tuple[Any, Any]]:
    rows = await session.scalars(
        select(CampaignEvent)
        .where(CampaignEvent.campaign_id == uuid.UUID(game.id), CampaignEvent.kind == kind)
        .order_by(CampaignEvent.id)
    )
    return [(e.audience, e.payload) for e in rows]


# ------------------------------------------------------------------------ turn deadline


async def test_R_TURN_3_deadline_recorded_at_start_and_after_each_change(
    client: AsyncClient, make_user: MakeUser, app: FastAPI
) -> None:
    game = await start_game(client, make_user, settings=DAY)
    start = await started_at(client, game)
    body = await turn(client, game)
    assert parse(body["deadline_at"]) == start + timedelta(hours=24)
    assert (body["battle_deadline_at"], body["paused"]) == (None, False)

    later = start + timedelta(hours=30)
    set_clock(app, later)
    forced = await client.post(game.url("/turn/force"), headers=game.owner.headers)
    assert forced.status_code == 200, forced.text
    assert forced.json()["number"] == 2
    assert parse(forced.json()["deadline_at"]) == later + timedelta(hours=24)


async def test_R_TURN_3_no_deadline_without_the_setting(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    body = await turn(client, game)
    assert (body["deadline_at"], body["battle_deadline_at"]) == (None, None)
    response = await client.post(game.url("/turn/force"), headers=game.owner.headers)
    assert assert_problem(response, 409, "R-TURN-3")["detail"] == (
        "This campaign has no turn deadline."
    )


async def test_R_TURN_3_owner_forces_the_change_late_players_orders_stand(
    client: AsyncClient, make_user: MakeUser, app: FastAPI, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, settings=DAY)
    start = await started_at(client, game)
    # Player 2 gives a move order but never says ready; player 1 is ready.
    orcs = await army_of(session, game, 2)
    response = await client.put(
        game.url(f"/armies/{orcs.id}/move"),
        json={"path": [[7, 2]]},
        headers=game.players[1].headers,
    )
    assert response.status_code == 200, response.text
    assert (await client.put(game.url("/turn/ready"), headers=game.players[0].headers)).is_success

    set_clock(app, start + timedelta(hours=25))
    forced = await client.post(game.url("/turn/force"), headers=game.owner.headers)
    assert forced.status_code == 200, forced.text
    assert forced.json()["number"] == 2
    moved = await army_of(session, game, 2)
    assert (moved.q, moved.r) == (7, 2)
    assert await players(client, game) == [(1, False, 0), (2, False, 1)]
    assert await events(session, game, "turn_forced") == [(None, {"turn": 1, "late": [2]})]


async def test_R_TURN_3_force_is_refused_before_the_deadline_and_for_players(
    client: AsyncClient, make_user: MakeUser, app: FastAPI, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, settings=DAY)
    start = await started_at(client, game)
    set_clock(app, start + timedelta(hours=23))
    response = await client.post(game.url("/turn/force"), headers=game.owner.headers)
    assert assert_problem(response, 409, "R-TURN-3")["detail"] == (
        "The turn deadline has not passed yet."
    )
    set_clock(app, start + timedelta(hours=25))
    response = await client.post(game.url("/turn/force"), headers=game.players[1].headers)
    assert_problem(response, 403, "R-CAMP-1")
    assert (await turn(client, game))["number"] == 1
    assert await players(client, game) == [(1, False, 0), (2, False, 0)]
    assert (
        await session.scalar(
            select(func.count())
            .select_from(TurnRecord)
            .where(TurnRecord.campaign_id == uuid.UUID(game.id))
        )
    ) == 0


async def test_R_TURN_3_pause_stops_the_clock_and_resume_shifts_the_deadline(
    client: AsyncClient, make_user: MakeUser, app: FastAPI
) -> None:
    game = await start_game(client, make_user, settings=DAY)
    start = await started_at(client, game)
    owner = game.owner.headers
    set_clock(app, start + timedelta(hours=2))
    paused = await client.post(game.url("/pause"), headers=owner)
    assert paused.status_code == 200, paused.text
    assert paused.json()["paused"] is True
    assert_problem(await client.post(game.url("/pause"), headers=owner), 409, "R-TURN-3")

    set_clock(app, start + timedelta(hours=30))
    response = await client.post(game.url("/turn/force"), headers=owner)
    assert assert_problem(response, 409, "R-TURN-3")["detail"] == (
        "The campaign is paused: resume it first."
    )
    resumed = await client.post(game.url("/resume"), headers=owner)
    assert resumed.status_code == 200, resumed.text
    # Paused for 28 hours: the deadline moves by 28 hours.
    assert resumed.json()["paused"] is False
    assert parse(resumed.json()["deadline_at"]) == start + timedelta(hours=24 + 28)
    assert_problem(await client.post(game.url("/resume"), headers=owner), 409, "R-TURN-3")
    response = await client.post(game.url("/pause"), headers=game.players[1].headers)
    assert_problem(response, 403, "R-CAMP-1")


async def test_R_TURN_3_owner_extends_the_deadline(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, settings=DAY)
    start = await started_at(client, game)
    response = await client.post(
        game.url("/deadline"), json={"extend_hours": 12}, headers=game.owner.headers
    )
    assert response.status_code == 200, response.text
    assert parse(response.json()["deadline_at"]) == start + timedelta(hours=36)
    for payload in ({"extend_hours": 0}, {}):
        response = await client.post(
            game.url("/deadline"), json=payload, headers=game.owner.headers
        )
        assert_problem(response, 422, "validation_error")
    response = await client.post(
        game.url("/deadline"), json={"extend_hours": 1}, headers=game.players[1].headers
    )
    assert_problem(response, 403, "R-CAMP-1")
    assert parse((await turn(client, game))["deadline_at"]) == start + timedelta(hours=36)


# ------------------------------------------------------------------------ absent players


async def test_R_CAMP_4_owner_marks_a_player_inactive_and_active_again(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, ("empire", "orcs_goblins", "dwarfs"))
    response = await client.patch(
        game.url("/players/3"), json={"inactive": True}, headers=game.owner.headers
    )
    assert response.status_code == 200, response.text
    assert response.json() == {
        "number": 3,
        "name": game.players[2].user.username.title(),
        "faction": "dwarfs",
        "slot": 2,
        "ready": False,
        "inactive": True,
        "infamy": 0,
        "missed_turns": 0,
        "missed_in_row": 0,
        "civil_disorder": False,
        "offered": False,
        "vacation_days_used": 0,
        "vacation_until": None,
        "vacant": False,
        "bot": None,
        "is_you": False,
        "is_owner": False,
        "blocked": False,
    }
    assert (await turn(client, game))["blocked_by"] == ["2 players not ready"]
    assert await events(session, game, "player_status") == [(None, {"player": 3, "inactive": True})]
    response = await client.patch(
        game.url("/players/3"), json={"inactive": False}, headers=game.owner.headers
    )
    assert response.json()["inactive"] is False
    assert (await turn(client, game))["blocked_by"] == ["3 players not ready"]


async def test_R_CAMP_4_inactive_last_player_lets_auto_resolve_change_the_turn(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, settings={"auto_resolve": True})
    assert (await client.put(game.url("/turn/ready"), headers=game.players[0].headers)).is_success
    response = await client.patch(
        game.url("/players/2"), json={"inactive": True}, headers=game.owner.headers
    )
    assert response.status_code == 200, response.text
    assert (await turn(client, game))["number"] == 2


async def test_R_CAMP_4_player_status_refusals(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user)
    response = await client.patch(
        game.url("/players/1"), json={"inactive": True}, headers=game.players[1].headers
    )
    assert_problem(response, 403, "R-CAMP-1")
    response = await client.patch(
        game.url("/players/9"), json={"inactive": True}, headers=game.owner.headers
    )
    assert_problem(response, 404, "not_found")
    assert await players(client, game) == [(1, False, 0), (2, False, 0)]


# ------------------------------------------------------------------------------ sweeper


async def test_R_TURN_3_deadline_near_is_sent_once_to_players_not_ready(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    game = await start_game(client, make_user, ("empire", "orcs_goblins", "dwarfs"), settings=DAY)
    start = await started_at(client, game)
    assert (await client.put(game.url("/turn/ready"), headers=game.players[0].headers)).is_success
    deadline = start + timedelta(hours=24)

    report = await sweep(sessionmaker, deadline - timedelta(hours=2))
    assert report.warned == []
    report = await sweep(sessionmaker, deadline - timedelta(minutes=59))
    assert report.warned == [uuid.UUID(game.id)]
    report = await sweep(sessionmaker, deadline - timedelta(minutes=10))
    assert report.warned == []
    assert await events(session, game, "deadline_near") == [
        ([2, 3], {"turn": 1, "deadline_at": deadline.isoformat()})
    ]
    # Without deadline_auto_change, the sweeper never changes the turn.
    report = await sweep(sessionmaker, deadline + timedelta(hours=1))
    assert report.changed == []
    assert (await turn(client, game))["number"] == 1


async def test_R_TURN_3_sweeper_changes_the_turn_by_itself_with_auto_change(
    client: AsyncClient,
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
    app: FastAPI,
) -> None:
    settings = {**DAY, "deadline_auto_change": True}
    game = await start_game(client, make_user, settings=settings)
    start = await started_at(client, game)
    assert (await sweep(sessionmaker, start + timedelta(hours=23))).changed == []
    report = await sweep(sessionmaker, start + timedelta(hours=24))
    assert report.changed == [uuid.UUID(game.id)]
    body = await turn(client, game)
    assert body["number"] == 2
    assert parse(body["deadline_at"]) == start + timedelta(hours=48)
    assert await players(client, game) == [(1, False, 1), (2, False, 1)]
    # A paused campaign waits.
    set_clock(app, start + timedelta(hours=25))
    assert (await client.post(game.url("/pause"), headers=game.owner.headers)).is_success
    assert (await sweep(sessionmaker, start + timedelta(hours=72))).changed == []
    assert (await turn(client, game))["number"] == 2


# ------------------------------------------------------------------------ battle deadline


async def test_R_TURN_3_battle_without_report_is_cancelled_at_the_battle_deadline(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    game = await start_game(client, make_user, settings={"battle_deadline_hours": 48})
    battle_id = await declare_field_battle(client, session, game)
    body = await turn(client, game)
    assert body["pending_battles"] == 1
    deadline = parse(body["battle_deadline_at"])
    assert (await sweep(sessionmaker, deadline - timedelta(minutes=1))).battles_settled == {}
    report = await sweep(sessionmaker, deadline)
    assert report.battles_settled == {uuid.UUID(game.id): [battle_id]}
    assert await battle_status(session, game, battle_id) == "cancelled"
    # The same live event and summary lines as any other cancellation.
    assert await events(session, game, "battle_cancelled") == [
        ([1, 2], {"battle_id": battle_id, "status": "cancelled", "outcome": None})
    ]
    queued = await session.scalars(
        select(PendingSummaryEvent.player)
        .where(
            PendingSummaryEvent.campaign_id == uuid.UUID(game.id),
            PendingSummaryEvent.event["kind"].astext == "battle_cancelled",
            PendingSummaryEvent.event["rule"].astext == "R-TURN-3",
        )
        .order_by(PendingSummaryEvent.player)
    )
    assert list(queued) == [1, 2]
    body = await turn(client, game)
    assert (body["pending_battles"], body["battle_deadline_at"]) == (0, None)


async def test_R_TURN_3_unconfirmed_report_stands_at_the_battle_deadline(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    game = await start_game(client, make_user, settings={"battle_deadline_hours": 48})
    battle_id = await declare_field_battle(client, session, game)
    response = await client.post(
        game.url(f"/battles/{battle_id}/report"),
        json={"outcome": "draw", "attacker_losses_pct": 10, "defender_losses_pct": 10},
        headers=game.players[0].headers,
    )
    assert response.status_code == 200, response.text
    deadline = parse((await turn(client, game))["battle_deadline_at"])
    await sweep(sessionmaker, deadline)
    assert await battle_status(session, game, battle_id) == "confirmed"


async def test_R_TURN_3_owner_cancels_any_battle_only_after_a_deadline(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, app: FastAPI
) -> None:
    game = await start_game(client, make_user, settings={"battle_deadline_hours": 48})
    battle_id = await declare_field_battle(client, session, game)
    deadline = parse((await turn(client, game))["battle_deadline_at"])
    url = game.url(f"/battles/{battle_id}/cancel")
    set_clock(app, deadline - timedelta(hours=1))
    response = await client.post(url, headers=game.owner.headers)
    assert assert_problem(response, 409, "R-TURN-3")["detail"] == "No deadline has passed yet."
    assert await battle_status(session, game, battle_id) == "awaiting_report"
    set_clock(app, deadline)
    response = await client.post(url, headers=game.players[1].headers)
    assert_problem(response, 403, "R-CAMP-1")
    # The owner is a participant here (player 1) and may still cancel: R-TURN-3.
    response = await client.post(url, headers=game.owner.headers)
    assert response.status_code == 204, response.text
    assert await battle_status(session, game, battle_id) == "cancelled"
    response = await client.post(url, headers=game.owner.headers)
    assert_problem(response, 409, "R-TURN-3")
    response = await client.post(game.url("/battles/999/cancel"), headers=game.owner.headers)
    assert_problem(response, 404, "not_found")


# ------------------------------------------------------- several server processes racing


@pytest.fixture
async def engines(database_url: str) -> AsyncIterator[tuple[AsyncEngine, AsyncEngine]]:
    """Two engines, as two server processes would have; tables emptied afterwards."""
    first = create_async_engine(database_url, pool_size=5)
    second = create_async_engine(database_url, pool_size=5)
    try:
        yield first, second
    finally:
        await first.dispose()
        await second.dispose()
        await truncate_all(database_url)


async def test_R_TURN_3_racing_sweepers_of_two_processes_change_the_turn_once(
    settings: Settings, engines: tuple[AsyncEngine, AsyncEngine], fast_password_hashing: None
) -> None:
    first, second = engines
    app = create_app(settings)
    app.state.sessionmaker = create_sessionmaker(first)
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as client:
        make_user: MakeUser = functools.partial(register_and_login, client)
        games = [
            await start_game(
                client,
                make_user,
                settings={**DAY, "deadline_auto_change": True},
            )
            for _ in range(3)
        ]
    async with first.begin() as conn:
        await conn.execute(
            update(Campaign).values(turn_deadline_at=func.now() - timedelta(minutes=1))
        )
    now = datetime.now().astimezone()
    makers = [create_sessionmaker(first), create_sessionmaker(second)] * 2
    reports = await asyncio.gather(*(sweep(maker, now) for maker in makers))
    changed = sorted(str(cid) for r in reports for cid in r.changed)
    assert changed == sorted(g.id for g in games)
    async with first.connect() as conn:
        turns = (await conn.execute(select(TurnRecord.campaign_id, TurnRecord.number))).all()
        numbers = (await conn.execute(select(Campaign.turn))).scalars().all()
    assert sorted(str(c) for c, _ in turns) == sorted(g.id for g in games)
    assert {n for _, n in turns} == {1}
    assert numbers == [2, 2, 2]
    # The next sweep finds nothing due: the new deadlines lie a day ahead.
    assert (await sweep(create_sessionmaker(second), now)).changed == []


async def test_R_TURN_3_one_sweeper_changes_several_campaigns_at_once_within_its_bound(
    settings: Settings,
    engines: tuple[AsyncEngine, AsyncEngine],
    fast_password_hashing: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Many campaigns sharing a deadline (a club night) are changed a few at a time, each in
    # its own transaction, never more at once than the process's bound.
    first, _ = engines
    app = create_app(settings)
    app.state.sessionmaker = create_sessionmaker(first)
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as client:
        make_user: MakeUser = functools.partial(register_and_login, client)
        games = [
            await start_game(client, make_user, settings={**DAY, "deadline_auto_change": True})
            for _ in range(5)
        ]
    async with first.begin() as conn:
        await conn.execute(
            update(Campaign).values(turn_deadline_at=func.now() - timedelta(minutes=1))
        )
    in_flight, most = 0, 0
    process = deadlines.process_campaign

    async def counted(*args: Any) -> None:
        nonlocal in_flight, most
        in_flight += 1
        most = max(most, in_flight)
        try:
            await asyncio.sleep(0.05)  # the others start meanwhile, up to the bound
            await process(*args)
        finally:
            in_flight -= 1

    monkeypatch.setattr(deadlines, "process_campaign", counted)
    report = await sweep(create_sessionmaker(first), datetime.now().astimezone(), concurrency=2)
    assert most == 2
    assert sorted(str(c) for c in report.changed) == sorted(g.id for g in games)
    async with first.connect() as conn:
        turns = (await conn.execute(select(TurnRecord.campaign_id, TurnRecord.number))).all()
        numbers = (await conn.execute(select(Campaign.turn))).scalars().all()
    assert sorted(str(c) for c, _ in turns) == sorted(g.id for g in games)
    assert numbers == [2] * 5
