from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MyGeneral")


@_attrs_define
class MyGeneral:
    """
    Attributes:
        army_id (int | None): None: free.
        id (int):
    """

    army_id: int | None
    id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        army_id: int | None
        army_id = self.army_id

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "army_id": army_id,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_army_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        army_id = _parse_army_id(d.pop("army_id"))

        id = d.pop("id")

        my_general = cls(
            army_id=army_id,
            id=id,
        )

        my_general.additional_properties = d
        return my_general

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
