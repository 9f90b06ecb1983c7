"""Sign-in with a provider: request/response models."""

import uuid
from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from app.accounts.users.schemas import DisplayName, Username
from app.store.models import UserIdentity

# A path of the web client to go back to: relative to its origin, never another site's
# (`//evil.example`, `https://evil.example`, `/\evil.example`): one slash, then no second one
# at once, printable ASCII without spaces, backslashes or a fragment.
RETURN_PATH = r"^/([A-Za-z0-9._~!$&'()*+,;=:@%?-][A-Za-z0-9._~!$&'()*+,;=:@%?/-]*)?$"
ReturnPath = Annotated[
    str,
    StringConstraints(max_length=500, pattern=RETURN_PATH),
    Field(description="A path of the web client (`/campaigns/…`): another site's is refused."),
]
Ticket = Annotated[
    str,
    StringConstraints(min_length=1, max_length=128),
    Field(description="The ticket of the redirect's fragment (`#ticket=…`)."),
]


class ProviderRead(BaseModel):
    """A provider players may sign in with."""

    id: str = Field(description="In the paths of its sign-in and link.")
    name: str = Field(description="What its button says (`Sign in with {name}`).")


class TicketExchange(BaseModel):
    """The ticket a sign-in's redirect handed the web client."""

    model_config = ConfigDict(extra="forbid")

    ticket: Ticket


class SignUpCompletion(BaseModel):
    """The account a new identity creates: its username (and display name)."""

    model_config = ConfigDict(extra="forbid")

    ticket: Ticket
    username: Username
    display_name: DisplayName | None = Field(
        default=None, description="Shown to other players; the username if omitted."
    )


class LinkStart(BaseModel):
    """Link an identity: sudo (the password, or a sign-in of the last minutes)."""

    model_config = ConfigDict(extra="forbid")

    current_password: Annotated[str, Field(min_length=1, max_length=128)] | None = Field(
        default=None,
        description="The current password; may be omitted within minutes of a sign-in.",
    )
    return_to: ReturnPath = "/settings"


class AuthorizationRedirect(BaseModel):
    """Where the browser goes to sign in at the provider."""

    authorization_url: str


class IdentityRead(BaseModel):
    """An identity at a provider that signs in to my account."""

    id: uuid.UUID
    provider: str = Field(description="The provider's id (`GET /v1/auth/providers`).")
    label: str | None = Field(description="The provider's name for the account (an address).")
    created_at: datetime
    last_used_at: datetime | None

    @classmethod
    def from_model(cls, identity: UserIdentity) -> "IdentityRead":
        return cls(
            id=identity.id,
            provider=identity.provider,
            label=identity.label,
            created_at=identity.created_at,
            last_used_at=identity.last_used_at,
        )


class IdentityList(BaseModel):
    """My identities, and whether I have a password (the last way in cannot be unlinked)."""

    identities: list[IdentityRead]
    password: bool = Field(description="Whether the account has a password.")
