"""What campaign row locks the session's transaction holds, so later steps skip statements
that would only take or check them again (kept in `session.info`, dropped when it ends)."""

import uuid

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

_LOCKED = "marchlords.locked_campaigns"


def note_campaign_lock(session: AsyncSession, campaign_id: uuid.UUID) -> None:
    """This transaction now holds the campaign row locked (shared or not) until it ends."""
    session.info.setdefault(_LOCKED, set()).add(campaign_id)


def holds_campaign_lock(session: AsyncSession, campaign_id: uuid.UUID) -> bool:
    """Whether this transaction holds a lock on the campaign row: at least `FOR KEY SHARE`,
    and a transaction id of its own (a row lock assigns one)."""
    return campaign_id in session.info.get(_LOCKED, ())


@event.listens_for(Session, "after_commit")
@event.listens_for(Session, "after_rollback")
def _forget_locks(session: Session) -> None:
    session.info.pop(_LOCKED, None)
