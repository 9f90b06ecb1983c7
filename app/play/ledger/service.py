"""Writing and reading the gold ledger (R-ECO-6)."""

import uuid
from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.base import table_of, utcnow
from app.platform.db.bulk import insert_unnested, unnest_params
from app.platform.i18n import Language, Text
from app.platform.i18n.kept import keep, say_kept
from app.rules.state import LedgerEntry
from app.store.models.campaign import CampaignPlayer
from app.store.models.ledger import LedgerRow

# Built once: the same statement (compiled once, prepared once per connection) every change.
_INSERT = insert_unnested(
    table_of(LedgerRow),
    ["player", "amount", "reason", "reason_text", "rule"],
    "new",
    ["campaign_id", "turn", "created_at"],
)


async def record(
    session: AsyncSession, campaign_id: uuid.UUID, turn: int, entries: Iterable[LedgerEntry]
) -> None:
    """Add ledger rows for engine entries (the caller updates the players' gold alongside);
    a reason that is a `_()` text keeps its template and parameters beside its English.

    One INSERT for all of them, the same statement whatever their number: ORM objects would
    go one statement each (the identity key is the server's, so the ORM cannot batch them
    and still match rows to objects).
    """
    rows = [
        {
            "player": e.player,
            "amount": e.amount,
            "reason": e.reason[:120],
            "reason_text": keep(e.reason) if isinstance(e.reason, Text) else None,
            "rule": e.rule,
        }
        for e in entries
        if e.amount
    ]
    if rows:
        same = {"campaign_id": campaign_id, "turn": turn, "created_at": utcnow()}
        await session.execute(_INSERT, {**same, **unnest_params(rows, "new")})


async def post(
    session: AsyncSession, campaign_id: uuid.UUID, turn: int, entries: Iterable[LedgerEntry]
) -> None:
    """Move gold: each player's `gold` and its ledger line, in the same transaction (R-ECO-6)."""
    lines = [e for e in entries if e.amount]
    for e in lines:
        row = await session.get_one(CampaignPlayer, (campaign_id, e.player))
        row.gold += e.amount
    await record(session, campaign_id, turn, lines)


async def balances(session: AsyncSession, campaign_id: uuid.UUID) -> dict[int, int]:
    """Each player's ledger total: always equal to their gold."""
    rows = await session.execute(
        select(LedgerRow.player, func.sum(LedgerRow.amount))
        .where(LedgerRow.campaign_id == campaign_id)
        .group_by(LedgerRow.player)
    )
    return {player: int(total) for player, total in rows.all()}


def said_reason(reason: str, kept: Mapping[str, Any] | None, language: Language) -> str:
    """A stored line's reason in `language`: its kept text said, else its English as stored
    (a line written before reasons were kept, or one whose kept form cannot be read)."""
    return str(say_kept({"reason": reason}, {"reason": kept} if kept else None, language)["reason"])
