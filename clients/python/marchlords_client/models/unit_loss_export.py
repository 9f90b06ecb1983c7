from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="UnitLossExport")


@_attrs_define
class UnitLossExport:
    """
    Attributes:
        lost (int):
        unit (int):
    """

    lost: int
    unit: int

    def to_dict(self) -> dict[str, Any]:
        lost = self.lost

        unit = self.unit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "lost": lost,
                "unit": unit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        lost = d.pop("lost")

        unit = d.pop("unit")

        unit_loss_export = cls(
            lost=lost,
            unit=unit,
        )

        return unit_loss_export
