"""Personal access token request/response models."""

import uuid
from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from app.models import Token
from app.pagination import Page


class TokenCreate(BaseModel):
    """Request for a new personal access token."""

    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
    expires_in_days: int | None = Field(
        default=None, ge=1, le=3650, description="Lifetime in days; omit for no expiry."
    )


class TokenRead(BaseModel):
    """A personal access token's metadata; the secret is never shown again."""

    id: uuid.UUID
    name: str
    created_at: datetime
    expires_at: datetime | None
    last_used_at: datetime | None

    @classmethod
    def from_model(cls, token: Token) -> "TokenRead":
        """Build the read model from the ORM row."""
        return cls(
            id=token.id,
            name=token.name or "",
            created_at=token.created_at,
            expires_at=token.expires_at,
            last_used_at=token.last_used_at,
        )


class TokenCreated(TokenRead):
    """A freshly created token, including its secret: store it now, it is shown only once."""

    token: str = Field(description="The secret; send as `Authorization: Bearer <token>`.")


class TokenPage(Page[TokenRead]):
    """A page of personal access tokens."""
