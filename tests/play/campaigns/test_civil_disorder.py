"""Civil disorder (R-CAMP-10) over HTTP: a campaign whose player vanishes keeps changing turns
at its deadlines (R-TURN-3), the seat counting as ready until its holder acts again.

The deadline sweeper is driven as in test_deadlines: it takes `now` as an argument.
"""

import asyncio
import uuid
from datetime import datetime, timedelta
from typing import Any

from httpx import AsyncClient
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.platform.db.session import create_sessionmaker
from app.play.deadlines.service import sweep
from app.store.models import CampaignEvent, CampaignPlayer, LedgerRow
from tests.factories.battles import battle_status, declare_field_battle
from tests.factories.disorder import SETTINGS, seat, sweep_at_deadline, turn
from tests.factories.flows import Game, MakeUser, army_of, my_army, ok, start_game
from tests.factories.races import check_books
from tests.factories.seat_offers import hand_over_accepted
from tests.helpers import assert_problem


async def events(session: AsyncSession, game: Game, kind: str) -> list[tuple[Any, Any]]:
    rows = await session.scalars(
        select(CampaignEvent)
        .where(CampaignEvent.campaign_id == uuid.UUID(game.id), CampaignEvent.kind == kind)
        .order_by(CampaignEvent.id)
    )
    return [(e.audience, e.payload) for e in rows]


async def test_R_CAMP_10_a_vanished_player_never_stalls_the_campaign_R_TURN_3(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    game = await start_game(client, make_user, settings=SETTINGS)
    alice, bob = game.players  # bob vanishes; alice plays every turn
    for _ in range(2):
        await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
        await sweep_at_deadline(client, game, sessionmaker)
    body = await seat(client, game, 2)
    assert (body["civil_disorder"], body["missed_in_row"], body["inactive"]) == (True, 2, False)
    assert (await seat(client, game, 1))["civil_disorder"] is False
    assert await events(session, game, "civil_disorder") == [
        (None, {"player": 2, "missed_in_row": 2, "turn": 2})
    ]
    # Everyone sees it on the turn too, and the seat holds nothing up: once alice is ready,
    # only the owner's confirmation is awaited.
    await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
    shown = await turn(client, game)
    assert [(p["number"], p["civil_disorder"]) for p in shown["players"]] == [
        (1, False),
        (2, True),
    ]
    assert (shown["blocked_by"], shown["awaiting_owner"]) == ([], True)
    # Turn after turn the sweeper changes it; the seat is not late any more.
    for _ in range(3):
        await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
        await sweep_at_deadline(client, game, sessionmaker)
    body = await seat(client, game, 2)
    assert (body["civil_disorder"], body["missed_turns"], body["missed_in_row"]) == (True, 2, 2)
    assert len(await events(session, game, "civil_disorder")) == 1

    # A refused write is no return: it changes nothing.
    orcs = await army_of(session, game, 2)
    refused = await client.put(
        game.url(f"/armies/{orcs.id}/move"), json={"path": [[0, 0]]}, headers=bob.headers
    )
    assert refused.status_code in (409, 422), refused.text
    assert (await seat(client, game, 2))["civil_disorder"] is True
    # The holder comes back by acting: any order.
    await ok(
        await client.put(
            game.url(f"/armies/{orcs.id}/move"), json={"path": [[7, 2]]}, headers=bob.headers
        )
    )
    body = await seat(client, game, 2)
    assert (body["civil_disorder"], body["missed_in_row"]) == (False, 0)
    assert await events(session, game, "civil_disorder_ended") == [(None, {"player": 2, "turn": 6})]
    # Played again, the seat holds the turn up like anyone's.
    await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
    assert (await turn(client, game))["blocked_by"] == ["1 player not ready"]


async def test_R_CAMP_10_a_ready_brings_the_holder_back(
    client: AsyncClient,
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    game = await start_game(
        client, make_user, settings={**SETTINGS, "civil_disorder_after_missed": 1}
    )
    await sweep_at_deadline(client, game, sessionmaker)
    assert (await seat(client, game, 2))["civil_disorder"] is True
    await ok(await client.put(game.url("/turn/ready"), headers=game.players[1].headers))
    body = await seat(client, game, 2)
    assert (body["civil_disorder"], body["ready"]) == (False, True)


async def test_R_CAMP_10_without_the_setting_the_turn_waits_for_the_absent_seat(
    client: AsyncClient,
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    settings = {k: v for k, v in SETTINGS.items() if k != "civil_disorder_after_missed"}
    game = await start_game(client, make_user, settings=settings)
    for _ in range(3):
        await sweep_at_deadline(client, game, sessionmaker)
    assert (await seat(client, game, 2))["civil_disorder"] is False
    await ok(await client.put(game.url("/turn/ready"), headers=game.players[0].headers))
    assert (await turn(client, game))["blocked_by"] == ["1 player not ready"]


async def test_R_CAMP_10_a_steward_wins_over_civil_disorder_R_CAMP_7(
    client: AsyncClient,
    make_user: MakeUser,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    settings = {**SETTINGS, "steward_after_missed": 1}
    game = await start_game(client, make_user, settings=settings)
    for _ in range(2):
        await sweep_at_deadline(client, game, sessionmaker)
    body = await seat(client, game, 2)
    assert (body["inactive"], body["civil_disorder"]) == (True, False)
    # The steward's refusal stands: writes of its holder are refused, nothing returns.
    response = await client.put(game.url("/turn/ready"), headers=game.players[1].headers)
    assert_problem(response, 409, "R-CAMP-7")


async def test_R_CAMP_10_the_owner_offers_the_seat_and_its_acceptance_ends_the_disorder_R_CAMP_6(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    game = await start_game(
        client, make_user, settings={**SETTINGS, "civil_disorder_after_missed": 1}
    )
    await ok(await client.put(game.url("/turn/ready"), headers=game.players[0].headers))
    await sweep_at_deadline(client, game, sessionmaker)
    assert (await seat(client, game, 2))["civil_disorder"] is True
    erin = await make_user()
    body = await hand_over_accepted(client, game, 2, erin, game.owner.headers)
    assert (body["civil_disorder"], body["missed_in_row"]) == (False, 0)
    # The newcomer holds the seat up like any player until they declare ready.
    await ok(await client.put(game.url("/turn/ready"), headers=game.players[0].headers))
    assert (await turn(client, game))["blocked_by"] == ["1 player not ready"]
    assert [p for _, p in await events(session, game, "civil_disorder_ended")] == [
        {"player": 2, "turn": 2}
    ]


# ------------------------------------------------------------------------------- race


async def test_R_CAMP_10_a_returning_holder_racing_the_turn_change_loses_nothing_R_ECO_6(
    committing_client: AsyncClient,
    committing_engine: AsyncEngine,
    committing_make_user: MakeUser,
) -> None:
    """The holder's spend (which brings the seat back) races the sweeper's change at the
    deadline: one goes first, whole (a sweeper pass skips a campaign a write holds, the next
    one changes it); gold = Σ ledger, the spend paid exactly once."""
    client = committing_client
    sessionmaker = create_sessionmaker(committing_engine)
    settings = {**SETTINGS, "civil_disorder_after_missed": 1}
    for _ in range(4):
        game = await start_game(
            client, committing_make_user, settings=settings, ruleset={"starting_gold": 30}
        )
        bob = game.players[1]
        await sweep_at_deadline(client, game, sessionmaker)
        assert (await seat(client, game, 2))["civil_disorder"] is True
        army = await my_army(client, game, bob)
        deadline = datetime.fromisoformat((await turn(client, game))["deadline_at"])
        upgrade, report = await asyncio.gather(
            client.post(game.url(f"/armies/{army['id']}/upgrade"), headers=bob.headers),
            sweep(sessionmaker, deadline + timedelta(seconds=1)),
        )
        assert upgrade.status_code == 201, upgrade.text
        if not report.changed:  # the campaign was locked by the spend: the next pass has it
            report = await sweep(sessionmaker, deadline + timedelta(seconds=2))
        assert report.changed == [uuid.UUID(game.id)]
        await check_books(committing_engine, game.id)
        assert (await turn(client, game))["number"] == 3
        cost = upgrade.json()["cost"]
        async with committing_engine.connect() as conn:
            spent = (
                await conn.scalars(
                    select(LedgerRow.amount).where(
                        LedgerRow.campaign_id == uuid.UUID(game.id),
                        LedgerRow.player == 2,
                        LedgerRow.amount == -cost,
                    )
                )
            ).all()
            row = await conn.execute(
                select(CampaignPlayer.civil_disorder, CampaignPlayer.missed_in_row).where(
                    CampaignPlayer.campaign_id == uuid.UUID(game.id), CampaignPlayer.number == 2
                )
            )
            in_disorder, missed = row.one()
        assert spent == [-cost]
        # The spend first: the holder came back, then missed this deadline (disorder again);
        # the change first: the seat was not late, and the spend brought it back.
        assert (in_disorder, missed) in ((True, 1), (False, 0))


async def test_R_CAMP_10_a_battle_of_a_seat_in_disorder_stands_as_its_opponent_reported_R_TURN_3(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    game = await start_game(
        client, make_user, owner_plays=False, settings={"battle_deadline_hours": 48}
    )
    alice = game.players[0]
    battle_id = await declare_field_battle(client, session, game)
    # Given the defender's seat in civil disorder (as a forced change would leave it):
    await session.execute(
        update(CampaignPlayer)
        .where(CampaignPlayer.campaign_id == uuid.UUID(game.id), CampaignPlayer.number == 2)
        .values(civil_disorder=True)
    )
    await session.flush()
    url = game.url(f"/battles/{battle_id}")
    report = {"outcome": "attacker_victory", "attacker_losses_pct": 0, "defender_losses_pct": 30}
    await ok(await client.post(url + "/report", json=report, headers=alice.headers))
    await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
    shown = await turn(client, game)
    assert shown["blocked_by"] == ["1 battle waiting for a result"]
    await sweep(sessionmaker, datetime.fromisoformat(shown["battle_deadline_at"]))
    assert await battle_status(session, game, battle_id) == "confirmed"
    shown = await turn(client, game)
    assert (shown["blocked_by"], shown["awaiting_owner"]) == ([], True)
    assert (await seat(client, game, 2))["civil_disorder"] is True


async def test_R_CAMP_10_a_seat_in_disorder_keeps_giving_its_standing_orders_R_TURN_8(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
) -> None:
    settings = {**SETTINGS, "civil_disorder_after_missed": 1}
    game = await start_game(client, make_user, settings=settings, ruleset={"starting_gold": 40})
    alice, bob = game.players
    army = await my_army(client, game, bob)  # on bob's capital (R-CAMP-3)
    city = {"kind": "upgrade_city", "q": army["q"], "r": army["r"]}
    await ok(await client.post(game.url("/standing-orders"), json=city, headers=bob.headers), 201)
    # A write of bob's: he then vanishes for good.
    await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
    await sweep_at_deadline(client, game, sessionmaker)  # turn 1: given (bob acted, so late)
    assert (await seat(client, game, 2))["civil_disorder"] is True
    rows = await session.execute(
        select(LedgerRow.turn, LedgerRow.amount).where(
            LedgerRow.campaign_id == uuid.UUID(game.id),
            LedgerRow.player == 2,
            LedgerRow.amount == -12,
        )
    )
    assert rows.all() == [(1, -12)]
    await ok(await client.put(game.url("/turn/ready"), headers=alice.headers))
    await sweep_at_deadline(client, game, sessionmaker)  # turn 2: the city is at level 2
    summary = await ok(await client.get(game.url("/turns/2/summary"), headers=bob.headers))
    lines = [e["data"]["given"] for e in summary["events"] if e["kind"] == "standing_order"]
    assert lines == [False]
    assert (await seat(client, game, 2))["civil_disorder"] is True
