from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GeneralFreedData")


@_attrs_define
class GeneralFreedData:
    """
    Attributes:
        general_id (int):
    """

    general_id: int

    def to_dict(self) -> dict[str, Any]:
        general_id = self.general_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "general_id": general_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        general_id = d.pop("general_id")

        general_freed_data = cls(
            general_id=general_id,
        )

        return general_freed_data
