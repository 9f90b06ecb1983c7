"""Auth request/response models."""

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field


class AccessToken(BaseModel):
    """OAuth2 bearer token response of the password login."""

    access_token: str = Field(description="Opaque bearer token; send as `Authorization: Bearer`.")
    token_type: Literal["bearer"] = "bearer"  # noqa: S105  (a scheme name, not a secret)
    expires_at: datetime
