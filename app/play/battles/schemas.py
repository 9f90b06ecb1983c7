"""Battles over HTTP (R-BAT, R-SIEGE, R-SYS): read models per viewer and the report bodies."""

from datetime import UTC, datetime
from typing import Literal, Self

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, field_validator, model_validator

from app.platform.fields import BodyText
from app.platform.i18n import _
from app.platform.pagination import Page
from app.play.rosters.formats.limits import MAX_MODELS, MAX_UNITS
from app.play.rosters.schemas import RosterRead
from app.rules.rosters import MAX_CASUALTIES
from app.rules.state import BattleKind, Fate, Outcome
from app.store.models.world import BattleStatus

SideName = Literal["attacker", "defender"]


__all__ = ["BattleStatus"]  # the model's enum, published in the contract


class BattlePlayer(BaseModel):
    number: int
    name: str = Field(
        description="Whoever held the seat in this battle (its holder now while it is pending): "
        "under anonymity their real name only for the users who held the two sides' seats, "
        '"Player A…" for anyone else (R-CAMP-5).'
    )


class Joiner(BaseModel):
    """An army joining the leader with 25 % of its points (R-BAT-3)."""

    army_id: int
    points: int


class SideForcesRead(BaseModel):
    """What one side fields, converted to the campaign's game system (R-BAT-1, R-SYS)."""

    leader_army_id: int | None = Field(description="None: a garrison alone.")
    joiners: list[Joiner]
    army_points: int = Field(description="Leader plus joiners.")
    general_points: int
    garrison: int
    reinforcement: int = Field(description="Joins from the second game turn (R-BAT-4).")
    siege_bonus_pct: int = Field(description="Attacker's bonus for drawn sieges (R-SIEGE-3).")
    total_points: int = Field(
        description="Everything, converted and rounded once to 5, after the reductions below."
    )
    cover_pct: int = Field(
        default=0,
        description="R-OPT-4, attacker only: percent taken off its points because the defender "
        "holds a forest, mountain or marsh tile (20).",
    )
    entrenchment_pct: int = Field(
        default=0,
        description="R-OPT-4, attacker only: percent taken off its points because a defending "
        "army entrenched the turn the battle was declared (10; at most 30 with cover).",
    )


class BattleSideRead(BaseModel):
    players: list[BattlePlayer]
    structure_id: int | None = Field(description="The defended city, outpost or port.")
    forces: SideForcesRead | None = Field(
        description="Only for the battle's participants and the game master (R-FOG-4)."
    )


class StakeRead(BaseModel):
    """Gold the winner can take at the next turn change (R-BAT-7, R-SIEGE-2)."""

    attacker_victory: int = Field(
        description="What the attacker wins from the defender's leader; 0 against a garrison."
    )
    defender_victory: int = Field(description="What the defender wins from the attacker.")
    pillage: int = Field(description="On top, if the attacker destroys the besieged city.")


class CasualtyLine(BaseModel):
    """Models one unit of one army's list lost in the battle (R-ARMY-7)."""

    model_config = ConfigDict(extra="forbid")

    army_id: int = Field(ge=1, le=2**31 - 1, description="An army of the battle with a list.")
    unit: int = Field(
        ge=0,
        le=MAX_UNITS - 1,
        description="The unit: its position in the list's `units` as fielded (the battle's "
        "`rosters`), from 0.",
    )
    lost: int = Field(ge=0, le=MAX_MODELS, description="Models lost, at most the unit's count.")


class ReportBase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    outcome: Outcome
    attacker_losses_pct: int = Field(description="Losses as a percentage of what it fielded.")
    defender_losses_pct: int
    general_captured: bool = Field(
        default=False, description="The losing leader's general was captured."
    )
    fate: Fate | None = Field(
        default=None, description="For a victorious siege or assault (R-SIEGE-2/4)."
    )
    casualties: list[CasualtyLine] = Field(
        default_factory=list,
        max_length=MAX_CASUALTIES,
        exclude_if=lambda lines: not lines,
        description="R-ARMY-7: models lost, unit by unit, from the lists the sides fielded; "
        "they go onto the lists when the result is confirmed. A line naming an army without a "
        "list in the battle, a unit not in its list, more models than the unit has, or a unit "
        "twice is refused (422 `R-ARMY-7`, `where` naming the field). Absent: none; and "
        "for whoever does not see the battle's `rosters` (R-FOG-4).",
    )


class ReportCreate(ReportBase):
    """A result from the table (R-BAT-6)."""


class ReportRead(ReportBase):
    reported_by: BattlePlayer | None = Field(description="None: the owner's ruling.")
    reported_side: SideName | None
    arbitrated: bool = Field(description="Entered by the owner arbitrating (R-BAT-5).")
    version: int = Field(
        description="R-BAT-10: counts this battle's reports and their edits (1 for the first "
        "report, one more for each edit, later report or ruling); `POST …/confirm?version=` "
        "confirms only this version."
    )


class PlayByDate(BaseModel):
    """A play-by date to propose, or the pending proposal to accept (R-BAT-8)."""

    model_config = ConfigDict(extra="forbid")

    date: AwareDatetime = Field(
        description="When the battle is to be played by: a date-time with its offset, in the "
        "future and at most 90 days ahead (422 `R-BAT-8` otherwise); kept to the second, in UTC."
    )

    @field_validator("date")
    @classmethod
    def _in_utc(cls, value: datetime) -> datetime:
        try:
            return value.astimezone(UTC).replace(microsecond=0)
        except OverflowError:  # 0001-01-01T00:00+01:00 has no UTC time
            raise ValueError(_("not a representable date-time")) from None


class PlayByProposalRead(BaseModel):
    """A play-by date one side proposed, waiting for the other side (R-BAT-8)."""

    date: datetime
    side: SideName = Field(description="The side that proposed it; the other side accepts.")


class LeaderSet(BaseModel):
    model_config = ConfigDict(extra="forbid")

    army_id: int


class RejectBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    reason: BodyText = Field(min_length=1, max_length=500)


class ArbitrateBody(BaseModel):
    """The owner's ruling on a disputed battle: a result, or a cancellation (R-BAT-5)."""

    # The contract says what `one_ruling` checks: a report, or `cancel: true`, not both.
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "if": {"required": ["cancel"], "properties": {"cancel": {"const": True}}},
            "then": {"properties": {"report": {"type": "null"}}},
            "else": {"required": ["report"], "properties": {"report": {"type": "object"}}},
        },
    )

    report: ReportCreate | None = None
    cancel: bool = Field(default=False, description="Cancel the battle: no effects.")

    @model_validator(mode="after")
    def one_ruling(self) -> Self:
        if (self.report is None) == (not self.cancel):
            raise ValueError(_("Give either a report or cancel: true."))
        return self


class BattleRosterRead(BaseModel):
    """An army's list in a battle, checked at the army's tier when the battle was declared."""

    side: SideName
    army_id: int
    exceeds_caps: bool = Field(
        description="R-ARMY-4: the list exceeds its army's caps at the tier it was declared "
        "with (`roster.check` says by how much)."
    )
    roster: RosterRead


class BattleRead(BaseModel):
    """A battle as the caller may see it (R-FOG-3/4)."""

    id: int
    turn: int = Field(
        description="The turn whose change declared it: a battle of `turn: 3` was declared at "
        "the change from turn 3 to turn 4, and is played during turn 4."
    )
    q: int
    r: int
    kind: BattleKind
    status: BattleStatus
    your_side: SideName | None
    attacker: BattleSideRead
    defender: BattleSideRead
    stake: StakeRead | None = Field(description="Only for participants and the game master.")
    report: ReportRead | None = Field(
        description="The current report; onlookers see it once the result stands."
    )
    rejection_reason: str | None = Field(description="Why the last report was rejected.")
    resolved_turn: int | None
    waits_for_earlier_battle: bool | None = Field(
        default=None,
        description="True while an earlier-declared battle of one of its armies is pending: an "
        "army in several battles plays them in declaration order, so no result can be reported "
        "yet (R-MOVE-3). Only for participants and the game master; null otherwise.",
    )
    play_by: datetime | None = Field(
        default=None,
        description="R-BAT-8: the date both sides agreed to play the battle by; null: none yet.",
    )
    play_by_proposal: PlayByProposalRead | None = Field(
        default=None, description="R-BAT-8: a proposed date waiting for the other side."
    )
    suggested_dates: list[datetime] = Field(
        default_factory=list,
        description="R-BAT-11: in a campaign on a weekly schedule (R-TURN-9), the next club "
        "nights (at most four, ascending, in UTC) after now and at or before the battle's "
        "deadline (the battle deadline, else the turn's), each a date `POST …/play-by` takes; "
        "empty without a schedule, for a battle over, or when none falls before the deadline.",
    )
    auto_confirm_at: datetime | None = Field(
        default=None,
        description="R-BAT-9: when the pending report confirms itself unless the other side "
        "answers first (shifted by pauses). Only for participants and the game master.",
    )
    rosters: list[BattleRosterRead] | None = Field(
        default=None,
        description="R-FOG-4: the lists of both sides' armies (those that have one), for the "
        "battle's participants and the game master only; null for everyone else. The lists as "
        "fielded: copied when the battle was declared, kept after it.",
    )


class BattlePage(Page[BattleRead]):
    """One page of the battles the caller may see, newest first."""
