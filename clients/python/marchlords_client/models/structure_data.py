from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="StructureData")


@_attrs_define
class StructureData:
    """
    Attributes:
        structure_id (int):
    """

    structure_id: int

    def to_dict(self) -> dict[str, Any]:
        structure_id = self.structure_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "structure_id": structure_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        structure_id = d.pop("structure_id")

        structure_data = cls(
            structure_id=structure_id,
        )

        return structure_data
