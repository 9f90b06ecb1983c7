"""R-TURN-6: per-turn snapshots, the owner's rollback of the last turn change."""

import uuid
from datetime import datetime, timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from httpx import AsyncClient
from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.platform.dependencies import get_now
from app.play.deadlines.service import sweep
from app.store.models import Campaign, LedgerRow, TurnRecord, TurnSnapshot
from app.store.models.event import CampaignEvent
from app.store.persistence import load_orders, load_state
from app.store.persistence.snapshots import (
    load_snapshot,
    load_snapshot_document,
    orders_from_document,
)
from tests.factories.flows import Game, MakeUser, gold_and_ledger, my_army, start_game
from tests.factories.races import (
    AUTO_RESOLVE,
    Race,
    at_once,
    check_books,
    everyone_ready_but_last,
    rounds,
    turn_number,
)
from tests.helpers import assert_problem

DAY = timedelta(days=1)


async def _campaign(session: AsyncSession, game: Game) -> Campaign:
    row = await session.scalar(
        select(Campaign).where(Campaign.id == game.id).execution_options(populate_existing=True)
    )
    assert row is not None
    return row


async def _play_turn(client: AsyncClient, game: Game) -> dict[str, Any]:
    """Alice marches and builds an outpost; everyone is ready; the owner confirms."""
    alice = game.players[0]
    army = await my_army(client, game, alice)
    moved = await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[3, 1]]}, headers=alice.headers
    )
    assert moved.status_code == 200, moved.text
    built = await client.post(
        game.url("/builds"),
        json={"kind": "outpost", "q": 3, "r": 1, "army_id": army["id"]},
        headers=alice.headers,
    )
    assert built.status_code == 201, built.text
    for p in game.players:
        ready = await client.put(game.url("/turn/ready"), headers=p.headers)
        assert ready.status_code == 200, ready.text
    return army


async def test_R_TURN_7_each_change_keeps_the_end_of_its_turn(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    await _play_turn(client, game)
    campaign = await _campaign(session, game)
    before = await load_state(session, campaign)
    orders = await load_orders(session, campaign)
    assert orders.moves
    assert orders.builds
    assert await load_snapshot(session, campaign.id, 1) is None

    changed = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert changed.status_code == 200, changed.text

    campaign = await _campaign(session, game)
    assert campaign.turn == 2
    assert await load_snapshot(session, campaign.id, 1) == before
    # A replay for one seat reads that seat's memory alone.
    alone = await load_snapshot(session, campaign.id, 1, explored_for=(1,))
    assert alone is not None
    assert alone.players[1] == before.players[1]
    assert before.players[2].explored
    assert alone.players[2].explored == {}
    document = await load_snapshot_document(session, campaign.id, 1)
    assert document is not None
    assert orders_from_document(document) == orders
    assert [p["ready"] for p in document["players"]] == [True, True]
    assert await load_state(session, campaign) != before


# Everything a rollback must bring back, read straight from the tables: every row of the
# campaign's world, orders and proposals, the players' game columns and the turn.
WORLD_TABLES = (
    "structures",
    "armies",
    "generals",
    "ships",
    "sieges",
    "treaties",
    "stakes",
    "battles",
    "edicts",
    "orders",
    "pending_summary_events",
)
PLAYER_COLUMNS = (
    "number, faction, gold, ready, inactive, capital_id, action_available_turn, victories, "
    "infamy, missed_turns, missed_in_row, explored::text"
)


async def dump(session: AsyncSession, game: Game) -> dict[str, Any]:
    await session.flush()
    out: dict[str, Any] = {}
    for table in WORLD_TABLES:
        query = f"SELECT * FROM {table} WHERE campaign_id = :c ORDER BY id"  # noqa: S608
        rows = await session.execute(text(query), {"c": game.id})
        out[table] = [tuple(r) for r in rows.all()]
    query = f"SELECT {PLAYER_COLUMNS} FROM campaign_players WHERE campaign_id = :c ORDER BY 1"  # noqa: S608
    players = await session.execute(text(query), {"c": game.id})
    out["players"] = [tuple(r) for r in players.all()]
    campaign = await session.execute(
        text("SELECT turn, next_id, storms::text, status FROM campaigns WHERE id = :c"),
        {"c": game.id},
    )
    out["campaign"] = tuple(campaign.one())
    return out


async def gold_equals_ledger(session: AsyncSession, game: Game) -> None:
    for p in game.players:
        gold, total = await gold_and_ledger(session, game, p.number)
        assert gold == total, (p.number, gold, total)


async def test_R_TURN_6_rollback_restores_the_end_of_the_turn_exactly(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    alice, bob = game.players
    await _play_turn(client, game)
    end_of_turn_1 = await dump(session, game)
    ledger_lines = await session.scalar(
        select(func.count()).select_from(LedgerRow).where(LedgerRow.campaign_id == game.id)
    )
    changed = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert changed.status_code == 200, changed.text
    after_change = await dump(session, game)
    assert after_change != end_of_turn_1
    # Turn 2: orders and gold spent, a ready flag, before the owner undoes the change.
    army = await my_army(client, game, alice)
    moved = await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[4, 1]]}, headers=alice.headers
    )
    assert moved.status_code == 200, moved.text
    assert (await client.put(game.url("/turn/ready"), headers=bob.headers)).status_code == 200
    during_turn_2 = await dump(session, game)
    for part in ("orders", "players", "campaign", "structures", "armies"):
        assert during_turn_2[part] != end_of_turn_1[part], part

    rolled = await client.post(game.url("/turn/rollback"), headers=game.owner.headers)
    assert rolled.status_code == 200, rolled.text
    assert rolled.json()["number"] == 1
    assert await dump(session, game) == end_of_turn_1
    await gold_equals_ledger(session, game)
    # The ledger kept every line and added reversing ones.
    assert (
        await session.scalar(
            select(func.count()).select_from(LedgerRow).where(LedgerRow.campaign_id == game.id)
        )
        or 0
    ) > (ledger_lines or 0)

    # History: the change left the turns and is listed as rolled back; everyone was told.
    turns = (await client.get(game.url("/turns"), headers=bob.headers)).json()
    assert turns["total"] == 0
    rollbacks = (await client.get(game.url("/turn/rollbacks"), headers=bob.headers)).json()
    assert rollbacks["total"] == 1
    assert [(r["number"], r["revision"]) for r in rollbacks["items"]] == [(1, 1)]
    told = await session.scalar(
        select(CampaignEvent).where(
            CampaignEvent.campaign_id == game.id, CampaignEvent.kind == "turn_rolled_back"
        )
    )
    assert told is not None
    assert told.audience is None
    assert told.payload == {"turn": 1}

    # The same turn changes again the same way (the resolver is deterministic).
    again = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert again.status_code == 200, again.text
    assert await dump(session, game) == after_change
    await gold_equals_ledger(session, game)


async def test_R_TURN_6_a_second_rollback_goes_one_more_turn_back(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    await _play_turn(client, game)
    end_of_turn_1 = await dump(session, game)
    assert (await client.post(game.url("/turn/resolve"), headers=game.owner.headers)).is_success
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
    end_of_turn_2 = await dump(session, game)
    assert (await client.post(game.url("/turn/resolve"), headers=game.owner.headers)).is_success

    first = await client.post(game.url("/turn/rollback"), headers=game.owner.headers)
    assert first.json()["number"] == 2
    assert await dump(session, game) == end_of_turn_2
    second = await client.post(game.url("/turn/rollback"), headers=game.owner.headers)
    assert second.json()["number"] == 1
    assert await dump(session, game) == end_of_turn_1
    await gold_equals_ledger(session, game)
    # Nothing left to undo at the first turn.
    assert_problem(
        await client.post(game.url("/turn/rollback"), headers=game.owner.headers), 409, "R-TURN-6"
    )


async def test_R_TURN_6_only_the_owner_rolls_back(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user)
    assert_problem(
        await client.post(game.url("/turn/rollback"), headers=game.owner.headers), 409, "R-TURN-6"
    )
    await _play_turn(client, game)
    assert (await client.post(game.url("/turn/resolve"), headers=game.owner.headers)).is_success
    bob = game.players[1]
    assert_problem(
        await client.post(game.url("/turn/rollback"), headers=bob.headers), 403, "R-CAMP-1"
    )
    stranger = await make_user()
    assert_problem(
        await client.post(game.url("/turn/rollback"), headers=stranger.headers), 404, "not_found"
    )


# ------------------------------------------------------------------------------ races


@pytest.fixture
def race(
    committing_client: AsyncClient,
    committing_engine: AsyncEngine,
    committing_make_user: MakeUser,
) -> Race:
    return Race(committing_client, committing_engine, committing_make_user)


async def check_snapshots(race: Race, game: Game) -> None:
    """A snapshot for every change that stands, none for an undone one (R-TURN-6)."""
    cid = uuid.UUID(game.id)
    async with race.engine.connect() as conn:
        changes = (
            await conn.scalars(
                select(TurnRecord.number)
                .where(TurnRecord.campaign_id == cid)
                .order_by(TurnRecord.number)
            )
        ).all()
        kept = (
            await conn.scalars(
                select(TurnSnapshot.number)
                .where(TurnSnapshot.campaign_id == cid)
                .order_by(TurnSnapshot.number)
            )
        ).all()
    assert list(kept) == list(changes)


@rounds
async def test_R_TURN_6_rollback_racing_the_last_ready(round_: int, race: Race) -> None:
    """The last ready (which changes the turn) and the rollback, at once: either order runs
    whole; the books and the history stay right."""
    client = race.client
    game = await race.start(settings=AUTO_RESOLVE)
    alice, bob = game.players
    await everyone_ready_but_last(client, game)
    assert (await client.put(game.url("/turn/ready"), headers=bob.headers)).status_code == 200
    assert await turn_number(client, game) == 2
    assert (await client.put(game.url("/turn/ready"), headers=alice.headers)).status_code == 200
    ready, rollback = await at_once(
        client.put(game.url("/turn/ready"), headers=bob.headers),
        client.post(game.url("/turn/rollback"), headers=game.owner.headers),
    )
    assert ready.status_code == 200, ready.text
    assert rollback.status_code == 200, rollback.text
    # Ready first: 2 → 3, rolled back to 2. Rollback first: back to 1 with both ready (as at
    # the end of turn 1), and bob's ready changes turn 1 again: 1 → 2.
    assert await turn_number(client, game) == 2
    await check_books(race.engine, game.id)
    await check_snapshots(race, game)


@rounds
async def test_R_TURN_6_rollback_racing_the_owners_turn_change(round_: int, race: Race) -> None:
    client = race.client
    game = await race.start()
    for _ in range(2):
        for p in game.players:
            assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
        if await turn_number(client, game) == 1:
            changed = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
            assert changed.status_code == 200, changed.text
    resolve, rollback = await at_once(
        client.post(game.url("/turn/resolve"), headers=game.owner.headers),
        client.post(game.url("/turn/rollback"), headers=game.owner.headers),
    )
    assert resolve.status_code == 200, resolve.text
    assert rollback.status_code == 200, rollback.text
    # Either 2 → 3 → 2, or 2 → 1 (everyone ready again, as at its end) → 2.
    assert await turn_number(client, game) == 2
    await check_books(race.engine, game.id)
    await check_snapshots(race, game)


async def test_R_TURN_6_a_retried_rollback_goes_back_once(
    client: AsyncClient, make_user: MakeUser
) -> None:
    """A rollback retried with its Idempotency-Key (a lost answer) is answered again, not
    done again: the owner never goes two turns back by accident."""
    game = await start_game(client, make_user)
    for _ in range(2):
        for p in game.players:
            assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
        assert (await client.post(game.url("/turn/resolve"), headers=game.owner.headers)).is_success
    key = {**game.owner.headers, "Idempotency-Key": "undo-once"}
    first = await client.post(game.url("/turn/rollback"), headers=key)
    again = await client.post(game.url("/turn/rollback"), headers=key)
    assert first.status_code == again.status_code == 200
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again.json() == first.json()
    assert first.json()["number"] == 2
    turn = await client.get(game.url("/turn"), headers=game.owner.headers)
    assert turn.json()["number"] == 2


async def test_R_TURN_6_R_TURN_7_a_rollback_calls_off_a_scheduled_change(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, settings={"auto_resolve": True, "grace_minutes": 10})
    for _ in range(2):
        for p in game.players:
            assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
        if (await _campaign(session, game)).turn == 1:
            changed = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
            assert changed.status_code == 200, changed.text
    assert (await _campaign(session, game)).change_due_at is not None  # turn 2's, scheduled
    rolled = await client.post(game.url("/turn/rollback"), headers=game.owner.headers)
    assert rolled.status_code == 200, rolled.text
    campaign = await _campaign(session, game)
    assert campaign.turn == 1
    assert campaign.change_due_at is None
    kinds = (
        await session.scalars(
            select(CampaignEvent.kind)
            .where(CampaignEvent.campaign_id == game.id)
            .order_by(CampaignEvent.seq)
        )
    ).all()
    assert kinds[-2:] == ["turn_change_called_off", "turn_rolled_back"]


async def test_R_TURN_6_R_CAMP_8_the_turn_played_again_counts_running_vacations(
    client: AsyncClient,
    make_user: MakeUser,
    app: FastAPI,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    settings = {"turn_deadline_hours": 24, "vacation_days": 5, "deadline_auto_change": True}
    game = await start_game(client, make_user, settings=settings)
    bob = game.players[1]
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).is_success
    changed = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert changed.status_code == 200, changed.text
    # In turn 2 Bob leaves for three days; then the owner rolls turn 1's change back.
    now = datetime.fromisoformat(changed.json()["deadline_at"]) - DAY + timedelta(minutes=5)
    app.dependency_overrides[get_now] = lambda: now
    away = await client.post(game.url("/vacation"), json={"days": 3}, headers=bob.headers)
    assert away.status_code == 200, away.text
    until = datetime.fromisoformat(away.json()["until"])
    rolled = await client.post(game.url("/turn/rollback"), headers=game.owner.headers)
    assert rolled.status_code == 200, rolled.text
    # Turn 1 starts again now, with the days of the vacation still to come, as a turn change
    # would start it: 24 hours after the vacation ends.
    assert rolled.json()["number"] == 1
    assert datetime.fromisoformat(rolled.json()["deadline_at"]) == until + DAY
    # Back an hour later: the two whole days not taken come back, and leave the deadline;
    # the turn's 24 hours and the rest of the day begun away are still ahead (a turn changed
    # during the vacation would have the same), and the sweeper leaves the turn alone.
    now += timedelta(hours=1)
    back = await client.delete(game.url("/vacation"), headers=bob.headers)
    assert back.status_code == 200, back.text
    deadline = datetime.fromisoformat(back.json()["deadline_at"])
    assert deadline == until + DAY - 2 * DAY
    assert deadline - now == 2 * DAY - timedelta(hours=1)
    assert (await sweep(sessionmaker, now + timedelta(seconds=23))).changed == []
    assert (await sweep(sessionmaker, deadline - timedelta(seconds=1))).changed == []
    turn = await client.get(game.url("/turn"), headers=game.owner.headers)
    assert turn.json()["number"] == 1
