"""The periodic rechecks of open event streams, batched.

Every open stream asks, every `recheck_seconds`, whether its token still stands and its caller
is still the member they were when it started (`Listener`): the backstop of revocations, which
end streams at once (app/store/events/revocations.py) but send nothing when a token expires. Asked
one by one, a thousand streams would cost a thousand sessions every few seconds; the streams
recheck at the same moments (`service.next_recheck`), so their questions are gathered for a
short window and answered together: one session, one query for the tokens, one for the
callers and one per campaign (its row and the callers' seats), whatever the number of streams.
"""

import asyncio
import uuid
from collections import defaultdict
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.accounts.auth.service import usable_token
from app.channels.stream.service import Listener
from app.platform.db.base import utcnow
from app.play.campaigns.access import Membership
from app.store.models import Campaign, CampaignPlayer, Token, User


@dataclass(frozen=True)
class Watcher:
    """An open stream's caller: the token it was opened with, who, and what they saw then
    (ids, not the request's rows, which would stay in memory once per open stream)."""

    token_id: uuid.UUID
    user_id: uuid.UUID
    listener: Listener


async def allowed(session: AsyncSession, watchers: list[Watcher]) -> list[bool]:
    """For each watcher: is the token still usable, and is its caller still the same viewer of
    the campaign (a member as `load_membership` has it: the owner or a seat)?"""
    tokens = {w.token_id for w in watchers}
    active = set(
        await session.scalars(select(Token.id).where(Token.id.in_(tokens), usable_token(utcnow())))
    )
    callers = {w.user_id for w in watchers}
    users = {u.id: u for u in await session.scalars(select(User).where(User.id.in_(callers)))}
    by_campaign: defaultdict[uuid.UUID, list[Watcher]] = defaultdict(list)
    for watcher in watchers:
        by_campaign[watcher.listener.campaign_id].append(watcher)
    verdicts: dict[int, bool] = {}
    for campaign_id, group in by_campaign.items():
        campaign = await session.scalar(select(Campaign).where(Campaign.id == campaign_id))
        seats = {
            p.user_id: p
            for p in await session.scalars(
                select(CampaignPlayer).where(
                    CampaignPlayer.campaign_id == campaign_id,
                    CampaignPlayer.user_id.in_({w.user_id for w in group}),
                )
            )
        }
        for watcher in group:
            user = users.get(watcher.user_id)
            if campaign is None or user is None or watcher.token_id not in active:
                verdicts[id(watcher)] = False
                continue
            membership = Membership(campaign, user, seats.get(user.id))
            member = membership.player is not None or membership.is_owner
            verdicts[id(watcher)] = member and Listener.of(membership) == watcher.listener
    return [verdicts[id(w)] for w in watchers]


class StreamRechecks:
    """Gathers the rechecks asked within `window_seconds` and answers them in one batch."""

    def __init__(
        self, sessionmaker: async_sessionmaker[AsyncSession], window_seconds: float = 0.05
    ) -> None:
        self.sessionmaker = sessionmaker
        self.window_seconds = window_seconds
        self._waiting: list[tuple[Watcher, asyncio.Future[bool]]] = []
        self._batch: asyncio.Task[None] | None = None

    async def still_allowed(self, watcher: Watcher) -> bool:
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting.append((watcher, future))
        if self._batch is None:
            self._batch = asyncio.create_task(self._answer(), name="stream-rechecks")
        return await future

    async def _answer(self) -> None:
        await asyncio.sleep(self.window_seconds)
        batch, self._waiting, self._batch = self._waiting, [], None
        try:
            async with self.sessionmaker() as session:
                verdicts = await allowed(session, [watcher for watcher, _ in batch])
        except Exception as exc:  # every stream of the batch fails as its own check would
            for _, future in batch:
                if not future.done():
                    future.set_exception(exc)
            return
        for (_, future), verdict in zip(batch, verdicts, strict=True):
            if not future.done():
                future.set_result(verdict)
