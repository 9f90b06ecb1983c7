from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CityBesiegedData")


@_attrs_define
class CityBesiegedData:
    """
    Attributes:
        army_id (int):
        draws (int):
        structure_id (int):
    """

    army_id: int
    draws: int
    structure_id: int

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        draws = self.draws

        structure_id = self.structure_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "draws": draws,
                "structure_id": structure_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        army_id = d.pop("army_id")

        draws = d.pop("draws")

        structure_id = d.pop("structure_id")

        city_besieged_data = cls(
            army_id=army_id,
            draws=draws,
            structure_id=structure_id,
        )

        return city_besieged_data
