"""R-BAT-9 raced for real: the sweeper's automatic confirmation and the other side's rejection
at the same instant, each on its own committing connection. Exactly one wins, the battle's
state says which, the loser changed nothing, and gold = Σ ledger."""

import asyncio
import uuid
from collections.abc import Awaitable
from datetime import timedelta
from typing import TypeVar

from sqlalchemy import func, select

from app.db.base import utcnow
from app.db.session import create_sessionmaker
from app.deadlines.service import sweep
from app.models import BattleRow, CampaignEvent
from tests.api.test_races import Race, check_books, declare_battle, race, rounds

__all__ = ["race"]  # the fixture, used by name
T = TypeVar("T")


@rounds
async def test_R_BAT_9_auto_confirmation_racing_a_rejection_settles_the_battle_once(
    round_: int, race: Race
) -> None:
    client = race.client
    game = await race.start(settings={"battle_auto_confirm_hours": 1})
    url = await declare_battle(client, race.engine, game)  # reported by player 1, just now
    bob = game.players[1]
    cid = uuid.UUID(game.id)
    due = utcnow() + timedelta(hours=2)

    async def after(pause: float, write: Awaitable[T]) -> T:
        # Staggered by the round (never asserted on), so that each order gets its turn: the
        # sweeper skips a campaign whose lock a rejection holds, and the other way round the
        # rejection waits for the sweeper's transaction.
        if pause:
            await asyncio.sleep(pause)
        return await write

    sweep_pause, reject_pause = ((0, 0.05), (0.02, 0), (0, 0))[round_ % 3]
    swept, rejected = await asyncio.gather(
        after(sweep_pause, sweep(create_sessionmaker(race.engine), due)),
        after(
            reject_pause,
            client.post(url + "/reject", json={"reason": "not so"}, headers=bob.headers),
        ),
    )
    async with race.engine.connect() as conn:
        status = await conn.scalar(select(BattleRow.status).where(BattleRow.campaign_id == cid))
        kinds = dict(
            (
                await conn.execute(
                    select(CampaignEvent.kind, func.count())
                    .where(
                        CampaignEvent.campaign_id == cid,
                        CampaignEvent.kind.in_(["battle_confirmed", "battle_rejected"]),
                    )
                    .group_by(CampaignEvent.kind)
                )
            ).all()
        )
    if rejected.status_code == 200:
        assert swept.auto_confirmed == {}
        assert (status, kinds) == ("disputed", {"battle_rejected": 1})
    else:
        assert rejected.status_code == 409, rejected.text
        assert rejected.json()["code"] == "R-BAT-5"
        assert swept.auto_confirmed == {cid: [int(url.rsplit("/", 1)[1])]}
        assert (status, kinds) == ("confirmed", {"battle_confirmed": 1})
    await check_books(race.engine, game.id)
    # Whatever happened, a later pass has nothing left to do.
    assert (await sweep(create_sessionmaker(race.engine), due)).auto_confirmed == {}
