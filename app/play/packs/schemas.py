"""Battle packs over HTTP (R-PACK): the field, each side's forces as the reader may see them,
the stakes and the way back to the report."""

from typing import Literal

from pydantic import BaseModel, Field

from app.play.battles.schemas import BattlePlayer, SideName, StakeRead
from app.play.rosters.schemas import RosterRead
from app.rules.battle_pack import Effect, PackKind, PieceKind, Size
from app.rules.state import BattleKind, Season, StructureKind, Terrain

__all__ = ["Effect", "PackKind", "PieceKind", "Size"]  # published in the contract

Paper = Literal["a4", "letter"]


class PackTable(BaseModel):
    width: int = Field(description="Inches, left to right (72: six feet).")
    depth: int = Field(description="Inches, the defender's edge (top) to the attacker's.")


class PackPiece(BaseModel):
    """A terrain piece; its footprint is an ellipse (a rectangle for walls, the sea, buildings,
    fields and ships) centred on (`x`, `y`) inches from the top-left corner."""

    kind: PieceKind
    x: float
    y: float
    width: float
    depth: float
    rotation: int = Field(description="Degrees, clockwise.")


class PackZone(BaseModel):
    side: SideName = Field(description="The attacker deploys along the bottom, the defender top.")
    depth: int = Field(description="Inches from its edge.")


class PackScenario(BaseModel):
    """One of the game system's own scenarios: its name and where to find it (R-PACK-1)."""

    name: str
    reference: str


class PackField(BaseModel):
    """Where and how the battle is fought (R-PACK-1/2)."""

    kind: PackKind
    battle_kind: BattleKind
    terrain: Terrain = Field(description="The hex's terrain.")
    neighbours: list[Terrain | None] = Field(
        description="The six neighbours' terrain, from behind the attacker round by its right "
        "(0: behind the attacker, 3: behind the defender); null where the map ends."
    )
    structure: StructureKind | None
    season: Season | None = Field(description="Null: the campaign plays without seasons.")
    game_system: str
    table: PackTable
    zones: list[PackZone]
    pieces: list[PackPiece]
    scenario: PackScenario | None = Field(description="Null: a game system not listed.")
    seed: str = Field(
        description="R-PACK-2: the deployment's seed (16 hex digits), the same every time; "
        "cite it in a dispute."
    )


class PackArmy(BaseModel):
    army_id: int
    tier: int = Field(description="At the battle's declaration.")
    size: Size = Field(description="How large it looks (R-PACK-3).")
    leads: bool = Field(description="It leads its side (R-BAT-3).")
    points: int = Field(description="What it brings, converted (R-BAT-1, R-BAT-3).")
    general_id: int | None = Field(
        default=None, description="Its own side and the game master only (R-PACK-3)."
    )
    battles_fought: int | None = Field(
        default=None,
        description="Battles it fought to a confirmed result (R-ARMY-7); its own side and the "
        "game master only.",
    )
    fits: bool | None = Field(
        default=None,
        description="R-ARMY-4: its list fits its caps; null: no list, or not shown (R-PACK-3).",
    )
    roster: RosterRead | None = Field(
        default=None, description="Its list as fielded; its own side and the game master only."
    )


class PackSide(BaseModel):
    side: SideName
    players: list[BattlePlayer]
    in_full: bool = Field(
        description="R-PACK-3: true for the reader's own side (both for the game master); "
        "false: only what sight gives (points, tiers, sizes)."
    )
    points: int = Field(description="Everything the side fields, converted (R-BAT-1).")
    size: Size
    structure: StructureKind | None = Field(description="The structure it defends.")
    armies: list[PackArmy]


class PackStakes(BaseModel):
    """What each outcome does on the map (R-BAT-7, R-SIEGE) and the gold at stake."""

    attacker_victory: list[Effect]
    draw: list[Effect]
    defender_victory: list[Effect]
    gold: StakeRead | None


class BattlePack(BaseModel):
    """A battle set up for the table, as the reader may see it (R-PACK)."""

    battle_id: int
    turn: int
    q: int
    r: int
    your_side: SideName | None
    field: PackField
    sides: list[PackSide] = Field(description="The attacker, then the defender.")
    stakes: PackStakes
    report_path: str = Field(
        description="The web client's page to report the battle's result (the QR code's "
        "target, on this server)."
    )
