from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.wrap import Wrap
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.world_storm import WorldStorm
    from ..models.world_tile import WorldTile


T = TypeVar("T", bound="WorldMap")


@_attrs_define
class WorldMap:
    """The whole map as the viewer sees it (the owner, when not playing, sees everything): every tile once, `width ×
    height`. Coordinates are axial `(q, r)`: `r` is the row, 0 at the top, growing southwards. The map is drawn in odd-r
    offset rows: row `r` holds `q` from `-floor(r/2)` to `width - 1 - floor(r/2)` (its column is `q + floor(r/2)`), and
    odd rows are shifted half a hex east. The six neighbours of `(q, r)`, in the order E, NE, NW, W, SW, SE (the order
    retreats try): `(q+1, r)`, `(q+1, r-1)`, `(q, r-1)`, `(q-1, r)`, `(q-1, r+1)`, `(q, r+1)`; the distance between two
    tiles is `(|dq| + |dr| + |dq + dr|) / 2`. Wrap: `none`, no neighbour beyond an edge; `horizontal`, the east and west
    edges join (column `width` of a row is its column 0); `torus`, north and south join as well (the height must be
    even; the row below the last is row 0, the column kept, so `q` shifts by `height / 2`). Coordinates are always given
    on the map, as the server names them.

        Attributes:
            height (int):
            tiles (list[WorldTile]):
            turn (int):
            width (int):
            wrap (Wrap):
            storms (list[WorldStorm] | Unset): R-OPT-5 (when the campaign has storms on): the storms of this turn the viewer
                sees at least one tile of, each with only the tiles they see.
    """

    height: int
    tiles: list[WorldTile]
    turn: int
    width: int
    wrap: Wrap
    storms: list[WorldStorm] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        height = self.height

        tiles = []
        for tiles_item_data in self.tiles:
            tiles_item = tiles_item_data.to_dict()
            tiles.append(tiles_item)

        turn = self.turn

        width = self.width

        wrap = self.wrap.value

        storms: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.storms, Unset):
            storms = []
            for storms_item_data in self.storms:
                storms_item = storms_item_data.to_dict()
                storms.append(storms_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "height": height,
                "tiles": tiles,
                "turn": turn,
                "width": width,
                "wrap": wrap,
            }
        )
        if storms is not UNSET:
            field_dict["storms"] = storms

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.world_storm import WorldStorm  # noqa: PLC0415
        from ..models.world_tile import WorldTile  # noqa: PLC0415

        d = dict(src_dict)
        height = d.pop("height")

        tiles = []
        _tiles = d.pop("tiles")
        for tiles_item_data in _tiles:
            tiles_item = WorldTile.from_dict(tiles_item_data)

            tiles.append(tiles_item)

        turn = d.pop("turn")

        width = d.pop("width")

        wrap = Wrap(d.pop("wrap"))

        _storms = d.pop("storms", UNSET)
        storms: list[WorldStorm] | Unset = UNSET
        if _storms is not UNSET:
            storms = []
            for storms_item_data in _storms:
                storms_item = WorldStorm.from_dict(storms_item_data)

                storms.append(storms_item)

        world_map = cls(
            height=height,
            tiles=tiles,
            turn=turn,
            width=width,
            wrap=wrap,
            storms=storms,
        )

        world_map.additional_properties = d
        return world_map

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
