"""A campaign's settings: one validated object, stored as JSON on the campaign row."""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

# R-CAMP-13: at most this many turns late (a year of weekly turns); a longer delay shows nothing.
MAX_SPECTATOR_DELAY_TURNS = 52


class CampaignSettings(BaseModel):
    """Campaign options (R-CAMP, R-OPT); all optional with sensible defaults."""

    # Frozen: the campaign row stores it as a whole, so a change is a new object to assign.
    # The contract says what `_custom_needs_coefficient` checks.
    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        json_schema_extra={
            "if": {"required": ["game_system"], "properties": {"game_system": {"const": "custom"}}},
            "then": {
                "required": ["custom_coefficient_pct"],
                "properties": {"custom_coefficient_pct": {"type": "integer"}},
            },
            "else": {"properties": {"custom_coefficient_pct": {"type": "null"}}},
        },
    )

    max_players: int = Field(default=8, ge=2, le=17)
    auto_resolve: bool = Field(
        default=False, description="Change the turn as soon as the last player is ready."
    )
    turn_limit: int | None = Field(default=None, ge=1, le=1000)
    anonymity: bool = Field(default=False, description="R-CAMP-5: players shown as Player A…")
    seasons: bool = Field(default=False, description="R-OPT-1: winter slows land moves.")
    concealment: bool = Field(
        default=False,
        description="R-OPT-3: an army in forest (75 %) or marsh (90 %) may stay hidden from "
        "players with nothing of theirs next to it.",
    )
    cover: bool = Field(
        default=False,
        description="R-OPT-4: cover (forest, mountain, marsh) and the `entrench` order reduce "
        "the attacker's points in a battle at a tile the defender holds.",
    )
    storms: bool = Field(
        default=False,
        description="R-OPT-5: storms rise at sea at each turn change; an army aboard a ship "
        "inside one after moving loses a tier.",
    )
    game_system: Literal["old_world", "ninth_age", "whfb8", "kings_of_war", "custom"] = "old_world"
    custom_coefficient_pct: int | None = Field(
        default=None, ge=1, le=1000, description="R-SYS: points coefficient ×100 for 'custom'."
    )
    message_word_limit: int | None = Field(default=None, ge=1, le=1000)
    reminder_hours: int | None = Field(
        default=None,
        ge=1,
        le=7 * 24,
        description="Notifications: remind the players who have not acted this many hours "
        "before a turn or battle deadline (their personal webhooks); unset: no reminders.",
    )
    turn_deadline_hours: int | None = Field(
        default=None, ge=1, le=24 * 60, description="R-TURN-3: hours each turn lasts at most."
    )
    battle_deadline_hours: int | None = Field(
        default=None,
        ge=1,
        le=24 * 60,
        description="R-TURN-3: hours to report and confirm a battle after it is declared.",
    )
    deadline_auto_change: bool = Field(
        default=False, description="Change the turn by itself when the turn deadline passes."
    )
    steward_after_missed: int | None = Field(
        default=None,
        ge=1,
        le=100,
        description="R-CAMP-7: a seat that misses this many turn deadlines in a row becomes "
        "inactive (held by a steward); unset: never by itself.",
    )
    civil_disorder_after_missed: int | None = Field(
        default=None,
        ge=1,
        le=100,
        description="R-CAMP-10: a seat that misses this many turn deadlines in a row falls "
        "into civil disorder (counts as ready, never blocks the turn) until its holder acts "
        "again; unset: never.",
    )
    public: bool = Field(
        default=False,
        description="R-CAMP-11: the campaign is listed (GET /v1/lobbies): users ask to join "
        "its lobby, or for its open seats once it runs (R-CAMP-12), and the owner answers.",
    )
    spectator_delay_turns: int | None = Field(
        default=None,
        ge=1,
        le=MAX_SPECTATOR_DELAY_TURNS,
        description="R-CAMP-13: a public campaign's spectators see its map and the public "
        "part of its summaries this many turns late (never live); unset: no spectators.",
    )
    vacation_days: int = Field(
        default=0, ge=0, le=365, description="R-CAMP-8: days of vacation each seat may take."
    )
    grace_minutes: int = Field(
        default=0,
        ge=0,
        le=24 * 60,
        description="R-TURN-7: with auto_resolve, minutes the change waits after the last "
        "ready, during which anyone may withdraw it; 0: the change runs at once.",
    )

    battle_auto_confirm_hours: int | None = Field(
        default=None,
        ge=0,
        le=24 * 30,
        description="R-BAT-9: hours after which a report the other side neither confirmed nor "
        "rejected confirms itself (the clock restarts when it is edited); 0 or unset: never.",
    )

    @model_validator(mode="after")
    def _custom_needs_coefficient(self) -> "CampaignSettings":
        if (self.game_system == "custom") != (self.custom_coefficient_pct is not None):
            raise ValueError("custom_coefficient_pct is required for, and only for, 'custom'")
        return self
