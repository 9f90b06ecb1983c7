"""A campaign's settings: one validated object, stored as JSON on the campaign row."""

from datetime import time, timedelta
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from app.platform.fields import is_time_zone
from app.rules import schedule

# R-CAMP-13: at most this many turns late (a year of weekly turns); a longer delay shows nothing.
MAX_SPECTATOR_DELAY_TURNS = 52


# R-TURN-9: at most this many turn changes a week (twice a day).
MAX_SCHEDULE_ENTRIES = 14


def _weekday(value: Any) -> Any:
    if isinstance(value, bool):
        raise ValueError("a weekday is 0 (Monday) to 6 (Sunday) or its name")
    if isinstance(value, str | int):
        return schedule.parse_weekday(value)
    return value  # anything else: refused by the `int` type with pydantic's own message


Weekday = Annotated[
    int,
    BeforeValidator(_weekday),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "integer", "minimum": 0, "maximum": 6},
                {
                    "type": "string",
                    "enum": [*schedule.WEEKDAYS, *(day[:3] for day in schedule.WEEKDAYS)],
                },
            ],
            "description": "0 (Monday) to 6 (Sunday), or an English weekday name (`tuesday`, "
            "`tue`); answered as its number.",
        }
    ),
]


class ScheduleEntry(BaseModel):
    """One turn change a week (R-TURN-9): a weekday and a local time in the schedule's zone."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    weekday: Weekday
    time: str = Field(
        pattern=r"^([01][0-9]|2[0-3]):[0-5][0-9]$",
        description="Local wall time `HH:MM` (24 h) in the schedule's `time_zone`.",
        examples=["20:00"],
    )


class TurnSchedule(BaseModel):
    """R-TURN-9: turns change at fixed local times of the week, e.g. Tuesdays and Fridays at
    20:00 Paris time; each turn's deadline is the first of them at least `min_turn_hours`
    after it started. R-TURN-10: across a daylight-saving change the local time is kept."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    entries: list[ScheduleEntry] = Field(min_length=1, max_length=MAX_SCHEDULE_ENTRIES)
    time_zone: str = Field(
        min_length=1,
        max_length=64,
        pattern=r"^[A-Za-z0-9_+\-]+(/[A-Za-z0-9_+\-]+)*$",
        description="IANA time zone of the local times (`Europe/Paris`), else 422.",
        examples=["Europe/Paris"],
    )
    min_turn_hours: int = Field(
        default=12,
        ge=0,
        le=24 * 14,
        description="A turn lasts at least this many hours: a scheduled time closer to its "
        "start is skipped for the next one.",
    )

    @field_validator("time_zone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        if not is_time_zone(value):
            raise ValueError("not an IANA time zone name (e.g. Europe/Paris)")
        return value

    def weekly(self) -> schedule.WeeklySchedule:
        """The engine's view of it."""
        pairs = [(e.weekday, time.fromisoformat(e.time)) for e in self.entries]
        return schedule.WeeklySchedule(schedule.slots_of(pairs), self.time_zone)

    @property
    def min_length(self) -> timedelta:
        return timedelta(hours=self.min_turn_hours)


class CampaignSettings(BaseModel):
    """Campaign options (R-CAMP, R-OPT); all optional with sensible defaults."""

    # Frozen: the campaign row stores it as a whole, so a change is a new object to assign.
    # The contract says what `_custom_needs_coefficient` checks (and `not`: the deadlines').
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
            # R-TURN-9: a schedule or hours after the start, not both.
            "not": {
                "required": ["turn_schedule", "turn_deadline_hours"],
                "properties": {
                    "turn_schedule": {"type": "object"},
                    "turn_deadline_hours": {"type": "integer"},
                },
            },
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
    turn_schedule: TurnSchedule | None = Field(
        default=None,
        description="R-TURN-9: instead of `turn_deadline_hours`, each turn's deadline is the "
        "next scheduled weekly time (at least `min_turn_hours` away); not both.",
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
    bot_battles_by_points: bool = Field(
        default=False,
        description="R-BOT-8: a battle between bots only is decided at once, at the turn "
        "change that declares it, by the points rule; off: it waits for the owner's ruling "
        "(R-BAT-5) or its deadline like any battle.",
    )

    @model_validator(mode="after")
    def _custom_needs_coefficient(self) -> "CampaignSettings":
        if (self.game_system == "custom") != (self.custom_coefficient_pct is not None):
            raise ValueError("custom_coefficient_pct is required for, and only for, 'custom'")
        if self.turn_schedule is not None and self.turn_deadline_hours is not None:
            raise ValueError("turn_schedule and turn_deadline_hours: one or the other, not both")
        return self
