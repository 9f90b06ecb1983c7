"""Ending open event streams at once when their caller may no longer listen: a token revoked,
a seat handed to someone else, a campaign left.

`end_streams()` runs in the transaction that takes the right away. It sends
`NOTIFY marchlords_revocations` (transactional, like the events' NOTIFY: heard only if the change
commits), which every process's listener acts on as it arrives (app/channels/stream/hub.py), and it
leaves the revocation with the request's session, so that the request's own process ends its
streams right after the commit, before the answer is sent (`after_commit`,
app/platform/db/session.py). The periodic recheck of every stream stays as the backstop: a listener
that is reconnecting misses notifications, and a token that expires sends none.
"""

import json
import uuid
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.datastructures import State

from app.platform.db.session import after_commit

REVOCATIONS_CHANNEL = "marchlords_revocations"
# How long the revoking request waits for its own process's streams to finish ending (their
# last bytes written); a stream stuck writing to a slow client ends without it holding us up.
LOCAL_WAIT_SECONDS = 1.0

_FIELDS = ("token_id", "user_id", "campaign_id", "keep_token_id")


@dataclass(frozen=True)
class Revocation:
    """Which open streams end: those opened with `token_id`; or else every stream of `user_id`
    (only in `campaign_id` if it is set) but those opened with `keep_token_id`."""

    token_id: uuid.UUID | None = None
    user_id: uuid.UUID | None = None
    campaign_id: uuid.UUID | None = None
    keep_token_id: uuid.UUID | None = None

    def ends(self, *, token_id: uuid.UUID, user_id: uuid.UUID, campaign_id: uuid.UUID) -> bool:
        """Does this revocation end a stream of `campaign_id` opened with `token_id`?"""
        if self.token_id is not None:
            return token_id == self.token_id
        return (
            user_id == self.user_id
            and self.campaign_id in (None, campaign_id)
            and token_id != self.keep_token_id
        )

    def to_json(self) -> str:
        return json.dumps({f: str(v) for f in _FIELDS if (v := getattr(self, f)) is not None})

    @classmethod
    def from_json(cls, payload: str) -> "Revocation":
        """The revocation a notification carries; ValueError if it is not one."""
        try:
            message: Any = json.loads(payload)
            fields = {f: uuid.UUID(message[f]) for f in _FIELDS if f in message}
        except (TypeError, KeyError, AttributeError) as exc:
            raise ValueError("not a revocation") from exc
        revocation = cls(**fields)
        if revocation.token_id is None and revocation.user_id is None:
            raise ValueError("a revocation names a token or a user")
        return revocation


async def end_streams(session: AsyncSession, revocation: Revocation) -> None:
    """End the open streams `revocation` names, on every process, once the transaction
    commits: on the request's own process before its answer is sent, on the others as their
    listener hears of it (well within a second)."""
    await session.execute(select(func.pg_notify(REVOCATIONS_CHANNEL, revocation.to_json())))

    async def end_here(state: State) -> None:
        hub = getattr(state, "event_hub", None)
        if hub is not None:
            await hub.revoke(revocation, wait_seconds=LOCAL_WAIT_SECONDS)

    after_commit(session, end_here)
