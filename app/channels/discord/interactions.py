"""The interactions Discord sends, as far as `/marchlords` reads them (everything else ignored).

Discord signed them, so their shape is Discord's; still, every field is bounded and typed, and
anything else is a 422 problem that changes nothing.
"""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from app.platform.errors import AppError
from app.platform.i18n import DEFAULT_LANGUAGE, Language, _, as_language

# Interaction types (Discord's API reference): the endpoint's check, and a slash command.
PING = 1
APPLICATION_COMMAND = 2
# Option types: a subcommand, a string.
SUB_COMMAND = 1
# Discord's permission bits: who may unbind a channel besides the campaign's owner.
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4

# Where Discord posts them, under `/v1` (the application's "Interactions Endpoint URL").
INTERACTIONS_PATH = "/integrations/discord/interactions"
# Discord's interactions are a few kilobytes; a bigger body is refused unread (413).
MAX_BODY_BYTES = 64 * 1024

Snowflake = Annotated[str, Field(pattern=r"^[0-9]{1,20}$")]
Name = Annotated[str, Field(max_length=32)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True, strict=True)


class DiscordUser(_Model):
    id: Snowflake


class Member(_Model):
    user: DiscordUser
    permissions: Annotated[str, Field(pattern=r"^[0-9]{1,40}$")] = "0"


class Option(_Model):
    name: Name
    type: int
    value: Annotated[str, Field(max_length=200)] | int | float | bool | None = None
    options: list["Option"] = Field(default_factory=list, max_length=25)


class CommandData(_Model):
    name: Name
    options: list[Option] = Field(default_factory=list, max_length=25)


class Interaction(_Model):
    type: int
    locale: Annotated[str, Field(max_length=16)] | None = None
    guild_id: Snowflake | None = None
    channel_id: Snowflake | None = None
    member: Member | None = None
    user: DiscordUser | None = None
    data: CommandData | None = None

    @property
    def caller(self) -> str | None:
        """The Discord user who sent it: a server member's user, or the user of a direct
        message."""
        if self.member is not None:
            return self.member.user.id
        return self.user.id if self.user is not None else None

    @property
    def language(self) -> Language:
        """The caller's Discord language (`fr`, `en-US`, …) if the server speaks it."""
        primary = (self.locale or "").split("-")[0].lower()
        return as_language(primary) or DEFAULT_LANGUAGE

    @property
    def manages_channel(self) -> bool:
        """The caller may manage this server's channels (Discord says so, signed)."""
        bits = int(self.member.permissions) if self.member is not None else 0
        return bool(bits & (ADMINISTRATOR | MANAGE_CHANNELS))

    def subcommand(self) -> tuple[str, dict[str, str]]:
        """`/marchlords <name> option:value…` → (name, {option: value}); ("", {}) if none."""
        if self.data is None or not self.data.options:
            return "", {}
        first = self.data.options[0]
        if first.type != SUB_COMMAND:
            return "", {}
        return first.name, {o.name: str(o.value) for o in first.options if o.value is not None}


def parse(body: bytes) -> Interaction:
    """The interaction in `body` (422 if it is not one)."""
    try:
        return Interaction.model_validate_json(body)
    except ValidationError:
        raise AppError(
            _("This is not an interaction Discord sends."),
            status=422,
            code="invalid_value",
            title=_("Invalid value"),
        ) from None
