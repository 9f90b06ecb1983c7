from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.veteran_battle_read import VeteranBattleRead


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
        veteran (list[VeteranBattleRead] | Unset): R-ARMY-7: its battles, oldest first, for the game master only (who
            may read its list, R-FOG-3); absent for everyone else, and while it has none.
    """

    at_sea: bool
    hostile: bool
    id: int
    owner: int
    owner_name: str
    q: int
    r: int
    tier: int
    veteran: list[VeteranBattleRead] | Unset = UNSET
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

        veteran: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.veteran, Unset):
            veteran = []
            for veteran_item_data in self.veteran:
                veteran_item = veteran_item_data.to_dict()
                veteran.append(veteran_item)

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
        if veteran is not UNSET:
            field_dict["veteran"] = veteran

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.veteran_battle_read import VeteranBattleRead  # noqa: PLC0415

        d = dict(src_dict)
        at_sea = d.pop("at_sea")

        hostile = d.pop("hostile")

        id = d.pop("id")

        owner = d.pop("owner")

        owner_name = d.pop("owner_name")

        q = d.pop("q")

        r = d.pop("r")

        tier = d.pop("tier")

        _veteran = d.pop("veteran", UNSET)
        veteran: list[VeteranBattleRead] | Unset = UNSET
        if _veteran is not UNSET:
            veteran = []
            for veteran_item_data in _veteran:
                veteran_item = VeteranBattleRead.from_dict(veteran_item_data)

                veteran.append(veteran_item)

        other_army = cls(
            at_sea=at_sea,
            hostile=hostile,
            id=id,
            owner=owner,
            owner_name=owner_name,
            q=q,
            r=r,
            tier=tier,
            veteran=veteran,
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
