"""Map documents over HTTP (R-MAP-4)."""

import uuid
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

from app.platform.fields import NameText
from app.platform.i18n import DEFAULT_LANGUAGE, Language, say
from app.platform.pagination import Page
from app.rules.name_texts import name_text
from app.rules.state import Tag, Terrain
from app.store.models.game_map import GameMap

MAP_LAYOUT = (
    "Coordinates are axial `(q, r)`: `r` is the row, 0 at the top, growing southwards. The map "
    "is drawn in odd-r offset rows: row `r` holds `q` from `-floor(r/2)` to "
    "`width - 1 - floor(r/2)` (its column is `q + floor(r/2)`), and odd rows are shifted half "
    "a hex east. The six neighbours of `(q, r)`, in the order E, NE, NW, W, SW, SE (the order "
    "retreats try): `(q+1, r)`, `(q+1, r-1)`, `(q, r-1)`, `(q-1, r)`, `(q-1, r+1)`, "
    "`(q, r+1)`; the distance between two tiles is `(|dq| + |dr| + |dq + dr|) / 2`. Wrap: "
    "`none`, no neighbour beyond an edge; `horizontal`, the east and west edges join (column "
    "`width` of a row is its column 0); `torus`, north and south join as well (the height must "
    "be even; the row below the last is row 0, the column kept, so `q` shifts by "
    "`height / 2`). Coordinates are always given on the map, as the server names them."
)
"""How the grid is laid out (R-MAP-1, R-MAP-4): the description of every map schema."""


class TileDoc(BaseModel):
    model_config = ConfigDict(extra="forbid")

    q: int
    r: int
    terrain: Terrain
    tags: list[Tag] = Field(default_factory=list, max_length=4)
    name: NameText | None = Field(default=None, max_length=60)


class SlotDoc(BaseModel):
    model_config = ConfigDict(extra="forbid")

    q: int
    r: int
    name: NameText | None = Field(default=None, max_length=60)


class MapDocument(BaseModel):
    """A whole map: size, wrap mode, every tile once, and the start slots."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "description": "A whole map: size, wrap mode, every tile once (`width × height` "
            "tiles), and the start slots (R-MAP-4). " + MAP_LAYOUT
        },
    )

    name: NameText = Field(min_length=1, max_length=80)
    width: int = Field(ge=2, le=128)
    height: int = Field(ge=2, le=128)
    wrap: Literal["none", "horizontal", "torus"] = "none"
    tiles: list[TileDoc] = Field(max_length=128 * 128)
    slots: list[SlotDoc] = Field(min_length=2, max_length=64)


class GeneratedMap(BaseModel):
    """Parameters of a map generated from a seed (same seed → same map)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "description": "Parameters of a map generated from a seed (same seed → same map). "
            + MAP_LAYOUT,
            # R-MAP: a torus needs an even height (`mapgen` refuses an odd one).
            "if": {"required": ["wrap"], "properties": {"wrap": {"const": "torus"}}},
            "then": {"properties": {"height": {"multipleOf": 2}}},
        },
    )

    width: int = Field(default=24, ge=8, le=64)
    height: int = Field(default=18, ge=8, le=64)
    players: int = Field(
        default=4, ge=2, le=17, description="At most one per 4 tiles: width × height / 4 (R-MAP-4)."
    )
    seed: int = Field(default=0, ge=0, le=2**31 - 1)
    wrap: Literal["none", "horizontal", "torus"] = "none"


class MapSummary(BaseModel):
    id: uuid.UUID
    name: str
    builtin_key: str | None
    width: int
    height: int
    slots: int
    created_at: datetime

    @classmethod
    def from_model(cls, m: GameMap, language: Language = DEFAULT_LANGUAGE) -> "MapSummary":
        """The map's summary; a built-in map's name said in `language` (`builtin_key` names
        it in any language), a map of a player's as it was given."""
        return cls(
            id=m.id,
            name=say(name_text(m.name), language) if m.builtin_key else m.name,
            builtin_key=m.builtin_key,
            width=m.width,
            height=m.height,
            slots=m.slots,
            created_at=m.created_at,
        )


class MapPage(Page[MapSummary]):
    """A page of maps: the built-in ones first, then yours by name."""


class MapRead(MapSummary):
    document: dict[str, Any]

    @classmethod
    def from_model(cls, m: GameMap, language: Language = DEFAULT_LANGUAGE) -> "MapRead":
        return cls(**MapSummary.from_model(m, language).model_dump(), document=m.document)


class RulesetDocument(RootModel[dict[str, Any]]):
    """A whole ruleset document: every cost, income, tier, faction and game system (R-HOUSE-2)."""
