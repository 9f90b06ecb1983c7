"""Auth request/response models."""

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field


class AccessToken(BaseModel):
    """OAuth2 bearer token response of the password login."""

    access_token: str = Field(description="Opaque bearer token; send as `Authorization: Bearer`.")
    token_type: Literal["bearer"] = "bearer"  # noqa: S105  (a scheme name, not a secret)
    expires_at: datetime


class LoginForm(BaseModel):
    """The OAuth2 password form of the login (`application/x-www-form-urlencoded`)."""

    # Not nullable: a form cannot send a null, and a fuzzer's `grant_type=null` is the text
    # "null", which is not `password`.
    grant_type: Literal["password"] = Field(
        default="password", description="OAuth2's grant type: `password` (the default)."
    )
    # An empty field of a form is a missing one (422): the contract says at least one character.
    username: str = Field(min_length=1)
    password: str = Field(min_length=1, json_schema_extra={"format": "password"})
    scope: str = Field(
        default="", description="Ignored: a sign-in's token carries all of your rights."
    )
    client_id: str | None = Field(default=None, description="Ignored.")
    client_secret: str | None = Field(
        default=None, description="Ignored.", json_schema_extra={"format": "password"}
    )
