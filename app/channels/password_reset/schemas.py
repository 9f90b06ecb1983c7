"""The bodies of the password-reset endpoints."""

from pydantic import BaseModel, ConfigDict, Field

from app.accounts.users.schemas import Password


class PasswordResetRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    address: str = Field(min_length=3, max_length=254, examples=["player@example.org"])


class PasswordResetConfirm(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: str = Field(min_length=16, max_length=128, description="The secret of the link.")
    new_password: Password


class PasswordResetAccepted(BaseModel):
    detail: str = Field(
        description="The same whether or not the address is known: if it is a confirmed "
        "address of an account, a link was sent to it."
    )
