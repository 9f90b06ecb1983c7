"""Per-viewer read models of the world: every field here has passed the viewer's fog (R-FOG)."""

from pydantic import BaseModel, ConfigDict, Field

from app.play.maps.schemas import MAP_LAYOUT
from app.play.rosters.schemas import VeteranBattleRead
from app.rules.fog import Visibility
from app.rules.hexgrid import Wrap
from app.rules.state import BuildKind, StructureKind, Tag, Terrain


class TileStructure(BaseModel):
    """A structure on a visible tile, live."""

    id: int
    kind: StructureKind
    level: int
    capital: bool
    besieged: bool
    also_port: bool = Field(description="The Dark Elves' capital-port (R-CAMP-3).")


class SeenStructure(BaseModel):
    """A structure on an explored tile, as last seen (R-FOG-1)."""

    id: int | None = Field(
        default=None,
        description="Its id when last seen (it may have changed hands or fallen since): name "
        "a remembered city by it, e.g. as a trade route's `their_city_id` (R-DIP-2).",
    )
    kind: StructureKind
    level: int


class TileArmy(BaseModel):
    id: int
    owner: int = Field(description="The owning player's number.")
    tier: int
    at_sea: bool


class TileShip(BaseModel):
    """A ship at anchor (no army aboard)."""

    id: int
    owner: int


class WorldTile(BaseModel):
    """One tile in the viewer's fog state; absent fields are unknown or empty.

    `unexplored`: only `q`, `r`, `fog`. `explored`: terrain, tags, name and the owner and
    structure as last seen (`seen_turn`). `visible`: everything on it, live.
    """

    q: int
    r: int
    fog: Visibility
    terrain: Terrain | None = None
    tags: list[Tag] | None = None
    name: str | None = None
    owner: int | None = Field(default=None, description="Owner's player number, if any.")
    structure: TileStructure | SeenStructure | None = None
    seen_turn: int | None = Field(default=None, description="Explored tiles: when last seen.")
    armies: list[TileArmy] | None = None
    ships: list[TileShip] | None = None


class StormTile(BaseModel):
    q: int
    r: int


class WorldStorm(BaseModel):
    """A storm at sea this turn (R-OPT-5), as far as the viewer sees it: exactly the tiles of it
    in their sight, in the storm's order (its centre first, if seen); never a tile they do not
    see. An army aboard a ship inside one after moving loses a tier."""

    tiles: list[StormTile]


class WorldMap(BaseModel):
    """The whole map as the viewer sees it (the owner, when not playing, sees everything)."""

    model_config = ConfigDict(
        json_schema_extra={
            "description": "The whole map as the viewer sees it (the owner, when not playing, "
            "sees everything): every tile once, `width × height`. " + MAP_LAYOUT
        }
    )

    turn: int
    width: int
    height: int
    wrap: Wrap
    tiles: list[WorldTile]
    storms: list[WorldStorm] = Field(
        default_factory=list,
        description="R-OPT-5 (when the campaign has storms on): the storms of this turn the "
        "viewer sees at least one tile of, each with only the tiles they see.",
    )


class BuildOption(BaseModel):
    """Whether the viewer may order this build on the tile now, and why not."""

    kind: BuildKind
    allowed: bool
    cost: int
    army_id: int | None = Field(default=None, description="The army that would build it.")
    rule: str | None = Field(default=None, description="Rule id of the first refusal.")
    reason: str | None = None


class TilePanel(WorldTile):
    """One tile and, for a player of an active campaign, what it accepts for them now."""

    accepts: list[BuildOption] | None = None


class PendingMove(BaseModel):
    path: list[list[int]]


class MyArmy(BaseModel):
    id: int
    q: int
    r: int
    tier: int
    general_id: int | None = Field(description="None: its general was captured (R-ARMY-6).")
    seat_id: int | None
    at_sea: bool
    raised_turn: int
    move: PendingMove | None = None
    upgrade_cost: int | None = Field(
        default=None, description="Set when an upgrade is ordered this turn: the gold paid."
    )
    locked_in_battle: bool
    entrenched: bool = Field(
        default=False,
        description="Ordered to entrench this turn instead of moving (R-OPT-4).",
    )
    veteran: list[VeteranBattleRead] = Field(
        default_factory=list,
        exclude_if=lambda battles: not battles,
        description="R-ARMY-7: the battles it fought to a confirmed result, oldest first; "
        "absent while it has none.",
    )


class OtherArmy(BaseModel):
    """Another player's army on a tile the viewer sees."""

    id: int
    owner: int
    owner_name: str
    hostile: bool
    q: int
    r: int
    tier: int
    at_sea: bool
    veteran: list[VeteranBattleRead] = Field(
        default_factory=list,
        exclude_if=lambda battles: not battles,
        description="R-ARMY-7: its battles, oldest first, for the game master only (who may "
        "read its list, R-FOG-3); absent for everyone else, and while it has none.",
    )


class ArmyList(BaseModel):
    mine: list[MyArmy]
    others: list[OtherArmy]


class MyGeneral(BaseModel):
    id: int
    army_id: int | None = Field(description="None: free.")


class HeldPrisoner(BaseModel):
    """A general of another player that the viewer holds prisoner."""

    id: int
    owner: int
    owner_name: str


class CapturedGeneral(BaseModel):
    """One of the viewer's generals held prisoner by someone else."""

    id: int


class GeneralList(BaseModel):
    mine: list[MyGeneral]
    prisoners: list[HeldPrisoner]
    captured: list[CapturedGeneral]
