"""Army lists over HTTP (issue 30, R-ARMY-4, R-FOG-4)."""

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from app.platform.fields import NameText
from app.play.rosters.formats import MAX_FILE_BYTES, RosterFormat
from app.rules.rosters import UnitState

__all__ = ["RosterFormat", "UnitState"]  # published in the contract

# base64 makes 4 bytes of 3: the largest file, encoded, with some slack for line breaks.
_MAX_CONTENT_CHARS = MAX_FILE_BYTES * 4 // 3 + 4096


class RosterUpload(BaseModel):
    """An army list to attach to your army (replacing the one it has)."""

    model_config = ConfigDict(extra="forbid")

    content: str = Field(
        max_length=_MAX_CONTENT_CHARS,
        description=f"The file: text (JSON, XML or plain text) as is, or, with `base64: true`, "
        f"its bytes in base64 (a `.rosz` zip must be). At most {MAX_FILE_BYTES} bytes decoded.",
    )
    base64: bool = Field(default=False, description="`content` is the file's bytes in base64.")
    format: RosterFormat | None = Field(
        default=None,
        description="`owb` (Old World Builder `.owb.json`), `new_recruit` (New Recruit JSON), "
        "`rosz` (BattleScribe/New Recruit `.rosz`, or the bare `.ros` XML), `text`; null: "
        "detected from the content.",
    )
    filename: NameText | None = Field(
        default=None,
        max_length=200,
        description="The file's name, kept to name the download (no control characters).",
    )


class RosterUnitRead(BaseModel):
    name: str
    count: int = Field(description="Models in the unit.")
    points: int = Field(description="The unit with its options, in the list's own points.")
    options: str = Field(description="The chosen options, comma-separated; no rules text.")
    general: bool = Field(description="The unit that leads the army (its general).")


class UnitLossRead(BaseModel):
    """What a unit of the list lost in confirmed battles since the upload (R-ARMY-7)."""

    unit: int = Field(description="The unit's position in `units`, from 0.")
    name: str
    lost: int = Field(description="Models lost, at most the unit's count.")
    state: UnitState = Field(
        description="`lost` when no model is left, `below_half` when fewer than half are, "
        "`whole` otherwise."
    )


class VeteranOpponent(BaseModel):
    number: int
    name: str = Field(
        description="Whoever held the seat in that battle: under anonymity their real name only "
        'if you held one of the battle\'s seats then, else "Player A…" (R-CAMP-5).'
    )


class VeteranCasualty(BaseModel):
    unit: int = Field(description="The unit's position in the list as fielded.")
    name: str
    lost: int


class VeteranBattleRead(BaseModel):
    """One battle the army fought to a confirmed result (R-ARMY-7)."""

    battle_id: int
    turn: int = Field(description="The turn whose change declared the battle.")
    side: Literal["attacker", "defender"]
    opponents: list[VeteranOpponent] = Field(description="The other side's players.")
    result: Literal["won", "lost", "draw"] = Field(description="The army's side's result.")
    losses_pct: int = Field(description="Its side's losses as reported (R-BAT-6).")
    casualties: list[VeteranCasualty] = Field(
        description="What its list lost, unit by unit (empty: no list, or no casualties)."
    )


class RosterCheckRead(BaseModel):
    """The list against its army's caps at its tier (R-ARMY-4, R-SYS)."""

    tier: int = Field(
        description="The tier checked: the army's now, or its tier when the battle was declared."
    )
    army_points_cap: int = Field(description="The tier's army points in the campaign's system.")
    general_points_cap: int
    army_points: int = Field(description="The list's total less its general's points.")
    general_points: int
    army_points_excess: int = Field(description="Points over the army cap; 0 within it.")
    general_points_excess: int
    fits: bool = Field(description="Within both caps.")


class RosterRead(BaseModel):
    """An army's list, as its owner, the game master, or (once a battle is declared) the
    battle's participants see it (R-FOG-4)."""

    army_id: int
    owner: int = Field(description="The player number of the army's owner.")
    format: RosterFormat
    filename: str | None
    name: str
    faction: str = Field(description="As the list names it.")
    game_system: str = Field(description="As the list names it.")
    total_points: int
    general_points: int
    units: list[RosterUnitRead]
    warnings: list[str] = Field(
        description="What the server noticed but accepted: a faction other than the player's, "
        "a declared total that is not the units' sum, several generals."
    )
    uploaded_at: datetime
    check: RosterCheckRead
    losses: list[UnitLossRead] = Field(
        default_factory=list,
        exclude_if=lambda losses: not losses,
        description="R-ARMY-7: the units that lost models in confirmed battles since the "
        "upload; absent while none has.",
    )
