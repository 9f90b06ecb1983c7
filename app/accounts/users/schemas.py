"""User request/response models."""

import uuid
from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from app.platform.fields import NameText
from app.platform.i18n import Language, as_language
from app.store.models import User

Username = Annotated[
    str,
    StringConstraints(min_length=3, max_length=32, pattern=r"^[A-Za-z0-9_.-]+$"),
    Field(description="Login name: 3-32 characters among letters, digits, `_`, `.` and `-`."),
]
Password = Annotated[str, Field(min_length=8, max_length=128)]
DisplayName = Annotated[
    NameText, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)
]


class UserCreate(BaseModel):
    """Registration form."""

    model_config = ConfigDict(extra="forbid")

    username: Username
    password: Password
    display_name: DisplayName


class PasswordChange(BaseModel):
    """A new password, given with the current one (none for an account's first password)."""

    model_config = ConfigDict(extra="forbid")

    current_password: Annotated[
        str | None,
        Field(
            min_length=1,
            max_length=128,
            description="Required once the account has a password; omitted to set the first "
            "password of an account made with another provider's sign-in (within minutes of "
            "a sign-in).",
        ),
    ] = None
    new_password: Password


class UserUpdate(BaseModel):
    """Changes to my profile."""

    model_config = ConfigDict(extra="forbid")

    language: Language | None = Field(
        description="The language the server writes to me in (problems, summaries, "
        "notifications, emails); null: each request's `Accept-Language` decides.",
    )


class UserRead(BaseModel):
    """A user as shown to themselves."""

    id: uuid.UUID
    username: str
    display_name: str
    created_at: datetime
    language: Language | None = Field(
        description="My chosen language; null: each request's `Accept-Language` decides."
    )
    operator: bool = Field(
        default=False,
        description="Whether I am one of the server's operators (moderation): a client shows "
        "the operators' queue only then.",
    )

    @classmethod
    def from_model(cls, user: User) -> "UserRead":
        """Build the read model explicitly: ORM objects are never serialized directly."""
        return cls(
            id=user.id,
            username=user.username,
            display_name=user.display_name,
            created_at=user.created_at,
            language=as_language(user.language),
            operator=user.is_operator,
        )
