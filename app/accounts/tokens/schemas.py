"""Token request/response models: login sessions and personal access tokens."""

import uuid
from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from app.platform.fields import NameText
from app.platform.pagination import Page
from app.store.models import Token, TokenKind, TokenScope


class TokenCreate(BaseModel):
    """Request for a new personal access token."""

    model_config = ConfigDict(extra="forbid")

    name: Annotated[NameText, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
    expires_in_days: int | None = Field(
        default=None, ge=1, le=3650, description="Lifetime in days; omit for no expiry."
    )
    scope: TokenScope = Field(
        default=TokenScope.PLAY,
        description="`play` (the default): everything a player does, but never the account's "
        "address, password or tokens. `account`: that too; it needs `current_password` (or a "
        "sign-in of the last few minutes).",
    )
    current_password: str | None = Field(
        default=None,
        min_length=1,
        max_length=128,
        description="Your current password: needed for the `account` scope, unless this "
        "request's session signed in within the last few minutes.",
        json_schema_extra={"format": "password"},
    )


class TokenRead(BaseModel):
    """A token's metadata (a login session or a personal access token); never its secret."""

    id: uuid.UUID
    kind: TokenKind = Field(
        description="`session`: issued by `POST /v1/auth/token`; `personal`: by `POST /v1/tokens`."
    )
    name: str | None = Field(description="The personal access token's name; null for sessions.")
    scope: TokenScope = Field(
        description="`play`: plays, but may not change the account's address, password or "
        "tokens; `account`: may (sessions, and personal tokens created so)."
    )
    created_at: datetime
    expires_at: datetime | None
    last_used_at: datetime | None = Field(
        description="Last request made with it, to the minute (not updated more often)."
    )
    client_address: str | None = Field(
        description="Address it was issued to (behind a trusted proxy, the forwarded one)."
    )
    user_agent: str | None = Field(description="Start of the issuing request's User-Agent.")
    current: bool = Field(description="Whether this request was made with this token.")

    @classmethod
    def from_model(cls, token: Token, *, current: uuid.UUID | None = None) -> "TokenRead":
        """Build the read model from the ORM row; `current` is the id of the request's token."""
        return cls(
            id=token.id,
            kind=token.kind,
            name=token.name,
            scope=token.scope,
            created_at=token.created_at,
            expires_at=token.expires_at,
            last_used_at=token.last_used_at,
            client_address=token.client_address,
            user_agent=token.user_agent,
            current=token.id == current,
        )


class TokenCreated(TokenRead):
    """A freshly created token, including its secret: store it now, it is shown only once."""

    token: str = Field(description="The secret; send as `Authorization: Bearer <token>`.")


class TokenPage(Page[TokenRead]):
    """A page of tokens."""
