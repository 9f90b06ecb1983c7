from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PendingMoveOrder")


@_attrs_define
class PendingMoveOrder:
    """
    Attributes:
        army_id (int):
        path (list[list[int]]):
    """

    army_id: int
    path: list[list[int]]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        path = []
        for path_item_data in self.path:
            path_item = path_item_data

            path.append(path_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "army_id": army_id,
                "path": path,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        army_id = d.pop("army_id")

        path = []
        _path = d.pop("path")
        for path_item_data in _path:
            path_item = cast(list[int], path_item_data)

            path.append(path_item)

        pending_move_order = cls(
            army_id=army_id,
            path=path,
        )

        pending_move_order.additional_properties = d
        return pending_move_order

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
