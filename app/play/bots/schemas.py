"""A bot on a seat (R-BOT): its difficulty and personality, and a lobby seat's faction."""

from pydantic import BaseModel, ConfigDict, Field

from app.platform.fields import NameText
from app.rules.bots.plan import Difficulty, Personality


class BotSet(BaseModel):
    """Put a bot on a seat, or change the one there (R-BOT-1)."""

    model_config = ConfigDict(extra="forbid")

    difficulty: Difficulty = Field(description="R-BOT-1: `easy` or `normal`.")
    personality: Personality = Field(description="R-BOT-5: `builder`, `raider` or `turtle`.")
    faction: NameText | None = Field(
        default=None,
        max_length=40,
        description="In the lobby, the faction of a new seat for the bot (required then, "
        "R-CAMP-2); refused once the campaign runs.",
    )
    slot: int | None = Field(
        default=None,
        ge=0,
        le=1000,
        description="In the lobby, the start slot of a new seat for the bot (required then).",
    )
