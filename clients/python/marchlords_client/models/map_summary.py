from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MapSummary")


@_attrs_define
class MapSummary:
    """
    Attributes:
        builtin_key (None | str):
        created_at (datetime.datetime):
        height (int):
        id (UUID):
        name (str):
        slots (int):
        width (int):
    """

    builtin_key: None | str
    created_at: datetime.datetime
    height: int
    id: UUID
    name: str
    slots: int
    width: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        builtin_key: None | str
        builtin_key = self.builtin_key

        created_at = self.created_at.isoformat()

        height = self.height

        id = str(self.id)

        name = self.name

        slots = self.slots

        width = self.width

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "builtin_key": builtin_key,
                "created_at": created_at,
                "height": height,
                "id": id,
                "name": name,
                "slots": slots,
                "width": width,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_builtin_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        builtin_key = _parse_builtin_key(d.pop("builtin_key"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        height = d.pop("height")

        id = UUID(d.pop("id"))

        name = d.pop("name")

        slots = d.pop("slots")

        width = d.pop("width")

        map_summary = cls(
            builtin_key=builtin_key,
            created_at=created_at,
            height=height,
            id=id,
            name=name,
            slots=slots,
            width=width,
        )

        map_summary.additional_properties = d
        return map_summary

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
