"""Messages between players (R-DIP-1) and how far each player has read them."""

import uuid
from datetime import datetime

from sqlalchemy import (
    BigInteger,
    ForeignKeyConstraint,
    Identity,
    Index,
    Integer,
    PrimaryKeyConstraint,
    Text,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Mapped, mapped_column

from app.platform.db.base import Base, utcnow
from app.platform.db.ids import random_public_id
from app.store.models.campaign import player_fk


class Message(Base):
    """One message from a player to one, several or all other players.

    `recipients` holds the player numbers it went to (every other player when `to_all`), so a
    player's mailbox is `sender = me OR recipients @> [me]`, read through the campaign's part
    of the primary key (no index on `recipients` alone: the same player numbers recur in every
    campaign, so it would grow with all of them; scripts/bench_scale).

    `id` (a counter shared by every campaign) orders messages and never leaves the server:
    the gap between two of yours would count the messages of others. Clients see
    `public_id`, random.
    """

    __tablename__ = "messages"
    __table_args__ = (
        player_fk("sender"),
        # The campaign first in every key: the table can be distributed by campaign (Citus);
        # the key also serves a mailbox's order.
        PrimaryKeyConstraint("campaign_id", "id"),
        Index("uq_messages_campaign_id_public_id", "campaign_id", "public_id", unique=True),
    )

    id: Mapped[int] = mapped_column(BigInteger, Identity())
    public_id: Mapped[int] = mapped_column(BigInteger, default=random_public_id)
    campaign_id: Mapped[uuid.UUID]
    sender: Mapped[int]
    recipients: Mapped[list[int]] = mapped_column(ARRAY(Integer))
    to_all: Mapped[bool] = mapped_column(default=False)
    turn: Mapped[int]
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Recipients who blocked the sender's holder when it was sent: it never reaches them, and
    # the sender sees it sent as to anyone else (app/accounts/moderation/blocks.py).
    blocked_for: Mapped[list[int]] = mapped_column(
        ARRAY(Integer), default=list, server_default="{}"
    )
    hidden_at: Mapped[datetime | None] = mapped_column(default=None)  # by an operator


class MessageReadMark(Base):
    """A player has read every message addressed to them up to `up_to` (a message's `id`):
    "mark all read". A thread's own mark is a `MessageThreadReadMark`."""

    __tablename__ = "message_read_marks"
    __table_args__ = (
        ForeignKeyConstraint(
            ["campaign_id", "player"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            ondelete="CASCADE",
        ),
    )

    campaign_id: Mapped[uuid.UUID] = mapped_column(primary_key=True)
    player: Mapped[int] = mapped_column(primary_key=True)
    up_to: Mapped[int] = mapped_column(BigInteger, default=0)


class MessageThreadReadMark(Base):
    """A player has read one thread up to `up_to` (a message's `id`), issue 44.

    A thread is named as `GET …/messages?thread=` names it: 0, the table (messages to all); N,
    the conversation with seat N (group messages that include N too): a seat, never a user,
    so a mark says nothing of who holds a seat under anonymity. A message is read once it is
    at or below the mark of any thread it belongs to, or below the player's `MessageReadMark`.
    """

    __tablename__ = "message_thread_read_marks"
    __table_args__ = (
        ForeignKeyConstraint(
            ["campaign_id", "player"],
            ["campaign_players.campaign_id", "campaign_players.number"],
            ondelete="CASCADE",
        ),
    )

    campaign_id: Mapped[uuid.UUID] = mapped_column(primary_key=True)
    player: Mapped[int] = mapped_column(primary_key=True)
    thread: Mapped[int] = mapped_column(primary_key=True)
    up_to: Mapped[int] = mapped_column(BigInteger, default=0)
