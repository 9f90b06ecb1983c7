"""Issue 28's limits under real concurrency (requests committing on their own connections):
password resets never exceed their limits per account and per address, and "you are the last
one not ready" is told once per turn however the others race to declare and withdraw."""

import uuid

import pytest
from sqlalchemy import ColumnElement, func, insert, select
from sqlalchemy.ext.asyncio import AsyncEngine

from app.channels.password_reset.service import RESET_PER_ACCOUNT, RESET_PER_ADDRESS
from app.platform.config import Settings
from app.platform.db.base import utcnow
from app.store.models import InboxItem, PasswordReset, UserEmail
from tests.factories.flows import THREE
from tests.factories.races import Race, at_once, rounds
from tests.factories.races import race as race  # a fixture


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """Email on (a reset is only queued: no message is sent in these tests)."""
    return settings.model_copy(update={"smtp_host": "127.0.0.1", "smtp_port": 2525})


async def _confirmed_address(engine: AsyncEngine, user_id: uuid.UUID, address: str) -> None:
    async with engine.begin() as conn:
        now = utcnow()
        await conn.execute(
            insert(UserEmail).values(
                user_id=user_id, address=address, created_at=now, confirmed_at=now
            )
        )


async def _resets(engine: AsyncEngine, *where: ColumnElement[bool]) -> int:
    async with engine.connect() as conn:
        found = await conn.scalar(select(func.count()).select_from(PasswordReset).where(*where))
    return found or 0


@rounds
async def test_concurrent_reset_requests_never_pass_the_limits(race: Race, round_: int) -> None:
    # Three accounts share one address: 3 resets an hour each at most, 5 for the address.
    address = f"shared{round_}@example.org"
    users = [await race.make_user() for _ in range(3)]
    for user in users:
        await _confirmed_address(race.engine, user.id, address)
    asked = {"address": address.upper()}  # the same address, however it is written

    answers = await at_once(
        *(race.client.post("/v1/auth/password-reset", json=asked) for _ in range(12))
    )

    assert {r.status_code for r in answers} == {202}
    assert await _resets(race.engine, PasswordReset.address == address) == RESET_PER_ADDRESS
    for user in users:
        assert await _resets(race.engine, PasswordReset.user_id == user.id) <= RESET_PER_ACCOUNT


@rounds
async def test_concurrent_requests_for_one_account_stop_at_its_limit(
    race: Race, round_: int
) -> None:
    user = await race.make_user()
    await _confirmed_address(race.engine, user.id, f"alone{round_}@example.org")
    asked = {"address": f"alone{round_}@example.org"}

    await at_once(*(race.client.post("/v1/auth/password-reset", json=asked) for _ in range(8)))

    assert await _resets(race.engine, PasswordReset.user_id == user.id) == RESET_PER_ACCOUNT


@rounds
async def test_the_last_one_not_ready_is_told_once_per_turn_under_a_race(
    race: Race, round_: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The inbox's collapse off: a second alert would be a second row, not replace the first.
    async def keep_all(*_args: object) -> None:
        return None

    monkeypatch.setattr("app.channels.notifications.inbox.collapse", keep_all)
    game = await race.start(THREE)
    p1, p2, p3 = game.players
    ready, url = race.client.put, game.url("/turn/ready")

    # Two declare at once: whichever commits second leaves p3 alone.
    first = await at_once(ready(url, headers=p1.headers), ready(url, headers=p2.headers))
    assert [r.status_code for r in first] == [200, 200]
    # Then they withdraw and declare again, racing each other: p3 is left alone again and
    # again, and hears of it once.
    for _ in range(2):
        await at_once(
            race.client.delete(url, headers=p1.headers),
            race.client.delete(url, headers=p2.headers),
        )
        await at_once(ready(url, headers=p1.headers), ready(url, headers=p2.headers))

    async with race.engine.connect() as conn:
        told = await conn.scalar(
            select(func.count())
            .select_from(InboxItem)
            .where(
                InboxItem.campaign_id == uuid.UUID(game.id),
                InboxItem.user_id == p3.user.id,
                InboxItem.kind == "last_not_ready",
            )
        )
    assert told == 1
