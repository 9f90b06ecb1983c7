from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.my_army import MyArmy
    from ..models.other_army import OtherArmy


T = TypeVar("T", bound="ArmyList")


@_attrs_define
class ArmyList:
    """
    Attributes:
        mine (list[MyArmy]):
        others (list[OtherArmy]):
    """

    mine: list[MyArmy]
    others: list[OtherArmy]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mine = []
        for mine_item_data in self.mine:
            mine_item = mine_item_data.to_dict()
            mine.append(mine_item)

        others = []
        for others_item_data in self.others:
            others_item = others_item_data.to_dict()
            others.append(others_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mine": mine,
                "others": others,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.my_army import MyArmy  # noqa: PLC0415
        from ..models.other_army import OtherArmy  # noqa: PLC0415

        d = dict(src_dict)
        mine = []
        _mine = d.pop("mine")
        for mine_item_data in _mine:
            mine_item = MyArmy.from_dict(mine_item_data)

            mine.append(mine_item)

        others = []
        _others = d.pop("others")
        for others_item_data in _others:
            others_item = OtherArmy.from_dict(others_item_data)

            others.append(others_item)

        army_list = cls(
            mine=mine,
            others=others,
        )

        army_list.additional_properties = d
        return army_list

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
