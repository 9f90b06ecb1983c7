from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.captured_general import CapturedGeneral
    from ..models.held_prisoner import HeldPrisoner
    from ..models.my_general import MyGeneral


T = TypeVar("T", bound="GeneralList")


@_attrs_define
class GeneralList:
    """
    Attributes:
        captured (list[CapturedGeneral]):
        mine (list[MyGeneral]):
        prisoners (list[HeldPrisoner]):
    """

    captured: list[CapturedGeneral]
    mine: list[MyGeneral]
    prisoners: list[HeldPrisoner]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        captured = []
        for captured_item_data in self.captured:
            captured_item = captured_item_data.to_dict()
            captured.append(captured_item)

        mine = []
        for mine_item_data in self.mine:
            mine_item = mine_item_data.to_dict()
            mine.append(mine_item)

        prisoners = []
        for prisoners_item_data in self.prisoners:
            prisoners_item = prisoners_item_data.to_dict()
            prisoners.append(prisoners_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "captured": captured,
                "mine": mine,
                "prisoners": prisoners,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.captured_general import CapturedGeneral  # noqa: PLC0415
        from ..models.held_prisoner import HeldPrisoner  # noqa: PLC0415
        from ..models.my_general import MyGeneral  # noqa: PLC0415

        d = dict(src_dict)
        captured = []
        _captured = d.pop("captured")
        for captured_item_data in _captured:
            captured_item = CapturedGeneral.from_dict(captured_item_data)

            captured.append(captured_item)

        mine = []
        _mine = d.pop("mine")
        for mine_item_data in _mine:
            mine_item = MyGeneral.from_dict(mine_item_data)

            mine.append(mine_item)

        prisoners = []
        _prisoners = d.pop("prisoners")
        for prisoners_item_data in _prisoners:
            prisoners_item = HeldPrisoner.from_dict(prisoners_item_data)

            prisoners.append(prisoners_item)

        general_list = cls(
            captured=captured,
            mine=mine,
            prisoners=prisoners,
        )

        general_list.additional_properties = d
        return general_list

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
