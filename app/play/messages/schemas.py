"""Messages: what a player sends, and each reader's view of their mailbox (R-DIP-1)."""

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.platform.db.ids import PUBLIC_ID_HIGH
from app.platform.fields import BodyText

# Message ids are random below 2**53; anything above names no message (and would not fit).
MAX_ID = PUBLIC_ID_HIGH - 1
MAX_SEAT = 64  # above any campaign's seats (17 at most): a higher number names nobody


class MessageCreate(BaseModel):
    """A message to one player, several (their numbers) or `"all"` the others."""

    model_config = ConfigDict(extra="forbid")

    to: (
        Annotated[list[Annotated[int, Field(ge=1)]], Field(min_length=1, max_length=17)]
        | Literal["all"]
    ) = Field(examples=[[2], [2, 3], "all"])
    body: BodyText = Field(min_length=1, max_length=4000)


class Correspondent(BaseModel):
    """A player as the reader may name them (R-CAMP-5: "Player A" under anonymity)."""

    number: int
    name: str


class MessageRead(BaseModel):
    id: int = Field(
        description="Random: it says nothing of how many messages others wrote (R-FOG-3)."
    )
    turn: int
    sender: Correspondent
    recipients: list[Correspondent]
    to_all: bool
    body: str
    sent_at: datetime
    sent_by_you: bool
    read: bool = Field(description="Sent by you, or at or below your read mark.")


class MessagePage(BaseModel):
    """Your messages, newest first; pass `next_before` as `before` for older ones."""

    items: list[MessageRead]
    limit: int
    has_more: bool = Field(description="More messages lie beyond this page in its direction.")
    next_before: int | None = Field(description="Id to pass as `before` for the next page.")
    newest_id: int | None = Field(description="Id to pass as `after` to poll for newer ones.")


class ReadMark(BaseModel):
    model_config = ConfigDict(extra="forbid")

    up_to: int = Field(
        ge=0,
        le=MAX_ID,
        description="A message of yours: it and every older one are read (0: none). Any "
        "other id is 404.",
    )


class UnreadCount(BaseModel):
    unread: int
    read_up_to: int = Field(description="The newest message you marked read (0: none).")


class ThreadUnread(BaseModel):
    """What is left unread once a thread is marked read."""

    thread: int = Field(description="The thread: 0, the table; N, the conversation with N.")
    unread: int = Field(description="Messages of this thread addressed to you still unread.")
    read_up_to: int = Field(description="The newest message of it you marked read (0: none).")
    mailbox_unread: int = Field(
        description="Every message addressed to you still unread (what `…/messages/unread` counts)."
    )


class MessageThread(BaseModel):
    """Your conversation with one correspondent: a player, or the table (messages to all)."""

    correspondent: Correspondent | None = Field(
        description="The other player (`number` is what `thread` and `to` take); null: "
        "the table, the messages to everyone (`thread=0`)."
    )
    last: MessageRead | None = Field(description="The newest message of it; null: none yet.")
    unread: int = Field(description="Messages of it addressed to you you have not read yet.")


class MessageThreads(BaseModel):
    """One thread per other seat and one for the table, the most recent first (those without
    a message last, by number)."""

    items: list[MessageThread]
