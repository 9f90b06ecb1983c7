"""Map documents over HTTP (R-MAP-4)."""

import uuid
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.models.game_map import GameMap
from app.pagination import Page
from app.rules.state import Tag, Terrain


class TileDoc(BaseModel):
    model_config = ConfigDict(extra="forbid")

    q: int
    r: int
    terrain: Terrain
    tags: list[Tag] = Field(default_factory=list, max_length=4)
    name: str | None = Field(default=None, max_length=60)


class SlotDoc(BaseModel):
    model_config = ConfigDict(extra="forbid")

    q: int
    r: int
    name: str | None = Field(default=None, max_length=60)


class MapDocument(BaseModel):
    """A whole map: size, wrap mode, every tile once, and the start slots."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=80)
    width: int = Field(ge=2, le=128)
    height: int = Field(ge=2, le=128)
    wrap: Literal["none", "horizontal", "torus"] = "none"
    tiles: list[TileDoc] = Field(max_length=128 * 128)
    slots: list[SlotDoc] = Field(min_length=2, max_length=64)


class GeneratedMap(BaseModel):
    """Parameters of a map generated from a seed (same seed → same map)."""

    model_config = ConfigDict(extra="forbid")

    width: int = Field(default=24, ge=8, le=64)
    height: int = Field(default=18, ge=8, le=64)
    players: int = Field(default=4, ge=2, le=17)
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
    def from_model(cls, m: GameMap) -> "MapSummary":
        return cls(
            id=m.id,
            name=m.name,
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
    def from_model(cls, m: GameMap) -> "MapRead":
        return cls(**MapSummary.from_model(m).model_dump(), document=m.document)
