"""The benchmarks' shared parts (bench/shared.py) against the app: a campaign set up through the
generated client, and the ledger check that must pass on it and fail on a gold the ledger does
not book."""

from httpx import ASGITransport
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncEngine

from app.main import create_app
from app.platform.config import Settings
from app.platform.db.session import create_sessionmaker
from app.store.models import CampaignPlayer
from bench.shared import Target, check_ledger, register_players, set_up_campaign


async def test_a_campaign_set_up_for_a_benchmark_passes_the_ledger_check_until_gold_drifts(
    settings: Settings,
    committing_engine: AsyncEngine,
    database_url: str,
    fast_password_hashing: None,
) -> None:
    application = create_app(settings)
    application.state.sessionmaker = create_sessionmaker(committing_engine)
    target = Target("http://test", ASGITransport(app=application))

    tokens = await register_players(target, "benchtest", 3)
    campaign = await set_up_campaign(target, tokens, "Bench test", generate=(20, 1))

    assert [seat.token for seat in campaign.seats] == tokens
    assert len({seat.number for seat in campaign.seats}) == 3
    assert await check_ledger(database_url) == []

    drifted = campaign.seats[1].number
    async with committing_engine.begin() as conn:
        await conn.execute(
            update(CampaignPlayer)
            .where(CampaignPlayer.campaign_id == campaign.id, CampaignPlayer.number == drifted)
            .values(gold=CampaignPlayer.gold + 1)
        )
    problems = await check_ledger(database_url)
    assert len(problems) == 1
    assert problems[0].startswith(f"campaign {campaign.id}: player {drifted}: gold ")
