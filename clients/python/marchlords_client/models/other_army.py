from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OtherArmy")


@_attrs_define
class OtherArmy:
    """Another player's army on a tile the viewer sees.

    Attributes:
        at_sea (bool):
        hostile (bool):
        id (int):
        owner (int):
        owner_name (str):
        q (int):
        r (int):
        tier (int):
    """

    at_sea: bool
    hostile: bool
    id: int
    owner: int
    owner_name: str
    q: int
    r: int
    tier: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at_sea = self.at_sea

        hostile = self.hostile

        id = self.id

        owner = self.owner

        owner_name = self.owner_name

        q = self.q

        r = self.r

        tier = self.tier

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at_sea": at_sea,
                "hostile": hostile,
                "id": id,
                "owner": owner,
                "owner_name": owner_name,
                "q": q,
                "r": r,
                "tier": tier,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        at_sea = d.pop("at_sea")

        hostile = d.pop("hostile")

        id = d.pop("id")

        owner = d.pop("owner")

        owner_name = d.pop("owner_name")

        q = d.pop("q")

        r = d.pop("r")

        tier = d.pop("tier")

        other_army = cls(
            at_sea=at_sea,
            hostile=hostile,
            id=id,
            owner=owner,
            owner_name=owner_name,
            q=q,
            r=r,
            tier=tier,
        )

        other_army.additional_properties = d
        return other_army

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
