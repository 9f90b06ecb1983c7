from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ArmyCasualtyExport")


@_attrs_define
class ArmyCasualtyExport:
    """
    Attributes:
        lost (int):
        name (str):
        unit (int):
    """

    lost: int
    name: str
    unit: int

    def to_dict(self) -> dict[str, Any]:
        lost = self.lost

        name = self.name

        unit = self.unit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "lost": lost,
                "name": name,
                "unit": unit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        lost = d.pop("lost")

        name = d.pop("name")

        unit = d.pop("unit")

        army_casualty_export = cls(
            lost=lost,
            name=name,
            unit=unit,
        )

        return army_casualty_export
