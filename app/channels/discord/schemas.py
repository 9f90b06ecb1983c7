"""A Discord link code as made, the linked state, and the interactions' answers."""

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field


class DiscordLinkCodeCreated(BaseModel):
    """A one-time code to type in Discord: `/marchlords link code:<code>`."""

    code: str = Field(
        description="Shown in this response only (only its SHA-256 digest is kept); single "
        "use. Case, dashes and spaces do not matter when it is typed.",
        examples=["7KQ2M-XW9DA"],
    )
    expires_at: datetime = Field(description="It links nothing after this (10 minutes).")


class DiscordLinkRead(BaseModel):
    """Whether my account is linked to a Discord user, and since when."""

    linked: bool
    discord_user_id: str | None = Field(
        default=None, description="The linked Discord user's id (a snowflake), if linked."
    )
    linked_at: datetime | None = None


class InteractionResponse(BaseModel):
    """Discord's interaction response: `{"type": 1}` to a PING; `type` 4 with a message (its
    `content`, `allowed_mentions: {"parse": []}`, `flags: 64` when only the caller sees it)."""

    type: int
    data: dict[str, Any] | None = None
