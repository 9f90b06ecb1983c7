"""Battle reports raced for real, each write on its own committing connection: the sweeper's
automatic confirmation against the other side's rejection (R-BAT-9), and an edit against a
confirmation of the version read (R-BAT-10). Exactly one wins, the battle's state says which,
the loser changed nothing, and gold = Σ ledger."""

import asyncio
import uuid
from collections.abc import Awaitable
from datetime import timedelta
from typing import TypeVar

from sqlalchemy import func, select

from app.platform.db.base import utcnow
from app.platform.db.session import create_sessionmaker
from app.play.deadlines.service import sweep
from app.store.models import BattleRow, CampaignEvent
from tests.factories.races import Race, check_books, declare_battle, rounds
from tests.factories.races import race as race

__all__ = ["race"]  # the fixture, used by name
T = TypeVar("T")
# Pauses (seconds) before the first and the second write, by round: never asserted on, they only
# let each order of the two (and the simultaneous one) get its turn.
STAGGER = ((0, 0.05), (0.02, 0), (0, 0))


async def after(pause: float, write: Awaitable[T]) -> T:
    if pause:
        await asyncio.sleep(pause)
    return await write


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

    # The sweeper skips a campaign whose lock a rejection holds; the other way round the
    # rejection waits for the sweeper's transaction.
    sweep_pause, reject_pause = STAGGER[round_ % 3]
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


@rounds
async def test_R_BAT_10_an_edit_racing_a_confirmation_of_the_version_read_never_mixes(
    round_: int, race: Race
) -> None:
    """Whichever comes first: the confirmed report is the version its confirmer named, or the
    edit wins and that confirmation is refused; the battle is never confirmed unseen."""
    client = race.client
    game = await race.start()
    url = await declare_battle(client, race.engine, game)  # version 1: attacker_victory, 0, 0
    alice, bob = game.players
    edited_report = {"outcome": "draw", "attacker_losses_pct": 5, "defender_losses_pct": 5}
    edit_pause, confirm_pause = STAGGER[round_ % 3]
    edit, confirm = await asyncio.gather(
        after(edit_pause, client.put(url + "/report", json=edited_report, headers=alice.headers)),
        after(confirm_pause, client.post(url + "/confirm?version=1", headers=bob.headers)),
    )
    battle = (await client.get(url, headers=bob.headers)).json()
    if confirm.status_code == 200:
        assert edit.status_code == 409, edit.text
        assert edit.json()["code"] == "R-BAT-5"
        assert (battle["status"], battle["report"]["version"]) == ("confirmed", 1)
        assert battle["report"]["outcome"] == "attacker_victory"
    else:
        assert edit.status_code == 200, edit.text
        assert confirm.status_code == 409, confirm.text
        assert confirm.json()["code"] == "R-BAT-10"
        assert (battle["status"], battle["report"]["version"]) == ("reported", 2)
        assert battle["report"]["outcome"] == "draw"
    await check_books(race.engine, game.id)
