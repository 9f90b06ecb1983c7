from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TileArmy")


@_attrs_define
class TileArmy:
    """
    Attributes:
        at_sea (bool):
        id (int):
        owner (int): The owning player's number.
        tier (int):
    """

    at_sea: bool
    id: int
    owner: int
    tier: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at_sea = self.at_sea

        id = self.id

        owner = self.owner

        tier = self.tier

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at_sea": at_sea,
                "id": id,
                "owner": owner,
                "tier": tier,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        at_sea = d.pop("at_sea")

        id = d.pop("id")

        owner = d.pop("owner")

        tier = d.pop("tier")

        tile_army = cls(
            at_sea=at_sea,
            id=id,
            owner=owner,
            tier=tier,
        )

        tile_army.additional_properties = d
        return tile_army

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
