from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PendingRaise")


@_attrs_define
class PendingRaise:
    """
    Attributes:
        city_id (int):
        cost (int):
        general_id (int):
        id (int):
    """

    city_id: int
    cost: int
    general_id: int
    id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        city_id = self.city_id

        cost = self.cost

        general_id = self.general_id

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "city_id": city_id,
                "cost": cost,
                "general_id": general_id,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        city_id = d.pop("city_id")

        cost = d.pop("cost")

        general_id = d.pop("general_id")

        id = d.pop("id")

        pending_raise = cls(
            city_id=city_id,
            cost=cost,
            general_id=general_id,
            id=id,
        )

        pending_raise.additional_properties = d
        return pending_raise

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
