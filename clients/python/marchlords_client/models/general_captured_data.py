from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GeneralCapturedData")


@_attrs_define
class GeneralCapturedData:
    """
    Attributes:
        army_id (int):
        general_id (int):
        held_by (int):
    """

    army_id: int
    general_id: int
    held_by: int

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        general_id = self.general_id

        held_by = self.held_by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "general_id": general_id,
                "held_by": held_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        army_id = d.pop("army_id")

        general_id = d.pop("general_id")

        held_by = d.pop("held_by")

        general_captured_data = cls(
            army_id=army_id,
            general_id=general_id,
            held_by=held_by,
        )

        return general_captured_data
