"""Seats and the grace period raced for real (R-CAMP-6, R-TURN-7): each write on its own
committing connection, at the same instant, then the books checked as in test_races."""

import asyncio
import uuid
from datetime import timedelta

import pytest
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from app.platform.db.session import create_sessionmaker
from app.play.deadlines.service import sweep
from app.store.models import Campaign
from tests.factories.flows import MakeUser, my_army
from tests.factories.races import Race, at_once, check_books, ready_of, rounds, turn_number
from tests.factories.seat_offers import OFFERS
from tests.helpers import assert_problem


@pytest.fixture(name="race")
def race_fixture(
    committing_client: AsyncClient,
    committing_engine: AsyncEngine,
    committing_make_user: MakeUser,
) -> Race:
    return Race(committing_client, committing_engine, committing_make_user)


@rounds
async def test_R_CAMP_6_handover_racing_the_old_holders_spend(round_: int, race: Race) -> None:
    """The order lands on the seat before the new holder accepts it (they see it, paid for)
    or comes after (404: its sender holds no seat any more); never both, never lost."""
    client = race.client
    game = await race.start(ruleset={"starting_gold": 9})
    alice, bob = game.players
    carol = await race.make_user()
    army = await my_army(client, game, bob)
    offered = await client.post(
        game.url("/players/2/handover"), json={"username": carol.username}, headers=alice.headers
    )
    assert offered.status_code == 201, offered.text
    handover, upgrade = await at_once(
        client.post(f"{OFFERS}/{offered.json()['id']}/accept", headers=carol.headers),
        client.post(game.url(f"/armies/{army['id']}/upgrade"), headers=bob.headers),
    )
    assert handover.status_code == 200, handover.text
    await check_books(race.engine, game.id)
    orders = (await client.get(game.url("/orders"), headers=carol.headers)).json()
    upgrades = [o["id"] for o in orders if o["kind"] != "move"]
    if upgrade.status_code == 201:
        assert upgrades == [upgrade.json()["id"]]
    else:
        assert_problem(upgrade, 404, "not_found")
        assert upgrades == []
    assert_problem(await client.get(game.url("/me"), headers=bob.headers), 404, "not_found")


@rounds
async def test_R_TURN_7_withdraw_racing_the_end_of_the_grace_period(
    round_: int, race: Race
) -> None:
    """The sweeper changes the turn (the withdrawal then counts in the new turn) or the
    withdrawal calls the change off first; the turn changes at most once."""
    client = race.client
    game = await race.start(settings={"auto_resolve": True, "grace_minutes": 5})
    alice = game.players[0]
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).status_code == 200
    async with race.engine.connect() as conn:
        due = await conn.scalar(
            select(Campaign.change_due_at).where(Campaign.id == uuid.UUID(game.id))
        )
    assert due is not None
    maker = create_sessionmaker(race.engine)
    withdraw, report = await asyncio.gather(
        client.delete(game.url("/turn/ready"), headers=alice.headers), sweep(maker, due)
    )
    assert withdraw.status_code == 200, withdraw.text
    await check_books(race.engine, game.id)
    changed = uuid.UUID(game.id) in report.changed
    assert await turn_number(client, game) == (2 if changed else 1)
    assert withdraw.json()["number"] == (2 if changed else 1)
    assert not await ready_of(client, game, alice.number)
    # Whoever won, nothing is left due: a later pass changes nothing.
    later = await sweep(maker, due + timedelta(hours=1))
    assert uuid.UUID(game.id) not in later.changed
    assert await turn_number(client, game) == (2 if changed else 1)
