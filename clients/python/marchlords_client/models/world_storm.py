from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.storm_tile import StormTile


T = TypeVar("T", bound="WorldStorm")


@_attrs_define
class WorldStorm:
    """A storm at sea this turn (R-OPT-5), as far as the viewer sees it: exactly the tiles of it
    in their sight, in the storm's order (its centre first, if seen); never a tile they do not
    see. An army aboard a ship inside one after moving loses a tier.

        Attributes:
            tiles (list[StormTile]):
    """

    tiles: list[StormTile]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tiles = []
        for tiles_item_data in self.tiles:
            tiles_item = tiles_item_data.to_dict()
            tiles.append(tiles_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tiles": tiles,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.storm_tile import StormTile  # noqa: PLC0415

        d = dict(src_dict)
        tiles = []
        _tiles = d.pop("tiles")
        for tiles_item_data in _tiles:
            tiles_item = StormTile.from_dict(tiles_item_data)

            tiles.append(tiles_item)

        world_storm = cls(
            tiles=tiles,
        )

        world_storm.additional_properties = d
        return world_storm

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
