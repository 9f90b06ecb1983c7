from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ArmyData")


@_attrs_define
class ArmyData:
    """
    Attributes:
        army_id (int):
    """

    army_id: int

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        army_id = d.pop("army_id")

        army_data = cls(
            army_id=army_id,
        )

        return army_data
