from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CityLevelLostData")


@_attrs_define
class CityLevelLostData:
    """
    Attributes:
        level (int):
        structure_id (int):
    """

    level: int
    structure_id: int

    def to_dict(self) -> dict[str, Any]:
        level = self.level

        structure_id = self.structure_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "level": level,
                "structure_id": structure_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        level = d.pop("level")

        structure_id = d.pop("structure_id")

        city_level_lost_data = cls(
            level=level,
            structure_id=structure_id,
        )

        return city_level_lost_data
